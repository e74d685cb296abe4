@_spi(ReviewGateTools) import ReviewGate

extension ReadoutReport {
    /// The methods behind the figures, named in the JSON.
    static let methods: [(key: String, value: JSONValue)] = [
        ("interval", .string("Newcombe hybrid score, method 10 (Wilson, no continuity correction), 95%")),
        ("p_value", .string("pooled two-proportion z test, two-sided")),
        ("assignment_p", .string("chi-square goodness of fit to the bucket shares")),
        ("exposure_p", .string("chi-square test of homogeneity across the arms, no continuity correction")),
        ("plan", .string("pooled z test, 80% power, alpha 0.05 two-sided (variance pooled under the null)")),
    ]

    /// The readout as JSON (Documentation/reference/readout.md shows the shape): every figure, with
    /// the counts it is worked out from and its method's name, so that readouts merge exactly.
    @_spi(ReviewGateTools) public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("reviewgate_readout", .int(Self.formatVersion)), ("experiment", .string(experiment)),
            (
                "policy",
                .object([
                    ("name", .string(policy.name)), ("digest", .string(policy.digest)), ("path", .string(policy.path)),
                ])
            ),
        ]
        if let budget {
            members.append(
                (
                    "budget",
                    .object([
                        ("name", .string(budget.name)), ("digest", .string(budget.digest)),
                        ("path", .string(budget.path)), ("prompt", .string(budget.prompt)),
                    ])
                ))
        }
        members += [
            ("input", input.json), ("end", .string(end?.description)), ("until", .string(until?.description)),
            ("within_days", .int(withinDays)), ("assigned_within_days", .int(assignedWithinDays)),
            ("people", .int(tally.groups.reduce(0) { $0 + $1.assigned })),
            (
                "first_seen",
                .object([
                    ("earliest", .string(tally.firstSeen?.lowerBound.description)),
                    ("latest", .string(tally.firstSeen?.upperBound.description)),
                ])
            ),
            ("new_people_per_day", newPeoplePerDay.map(JSONValue.double) ?? .null),
            ("late_exposures", .int(tally.lateExposures)),
            ("late_exposure_share", lateExposureShare.map(JSONValue.double) ?? .null),
            ("arms_differing", .int(tally.armsDiffering)),
            (
                "sample_ratio",
                .object([
                    ("assignment_p", assignmentP.map(JSONValue.double) ?? .null),
                    ("exposure_p", exposureP.map(JSONValue.double) ?? .null),
                    ("warning", .string(mismatch)),
                    ("bucket_shares", .object(zip(groups, bucketShares).map { ($0, .double($1)) })),
                ])
            ),
            ("methods", .object(Self.methods)),
        ]
        if let planEffect { members.append(("plan_effect_pp", .double(planEffect))) }
        members.append(("outcomes", .array(outcomes.indices.map { .object(outcomeMembers($0)) })))
        return .object(members)
    }

    /// A comparison's `trigger`, in the policy's words, when the readout knows them.
    private func triggerMember(_ index: Int) -> [(key: String, value: JSONValue)] {
        guard index < triggerWords.count, let words = triggerWords[index] else { return [] }
        return [("trigger", .string(words))]
    }

    private func outcomeMembers(_ outcome: Int) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("outcome", .string(outcomes[outcome].description)), ("within_days", .int(withinDays)),
            ("assigned_within_days", .int(assignedWithinDays)),
            (
                "arms",
                .array(
                    tally.groups.indices.map { group in
                        let counts = tally.groups[group]
                        return .object(
                            [
                                ("arm", .string(groups[group])), ("assigned", .int(counts.assigned)),
                                ("exposed", .int(counts.exposed)),
                            ] + Self.shareMembers(counts.triggered[outcome]) + [
                                ("by_assignment", .object(Self.shareMembers(counts.byAssignment[outcome])))
                            ])
                    })
            ),
            (
                "comparisons",
                .array(
                    comparisons.indices.map { index in
                        let sides = tally.comparisons[index].sides
                        let difference = triggered(index, outcome: outcome)
                        return .object(
                            names(index) + [
                                ("exposed", Self.pair(sides[0].triggered, sides[1].triggered))
                            ] + Self.differenceMembers(difference) + [
                                (
                                    "by_assignment",
                                    .object(Self.differenceMembers(byAssignment(index, outcome: outcome)))
                                )
                            ] + triggerMember(index))
                    })
            ),
        ]
        if planEffect != nil {
            members.append(
                (
                    "plan",
                    .array(
                        comparisons.indices.map { index in
                            let plan = self.plan(index, outcome: outcome)
                            return .object(
                                names(index) + [
                                    ("effect_pp", planEffect.map(JSONValue.double) ?? .null),
                                    ("triggered_needed", plan.map { .int($0.triggeredNeeded) } ?? .null),
                                    ("people_triggered", plan.map { .int($0.peopleTriggered) } ?? .null),
                                    ("people_by_assignment", plan?.peopleByAssignment.map(JSONValue.int) ?? .null),
                                    ("days", plan?.days.map(JSONValue.int) ?? .null),
                                    ("days_by_assignment", plan?.daysByAssignment.map(JSONValue.int) ?? .null),
                                ])
                        })
                ))
        }
        return members
    }

    /// A comparison's `arm` and `against` names.
    private func names(_ index: Int) -> [(key: String, value: JSONValue)] {
        [("arm", .string(groups[comparisons[index].arm])), ("against", .string(groups[comparisons[index].against]))]
    }

    private static func pair(_ arm: Int, _ against: Int) -> JSONValue {
        .object([("arm", .int(arm)), ("against", .int(against))])
    }

    private static func shareMembers(_ share: ReadoutTally.Share) -> [(key: String, value: JSONValue)] {
        [
            ("observable", .int(share.observable)), ("with_outcome", .int(share.withOutcome)),
            ("share", share.observable == 0 ? .null : .double(Double(share.withOutcome) / Double(share.observable))),
        ]
    }

    /// A difference's counts (observable, with the outcome: each a pair) and its figures.
    private static func differenceMembers(_ difference: Difference) -> [(key: String, value: JSONValue)] {
        [
            ("observable", pair(difference.arm.observable, difference.against.observable)),
            ("with_outcome", pair(difference.arm.withOutcome, difference.against.withOutcome)),
            ("difference_pp", difference.points.map(JSONValue.double) ?? .null),
            (
                "interval_pp",
                difference.interval.map { .array([.double($0.lowerBound), .double($0.upperBound)]) } ?? .null
            ),
            ("p_value", difference.pValue.map(JSONValue.double) ?? .null),
        ]
    }
}
