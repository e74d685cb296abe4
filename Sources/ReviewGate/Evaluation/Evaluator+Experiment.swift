extension Evaluator {
    /// Decides `moment` for a policy with an experiment (Semantics §13): under the person's arm's policy,
    /// with the `experiment` check after `rollout` (failing for the holdout, which is never asked),
    /// and whether this moment is the person's exposure: the first at which the arms would differ
    /// (allow or block, the allowing trigger, whether the donation counts), or, for the holdout,
    /// the first that any arm allows. A person already exposed in this version, or without a
    /// `user_id`, is not exposed again.
    static func decide(
        _ policy: Policy, in experiment: Experiment, state: ReviewState, moment: Moment
    ) throws(UsageError) -> Decision {
        let assignment = experiment.assignment(of: state)
        var decision: Decision
        // The person's own arm is decided here: its outcome is not worked out again for the exposure.
        var own: (arm: Int, outcome: ArmOutcome)?
        if let arm = assignment.arm {
            let armPolicy = experiment.arms[arm].policy
            decision = try decide(armPolicy, state: state, moment: moment, reserving: 1)
            decision.armPresentation = armPolicy.presentation
            own = (arm, outcome(decision, policy: armPolicy, moment: moment))
        } else {
            var plain = policy
            plain.experiment = nil
            decision = try decide(plain, state: state, moment: moment, reserving: 1)
        }
        let check = Check(
            id: .experiment, passed: assignment.arm != nil, observed: .bucket(assignment.bucket, hash: experiment.hash),
            required: assignment.arm.map {
                .experimentArm(experiment: experiment.name, arm: experiment.arms[$0].name, sticky: assignment.isSticky)
            } ?? .notHeldOut(experiment: experiment.name, holdoutLimit: experiment.holdoutLimit),
            location: experiment.location)
        // After `rollout`, before the channel's check and the triggers' (Semantics §16.1).
        let position = decision.checks.firstIndex { check in
            switch check.id {
            case .trigger, .channel: true
            default: false
            }
        }
        decision.checks.insert(check, at: position ?? decision.checks.count)
        if assignment.arm == nil {
            decision.outcome = .block
            decision.trigger = nil
        }
        // A channel that blocks records no exposure (Semantics §16.1), whatever the arms would do.
        let exposed =
            state.userID != nil && !assignment.isSticky && !decision.checks.contains { $0.id == .channel }
            && isExposure(experiment, heldOut: assignment.arm == nil, state: state, moment: moment, known: own)
        decision.experiment = ExperimentDecision(
            name: experiment.name, arm: experiment.armName(assignment.arm), version: experiment.version,
            bucket: assignment.bucket, isExposure: exposed)
        return decision
    }

    /// What the arms are compared by: allow or block, the allowing trigger (by index: the arms
    /// share the policy's triggers), and whether the donation counts.
    package typealias ArmOutcome = (allowed: Bool, trigger: Int?, counts: Bool)

    /// A decision's ``ArmOutcome`` under `policy`.
    static func outcome(_ decision: Decision, policy: Policy, moment: Moment) -> ArmOutcome {
        let counts =
            moment.event == nil || moment.event == Trigger.launchEvent || policy.counting.whileBlocked
            || !Transition.blockedByGuard(decision)
        return (decision.isAllowed, decision.trigger.flatMap { policy.triggerIndex(id: $0) }, counts)
    }

    /// The ``ArmOutcome`` of an arm's `policy` at `moment`, decided into `verdict` (its storage
    /// reused): a moment that cannot be decided blocks and counts.
    package static func armOutcome(
        _ policy: Policy, state: ReviewState, moment: Moment, into verdict: inout Verdict
    ) -> ArmOutcome {
        guard (try? Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)) != nil else {
            return (false, nil, true)
        }
        let counts =
            moment.event == nil || moment.event == Trigger.launchEvent || policy.counting.whileBlocked
            || verdict.failed == 0
        return (verdict.isAllowed, verdict.isAllowed ? verdict.passingTrigger : nil, counts)
    }

    /// Whether the arms would differ at `moment` (for the holdout: whether any arm allows it),
    /// each decided into a verdict but the one whose outcome is `known`.
    package static func isExposure(
        _ experiment: Experiment, heldOut: Bool, state: ReviewState, moment: Moment,
        known: (arm: Int, outcome: ArmOutcome)? = nil
    ) -> Bool {
        var verdict = Verdict()
        // A channel that blocks any arm records no exposure (Semantics §16.1).
        if moment.channel != .production,
            experiment.arms.contains(where: { $0.policy.channelAction(for: moment.channel).value == .block })
        {
            return false
        }
        var first: ArmOutcome?
        for index in experiment.arms.indices {
            let outcome: ArmOutcome
            if let known, known.arm == index {
                outcome = known.outcome
            } else {
                outcome = armOutcome(experiment.arms[index].policy, state: state, moment: moment, into: &verdict)
            }
            if heldOut {
                if outcome.allowed { return true }
                continue
            }
            guard let first else {
                first = outcome
                continue
            }
            if first != outcome { return true }
        }
        return false
    }
}

/// What an experiment made of a decision (Semantics §13): the person's arm, and whether this moment is
/// their exposure, the first at which the arms would have differed.
public struct ExperimentDecision: Sendable, Hashable {
    /// The experiment's name.
    public var name: String
    /// The person's arm, `holdout` for the held-out people.
    public var arm: String
    /// The experiment's `version`.
    public var version: Int
    /// The person's bucket (0–9999); `nil` without a `user_id`.
    public var bucket: Int?
    /// Whether this moment is the person's exposure, which `record` writes into the state.
    public var isExposure: Bool
}
