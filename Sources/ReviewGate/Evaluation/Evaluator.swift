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
        var checks: [Check] = []
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
        var allowedBy: String?
        let guardsPass = EvaluationContext.with(policy, state, moment) { context in
            let expected = context.checkCount
            checks.reserveCapacity(expected)
            defer { assert(checks.count <= expected, "checkCount misses a check: the one allocation grew") }
            context.checkGuards(into: &checks)
            context.checkResponses(into: &checks)
            context.checkRollout(into: &checks)
            let guardsPass = !checks.contains { !$0.passed }
            var anyCandidate = false
            for index in policy.triggers.indices where context.isCandidate(policy.triggers[index]) {
                anyCandidate = true
                if context.checkTrigger(policy.triggers[index], into: &checks), allowedBy == nil {
                    allowedBy = policy.triggers[index].id
                }
            }
            if !anyCandidate, let event = moment.event {
                checks.append(
                    Check(
                        id: .trigger(.missing), passed: false, observed: .unheardEvent(event),
                        required: .listeningTrigger))
            }
            return guardsPass
        }

        let allowed = guardsPass && allowedBy != nil
        var decision = Decision(
            outcome: allowed ? .allow : .block, moment: moment, trigger: allowed ? allowedBy : nil,
            passingTrigger: allowedBy, checks: checks, nextEligibleAt: nil)
        if !allowed { decision.nextEligibleAt = nextEligible(decision) }
        return decision
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
