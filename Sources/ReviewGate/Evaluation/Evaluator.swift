/// The evaluator: a pure function of policy, state and moment. It reads no clock and changes nothing.
public enum Evaluator {
    /// A moment that names something the policy does not have.
    public enum UsageError: Error, Sendable, CustomStringConvertible {
        /// The moment names no trigger of the policy; the message says so, with the policy's triggers.
        case unknownTrigger(String)

        /// The message for the person.
        public var description: String {
            switch self {
            case .unknownTrigger(let message): message
            }
        }
    }

    /// Decides whether the app may ask at `moment` (SPEC §4), recording every check.
    public static func evaluate(_ policy: Policy, state: ReviewState, moment: Moment) throws(UsageError) -> Decision {
        var decision = try decide(policy, state: state, moment: moment)
        if !decision.isAllowed { decision.nextEligibleAt = promisedTime(for: decision, policy: policy, state: state) }
        return decision
    }

    /// How many times ``promisedTime(for:policy:state:)`` looks again before it gives up.
    private static let promiseAttempts = 8

    /// `next_eligible_at` (SPEC §4.7, §4.11): the earliest time at which every failure passes by
    /// waiting alone, checked by deciding the same moment on the same state then. A check that
    /// passes now but that waiting breaks (donations leaving a `within` window, an `at_most` age)
    /// may block there: the time that frees that is tried next, and when waiting cannot free it,
    /// there is no promise (`nil`).
    private static func promisedTime(for decision: Decision, policy: Policy, state: ReviewState) -> Timestamp? {
        var blocked = decision
        for _ in 0..<promiseAttempts {
            guard let time = nextEligible(blocked), time > blocked.moment.now else { return nil }
            var moment = decision.moment
            moment.now = time
            guard let later = try? decide(policy, state: state, moment: moment) else { return nil }
            if later.isAllowed { return time }
            blocked = later
        }
        return nil
    }

    /// Decides `moment` as ``evaluate(_:state:moment:)`` does, but leaves `next_eligible_at`
    /// unset: a replay that never shows it (`reviewgate simulate`) skips the decisions at later
    /// times that the promise is checked with. The one allocation is the returned `checks`.
    public static func decide(_ policy: Policy, state: ReviewState, moment: Moment) throws(UsageError) -> Decision {
        var checks: [Check] = []
        return try decide(policy, state: state, moment: moment, reusing: &checks)
    }

    /// ``decide(_:state:moment:)`` that fills `buffer`'s storage instead of allocating its own: the
    /// decision's `checks` are that storage, and `buffer` is left empty. A replay of millions of
    /// moments hands the storage back (`buffer = decision.checks; decision.checks = []`) and so
    /// allocates no checks after the first decision.
    public static func decide(
        _ policy: Policy, state: ReviewState, moment: Moment, reusing buffer: inout [Check]
    ) throws(UsageError) -> Decision {
        var checks = buffer
        buffer = []
        checks.removeAll(keepingCapacity: true)
        guard policy.enabled.value else {
            checks.append(
                Check(
                    id: .enabled, passed: false, observed: .disabled, required: .enabled,
                    source: policy.enabled.location))
            return Decision(
                outcome: .block, moment: moment, trigger: nil, passingTrigger: nil, checks: checks, nextEligibleAt: nil)
        }
        if let id = moment.trigger, policy.trigger(id: id) == nil {
            throw .unknownTrigger(policy.noTriggerMessage(id))
        }
        let (guardsPass, passing) = EvaluationContext.with(policy, state, moment) { context in
            let expected = context.checkCount
            checks.reserveCapacity(expected)
            defer { assert(checks.count <= expected, "checkCount misses a check: the one allocation grew") }
            return context.checkAll(into: &checks)
        }
        let allowedBy = passing.map { policy.triggers[$0].id }

        let allowed = guardsPass && allowedBy != nil
        return Decision(
            outcome: allowed ? .allow : .block, moment: moment, trigger: allowed ? allowedBy : nil,
            passingTrigger: allowedBy, checks: checks, nextEligibleAt: nil)
    }

    /// Decides `moment` as ``decide(_:state:moment:)`` does, into `verdict`, building none of the
    /// checks: what it was, what blocked it and which triggers' counts passed, for a replay that
    /// counts outcomes (`reviewgate simulate`). It allocates nothing per moment, but for the list of
    /// a failing `when` condition's parts, which is how the condition is judged.
    package static func verdict(
        _ policy: Policy, state: ReviewState, moment: Moment, into verdict: inout Verdict
    ) throws(UsageError) {
        verdict.reset()
        guard policy.enabled.value else {
            verdict.record(.enabled, trigger: nil, passed: false) {
                Check(
                    id: .enabled, passed: false, observed: .disabled, required: .enabled,
                    source: policy.enabled.location)
            }
            return
        }
        if let id = moment.trigger, policy.trigger(id: id) == nil {
            throw .unknownTrigger(policy.noTriggerMessage(id))
        }
        let (guardsPass, passing) = EvaluationContext.with(policy, state, moment) { context in
            context.checkAll(into: &verdict)
        }
        verdict.passingTrigger = passing
        verdict.isAllowed = guardsPass && passing != nil
    }

    /// The earliest time every blocking check passes, when each of them passes by waiting alone.
    private static func nextEligible(_ decision: Decision) -> Timestamp? {
        var latest: Timestamp?
        for check in decision.checks where decision.isBlocking(check) {
            guard let time = check.passesAt else { return nil }
            latest = max(latest ?? time, time)
        }
        return latest
    }
}
