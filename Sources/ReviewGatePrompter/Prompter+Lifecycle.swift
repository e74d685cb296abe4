@_spi(ReviewGateTools) import ReviewGate

extension Prompter {
    /// The person now sees `name`, so the app is in the foreground (see ``foreground()``). A
    /// pending ask that requires the same scene is shown only if this is the moment's, and a
    /// moment reported without a scene is on this one.
    public func scene(_ name: String?) async {
        currentScene = name
        await foreground()
    }

    /// The app went to the background: a pending ask waiting for its delay is dropped
    /// (`dropped: background`) before this returns; one whose presenter is showing has its task
    /// cancelled.
    public func background() async {
        if backgroundSince == nil { backgroundSince = elapsed() }
        guard var pending else { return }
        pending.cancelled = true
        self.pending = pending
        pending.task.cancel()
        if !pending.presenting { _ = await pending.task.value }
    }

    /// The app came back: after 30 minutes or more in the background, measured on the prompter's
    /// clock (by default `ContinuousClock`, which runs while the device sleeps), a new session
    /// starts (`session_started_at`), without counting a launch. ``scene(_:)`` and
    /// ``launched(scene:)`` say it too.
    public func foreground() async {
        guard let since = backgroundSince else { return }
        backgroundSince = nil
        guard elapsed() - since >= Self.sessionGap else { return }
        let (time, ruling) = (localTime(), ruling())
        let (now, window) = (time.instant, ruling.stateRules.activeDaysWindow)
        let result = await onDisk(at: now, rules: ruling.stateRules) { state in
            state.sessionStartedAt = now
            // A new session is a launch for days of use (Semantics §14.2).
            if let window { state.keepActiveDay(time.date, window: window) }
        }
        if case .failure(let error) = result { reportFailure(error, origin: ruling.origin, trigger: nil, at: now) }
    }

    /// Waits until the prompter is idle: every change of the state written, and no ask whose
    /// deadline the clock has reached (or that was cancelled) unfinished. An ask whose deadline is
    /// still ahead is left waiting.
    ///
    /// For an app's tests, with a test clock and a fake presenter:
    ///
    /// ```swift
    /// await prompter.donate("process_completed", scene: "ProcessCompleted")
    /// await clock.advance(by: .seconds(2))  // the policy's presentation.delay
    /// await prompter.waitUntilIdle()
    /// #expect(presented == 1)
    /// ```
    public func waitUntilIdle() async {
        while true {
            await withCheckedContinuation { continuation in keeper.enqueueBarrier { continuation.resume() } }
            guard let pending, pending.cancelled || pending.deadline.due <= elapsed() else { return }
            pending.deadline.end()
            _ = await pending.task.value
        }
    }
}
