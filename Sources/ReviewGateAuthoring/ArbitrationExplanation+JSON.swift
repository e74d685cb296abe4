@_spi(ReviewGateTools) import ReviewGate

extension ArbitrationExplanation {
    /// The arbitration as one JSON object: `granted`, then each candidate.
    package func json(_ arbitration: Arbitration) -> JSONValue {
        let moment = arbitration.moment
        return .object([
            ("budget", .string(budget.name)),
            ("granted", .string(arbitration.granted)),
            ("now", .string(moment.now.description)),
            ("moment", JSONExplanation.moment(moment)),
            ("wanted", .array(arbitration.wanted.map(JSONValue.string))),
            ("candidates", .array(arbitration.candidates.map(candidate))),
        ])
    }

    fileprivate func candidate(_ candidate: Arbitration.Candidate) -> JSONValue {
        let prompt = budget.prompt(named: candidate.prompt)
        var policyDecision = JSONValue.null
        if let decision = candidate.decision, let policy = prompt?.policy {
            policyDecision = JSONExplanation.value(decision, policy: policy)
        }
        return .object([
            ("prompt", .string(candidate.prompt)),
            ("priority", .int(candidate.priority)),
            ("policy", .string(prompt?.policy?.name)),
            ("decision", .string(candidate.isGranted ? "allow" : "block")),
            ("granted", .bool(candidate.isGranted)),
            ("blocked_by", .array(candidate.blockedBy.map(JSONValue.string))),
            ("next_eligible_at", .string(candidate.nextEligibleAt?.description)),
            ("policy_decision", policyDecision),
            (
                "budget_checks",
                .array(
                    candidate.checks.map { check in
                        var members: [(key: String, value: JSONValue)] = [
                            ("id", .string(check.id)), ("passed", .bool(check.passed)),
                            ("message", .string(Self.message(check))),
                        ]
                        if let at = check.passesAt { members.append(("passes_at", .string(at.description))) }
                        members.append(("source", JSONExplanation.source(check.location)))
                        return .object(members)
                    })
            ),
        ])
    }
}
