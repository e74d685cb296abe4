@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport.PolicyResult {
    /// A member of a policy's result (``ReportMember``), written with what writing a result needs beside it.
    typealias Member = ReportMember<Self, WriteContext>

    /// What writing a result needs beside it.
    struct WriteContext {
        /// A result's horizon counts, when the report has a horizon.
        var horizon: (SimulationReport.PolicyResult) -> SimulationTally.FirstSeen?
        /// Whether the result is an experiment's arm (whose exposure counts it writes, and no arms).
        var isArm = false

        /// Whether a result counts exposures: an experiment's policy or one of its arms.
        func countsExposure(_ result: SimulationReport.PolicyResult) -> Bool { isArm || result.arms != nil }
    }

    /// The members after a result's name, digest, path and triggers, in the order the report writes
    /// them; `--merge` reads them back and ``SimulationTally/add(_:)`` adds partitions up. A new count is
    /// a ``ReportCount`` (its key, label and field of ``SimulationTally``), placed here and, to be
    /// shown, among ``HeadlineRow/all``.
    static let members: [Member] = [
        .count(.people),
        .count(.peopleAsked),
        .written("people_asked_percent", "`people_asked` as a share of `people`, in percent, to a tenth") { result, _ in
            .double((result.askedPercent * 10).rounded() / 10)
        },
        .count(.moments),
        .count(.asks),
        .asksPastOSQuota,
        .byTrigger("asks_by_trigger", "asks by the trigger that asked, keyed by its id", \.asksByTrigger),
        .asksByWeek,
        .daysToFirstAsk,
        .count(.blockedMoments),
        .blockedBy,
        .byTrigger(
            "never_reached", "by trigger id: people whose count never passed the trigger's count rule",
            \.neverReached),
        .count(.unknownTriggerMoments),
        .neverAsked,
        .earliest,
        .start,
        .count(.peopleBeforeStart),
        .count(.peopleBeforeStartAsked),
        .latest,
        .withinDays,
        .written("experiment", "the experiment's name (a policy with an experiment)") { result, context in
            result.arms == nil || context.isArm ? nil : .string(result.experimentName)
        },
        .exposureCount(.peopleExposed),
        .exposureCount(.asksBeforeExposure),
        .exposureCount(.exposedPeopleAsked),
        .arms,
        .policySettings,
    ]
}

extension ReportMember where Row == SimulationReport.PolicyResult, Context == Row.WriteContext {
    /// A count the report always has.
    static func count(_ count: ReportCount) -> Self {
        let (key, field) = (count.key, count.field)
        return Self(
            key: key, meaning: count.meaning, write: { result, _ in .int(result.tally[keyPath: field]) },
            read: { reader, node, result in result.tally[keyPath: field] = reader.int(node, key) })
    }

    /// A count of an experiment's policy and of each arm (Semantics §13), absent elsewhere. A report that
    /// has `people_exposed` must have the others: without them (an earlier reviewgate's), asks per
    /// exposed person would count the asks before exposure, so it is refused rather than merged wrong.
    static func exposureCount(_ count: ReportCount) -> Self {
        let (key, field) = (count.key, count.field)
        return Self(
            key: key, meaning: count.meaning + " (an experiment's policy and each arm)",
            write: { result, context in context.countsExposure(result) ? .int(result.tally[keyPath: field]) : nil },
            read: { reader, node, result in
                if node[ReportCount.peopleExposed.key] != nil { result.tally[keyPath: field] = reader.int(node, key) }
            })
    }

    /// A count per trigger, keyed by the trigger's id, in the policy's trigger order.
    static func byTrigger(
        _ key: String, _ meaning: String, _ field: WritableKeyPath<SimulationTally, [Int]> & Sendable
    ) -> Self {
        Self(
            key: key, meaning: meaning,
            write: { result, _ in
                .object(
                    result.triggers.indices.map { (result.triggers[$0].id, .int(result.tally[keyPath: field][$0])) })
            },
            read: { reader, node, result in
                let counts = reader.node(node, key)
                for (index, trigger) in result.triggers.enumerated() {
                    result.tally[keyPath: field][index] = reader.int(counts, trigger.id)
                }
            })
    }
}
