@_spi(ReviewGateTools) import ReviewGate

/// What `reviewgate simulate --budget` reports (Semantics §12): the input read, and per prompt of the
/// budget what the budget granted and held back, the days it delayed an ask, and the asks lost,
/// beside what each prompt would show without the budget (its policy alone, or every time an
/// external prompt is wanted). Read it as ``text`` or, through the tools' SPI, as JSON.
public struct BudgetSimulationReport: Sendable {
    /// The report format this reviewgate writes (`reviewgate_simulation_budget`).
    package static let formatVersion = 1

    /// One prompt of the budget, as the report names it.
    package struct Prompt: Sendable, Hashable {
        /// The prompt's name.
        package var name: String
        /// Its priority.
        package var priority: Int
        /// Its policy's name; `nil` for an external prompt.
        package var policy: String?
        /// Whether it ignores the budget's limits and gaps.
        package var ignoresBudget: Bool
    }

    /// What was read.
    package var input: SimulationReport.Input
    /// The budget's name.
    package var name: String
    /// Its digest, when known.
    package var digest: String?
    /// Where it was read from.
    package var path: String
    /// Its prompts, in its order.
    package var prompts: [Prompt]
    /// What the replay under the budget counted.
    package var tally: BudgetTally
    /// Each prompt's policy replayed alone, in the budget's order; `nil` for an external prompt.
    package var alone: [SimulationReport.PolicyResult?]
    /// The lines skipped (or warned of) while reading, each at its `file:line:column`.
    public var problems: [Diagnostic] = []
    /// How many lines were skipped, by kind of problem.
    package var skippedByKind: [String: Int] = [:]

    /// The report of `budget`'s replay: `tally` under it, `tallies` of its policies alone.
    package init(
        _ budget: SimulatedBudget, input: SimulationReport.Input, tally: BudgetTally, tallies: [SimulationTally]
    ) {
        self.input = input
        name = budget.budget.name
        digest = budget.budget.digest
        path = budget.path
        prompts = budget.budget.prompts.map {
            Prompt(
                name: $0.name, priority: $0.priority.value, policy: $0.policy?.name,
                ignoresBudget: $0.ignoresBudget.value)
        }
        self.tally = tally
        alone = budget.policyIndex.map { index in
            index.map { SimulationReport.PolicyResult(budget.policies[$0], tally: tallies[$0]) }
        }
    }

    /// What a prompt would show without the budget: its policy's asks and people asked alone, or,
    /// for an external prompt, the moments and people that wanted it.
    package func withoutBudget(_ index: Int) -> (shown: Int, people: Int) {
        if let result = alone[index] { return (result.tally.asks, result.tally.peopleAsked) }
        return (tally.prompts[index].wanted, tally.prompts[index].peopleWanting)
    }
}

