@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport {
    /// The report for a terminal, in 80 columns: one column of figures, or with a baseline,
    /// baseline, policy and the change.
    public var text: String {
        guard variants.isEmpty else { return variantText }
        var out: [String] = []
        let results = [baseline, policy].compactMap { $0 }
        for (index, result) in results.enumerated() {
            // "policy  " beside "baseline", so that the names line up.
            let label = baseline == nil ? "policy" : index == 1 ? "policy  " : "baseline"
            out.append("\(label) \(Self.named(result))")
        }
        out.append(readLine)
        out.append("")
        var table = Table(compared: baseline != nil)
        for row in HeadlineRow.all { textRows(row, of: results, into: &table) }
        out += table.lines
        for (index, result) in results.enumerated() {
            out.append("")
            out.append(
                "days from first seen to first ask" + (baseline == nil ? "" : ", \(role(index)) \(result.name)"))
            out += Histogram.lines(result.tally.firstAskDays)
            if result.tally.peopleBeforeStart > 0 {
                out.append(Self.beforeStartNote(result.tally))
            }
        }
        for (index, result) in results.enumerated() {
            guard let arms = result.arms, let experiment = result.experimentName else { continue }
            out.append("")
            out.append(
                "experiment \(experiment), arm by arm"
                    + (baseline == nil ? "" : ", \(role(index)) \(result.name)"))
            out += armLines(arms, of: result.tally)
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Under the days to first ask: who is left out of them, and why.
    static func beforeStartNote(_ tally: SimulationTally) -> String {
        let asked = tally.peopleBeforeStartAsked
        return
            "(left out: \(Self.people(tally.peopleBeforeStart)) first seen before the data starts\(tally.start.map { " on \($0.day)" } ?? "") (\(Self.grouped(asked)) of them asked): their first days are not in the data, as an export's install lines from before its first day say)"
    }

    /// The role of the result at `index` of the text's columns (the baseline first): by position,
    /// so that a baseline that is the policy's own file is still the baseline.
    private func role(_ index: Int) -> String { baseline == nil || index == 1 ? "policy" : "baseline" }

    /// A headline row's lines in the text's table of `results` (the baseline first).
    private func textRows(_ row: HeadlineRow, of results: [PolicyResult], into table: inout Table) {
        switch row {
        case .count(let count, let shown):
            guard shown.contains(.text) else { return }
            table.figures(count.label, results.map { $0.tally[keyPath: count.field] })
        case .peopleAsked:
            table.row(
                ReportCount.peopleAsked.label,
                results.map { "\(Self.grouped($0.tally.peopleAsked)) (\(Self.percent($0.askedPercent)))" },
                change: baseline.map {
                    Self.change(policy.tally.peopleAsked - $0.tally.peopleAsked) + " ("
                        + Self.points(policy.askedPercent - $0.askedPercent) + ")"
                })
        case .asksByTrigger:
            for id in Self.union(results.map { $0.triggers.map(\.id) }) {
                table.figures(
                    "  " + HeadlineRow.Label.byTrigger(id),
                    results.map { result in
                        result.triggers.firstIndex { $0.id == id }.map { result.tally.asksByTrigger[$0] }
                    })
            }
        case .asksPastOSQuota:
            if results.contains(where: \.modelsOSQuota) {
                table.figures(
                    HeadlineRow.Label.pastOSQuota, results.map { $0.modelsOSQuota ? $0.tally.asksPastOSQuota : nil })
            }
        case .firstAskPercentiles:
            for (name, quantile) in HeadlineRow.percentiles {
                table.figures(
                    HeadlineRow.Label.percentile(name), results.map { $0.tally.firstAskPercentile(quantile) },
                    blank: "-")
            }
        case .blockedBy:
            // A moment is counted under each thing that blocked it, so the rows may add up to more.
            let blockers = Blocker.allCases.indices.filter { index in
                results.contains { $0.tally.blockedBy[index].moments > 0 }
            }
            for index in blockers {
                table.row(
                    "  blocked by \(Blocker.allCases[index].id)",
                    results.map {
                        // Beside a baseline, moments only here (people below), to keep within 80 columns.
                        Self.grouped($0.tally.blockedBy[index].moments)
                            + (baseline == nil ? " (\(Self.people($0.tally.blockedBy[index].people)))" : "")
                    },
                    change: baseline.map {
                        Self.change(policy.tally.blockedBy[index].moments - $0.tally.blockedBy[index].moments)
                    })
            }
            if baseline != nil, !blockers.isEmpty {
                table.heading("people blocked at least once")
                for index in blockers {
                    table.figures(
                        "  by \(Blocker.allCases[index].id)", results.map { $0.tally.blockedBy[index].people })
                }
            }
        case .exposure:
            return
        case .horizon:
            guard let horizon else { return }
            let counts = results.map { horizonCounts($0) ?? SimulationTally.FirstSeen() }
            let before = results.contains { $0.tally.peopleBeforeStart > 0 }
            table.blank()
            table.heading(
                "the first \(Self.days(horizon.days)), of people "
                    + horizon.cohortWords(latest: latest, start: start, saysStart: before || since != nil))
            table.figures("  people", counts.map(\.people))
            table.shares(
                "  " + HeadlineRow.Label.askedWithin(Self.days(horizon.days)), counts.map { ($0.asked, $0.people) })
            if before {
                // Apart, never as not asked: their first days are not in the data.
                table.figures("  " + ReportCount.peopleBeforeStart.label, results.map(\.tally.peopleBeforeStart))
            }
        case .neverAsked:
            table.blank()
            table.heading("people never asked, each once, by why")
            for index in SimulationTally.NeverAsked.ids.indices
            where index == SimulationTally.NeverAsked.neverReached
                || results.contains(where: { $0.tally.neverAsked[index] > 0 })
            {
                let label =
                    index == SimulationTally.NeverAsked.neverReached
                    ? "  never reached a count" : "  blocked by \(SimulationTally.NeverAsked.ids[index])"
                table.shares(label, results.map { ($0.tally.neverAsked[index], $0.tally.people) })
            }
        case .neverReached:
            table.blank()
            table.heading(HeadlineRow.Label.neverReached)
            for id in Self.union(results.map { $0.triggers.map(\.id) }) {
                let rules = results.map { result in result.triggers.first { $0.id == id }?.rule }
                let counts = results.map { result in
                    result.triggers.firstIndex { $0.id == id }.map {
                        (result.tally.neverReached[$0], result.tally.people)
                    }
                }
                // Under an experiment whose arms count by other rules, the row mixes them: it is
                // labelled with the trigger alone, and split by arm below, each with its own rule.
                let byArm = results.contains { Self.armsDiffer(on: id, in: $0) }
                let sameRule = Set(rules.compactMap { $0 }).count == 1 && !byArm
                table.shares("  \(id)" + (sameRule ? " (\(rules.compactMap { $0 }[0]))" : ""), counts)
                if !sameRule, Set(rules.compactMap { $0 }).count > 1 {
                    // The baseline's rule and the policy's differ: each column is counted by its own.
                    for (index, rule) in rules.enumerated() {
                        table.heading("    \(role(index)): \(rule ?? "no such trigger")")
                    }
                }
                guard byArm else { continue }
                let names = Self.union(results.map { $0.arms?.map(\.name) ?? [] })
                for name in names {
                    let arms = results.map { $0.arms?.first { $0.name == name } }
                    let rule = arms.lazy.compactMap { $0?.triggers.first { $0.id == id }?.rule }.first
                    table.shares(
                        "    \(name) (\(rule ?? "no such trigger"))",
                        arms.map { arm in
                            arm.flatMap { arm in
                                arm.triggers.firstIndex { $0.id == id }.map {
                                    (arm.tally.neverReached[$0], arm.tally.people)
                                }
                            }
                        })
                }
            }
        }
    }

    /// Whether the arms of `result`'s experiment count trigger `id` by rules that differ: then a
    /// row of the policy's that names the trigger's rule would name one arm's for all of them.
    static func armsDiffer(on id: String, in result: PolicyResult) -> Bool {
        guard let arms = result.arms else { return false }
        return Set(arms.compactMap { arm in arm.triggers.first { $0.id == id }?.rule }).count > 1
    }

    /// One row per arm (the holdout first): people assigned, exposed, asked, asks, asks per exposed
    /// person, days to the first ask (p50), with a horizon the share of the arm's cohort asked within
    /// it, and the top reason people were never asked; then the share of the people assigned who
    /// were ever exposed.
    func armLines(_ arms: [PolicyResult], of total: SimulationTally) -> [String] {
        var header = ["arm", "people", "exposed", "asked", "asks", "asks/exp", "exp asked", "p50 d"]
        if let horizon { header.append("in \(horizon.days) d") }
        var rows = [header + ["top blocker"]]
        for arm in arms {
            let tally = arm.tally
            var row = [
                arm.name, Self.grouped(tally.people), Self.grouped(tally.peopleExposed),
                Self.grouped(tally.peopleAsked), Self.grouped(tally.asks), Self.asksPerExposed(tally),
                Self.exposedAskedShare(tally), tally.firstAskPercentile(0.5).map(String.init) ?? "-",
            ]
            if horizon != nil {
                let counts = horizonCounts(arm) ?? SimulationTally.FirstSeen()
                row.append(counts.people == 0 ? "-" : Self.percent(Double(counts.asked) * 100 / Double(counts.people)))
            }
            rows.append(row + [Self.topBlocker(tally)])
        }
        let share = total.people == 0 ? 0 : Double(total.peopleExposed) * 100 / Double(total.people)
        var lines =
            TextTable.lines(rows) + [
                "\(Self.grouped(total.peopleExposed)) of \(Self.people(total.people)) ever exposed (\(Self.percent(share))): only they were treated differently"
            ]
        lines.append(
            "asks/exp: asks at or after exposure per exposed person; exp asked: the exposed people asked then"
                + (horizon.map {
                    "; in \($0.days) d: the arm's people first seen by the horizon's date asked within \(Self.days($0.days))"
                } ?? "")
        )
        if total.asksBeforeExposure > 0 {
            lines.append(
                "\(Self.grouped(total.asksBeforeExposure)) ask\(total.asksBeforeExposure == 1 ? "" : "s") came before exposure, decided alike by every arm (so an arm's count differs only by who is in it), and \(total.asksBeforeExposure == 1 ? "is" : "are") left out of asks/exp and exp asked"
            )
        }
        return lines
    }

    /// Asks at or after exposure per exposed person, in tenths; `-` with no one exposed.
    static func asksPerExposed(_ tally: SimulationTally) -> String {
        tally.peopleExposed == 0
            ? "-"
            : BudgetSimulationReport.tenths(
                Double(tally.asks - tally.asksBeforeExposure) / Double(tally.peopleExposed))
    }

    /// The share of the exposed people asked at or after their exposure; `-` with no one exposed.
    static func exposedAskedShare(_ tally: SimulationTally) -> String {
        tally.peopleExposed == 0
            ? "-" : percent(Double(tally.exposedPeopleAsked) * 100 / Double(tally.peopleExposed))
    }

    /// `apple-sample (policies/apple-sample.yaml, sha256:73a0ec50f1e2…)`: a result's name, path and digest.
    static func named(_ result: PolicyResult) -> String {
        "\(result.name) (\(result.path)\(result.digest.map { ", " + shortDigest($0) } ?? ""))"
    }

    /// What was read: `timeline.jsonl: 40 events, 1 line skipped, 4 people`; then a line each for
    /// `--version-key`, the people without a version and each warning about the input.
    var readLine: String {
        ([input.readLine(people: policy.tally.people)] + input.versionLines + input.warningLines)
            .joined(separator: "\n")
    }

    /// `sha256:73a0ec50f1e2…`: enough of a digest to tell policies apart.
    static func shortDigest(_ digest: String) -> String {
        digest.count > 19 ? String(digest.prefix(19)) + "…" : digest
    }

    /// `12,345`.
    static func grouped(_ number: Int) -> String {
        NumberText.grouped(number)
    }

    /// `1 day`, `30 days`.
    static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(grouped(count)) days"
    }

    /// `1 person`, `12 people`.
    package static func people(_ count: Int) -> String {
        count == 1 ? "1 person" : "\(grouped(count)) people"
    }

    /// `41.2%`.
    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `+1.5 pt`, `-0.2 pt`, `0.0 pt`.
    static func points(_ value: Double) -> String { signed(value) + " pt" }

    /// `+1.5`, `-0.2`, `0.0`: a signed figure to one decimal.
    static func signed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths > 0 ? "+" : tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// `+12`, `-3`, `0`.
    static func change(_ value: Int) -> String {
        (value > 0 ? "+" : "") + grouped(value)
    }

    /// The ids of every list, each once, in first-seen order.
    static func union(_ lists: [[String]]) -> [String] {
        var seen: [String] = []
        for list in lists { for id in list where !seen.contains(id) { seen.append(id) } }
        return seen
    }
}

/// Rows of a label and right-aligned figures: one column, or baseline, policy and change.
private struct Table {
    let compared: Bool
    private var rows: [(label: String, cells: [String])] = []
    /// The rows that are headings or blank lines, written as they are.
    private var headings: Set<Int> = []
    /// The widest label beside figures; a longer one gets a line of its own above its figures.
    private static let labelLimit = 40

    init(compared: Bool) { self.compared = compared }

    mutating func row(_ label: String, _ cells: [String], change: String?) {
        rows.append((label, cells + (change.map { [$0] } ?? [])))
    }

    /// A line of its own, between rows: a section's title.
    mutating func heading(_ text: String) {
        rows.append((text, []))
        headings.insert(rows.count - 1)
    }

    /// An empty line.
    mutating func blank() { heading("") }

    /// Counts with their share of a total, `12 (4.0%)`, and the change in counts.
    mutating func shares(_ label: String, _ values: [(count: Int, of: Int)?]) {
        let cells = values.map { value in
            value.map {
                "\(SimulationReport.grouped($0.count)) (\(SimulationReport.percent($0.of == 0 ? 0 : Double($0.count) * 100 / Double($0.of))))"
            } ?? "-"
        }
        var change: String?
        if compared, values.count == 2 {
            change = values[0].flatMap { old in values[1].map { SimulationReport.change($0.count - old.count) } } ?? ""
        }
        row(label, cells, change: change)
    }

    mutating func figures(_ label: String, _ values: [Int?], blank: String = "-") {
        let cells = values.map { $0.map(SimulationReport.grouped) ?? blank }
        var change: String?
        if compared, values.count == 2 {
            if let old = values[0], let new = values[1] {
                change = SimulationReport.change(new - old)
            } else {
                change = ""
            }
        }
        row(label, cells, change: change)
    }

    var lines: [String] {
        let figureRows = rows.indices.filter { !headings.contains($0) }.map { rows[$0] }
        let labelWidth = min(Self.labelLimit, figureRows.map { $0.label.count }.max() ?? 0)
        var widths: [Int] = []
        let headers = compared ? ["baseline", "policy", "change"] : []
        for row in figureRows + (compared ? [("", headers)] : []) {
            for (index, cell) in row.cells.enumerated() {
                if index >= widths.count { widths.append(0) }
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ label: String, _ cells: [String]) -> String {
            var text = label + String(repeating: " ", count: max(1, labelWidth + 2 - label.count))
            for (index, cell) in cells.enumerated() {
                text += String(repeating: " ", count: widths[index] - cell.count + (index == 0 ? 0 : 3)) + cell
            }
            return text
        }
        var out: [String] = []
        if compared { out.append(line("", headers)) }
        for (index, row) in rows.enumerated() {
            if headings.contains(index) {
                out.append(row.label)
            } else if row.label.count > labelWidth {
                out.append(row.label)
                out.append(line("", row.cells))
            } else {
                out.append(line(row.label, row.cells))
            }
        }
        return out.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
}

/// A histogram of people by day of first ask, in bins of 1, 7, 14, 30, 90 or 365 days: at most
/// twelve rows, bars up to 40 characters. The HTML page draws the same bins in every column, their
/// width picked the same way for the latest first ask of any column.
enum Histogram {
    /// The bins of `byDay` (people by whole day): their width in days and the people in each, from
    /// day 0 to the last day with someone, or to `last` when that is later; no bins when nobody was asked.
    static func bins(_ byDay: [Int], through last: Int? = nil) -> (width: Int, counts: [Int]) {
        guard let ownLast = byDay.lastIndex(where: { $0 > 0 }) else { return (1, []) }
        let last = max(ownLast, last ?? 0)
        let width = [1, 7, 14, 30, 90, 365, 3650].first { (last / $0) < 12 } ?? 36_500
        var bins = Array(repeating: 0, count: last / width + 1)
        for (day, count) in byDay.enumerated() where count > 0 { bins[day / width] += count }
        return (width, bins)
    }

    /// A bin's days: `3`, or `7–13`.
    static func label(_ bin: Int, width: Int) -> String {
        width == 1 ? "\(bin)" : "\(bin * width)–\(bin * width + width - 1)"
    }

    static func lines(_ byDay: [Int]) -> [String] {
        let (width, bins) = Self.bins(byDay)
        guard !bins.isEmpty else { return ["  nobody was asked"] }
        let largest = bins.max() ?? 1
        let labels = bins.indices.map { label($0, width: width) }
        let labelWidth = labels.map(\.count).max() ?? 0
        return bins.indices.map { index in
            let length = bins[index] == 0 ? 0 : max(1, bins[index] * 40 / largest)
            let label = String(repeating: " ", count: labelWidth - labels[index].count) + labels[index]
            let bar = String(repeating: "█", count: length)
            return
                "  \(label)  \(bar)\(String(repeating: " ", count: 41 - length))\(SimulationReport.grouped(bins[index]))"
        }
    }
}
