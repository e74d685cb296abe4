@_spi(ReviewGateTools) import ReviewGate

extension Prompter {
    /// The app launched: counts a launch (Semantics §5 `record --launch`), which may ask like any
    /// moment. Call it once per launch of the process (each call counts one).
    public func launched(scene: String? = nil) async {
        backgroundSince = nil
        await decide(event: Trigger.launchEvent, trigger: nil, scene: scene, source: .launch)
    }

    /// `event` happened: counted and decided as `reviewgate record --event` does. A `scene` says
    /// the app is in the foreground; without one, the moment is on the scene the app last reported
    /// (``scene(_:)``).
    ///
    /// Returns once the moment is decided and counted and, when it is allowed, once its ask's
    /// deadline is fixed (the clock's now plus the policy's delay) and its sleep has started: a
    /// test that then advances its clock by the delay and calls ``waitUntilIdle()`` sees the ask
    /// presented.
    public func donate(_ event: String, scene: String? = nil, source: MomentSource = .system) async {
        guard accepts(event, as: "event") else { return }
        await decide(event: event, trigger: nil, scene: scene, source: source)
    }

    /// The app considers trigger `id` without a donation: decided as `reviewgate record --trigger`
    /// does, and returning as ``donate(_:scene:source:)`` does.
    public func trigger(_ id: String, scene: String? = nil, source: MomentSource = .system) async {
        guard accepts(id, as: "trigger") else { return }
        await decide(event: nil, trigger: id, scene: scene, source: source)
    }

    /// The app would show the external prompt `prompt` (a paywall, a what's-new sheet: a prompt of
    /// the budget without a policy) now: a moment that only it is a candidate for, arbitrated under
    /// the budget (`reviewgate evaluate --budget --want`), and when granted presented with its
    /// presenter at once, unless another ask is pending or the app is in the background.
    ///
    /// Returns whether it was shown: `false` when the budget held it back or it was dropped:
    /// without a presenter, `not_presented` at once, nothing arbitrated; a prompt the budget
    /// decides by its policy (the review), `not_external` (its policy's moments ask for it); no
    /// budget or no such prompt, `unknown_prompt`.
    @discardableResult
    public func want(_ prompt: String, scene: String? = nil) async -> Bool {
        let (now, ruling) = (timestamp(), ruling())
        guard case .budget(let budget) = ruling, let wanted = budget.prompt(named: prompt) else {
            sink(
                PromptEvent(
                    kind: .dropped, origin: ruling.origin, trigger: nil, reason: .unknownPrompt, detail: prompt, at: now
                ))
            return false
        }
        let origin = PromptEvent.Origin(budget, prompt: prompt)
        guard wanted.policy == nil else {
            sink(
                PromptEvent(kind: .dropped, origin: origin, trigger: nil, reason: .notExternal, detail: prompt, at: now)
            )
            return false
        }
        // An external prompt with no presenter cannot be shown: not granted, so it holds nothing.
        guard presenters[prompt] != nil else {
            sink(PromptEvent(kind: .dropped, origin: origin, trigger: nil, reason: .notPresented, at: now))
            return false
        }
        guard let ask = await decide(event: nil, trigger: nil, scene: scene, source: .system, wanted: [prompt]) else {
            return false
        }
        return await ask.value
    }

    /// The person answered the app's own pre-prompt: of the one policy's prompt, or under a budget
    /// of `review`.
    public func responded(_ kind: ResponseKind) async {
        await responded(kind, prompt: ruling().defaultPrompt)
    }

    /// The person answered the app's own pre-prompt of `prompt` (`record --respond KIND --prompt
    /// NAME`): that prompt's policy reads it in its `responses`. A prompt the budget (or the one
    /// policy) does not have records nothing: `dropped: unknown_prompt`.
    public func responded(_ kind: ResponseKind, prompt: String) async {
        let (now, ruling) = (timestamp(), ruling())
        guard ruling.has(prompt) else {
            sink(
                PromptEvent(
                    kind: .dropped, origin: ruling.origin, trigger: nil, reason: .unknownPrompt, detail: prompt, at: now
                ))
            return
        }
        let result = await onDisk(at: now, rules: ruling.stateRules) {
            $0 = Transition.respond($0, kind, at: now, prompt: prompt)
        }
        if case .failure(let error) = result { reportFailure(error, origin: ruling.origin, trigger: nil, at: now) }
    }

    /// Sets the flag `name` that a policy's `when: {flag: name}` reads (`crashed_recently`), under
    /// the state's lock and in order with the moments reported before and after it (`record --set`).
    /// A name that is not a valid name writes nothing: `dropped: invalid_name`.
    public func set(flag name: String, to value: Bool) async {
        await set(name, as: "flag") { $0.flags[name] = value }
    }

    /// Sets the attribute `name` that a policy's `when: {attribute: name, …}` reads (`plan`), as
    /// ``set(flag:to:)`` sets a flag: `set(attribute: "plan", to: "yearly")`, `to: 3`, `to: true`.
    /// A name that is not a valid name, or a number that is not finite, writes nothing:
    /// `dropped: invalid_name`.
    public func set(attribute name: String, to value: AttributeValue) async {
        if case .number(let number) = value, !number.isFinite {
            sink(
                PromptEvent(
                    kind: .dropped, origin: ruling().origin, trigger: nil, reason: .invalidName,
                    detail: "attribute \(name): \(number) is not a finite number", at: timestamp()))
            return
        }
        await set(name, as: "attribute") { $0.attributes[name] = value }
    }

    /// Writes a flag or an attribute under the lock, when its name is valid.
    private func set(_ name: String, as kind: String, _ change: @escaping @Sendable (inout ReviewState) -> Void) async {
        guard accepts(name, as: kind) else { return }
        let (now, ruling) = (timestamp(), ruling())
        let result = await onDisk(at: now, rules: ruling.stateRules, change)
        if case .failure(let error) = result { reportFailure(error, origin: ruling.origin, trigger: nil, at: now) }
    }

    /// Whether `name` can be kept in the state file (Semantics §2's names); if not, nothing is decided
    /// or written, and a `dropped: invalid_name` event says why.
    private func accepts(_ name: String, as kind: String) -> Bool {
        guard let problem = Name.problem(name) else { return true }
        sink(
            PromptEvent(
                kind: .dropped, origin: ruling().origin, trigger: nil, reason: .invalidName,
                detail: "\(kind) \"\(Quote.prefix(name))\": \(problem)", at: timestamp()))
        return false
    }
}
