@_spi(ReviewGateTools) import ReviewGate

extension BudgetSimulationReport {
    /// A prompt's figures, or an arm's, as they are written and read.
    struct PromptRow {
        /// What the replay under the budget counted.
        var counts = BudgetTally.Prompt()
        /// The prompt without the budget.
        var alone = BudgetSimulationReport.Alone()
        /// Under a horizon, the cohort and those of it first granted the prompt within it; `nil`
        /// without one (and for an arm).
        var within: (people: Int, granted: Int)?
    }

    /// A member of a prompt's object (``ReportMember``).
    typealias PromptMember = ReportMember<PromptRow, Void>

    /// The members of a prompt's object in a budget's JSON report (or of one of its arms'), in the
    /// order the report writes them, after the prompt's name, priority, policy and `ignores_budget`
    /// (an arm's object has its `arm` name there); `--merge` reads them back and
    /// ``BudgetTally/add(_:)`` adds partitions up.
    static let promptMembers: [PromptMember] = [
        .count(
            "candidates",
            "moments its policy allowed (for an external prompt, that wanted it), which the budget then judged",
            \.counts.candidates),
        .count("granted", "moments the budget let it interrupt (a replay shows each at once)", \.counts.granted),
        .count("people_granted", "people granted it at least once", \.counts.peopleGranted),
        .heldBack,
        .delayed,
        .count("lost", "people for whom another prompt held it back, with no grant after", \.counts.lost),
        .withoutBudget,
        .withinDays,
    ]
}

extension ReportMember where Row == BudgetSimulationReport.PromptRow, Context == Void {
    /// The candidacies the budget blocked, in all and by each check that failed.
    static var heldBack: Self {
        Self(
            key: "held_back",
            meaning:
                "`moments` the budget held it back, and by check: `outranked`, `gap`, `limit`, `lease` (`0` in a replay); a moment counts under each check it failed",
            write: { row, _ in
                .object(
                    [("moments", .int(row.counts.heldBack))]
                        + zip(BudgetTally.reasons, row.counts.heldBackBy).map { ($0, .int($1)) })
            },
            read: { reader, node, row in
                let held = reader.node(node, "held_back")
                row.counts.heldBack = reader.int(held, "moments")
                row.counts.heldBackBy = BudgetTally.reasons.map { reader.int(held, $0) }
            })
    }

    /// The grants another prompt had delayed, and for how long.
    static var delayed: Self {
        Self(
            key: "delayed",
            meaning:
                "`grants` that came after another prompt held it back, the `seconds` they waited in all, `mean_days`, `p50_days`, `p90_days`, and `by_day` (grants by whole days waited)",
            write: { row, _ in
                let counts = row.counts
                let byDay: [(key: String, value: JSONValue)] = counts.delayDays.enumerated().compactMap {
                    $0.element > 0 ? (String($0.offset), .int($0.element)) : nil
                }
                return .object([
                    ("grants", .int(counts.delayed)), ("seconds", .int(Int(counts.delaySeconds))),
                    ("mean_days", counts.meanDelayDays.map { .number(BudgetSimulationReport.tenths($0)) } ?? .null),
                    ("p50_days", SimulationTally.percentile(0.5, of: counts.delayDays).map(JSONValue.int) ?? .null),
                    ("p90_days", SimulationTally.percentile(0.9, of: counts.delayDays).map(JSONValue.int) ?? .null),
                    ("by_day", .object(byDay)),
                ])
            },
            read: { reader, node, row in
                let delayed = reader.node(node, "delayed")
                row.counts.delayed = reader.int(delayed, "grants")
                row.counts.delaySeconds = Int64(reader.int(delayed, "seconds"))
                var days: [Int] = []
                for entry in reader.entries(delayed, "by_day") {
                    guard let day = entry.key.string.flatMap({ Int($0) }), (0...36_500).contains(day) else {
                        reader.problems.append(
                            .error("a day of by_day is a whole number from 0 to 36500", at: entry.key.location))
                        continue
                    }
                    SimulationTally.count(day: day, reader.int(entry), in: &days)
                }
                row.counts.delayDays = days
            })
    }

    /// The prompt without the budget.
    static var withoutBudget: Self {
        Self(
            key: "without_budget",
            meaning:
                "`shown` and `people`: the prompt's policy replayed alone (for an external prompt, the moments that wanted it)",
            write: { row, _ in .object([("shown", .int(row.alone.shown)), ("people", .int(row.alone.people))]) },
            read: { reader, node, row in
                let alone = reader.node(node, "without_budget")
                row.alone = BudgetSimulationReport.Alone(
                    shown: reader.int(alone, "shown"), people: reader.int(alone, "people"))
            })
    }

    /// Under a horizon, the people first granted the prompt within it: written from the report's
    /// `within_days.by_first_seen`, which `--merge` reads.
    static var withinDays: Self {
        Self(
            key: "within_days",
            meaning:
                "under `--within-days`: of the horizon's cohort (`people`), those first granted the prompt within the horizon of their first line (`granted`, `granted_percent`); absent without",
            write: { row, _ in
                guard let within = row.within else { return nil }
                let percent = within.people == 0 ? 0 : Double(within.granted) * 100 / Double(within.people)
                return .object([
                    ("people", .int(within.people)), ("granted", .int(within.granted)),
                    ("granted_percent", .double((percent * 10).rounded() / 10)),
                ])
            },
            read: { _, _, _ in })
    }
}
