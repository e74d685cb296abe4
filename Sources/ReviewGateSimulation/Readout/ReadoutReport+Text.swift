@_spi(ReviewGateTools) import ReviewGate

extension ReadoutReport {
    /// The readout for a terminal: the sample ratio warning first when there is one, what was read
    /// and where observation ended, then a table per outcome: each group, each comparison among the
    /// people its trigger reached, and the same by assignment.
    public var text: String {
        var lines: [String] = []
        if let mismatch { lines += ["warning: \(mismatch)", ""] }
        let digest = policy.digest.map { ", " + SimulationReport.shortDigest($0) } ?? ""
        lines.append("readout of experiment \(experiment) (policy \(policy.name), \(policy.path)\(digest))")
        if let budget {
            let digest = budget.digest.map { ", " + SimulationReport.shortDigest($0) } ?? ""
            lines.append(
                "replayed under budget \(budget.name) (\(budget.path)\(digest)), the policy of its prompt \(budget.prompt)"
            )
        }
        lines.append(input.readLine(people: tally.groups.reduce(0) { $0 + $1.assigned }))
        lines += input.versionLines + input.warningLines
        let ended = end.map { "\($0)" + (until == nil ? " (the latest line)" : " (--until)") } ?? "-"
        lines.append("observation ends \(ended)")
        var windows =
            "outcomes within \(withinDays) d after the trigger; by assignment, within \(assignedWithinDays) d after the first line"
        if let late = lateExposureShare {
            windows +=
                " (\(SimulationReport.percent(late * 100)) of exposures came after day \(assignedWithinDays - withinDays): their \(withinDays) d do not fit in the \(assignedWithinDays) d by assignment)"
        }
        lines.append(windows)
        lines.append(
            "sample ratio: \(sampleRatioVerdict) (assignment \(Self.p(assignmentP)): people against the bucket shares; exposure \(Self.p(exposureP)): exposed across the arms)"
        )
        if tally.armsDiffering > 0 {
            lines.append(
                "warning: \(SimulationReport.people(tally.armsDiffering)) logged an arm other than their bucket's: counted and replayed in the arm they logged (when it is one of the experiment's)"
            )
        }
        for outcome in outcomes.indices { lines += outcomeLines(outcome) }
        lines += [
            "",
            "differences are in percentage points (pt), arm minus the group it is against, among the people each comparison's trigger reached (by assignment: among everyone assigned); the 95% interval (Newcombe) and the p-value (pooled z test) come from different methods and may disagree near 0.05, and several outcomes are not corrected for multiplicity",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func outcomeLines(_ outcome: Int) -> [String] {
        var groupRows = [
            [
                "group", "assigned", "exposed", "observable", "with it", "share", "by assignment: observable",
                "with it",
                "share",
            ]
        ]
        for (index, counts) in tally.groups.enumerated() where bucketShares[index] > 0 || counts.assigned > 0 {
            let triggered = counts.triggered[outcome]
            let assigned = counts.byAssignment[outcome]
            groupRows.append(
                [
                    groups[index], SimulationReport.grouped(counts.assigned), SimulationReport.grouped(counts.exposed),
                ] + Self.shareCells(triggered) + Self.shareCells(assigned))
        }
        var comparisonRows = [
            [
                "comparison", "triggered", "observable", "with it", "difference", "95% interval", "p", "by assignment",
                "95% interval", "p",
            ]
        ]
        for index in comparisons.indices {
            let sides = tally.comparisons[index].sides
            let difference = triggered(index, outcome: outcome)
            let assigned = byAssignment(index, outcome: outcome)
            comparisonRows.append(
                [
                    "\(groups[comparisons[index].arm]) - \(groups[comparisons[index].against])",
                    "\(SimulationReport.grouped(sides[0].triggered)) / \(SimulationReport.grouped(sides[1].triggered))",
                    "\(SimulationReport.grouped(difference.arm.observable)) / \(SimulationReport.grouped(difference.against.observable))",
                    "\(SimulationReport.grouped(difference.arm.withOutcome)) / \(SimulationReport.grouped(difference.against.withOutcome))",
                ] + Self.differenceCells(difference) + Self.differenceCells(assigned))
        }
        var lines = [
            "",
            "\(outcomes[outcome]) within \(withinDays) d of the moment the arms first differ for a person (by assignment: within \(assignedWithinDays) d of the first line)",
        ]
        lines += TextTable.lines(groupRows).map { "  " + $0 }
        if !comparisons.isEmpty {
            lines += [""] + TextTable.lines(comparisonRows).map { "  " + $0 }
        }
        if planEffect != nil { lines += planLines(outcome) }
        return lines
    }

    private func planLines(_ outcome: Int) -> [String] {
        var rows = [
            [
                "to detect \(SimulationReport.signed(planEffect ?? 0)) pt", "triggered", "people to assign", "days",
                "by assignment", "days",
            ]
        ]
        for index in comparisons.indices {
            let plan = self.plan(index, outcome: outcome)
            rows.append([
                "\(groups[comparisons[index].arm]) - \(groups[comparisons[index].against])",
                plan.map { SimulationReport.grouped($0.triggeredNeeded) } ?? "-",
                plan.map { SimulationReport.grouped($0.peopleTriggered) } ?? "-",
                plan?.days.map(String.init) ?? "-",
                plan?.peopleByAssignment.map(SimulationReport.grouped) ?? "-",
                plan?.daysByAssignment.map(String.init) ?? "-",
            ])
        }
        return [
            "",
            "  80% power, alpha 0.05 two-sided; days at \(newPeoplePerDay.map { BudgetSimulationReport.tenths($0) } ?? "-") new people a day; people: the two groups together",
        ]
            + TextTable.lines(rows).map { "  " + $0 }
    }

    private static func shareCells(_ share: ReadoutTally.Share) -> [String] {
        [
            SimulationReport.grouped(share.observable), SimulationReport.grouped(share.withOutcome),
            share.observable == 0
                ? "-" : SimulationReport.percent(Double(share.withOutcome) * 100 / Double(share.observable)),
        ]
    }

    private static func differenceCells(_ difference: Difference) -> [String] {
        [
            difference.points.map { SimulationReport.points($0) } ?? "-",
            difference.interval.map {
                "\(SimulationReport.signed($0.lowerBound)) to \(SimulationReport.signed($0.upperBound))"
            } ?? "-",
            probability(difference.pValue),
        ]
    }

    /// `0.041`, `< 0.001`, `-`: a p-value for a terminal.
    /// `p = 0.035`, `p < 0.001`, `p -`: a p-value with its sign of relation.
    static func p(_ value: Double?) -> String {
        let shown = probability(value)
        return pRelation(shown) + shown
    }

    /// `p = ` before a p-value as shown, `p ` before one shown as `< 0.001`.
    static func pRelation(_ shown: String) -> String { shown.hasPrefix("<") ? "p " : "p = " }

    /// The sample ratio checks' verdict: a mismatch, none seen, or none that could be looked for.
    var sampleRatioVerdict: String {
        if mismatch != nil { return "mismatch, below \(Self.mismatchThreshold)" }
        if assignmentP == nil, exposureP == nil { return "not checked (too few groups or people)" }
        // Not a mismatch, but not reassuring either: said so, with what a mismatch would be.
        if [assignmentP, exposureP].contains(where: { $0.map { $0 < 0.05 } ?? false }) {
            return
                "no mismatch (that is p < \(Self.mismatchThreshold)), though a p below 0.05 is worth a look at how people were assigned"
        }
        return "no sign of a mismatch"
    }

    static func probability(_ value: Double?) -> String {
        guard let value else { return "-" }
        if value < 0.001 { return "< 0.001" }
        let thousandths = Int((value * 1000).rounded())
        let text = String(thousandths)
        return thousandths >= 1000 ? "1.000" : "0." + String(repeating: "0", count: 3 - text.count) + text
    }
}
