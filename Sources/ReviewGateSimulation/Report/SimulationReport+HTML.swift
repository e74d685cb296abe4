@_spi(ReviewGateTools) import ReviewGate

/// One column of the HTML page: a policy's result (a baseline, an arm, ...), what the page calls it,
/// and where the JSON report has its figures.
package struct HTMLColumn: Sendable {
    /// The column's heading: `policy apple-sample`, `arm early of ask-earlier`.
    package var label: String
    /// Where the JSON report has this result: `policy`, `baseline`, `policy.arms.2`.
    package var path: FigurePath
    /// The counts.
    package var result: SimulationReport.PolicyResult
    /// The horizon's people and those asked within it, when the JSON report has them for this result.
    package var horizon: SimulationTally.FirstSeen?
    /// Whether the JSON report counts the people exposed for this result (a policy with an experiment, an arm).
    package var countsExposure: Bool
    /// The column this one is part of: an arm's policy or baseline (`nil` for the others).
    package var parent: FigurePath?

    /// A column of `result`, headed `label`, whose figures the JSON report has at `path`.
    package init(
        label: String, path: FigurePath, result: SimulationReport.PolicyResult,
        horizon: SimulationTally.FirstSeen? = nil, countsExposure: Bool = false, parent: FigurePath? = nil
    ) {
        self.label = label
        self.path = path
        self.result = result
        self.horizon = horizon
        self.countsExposure = countsExposure
        self.parent = parent
    }
}

extension SimulationReport {
    /// The page's columns, side by side in its table and one section (a printed page) each: the
    /// baseline, the policy, then the arms of each one's experiment, the holdout first, then under
    /// `--vary` each variant.
    package var htmlColumns: [HTMLColumn] {
        var columns: [HTMLColumn] = []
        var withArms: [(role: String, path: FigurePath, result: PolicyResult)] = []
        for (role, result) in [("baseline", baseline), ("policy", policy)] {
            guard let result else { continue }
            let path = FigurePath(role)
            columns.append(
                HTMLColumn(
                    label: "\(role) \(result.name)", path: path, result: result, horizon: horizonCounts(result),
                    countsExposure: result.arms != nil))
            if result.arms != nil { withArms.append((role, path, result)) }
        }
        for (role, path, result) in withArms {
            for (index, arm) in (result.arms ?? []).enumerated() {
                let of = result.experimentName.map { " of \($0)" } ?? ""
                columns.append(
                    HTMLColumn(
                        label: (role == "baseline" ? "baseline " : "") + "arm \(arm.name)\(of)",
                        path: path.appending("arms", String(index)), result: arm, horizon: horizonCounts(arm),
                        countsExposure: true, parent: path))
            }
        }
        // Under --vary, a column per variant after the policy as written (its arms are in the
        // variants' table and the JSON, not a column each: 256 variants of 3 arms would be 768),
        // named by its paths' short ends, which the page's legend spells out.
        let ends = Self.shortPaths(variantPaths)
        for (index, variant) in variants.enumerated() {
            columns.append(
                HTMLColumn(
                    label: "variant \(variant.variant.map { Self.shortName($0, ends: ends) } ?? String(index + 1))",
                    path: FigurePath("variants", String(index)), result: variant, horizon: horizonCounts(variant),
                    countsExposure: variant.arms != nil))
        }
        return columns
    }

    /// The report as one self-contained page (`simulate --html`): what was read, the headline figures
    /// of every column side by side, then a section per column with its charts (asks per week, days
    /// to the first ask, what blocked, people never asked), and the JSON report as data. It fetches
    /// nothing and runs no script; every figure it shows is marked with where the JSON report has it.
    package var html: String {
        let columns = htmlColumns
        var body = header + htmlSummary(columns)
        if !variants.isEmpty { body += htmlVariants }
        body += htmlFigures(columns) + htmlSettings
        body += HTML.element("div", [("class", "columns")], htmlSections(columns).joined())
        let title = "reviewgate simulate: \(policy.name)" + (baseline.map { " beside \($0.name)" } ?? "")
        return HTML.page(title: title, warns: input.warns, body: body, report: json)
    }

    /// The page's header: which policies, what was read, the horizon.
    private var header: HTML {
        var rows: [HTML] = []
        for (role, result) in [("policy", policy), ("baseline", baseline)] {
            guard let result else { continue }
            rows.append(HTML.readRow(role, name: result.name, path: result.path, digest: result.digest))
        }
        rows += input.htmlRows(people: FigurePath("policy", "people"), policy.tally.people)
        if let horizon {
            rows.append(
                HTML.element("dt", [], "horizon") + HTML.element("dd", [], HTML(text: horizonTitle(horizon))))
        }
        // The baseline's and the policy's experiment; a variant's people exposed are in the headline figures.
        for (role, result) in [("baseline", baseline), ("policy", policy)] {
            guard let result, result.arms != nil else { continue }
            let tally = result.tally
            let share = tally.people == 0 ? 0 : Double(tally.peopleExposed) * 100 / Double(tally.people)
            let exposed = HTML.figure(FigurePath(role, "people_exposed"), Self.grouped(tally.peopleExposed))
            let rest = HTML(
                text: " of \(Self.grouped(tally.people)) people ever exposed (\(Self.percent(share))): only they were"
                    + " treated differently")
            rows.append(
                HTML.element("dt", [], "experiment")
                    + HTML.element("dd", [], HTML(text: (result.experimentName ?? "") + ", ") + exposed + rest))
        }
        let title: HTML =
            "What " + HTML(text: policy.name) + " would do"
            + (baseline.map { ", beside " + HTML(text: $0.name) } ?? "")
        return HTML.header(
            title: title,
            lede: "Usage replayed through each policy exactly as <code>reviewgate record</code> would, person"
                + " by person (<code>reviewgate simulate</code>). Every figure is the JSON report's, kept"
                + " in this page.",
            rows: rows)
    }

