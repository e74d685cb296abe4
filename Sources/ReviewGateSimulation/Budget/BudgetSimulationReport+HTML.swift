@_spi(ReviewGateTools) import ReviewGate

extension BudgetSimulationReport {
    private typealias Words = SimulationReport

    /// The report as one self-contained page (`simulate --budget --html`): what was read, then a
    /// section per budget (the budget as written, its baseline or each variant) with each prompt's
    /// figures (and each arm's, below its prompt) and a chart of what each prompt was granted beside
    /// what it would show alone; the JSON report as data. It fetches nothing and runs no script;
    /// every figure it shows is marked with where the JSON report has it.
    package var html: String {
        var body = header
        if !variants.isEmpty { body += variantsTable }
        let sections = results.indices.map(section)
        // One section a row, whole width: a budget's tables are wider than a policy's column.
        body += HTML.element("div", [("class", "budgets")], sections.joined())
        let title = "reviewgate simulate --budget: \(budget.name)" + (baseline.map { " beside \($0.name)" } ?? "")
        return HTML.page(title: title, warns: input.warns, body: body, report: json)
    }

    /// Where the JSON report has the budget at `index` of ``results``: the root, `baseline`, or
    /// `variants.N`.
    private func path(of index: Int) -> FigurePath {
        if index == 0 { return FigurePath() }
        return baseline != nil ? FigurePath("baseline") : FigurePath("variants", String(index - 1))
    }

    /// What the page calls the budget at `index` of ``results``.
    private func label(of index: Int) -> String {
        if index == 0 { return "budget \(budget.name)" }
        if let baseline { return "baseline \(baseline.name)" }
        return "variant \(variants[index - 1].variant?.name ?? String(index))"
    }

    /// The page's header: which budgets, what was read, the horizon.
    private var header: HTML {
        var rows: [HTML] = []
        for (role, result) in [("budget", budget), ("baseline", baseline)] {
            guard let result else { continue }
            rows.append(HTML.readRow(role, name: result.name, path: result.path, digest: result.digest))
        }
        rows += input.htmlRows(people: FigurePath("people"), budget.tally.people)
        if let horizon, let counts = horizonCounts(budget) {
            let before = budget.tally.peopleBeforeStart
            var text: HTML =
                HTML(text: "the first \(Words.days(horizon.days)), of the ")
                + HTML.figure(FigurePath("within_days", "people"), Words.grouped(counts.people))
                + HTML(
                    text: " people "
                        + horizon.cohortWords(latest: latest, start: start, saysStart: before > 0 || since != nil))
            if before > 0 {
                text +=
                    "; " + HTML.figure(FigurePath("within_days", "people_before_start"), Words.grouped(before))
                    + HTML(text: " first seen before the data starts, left out")
            }
            rows.append(HTML.element("dt", [], "horizon") + HTML.element("dd", [], text))
        }
        let title: HTML =
            "What the budget " + HTML(text: budget.name) + " would do"
            + (baseline.map { ", beside " + HTML(text: $0.name) } ?? "")
        return HTML.header(
            title: title,
            lede: "Usage replayed under the budget exactly as <code>reviewgate record --budget</code> would,"
                + " person by person, beside each prompt's policy alone (<code>reviewgate simulate"
                + " --budget</code>). A replay shows every granted prompt at once. Every figure is the"
                + " JSON report's, kept in this page.",
            rows: rows)
    }

    /// Under `--vary`: a row per variant (the budget as written first), each prompt's grants.
    private var variantsTable: HTML {
        var head: HTML = HTML.element("th", [("class", "text")], "variant")
        for prompt in budget.prompts { head += HTML.element("th", [], HTML(text: prompt.name + " granted")) }
        var rows: [HTML] = []
        for (index, result) in results.enumerated() {
            var cells: HTML = HTML.element("th", [], HTML(text: result.variant?.name ?? "as written"))
            for prompt in budget.prompts {
                let at = result.prompts.firstIndex { $0.name == prompt.name }
                cells += HTML.element(
                    "td", [],
                    at.map {
                        HTML.figure(
                            path(of: index).appending("prompts", String($0), "granted"),
                            Words.grouped(result.tally.prompts[$0].granted))
                    } ?? "-")
            }
            rows.append(HTML.element("tr", [], cells))
        }
        return HTML.element(
            "section", [("class", "figures"), ("aria-labelledby", "variants")],
            HTML.element("h2", [("id", "variants")], "Variants (--vary)")
                + HTML.element(
                    "div", [("class", "scroll")],
                    HTML.element(
                        "table", [],
                        HTML.element("thead", [], HTML.element("tr", [], head))
                            + HTML.element("tbody", [], rows.joined()))))
    }

