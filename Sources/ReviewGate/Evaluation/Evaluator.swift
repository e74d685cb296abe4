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

    /// Decides whether the app may ask at `moment` (Semantics §4), recording every check.
    public static func evaluate(_ policy: Policy, state: ReviewState, moment: Moment) throws(UsageError) -> Decision {
        // Old names read as new ones (Semantics §14.4): once, for the decision and its promise.
        try throughRenames(policy, state, moment, evaluate(_:renamedState:moment:))
    }

    /// ``evaluate(_:state:moment:)`` on a state and moment already read through the policy's
    /// renames: a budget's arbiter reads them once for all its policies, which share them.
    package static func evaluate(_ policy: Policy, viewedState state: ReviewState, moment: Moment) throws(UsageError)
        -> Decision
    {
        var decision = try evaluate(policy, renamedState: state, moment: moment)
        if policy.hasRenames { decision.oldPromptNames = policy.renamed.oldNames(ofPrompt: policy.prompt) }
        return decision
    }

    /// `decide` on the state and moment as `policy` reads them through its renames (Semantics §14.4),
    /// the decision naming the prompt's old names, whose counters its ask sets to 0.
    private static func throughRenames(
        _ policy: Policy, _ state: ReviewState, _ moment: Moment,
        _ decide: (Policy, ReviewState, Moment) throws(UsageError) -> Decision
    ) throws(UsageError) -> Decision {
        guard policy.hasRenames else { return try decide(policy, state, moment) }
        let renamed = policy.renamed
        var decision = try decide(policy, renamed.view(of: state), renamed.moment(moment))
        decision.oldPromptNames = renamed.oldNames(ofPrompt: policy.prompt)
        return decision
    }

    /// ``evaluate(_:state:moment:)`` on a state and moment already read through the policy's renames.
    private static func evaluate(_ policy: Policy, renamedState state: ReviewState, moment: Moment) throws(UsageError)
        -> Decision
    {
        var decision = try decide(policy, renamedState: state, moment: moment)
        if !decision.isAllowed {
            (decision.nextEligibleAt, decision.brokenByWaiting) = promisedTime(
                for: decision, policy: policy, state: state)
        }
        return decision
    }

    /// How many times ``promisedTime(for:policy:state:)`` looks again before it gives up.
    private static let promiseAttempts = 8

    /// `next_eligible_at` (Semantics §4.7, §4.11): the earliest time at which every failure passes by
    /// waiting alone, checked by deciding the same moment on the same state then. A check that
    /// passes now but that waiting breaks (donations leaving a `within` window, an `at_most` age)
    /// may block there: the time that frees that is tried next, and when waiting cannot free it,
    /// there is no promise (`nil`).
    /// With no promise, the check that passed at first and that waiting broke, if one did.
    private static func promisedTime(
        for decision: Decision, policy: Policy, state: ReviewState
    ) -> (time: Timestamp?, broken: Decision.WaitBreak?) {
        var blocked = decision
        var broken: Decision.WaitBreak?
        for _ in 0..<promiseAttempts {
            guard let time = nextEligible(blocked), time > blocked.moment.now else { return (nil, broken) }
            var moment = decision.moment
            moment.now = time
            guard let later = try? decide(policy, renamedState: state, moment: moment) else { return (nil, broken) }
            if later.isAllowed { return (time, nil) }
            // A check that blocks then and passed at first: waiting breaks it.
            let newlyFailing = later.checks.first { check in
                later.isBlocking(check)
                    && decision.checks.contains { $0.id == check.id && $0.trigger == check.trigger && $0.passed }
            }
            if let newlyFailing { broken = Decision.WaitBreak(check: newlyFailing, at: time) }
            blocked = later
        }
        return (nil, broken)
    }

    /// Decides `moment` as ``evaluate(_:state:moment:)`` does, but leaves `next_eligible_at`
    /// unset: a replay that shows no explanation skips the decisions at later times that the
    /// promise is checked with. The one allocation is the returned `checks`.
    package static func decide(_ policy: Policy, state: ReviewState, moment: Moment) throws(UsageError) -> Decision {
        try throughRenames(policy, state, moment, decide(_:renamedState:moment:))
    }

    /// ``decide(_:state:moment:)`` on a state and moment already read through the policy's renames.
    private static func decide(_ policy: Policy, renamedState state: ReviewState, moment: Moment) throws(UsageError)
        -> Decision
    {
        if let experiment = policy.experiment {
            return try decide(policy, in: experiment, state: state, moment: moment)
        }
        return try decide(policy, state: state, moment: moment, reserving: 0)
    }

    /// ``decide(_:state:moment:)`` for a policy without an experiment, its checks' storage holding
    /// `extra` more (an experiment's check, inserted after).
    static func decide(
        _ policy: Policy, state: ReviewState, moment: Moment, reserving extra: Int
    ) throws(UsageError) -> Decision {
        var checks: [Check] = []
        let (guardsPass, passing) = try check(policy, state: state, moment: moment, into: &checks, reserving: extra)
        assert(
            checks.count <= max(1, EvaluationContext.with(policy, state, moment) { $0.checkCount }),
            "checkCount misses a check: the one allocation grew")
        let allowedBy = passing.map { policy.triggers[$0].id }
        let allowed = guardsPass && allowedBy != nil
        return Decision(
            outcome: allowed ? .allow : .block, moment: moment, trigger: allowed ? allowedBy : nil,
            prompt: policy.prompt, passingTrigger: allowedBy, checks: checks, nextEligibleAt: nil)
    }

    /// Decides `moment` as ``decide(_:state:moment:)`` does, into `verdict`, building none of the
    /// checks: what it was, what blocked it and which triggers' counts passed, for a replay that
    /// counts outcomes (`reviewgate simulate`). It allocates nothing per moment, but for the list of
    /// a failing `when` condition's parts, which is how the condition is judged.
    package static func verdict(
        _ policy: Policy, state: ReviewState, moment: Moment, into verdict: inout Verdict
    ) throws(UsageError) {
        guard !policy.hasRenames else {
            // Old names read as new ones (Semantics §14.4); the replay renames the moment itself.
            return try self.verdict(
                policy, renamedState: policy.renamed.view(of: state), moment: policy.renamed.moment(moment),
                into: &verdict)
        }
        try self.verdict(policy, renamedState: state, moment: moment, into: &verdict)
    }

    /// ``verdict(_:state:moment:into:)`` on a state and moment already read through the renames.
    private static func verdict(
        _ policy: Policy, renamedState state: ReviewState, moment: Moment, into verdict: inout Verdict
    ) throws(UsageError) {
        verdict.reset()
        // Under an experiment, the person's arm decides; the holdout is blocked (Semantics §13). Each
        // policy is passed where it lies: `arm ?? policy` would copy a whole policy every moment.
        let guardsPass: Bool
        let passing: Int?
        if let experiment = policy.experiment, let index = experiment.assignment(of: state).arm {
            (guardsPass, passing) = try experiment.arms.withUnsafeBufferPointer { arms throws(UsageError) in
                try check(arms[index].policy, state: state, moment: moment, into: &verdict)
            }
        } else {
            verdict.heldOut = policy.experiment != nil
            (guardsPass, passing) = try check(policy, state: state, moment: moment, into: &verdict)
        }
        verdict.passingTrigger = passing
        verdict.isAllowed = guardsPass && passing != nil && !verdict.heldOut
    }

    /// Every check of Semantics §4, into `recorder`: `enabled` alone when the policy is off, else the
    /// guards, `responses`, `rollout` and the candidate triggers. Whether all but the triggers'
    /// passed, and the index of the first candidate trigger that passed; a moment naming a trigger
    /// the policy does not have is a usage error.
    private static func check<Recorder: CheckRecorder>(
        _ policy: Policy, state: ReviewState, moment: Moment, into recorder: inout Recorder, reserving extra: Int = 0
    ) throws(UsageError) -> (guardsPass: Bool, passing: Int?) {
        guard policy.enabled.value else {
            recorder.record(.enabled, trigger: nil, passed: false) {
                Check(
                    id: .enabled, passed: false, observed: .disabled, required: .enabled,
                    location: policy.enabled.location)
            }
            return (false, nil)
        }
        if let id = moment.trigger, policy.trigger(id: id) == nil {
            throw .unknownTrigger(policy.noTriggerMessage(id))
        }
        return EvaluationContext.with(policy, state, moment) { context in
            recorder.reserve(context.checkCount + extra)
            return context.checkAll(into: &recorder)
        }
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