extension BudgetSimulationReport {
    /// The report for a terminal, in 80 columns: what each prompt was granted beside what it would
    /// show without the budget, then what the budget held back and for how long.
    public var text: String {
        typealias Words = SimulationReport
        var out = ["budget \(name) (\(path)\(digest.map { ", " + Words.shortDigest($0) } ?? ""))"]
        let sources = input.sources.map { $0 == "-" ? "standard input" : $0 }
        var read =
            "\(sources.joined(separator: ", ")): \(Words.grouped(input.events)) event\(input.events == 1 ? "" : "s")"
        if input.skipped > 0 {
            read += ", \(Words.grouped(input.skipped)) line\(input.skipped == 1 ? "" : "s") skipped"
        }
        read += ", \(Words.people(tally.people))"
        if tally.unknownMoments > 0 {
            read +=
                "; \(Words.grouped(tally.unknownMoments)) not arbitrated (a trigger no policy has, a want of no external prompt)"
        }
        out += [read] + input.versionLines + input.warningLines + [""]
        out.append("granted under the budget, beside each prompt alone")
        var shown = [["prompt", "priority", "granted", "people", "alone", "people", "change"]]
        for (index, prompt) in prompts.enumerated() {
            let counts = tally.prompts[index]
            let without = withoutBudget(index)
            shown.append([
                prompt.name + (prompt.policy == nil ? " (external)" : ""), String(prompt.priority),
                Words.grouped(counts.granted), Words.grouped(counts.peopleGranted), Words.grouped(without.shown),
                Words.grouped(without.people), Words.change(counts.granted - without.shown),
            ])
        }
        out += Self.table(shown)
        out.append("")
        // A replay holds no lease: that column is left out.
        out.append("held back by the budget, and for how long")
        var held = [["prompt", "moments", "outranked", "gap", "limit", "delayed", "mean d", "p90 d", "lost"]]
        for (index, prompt) in prompts.enumerated() {
            let counts = tally.prompts[index]
            held.append(
                [prompt.name, Words.grouped(counts.heldBack)] + counts.heldBackBy.prefix(3).map(Words.grouped) + [
                    Words.grouped(counts.delayed), counts.meanDelayDays.map(Self.tenths) ?? "-",
                    SimulationTally.percentile(0.9, of: counts.delayDays).map(String.init) ?? "-",
                    Words.grouped(counts.lost),
                ])
        }
        out += Self.table(held)
        out += [
            "",
            "granted: moments the budget let the prompt interrupt (a replay shows each at once); alone: its",
            "policy's asks without the budget (an external prompt: the moments that wanted it); delayed:",
            "grants that came after another prompt had held the prompt back (not its own gap or limit alone),",
            "with the mean and p90 days waited; lost: people for whom another prompt held it back, with no",
            "grant after. A moment held back counts under each check it failed.",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// `1.5`: days to one decimal.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Rows as lines: the first column left-aligned, the others right-aligned, two spaces apart.
    static func table(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = row[0] + String(repeating: " ", count: widths[0] - row[0].count)
            for column in row.indices.dropFirst() {
                line += "  " + String(repeating: " ", count: widths[column] - row[column].count) + row[column]
            }
            return line
        }
    }

    /// The report as JSON: the input, the budget, and each prompt's counts.
    @_spi(ReviewGateTools) public var json: JSONValue {
        .object([
            ("reviewgate_simulation_budget", .int(Self.formatVersion)),
            ("input", input.json),
            ("budget", .object([("name", .string(name)), ("digest", .string(digest)), ("path", .string(path))])),
            ("people", .int(tally.people)), ("moments", .int(tally.moments)),
            ("unknown_moments", .int(tally.unknownMoments)),
            ("prompts", .array(prompts.indices.map(promptJSON))),
        ])
    }

    private func promptJSON(_ index: Int) -> JSONValue {
        let prompt = prompts[index]
        let counts = tally.prompts[index]
        let without = withoutBudget(index)
        let byDay: [(key: String, value: JSONValue)] = counts.delayDays.enumerated().compactMap {
            $0.element > 0 ? (String($0.offset), .int($0.element)) : nil
        }
        return .object([
            ("prompt", .string(prompt.name)), ("priority", .int(prompt.priority)), ("policy", .string(prompt.policy)),
            ("ignores_budget", .bool(prompt.ignoresBudget)), ("candidates", .int(counts.candidates)),
            ("granted", .int(counts.granted)), ("people_granted", .int(counts.peopleGranted)),
            (
                "held_back",
                .object(
                    [("moments", .int(counts.heldBack))]
                        + zip(BudgetTally.reasons, counts.heldBackBy).map { ($0, .int($1)) })
            ),
            (
                "delayed",
                .object([
                    ("grants", .int(counts.delayed)),
                    ("mean_days", counts.meanDelayDays.map { .number(Self.tenths($0)) } ?? .null),
                    ("p50_days", SimulationTally.percentile(0.5, of: counts.delayDays).map(JSONValue.int) ?? .null),
                    ("p90_days", SimulationTally.percentile(0.9, of: counts.delayDays).map(JSONValue.int) ?? .null),
                    ("by_day", .object(byDay)),
                ])
            ),
            ("lost", .int(counts.lost)),
            ("without_budget", .object([("shown", .int(without.shown)), ("people", .int(without.people))])),
        ])
    }
}