    /// The section of the budget at `index` of ``results``: its prompts' grants beside each alone,
    /// what the budget held back and for how long, and the chart of granted beside alone.
    private func section(_ index: Int) -> HTML {
        let result = results[index]
        let path = path(of: index)
        let within = horizonCounts(result)
        var granted = ["prompt", "priority", "granted", "people", "alone", "people alone", "change"]
        if let horizon { granted.append("people granted within \(Words.days(horizon.days))") }
        let held = ["prompt", "held back", "outranked", "gap", "limit", "delayed", "mean days", "p90 days", "lost"]
        var grantedRows: [HTML] = []
        var heldRows: [HTML] = []
        for (number, prompt) in result.prompts.enumerated() {
            let at = path.appending("prompts", String(number))
            let name = prompt.name + (prompt.policy == nil ? " (external)" : "")
            let counts = result.tally.prompts[number]
            grantedRows.append(
                grantedRow(
                    name, priority: prompt.priority, counts, alone: result.withoutBudget[number], at: at,
                    within: within.map { (at.appending("within_days", "granted"), $0.granted[number]) },
                    hasHorizon: horizon != nil))
            heldRows.append(heldRow(name, counts, at: at))
            guard let names = prompt.arms, let arms = result.tally.arms[number],
                let alone = result.armsWithoutBudget[number]
            else { continue }
            for arm in names.indices {
                let armPath = at.appending("arms", String(arm))
                grantedRows.append(
                    grantedRow(
                        "arm \(names[arm])", priority: nil, arms[arm], alone: alone[arm], at: armPath, within: nil,
                        hasHorizon: horizon != nil, sub: true))
                heldRows.append(heldRow("arm \(names[arm])", arms[arm], at: armPath, sub: true))
            }
        }
        return HTML.element(
            "section",
            [
                ("class", "column"), ("aria-label", label(of: index)),
                ("data-column", index == 0 ? "budget" : path.text),
            ],
            HTML.element("h2", [], HTML(text: label(of: index)))
                + Self.table(granted, grantedRows)
                + HTML.element(
                    "figure", [],
                    HTML.element("figcaption", [], "Granted under the budget, beside each prompt alone")
                        + chart(result, at: path))
                + HTML.element(
                    "figure", [],
                    HTML.element("figcaption", [], "Held back by the budget, and for how long")
                        + Self.table(held, heldRows))
                + HTML.element(
                    "p", [("class", "note")],
                    "alone: the prompt's policy without the budget (an external prompt: the moments that wanted"
                        + " it); held back: moments its policy allowed that the budget blocked, under each check"
                        + " that failed; delayed: grants after another prompt held the prompt back, with the days"
                        + " waited; lost: people another prompt held it back from, with no grant after."))
    }

    /// A table of `headings` (the first a row's label) over `rows`.
    private static func table(_ headings: [String], _ rows: [HTML]) -> HTML {
        let head = headings.enumerated().map { column, word in
            HTML.element("th", column == 0 ? [("class", "text")] : [], HTML(text: word))
        }.joined()
        return HTML.element(
            "div", [("class", "scroll")],
            HTML.element(
                "table", [],
                HTML.element("thead", [], HTML.element("tr", [], head)) + HTML.element("tbody", [], rows.joined())))
    }

