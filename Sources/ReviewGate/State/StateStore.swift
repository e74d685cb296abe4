/// Where an app keeps one person's state, read and changed as a whole: the file-backed store in
/// `ReviewGateYAML` (the one `reviewgate record` uses), or an app's own (user defaults, a database).
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

    /// Records that the app now runs `version` (see ``Transition/update(_:to:at:policy:)``): what changed.
    @discardableResult
    public func update(to version: AppVersion, at now: Timestamp, policy: Policy) throws -> Recording {
        try update { state in
            let before = StateChange.Snapshot(state)
            state = Transition.update(state, to: version, at: now, policy: policy)
            return Recording(decision: nil, uncounted: nil, from: before, to: state, policy: policy)
        }
    }

    /// Records the person's answer to the app's own pre-prompt: what changed.
    @discardableResult
    public func respond(_ kind: ResponseKind, at now: Timestamp, policy: Policy) throws -> Recording {
        try update { state in
            let before = StateChange.Snapshot(state)
            state = Transition.respond(state, kind, at: now)
            return Recording(decision: nil, uncounted: nil, from: before, to: state, policy: policy)
        }
    }
}
