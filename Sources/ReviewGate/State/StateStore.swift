/// Where an app keeps one person's state, read and changed as a whole: `ReviewGateFiles`'
/// `FileStateStore` (the one `reviewgate record` uses), or an app's own (user defaults, a database).
public protocol StateStore {
    /// The current state.
    func load() throws -> ReviewState

    /// Reads the state, lets `change` modify it, and saves the result, with no other update of the
    /// same store in between. Nothing is saved when `change` throws.
    func update<Result>(_ change: (inout ReviewState) throws -> Result) throws -> Result
}

extension StateStore {
    /// Decides `moment` against the stored state and records it as the app would (counts the
    /// donation, appends the ask when allowed), in one update: the decision and what changed.
    @discardableResult
    public func record(_ moment: Moment, policy: Policy) throws -> Recording {
        try update { state in
            let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
            let before = StateChange.Snapshot(state)
            let uncounted = Transition.apply(decision, to: &state, policy: policy)
            return Recording(decision: decision, uncounted: uncounted, from: before, to: state, policy: policy)
        }
    }

    /// Decides `moment` and counts its donation, but appends no ask: for an app that presents the
    /// prompt only after the policy's delay, and only if the person is still on the scene. When it
    /// has presented it, ``asked(_:at:)`` records the ask.
    @discardableResult
    public func donate(_ moment: Moment, policy: Policy) throws -> Recording {
        try update { state in
            let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
            let before = StateChange.Snapshot(state)
            let uncounted = Transition.apply(decision, to: &state, policy: policy, appendingAsk: false)
            return Recording(decision: decision, uncounted: uncounted, from: before, to: state, policy: policy)
        }
    }

    /// Records that the app presented the review prompt at `now` for an allowed `decision` (from
    /// ``donate(_:policy:)``): the ask, in the current version. A blocked decision records nothing.
    @discardableResult
    public func asked(_ decision: Decision, at now: Timestamp) throws -> StateUpdate {
        try update { state in
            let before = StateChange.Snapshot(state)
            Transition.ask(decision, in: &state, at: now)
            return StateUpdate(from: before, to: state, versionKey: nil)
        }
    }

    /// Records that the app now runs `version` (see `Transition.update(_:to:at:policy:)`): what changed.
    @discardableResult
    public func update(to version: AppVersion, at now: Timestamp, policy: Policy) throws -> StateUpdate {
        try update(to: version, at: now, versionKey: policy.app.versionKey, counting: policy.counting)
    }

    /// ``update(to:at:policy:)`` by a version key and counting rules: a budget's, which its
    /// policies share.
    @discardableResult
    package func update(
        to version: AppVersion, at now: Timestamp, versionKey: VersionKey, counting: Counting
    ) throws -> StateUpdate {
        try update { state in
            let before = StateChange.Snapshot(state)
            Transition.update(&state, to: version, at: now, versionKey: versionKey, counting: counting)
            return StateUpdate(from: before, to: state, versionKey: versionKey)
        }
    }

    /// Records the person's answer to the app's own pre-prompt (of `prompt`, `review` unless a
    /// budget's other prompt): what changed.
    @discardableResult
    public func respond(_ kind: ResponseKind, at now: Timestamp, prompt: String = Ask.review) throws -> StateUpdate {
        try update { state in
            let before = StateChange.Snapshot(state)
            state = Transition.respond(state, kind, at: now, prompt: prompt)
            return StateUpdate(from: before, to: state, versionKey: nil)
        }
    }
}