    /// A prompt's (or an arm's, indented, with no priority) grants beside what it shows alone, each
    /// figure marked with its place in the JSON report at `path`.
    private func grantedRow(
        _ label: String, priority: Int?, _ counts: BudgetTally.Prompt, alone: Alone, at path: FigurePath,
        within: (path: FigurePath, granted: Int)?, hasHorizon: Bool, sub: Bool = false
    ) -> HTML {
        var cells: HTML = HTML.element("th", sub ? [("class", "sub")] : [], HTML(text: label))
        cells += HTML.element("td", [], HTML(text: priority.map(String.init) ?? ""))
        cells += Self.cell(path.appending("granted"), Words.grouped(counts.granted))
        cells += Self.cell(path.appending("people_granted"), Words.grouped(counts.peopleGranted))
        cells += Self.cell(path.appending("without_budget", "shown"), Words.grouped(alone.shown))
        cells += Self.cell(path.appending("without_budget", "people"), Words.grouped(alone.people))
        cells += HTML.element("td", [("class", "change")], HTML(text: Words.change(counts.granted - alone.shown)))
        if let within {
            cells += Self.cell(within.path, Words.grouped(within.granted))
        } else if hasHorizon {
            cells += HTML.element("td", [], "")
        }
        return HTML.element("tr", [], cells)
    }

    /// What the budget held back of a prompt (or an arm), by check, and the delays and the lost.
    private func heldRow(_ label: String, _ counts: BudgetTally.Prompt, at path: FigurePath, sub: Bool = false)
        -> HTML
    {
        var cells: HTML = HTML.element("th", sub ? [("class", "sub")] : [], HTML(text: label))
        cells += Self.cell(path.appending("held_back", "moments"), Words.grouped(counts.heldBack))
        for (reason, count) in zip(BudgetTally.reasons, counts.heldBackBy).prefix(3) {
            cells += Self.cell(path.appending("held_back", reason), Words.grouped(count))
        }
        cells += Self.cell(path.appending("delayed", "grants"), Words.grouped(counts.delayed))
        cells += Self.cell(path.appending("delayed", "mean_days"), counts.meanDelayDays.map(Self.tenths) ?? "-")
        cells += Self.cell(
            path.appending("delayed", "p90_days"),
            SimulationTally.percentile(0.9, of: counts.delayDays).map(String.init) ?? "-")
        cells += Self.cell(path.appending("lost"), Words.grouped(counts.lost))
        return HTML.element("tr", [], cells)
    }

    /// A cell of one figure, marked with where the JSON report has it.
    private static func cell(_ path: FigurePath, _ shown: String) -> HTML {
        HTML.element("td", [], HTML.figure(path, shown))
    }

    /// Two bars a prompt: granted under the budget, and shown alone, on one axis for the budget.
    private func chart(_ result: BudgetResult, at path: FigurePath) -> HTML {
        let rowHeight = 34.0
        let largest = max(1, (result.tally.prompts.map(\.granted) + result.withoutBudget.map(\.shown)).max() ?? 1)
        var chart = SVGChart(width: 600, height: Int(18 + Double(result.prompts.count) * rowHeight + 4))
        chart.text(HTML(text: "moments (granted, and alone)"), x: 150, y: 12, kind: "head")
        for (number, prompt) in result.prompts.enumerated() {
            let y = 18 + Double(number) * rowHeight
            let at = path.appending("prompts", String(number))
            chart.text(HTML(text: prompt.name), x: 0, y: y + 20, kind: "label")
            for (offset, (count, kind, key)) in [
                (result.tally.prompts[number].granted, "bar", at.appending("granted")),
                (result.withoutBudget[number].shown, "people", at.appending("without_budget", "shown")),
            ].enumerated() {
                let size = Double(count) / Double(largest) * 330
                let top = y + 4 + Double(offset) * 14
                chart.rect(x: 150, y: top, width: size, height: 11, kind: kind)
                chart.text(
                    HTML.figure(key, Words.grouped(count), tag: "tspan")
                        + HTML(text: offset == 0 ? " granted" : " alone"), x: 150 + size + 5, y: top + 10,
                    kind: "value")
            }
        }
        return chart.svg(label: "granted and alone per prompt: \(result.prompts.map(\.name).joined(separator: ", "))")
    }
}
