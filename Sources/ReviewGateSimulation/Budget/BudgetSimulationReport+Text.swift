@_spi(ReviewGateTools) import ReviewGate

extension BudgetSimulationReport {
    private typealias Words = SimulationReport

    /// The report for a terminal, in 80 columns: what each prompt was granted beside what it would
    /// show without the budget (and under an experiment each arm, indented below its prompt), what
    /// the budget held back and for how long, then the horizon, the baseline or the variants.
    public var text: String {
        var out = [Self.heading("budget", budget)]
        if let baseline { out.append(Self.heading("baseline", baseline)) }
        var read = input.readLine(people: budget.tally.people)
        if budget.tally.unknownMoments > 0 {
            read +=
                "; \(Words.grouped(budget.tally.unknownMoments)) not arbitrated (a trigger no policy has, a want of no external prompt)"
        }
        out += [read] + input.versionLines + input.warningLines + [""]
        out.append("granted under the budget, beside each prompt alone")
        var shown = [["prompt", "priority", "granted", "people", "alone", "people", "change"]]
        eachRow(of: budget) { label, prompt, counts, alone in
            shown.append([
                label, prompt.map { String($0.priority) } ?? "", Words.grouped(counts.granted),
                Words.grouped(counts.peopleGranted), Words.grouped(alone.shown), Words.grouped(alone.people),
                Words.change(counts.granted - alone.shown),
            ])
        }
        out += TextTable.lines(shown)
        out.append("")
        // A replay holds no lease: that column is left out.
        out.append("held back by the budget, and for how long")
        var held = [["prompt", "moments", "outranked", "gap", "limit", "delayed", "mean d", "p90 d", "lost"]]
        eachRow(of: budget, marksExternal: false) { label, _, counts, _ in
            held.append(
                [label, Words.grouped(counts.heldBack)] + counts.heldBackBy.prefix(3).map(Words.grouped) + [
                    Words.grouped(counts.delayed), counts.meanDelayDays.map(Self.tenths) ?? "-",
                    SimulationTally.percentile(0.9, of: counts.delayDays).map(String.init) ?? "-",
                    Words.grouped(counts.lost),
                ])
        }
        out += TextTable.lines(held)
        out += horizonLines + baselineLines + variantLines
        out += [
            "",
            "granted: moments the budget let the prompt interrupt (a replay shows each at once); alone: its",
            "policy's asks without the budget (an external prompt: the moments that wanted it); delayed:",
            "grants that came after another prompt had held the prompt back (not its own gap or limit alone),",
            "with the mean and p90 days waited; lost: people for whom another prompt held it back, with no",
            "grant after. A moment held back counts under each check it failed.",
        ]
        if budget.prompts.contains(where: { $0.arms != nil }) {
            out.append("Under an experiment, each arm's row counts the people its policy assigns to that arm.")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `budget calm-app (calm-app.budget.yaml, sha256:…)`, and a variant's settings.
    private static func heading(_ word: String, _ result: BudgetResult) -> String {
        "\(word) \(result.name) (\(result.path)\(result.digest.map { ", " + Words.shortDigest($0) } ?? ""))"
    }

    /// Calls `row` for each prompt of `result` (its name, with `(external)` when `marksExternal`),
    /// then under an experiment for each of its arms (`  arm NAME`, with no prompt).
    private func eachRow(
        of result: BudgetResult, marksExternal: Bool = true,
        _ row: (_ label: String, _ prompt: Prompt?, _ counts: BudgetTally.Prompt, _ alone: Alone) -> Void
    ) {
        for (index, prompt) in result.prompts.enumerated() {
            row(
                prompt.name + (marksExternal && prompt.policy == nil ? " (external)" : ""), prompt,
                result.tally.prompts[index], result.withoutBudget[index])
            guard let names = prompt.arms, let counts = result.tally.arms[index],
                let alone = result.armsWithoutBudget[index]
            else { continue }
            for arm in names.indices { row("  arm \(names[arm])", nil, counts[arm], alone[arm]) }
        }
    }

    /// Under `--within-days`: per prompt, the people of the cohort first granted it within the
    /// horizon, beside the baseline's when there is one.
    private var horizonLines: [String] {
        guard let horizon, let counts = horizonCounts(budget) else { return [] }
        let before = budget.tally.peopleBeforeStart
        var lines = [
            "",
            "granted within the first \(Words.days(horizon.days)), of the \(Words.people(counts.people)) "
                + horizon.cohortWords(latest: latest, start: start, saysStart: before > 0 || since != nil),
        ]
        if before > 0 {
            lines.append(
                "(left out: \(Words.people(before)) first seen before the data starts: their first \(Words.days(horizon.days)) are not in the data, as an export's install lines from before its first day say)"
            )
        }
        let other = baseline.flatMap { result in horizonCounts(result).map { (counts: $0, result: result) } }
        var rows = [["prompt", "people", "share"] + (other == nil ? [] : ["baseline", "share", "change"])]
        for (index, prompt) in budget.prompts.enumerated() {
            var row = [prompt.name, Words.grouped(counts.granted[index]), share(counts.granted[index], counts.people)]
            if let other {
                let at = other.result.prompts.firstIndex { $0.name == prompt.name }
                let granted = at.map { other.counts.granted[$0] }
                row += [
                    granted.map(Words.grouped) ?? "-", granted.map { share($0, other.counts.people) } ?? "-",
                    granted.map { Words.change(counts.granted[index] - $0) } ?? "-",
                ]
            }
            rows.append(row)
        }
        return lines + TextTable.lines(rows)
    }

    /// `37.5%` of `whole`; `-` of no one.
    private func share(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : Words.percent(Double(part) * 100 / Double(whole))
    }

    /// Under `--baseline`: each prompt of either budget, matched by name, its grants, people and
    /// lost beside the baseline's (`-` for a prompt in only one of them).
    private var baselineLines: [String] {
        guard let baseline else { return [] }
        var rows = [["prompt", "granted", "baseline", "change", "people", "baseline", "change", "lost", "baseline"]]
        for name in Words.union([budget.prompts.map(\.name), baseline.prompts.map(\.name)]) {
            let this = budget.prompts.firstIndex { $0.name == name }.map { budget.tally.prompts[$0] }
            let that = baseline.prompts.firstIndex { $0.name == name }.map { baseline.tally.prompts[$0] }
            func figures(_ field: KeyPath<BudgetTally.Prompt, Int>) -> [String] {
                let change = this.flatMap { this in that.map { Words.change(this[keyPath: field] - $0[keyPath: field]) }
                }
                return [
                    this.map { Words.grouped($0[keyPath: field]) } ?? "-",
                    that.map { Words.grouped($0[keyPath: field]) } ?? "-", change ?? "-",
                ]
            }
            rows.append([name] + figures(\.granted) + figures(\.peopleGranted) + figures(\.lost).prefix(2))
        }
        return ["", "beside the baseline \(baseline.name), prompts matched by name"] + TextTable.lines(rows)
    }

    /// Under `--vary`: a row per variant (the budget as written first), its grants per prompt.
    private var variantLines: [String] {
        guard !variants.isEmpty else { return [] }
        var rows = [["variant"] + budget.prompts.map(\.name)]
        for result in [budget] + variants {
            rows.append(
                [result.variant?.name ?? "as written"]
                    + budget.prompts.indices.map { index in
                        let at = result.prompts.firstIndex { $0.name == budget.prompts[index].name }
                        return at.map { Words.grouped(result.tally.prompts[$0].granted) } ?? "-"
                    })
        }
        return ["", "granted per prompt, under each variant (--vary; the JSON report has every figure)"]
            + TextTable.lines(rows)
    }

    /// `1.5`: days to one decimal.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