    /// `the first 30 days, of people first seen by 2026-01-15 (data to 2026-01-22)`.
    func horizonTitle(_ horizon: Horizon) -> String {
        let before = results.contains { $0.tally.peopleBeforeStart > 0 }
        return "the first \(Self.days(horizon.days)), of people "
            + horizon.cohortWords(latest: latest, start: start, saysStart: before || since != nil)
    }
}

extension HTML {
    /// A whole page of `body`, titled `title`, with the JSON `report` kept in it as data: one style
    /// sheet (with the warnings' rule when the header `warns`, then `more` rules of the page's own),
    /// and a policy that lets it fetch nothing.
    static func page(title: String, warns: Bool, body: HTML, report: JSONValue, style more: HTML = "") -> String {
        let style: HTML = (warns ? HTMLStyle.css + HTMLStyle.warningCSS : HTMLStyle.css) + more
        let head: HTML =
            "<meta charset=\"utf-8\">\n"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + HTML.element("title", [], HTML(text: title)) + "\n" + HTML.element("style", [], style) + "\n"
        let page: HTML =
            "<!DOCTYPE html>\n" + "<html lang=\"en\">\n" + "<head>\n" + head + "</head>\n" + "<body>\n" + body + "\n"
            + HTML.data(JSONWriter(pretty: false).string(report)) + "\n" + "</body>\n" + "</html>\n"
        return page.markup
    }
}

extension HTML {
    /// A page's header: `first` (a warning, when there is one), the title, the lede, and the rows
    /// of what was read.
    static func header(title: HTML, lede: HTML, rows: [HTML], first: HTML = "") -> HTML {
        element(
            "header", [],
            first + element("h1", [], title) + element("p", [("class", "lede")], lede)
                + element("dl", [("class", "read")], rows.joined()))
    }

    /// The header's row of a policy or a budget read: its role, then its name, path and digest.
    static func readRow(_ role: String, name: String, path: String, digest: String?) -> HTML {
        let digest = digest.map { " " + HTML.element("code", [], HTML(text: $0)) } ?? ""
        return HTML.element("dt", [], HTML(text: role))
            + HTML.element(
                "dd", [],
                HTML.element("strong", [], HTML(text: name)) + " " + HTML.element("code", [], HTML(text: path))
                    + digest)
    }
}

extension SimulationReport.Input {
    /// The header's rows of what was read: the sources, events, lines, `people` (whose figure the
    /// JSON report has at `path`) and lines skipped; then the versions and each warning.
    func htmlRows(people path: FigurePath, _ people: Int) -> [HTML] {
        typealias Words = SimulationReport
        let shownSources = sources.map { $0 == "-" ? "standard input" : $0 }
        let shown = shownSources.prefix(10).map { HTML.element("code", [], HTML(text: $0)) }.joined(separator: ", ")
        let more = HTML(text: shownSources.count > 10 ? " and \(Words.grouped(shownSources.count - 10)) more" : "")
        let read: HTML =
            shown + more + ": " + HTML.figure(FigurePath("input", "events"), Words.grouped(events)) + " events ("
            + HTML.figure(FigurePath("input", "lines"), Words.grouped(lines)) + " lines), "
            + HTML.figure(path, Words.grouped(people)) + " people, "
            + HTML.figure(FigurePath("input", "skipped"), Words.grouped(skipped)) + " lines skipped"
            + HTML(text: unreplayed)
        var rows = [HTML.element("dt", [], "read") + HTML.element("dd", [], read)]
        for line in versionLines {
            rows.append(HTML.element("dt", [], "version") + HTML.element("dd", [], HTML(text: line)))
        }
        if let duplicateMessage {
            let kind = duplicatesDropped ? "note" : "warning"
            rows.append(
                HTML.element("dt", [("class", kind)], HTML(text: kind))
                    + HTML.element("dd", [("class", kind)], HTML(text: duplicateMessage)))
        }
        for warning in warnings {
            let at = warning.at.map { HTML.element("code", [], HTML(text: $0)) + ": " } ?? ""
            rows.append(
                HTML.element("dt", [("class", "warning")], "warning")
                    + HTML.element(
                        "dd", [("class", "warning")], at + HTML(text: warning.message(frequentEvents: frequentEvents))))
        }
        return rows
    }
}
