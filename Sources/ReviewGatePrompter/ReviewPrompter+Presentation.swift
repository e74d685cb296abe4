@_spi(ReviewGateTools) import ReviewGate
import ReviewGateFiles

extension ReviewPrompter {
    /// What a moment's update returns: its decision, and the lease its allowed ask took (`nil`
    /// when another ask holds one).
    struct Decided: Sendable {
        var decision: Decision
        var lease: Lease?
    }

    /// An allowed ask waiting for its delay: the policy it was decided under, whatever updates
    /// arrive meanwhile.
    struct PendingAsk: Sendable {
        var decision: Decision
        var policy: Policy
        var lease: Lease
    }

    /// Decides a moment and counts it under the lock; an allowed moment takes the lease and becomes
    /// the pending ask, or is dropped at once.
    func decide(event: String?, trigger: String?, scene: String?, source: MomentSource) async {
        if let scene {
            currentScene = scene
            await foreground()
        }
        let (now, policy) = (timestamp(), self.source.policy)
        let subject = trigger.map(Moment.Subject.trigger) ?? event.map(Moment.Subject.event) ?? .everyTrigger
        let moment = Moment(now: now, subject: subject, scene: scene, source: source)
        let expires = now + policy.presentation.delay + Self.leaseMargin
        let result = await onDisk(at: now, policy: policy) { state in
            let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
            Transition.apply(decision, to: &state, policy: policy, appendingAsk: false)
            guard decision.isAllowed else { return Decided(decision: decision, lease: nil) }
            let lease = Transition.lease(
                policy.prompt, id: StateKeeper.newLeaseID(), at: now, expires: expires, in: &state)
            return Decided(decision: decision, lease: lease)
        }
        let decided: Decided
        switch result {
        case .success(let value): decided = value
        case .failure(let error):
            reportFailure(error, policy: policy, trigger: trigger, at: now)
            return
        }
        let decision = decided.decision
        sink(PromptEvent(decided: decision, policy: policy))
        guard decision.isAllowed else { return }
        guard let lease = decided.lease else {
            drop(decision, policy: policy, .pending, at: now)
            return
        }
        let ask = PendingAsk(decision: decision, policy: policy, lease: lease)
        // One ask at a time here even when the state's lease lapsed: a presenter still running past it.
        guard pending == nil else {
            await release(ask, .pending)
            return
        }
        guard backgroundSince == nil else {
            await release(ask, .background)
            return
        }
        asksStarted += 1
        let number = asksStarted
        pending = (
            number,
            Task {
                await self.present(ask)
                if self.pending?.number == number { self.pending = nil }
            }
        )
    }

    /// Waits for the delay, then presents the ask unless the app went to the background or the
    /// person left the scene; records it only once the presenter showed it.
    private func present(_ ask: PendingAsk) async {
        let delay = Duration.nanoseconds(ask.policy.presentation.delay.nanoseconds)
        do {
            try await sleep(delay)
        } catch {
            // Cancelled: the app went to the background.
        }
        if backgroundSince != nil || Task.isCancelled {
            await release(ask, .background)
            return
        }
        if ask.policy.presentation.requireSameScene, let scene = ask.decision.moment.scene, currentScene != scene {
            await release(ask, .sceneChanged)
            return
        }
        let shownAt = timestamp()
        guard let presenter, await presenter() else {
            await release(ask, .notPresented, at: shownAt)
            return
        }
        let now = timestamp()
        let outcome = await withCheckedContinuation { continuation in
            keeper.enqueueCommit(
                lease: ask.lease.id, asking: ask.decision, shownAt: shownAt, now: now, policy: ask.policy
            ) { continuation.resume(returning: (recorded: $0, live: $1)) }
        }
        sink(
            PromptEvent(
                kind: .presented, policy: ask.policy, trigger: ask.decision.trigger, recorded: outcome.recorded,
                detail: outcome.live ? nil : "lease_expired", at: shownAt))
    }

    /// Drops a pending ask: its lease released (nothing recorded, no cooldown started), and the
    /// event sent. A release that fails leaves the lease to expire.
    private func release(_ ask: PendingAsk, _ reason: PromptEvent.DropReason, at time: Timestamp? = nil) async {
        let now = time ?? timestamp()
        _ = await onDisk(at: now, policy: ask.policy) { Transition.release(lease: ask.lease.id, in: &$0) }
        drop(ask.decision, policy: ask.policy, reason, at: now)
    }

    /// Sends the drop of an allowed decision's ask.
    private func drop(_ decision: Decision, policy: Policy, _ reason: PromptEvent.DropReason, at now: Timestamp) {
        sink(PromptEvent(kind: .dropped, policy: policy, trigger: decision.trigger, reason: reason, at: now))
    }

    /// A moment, an answer or a session that could not be decided or written: fails closed, with
    /// one `dropped` event that says why.
    func reportFailure(_ error: any Error, policy: Policy, trigger: String?, at now: Timestamp) {
        let reason: PromptEvent.DropReason
        let detail: String
        switch error {
        case let error as FileError where error.reason == .lockTimeout:
            (reason, detail) = (.lockTimeout, error.reason.rawValue)
        case let error as FileError:
            (reason, detail) = (.stateError, error.reason.rawValue)
        case is Evaluator.UsageError:
            (reason, detail) = (.unknownTrigger, trigger ?? "")
        default:
            (reason, detail) = (.stateError, "invalid")
        }
        sink(PromptEvent(kind: .dropped, policy: policy, trigger: trigger, reason: reason, detail: detail, at: now))
    }
}

extension StateKeeper {
    /// A random id for a lease.
    static func newLeaseID() -> String {
        String(UInt64.random(in: 0 ... .max), radix: 16)
    }
}
