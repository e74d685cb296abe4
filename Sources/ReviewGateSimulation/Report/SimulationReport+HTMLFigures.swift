extension SimulationReport {
    /// The headline figures, a column each, as the text report's table has them: people, asked,
    /// asks (by trigger, past the OS quota), days to the first ask, trigger moments not asked, people
    /// exposed, the horizon, and people who never reached a trigger's count; beside a baseline, the change.
    func htmlFigures(_ columns: [HTMLColumn]) -> HTML {
        var table = FigureTable(columns: columns, compared: baseline != nil)
        for row in HeadlineRow.all { pageRows(row, of: columns, into: &table) }
        return HTML.element(
            "section", [("class", "figures"), ("aria-labelledby", "figures")],
            HTML.element("h2", [("id", "figures")], "Headline figures") + table.html
                + variantPathLegend.map { HTML.element("p", [("class", "note")], HTML(text: $0)) }.joined())
    }

    /// A headline row's rows in the page's table of `columns`.
    private func pageRows(_ row: HeadlineRow, of columns: [HTMLColumn], into table: inout FigureTable) {
        switch row {
        case .count(let count, let shown):
            guard shown.contains(.page) else { return }
            // The page's words for the text's `trigger moments`: the policy language has triggers that hear.
            let label = count.key == ReportCount.blockedMoments.key ? "moments a trigger heard, not asked" : count.label
            table.counts(label) { ([count.key], $0.tally[keyPath: count.field]) }
        case .peopleAsked:
            table.row(
                ReportCount.peopleAsked.label,
                columns.map { column in
                    HTML.figure(column.path.appending("people_asked"), Self.grouped(column.result.tally.peopleAsked))
                        + " ("
                        + HTML.figure(
                            column.path.appending("people_asked_percent"), Self.percent(column.result.askedPercent))
                        + ")" as HTML
                },
                change: baseline.map {
                    Self.change(policy.tally.peopleAsked - $0.tally.peopleAsked) + " ("
                        + Self.points(policy.askedPercent - $0.askedPercent) + ")"
                })
        case .asksByTrigger:
            for id in Self.union(columns.map { $0.result.triggers.map(\.id) }) {
                table.counts(HeadlineRow.Label.byTrigger(id), indented: true) { result in
                    (
                        ["asks_by_trigger", id],
                        result.triggers.firstIndex { $0.id == id }.map { result.tally.asksByTrigger[$0] }
                    )
                }
            }
        case .asksPastOSQuota:
            if columns.contains(where: \.result.modelsOSQuota) {
                // Marked where no quota is modelled too: the JSON report has null there, the page "-".
                table.counts(HeadlineRow.Label.pastOSQuota, markingNone: true) {
                    (["asks_past_os_quota"], $0.modelsOSQuota ? $0.tally.asksPastOSQuota : nil)
                }
            }
        case .firstAskPercentiles:
            for (name, quantile) in HeadlineRow.percentiles {
                table.counts(HeadlineRow.Label.percentile(name), markingNone: true) {
                    (["days_to_first_ask", name], $0.tally.firstAskPercentile(quantile))
                }
            }
        case .blockedBy, .neverAsked:
            return
        case .exposure:
            guard columns.contains(where: \.countsExposure) else { return }
            let change = baseline == nil ? nil : ""
            // Each cell "-" in a column that counts no exposure.
            func cells(_ cell: (HTMLColumn) -> HTML) -> [HTML] {
                columns.map { $0.countsExposure ? cell($0) : "-" }
            }
            func figure(_ count: ReportCount, _ column: HTMLColumn) -> HTML {
                HTML.figure(column.path.appending(count.key), Self.grouped(column.result.tally[keyPath: count.field]))
            }
            table.row(ReportCount.peopleExposed.label, cells { figure(.peopleExposed, $0) }, change: change)
            table.row(
                "asks at or after exposure, per exposed person",
                cells { HTML(text: Self.asksPerExposed($0.result.tally)) }, change: change)
            table.row(
                ReportCount.exposedPeopleAsked.label,
                cells { figure(.exposedPeopleAsked, $0) + HTML(text: " (\(Self.exposedAskedShare($0.result.tally)))") },
                change: change)
            table.row(ReportCount.asksBeforeExposure.label, cells { figure(.asksBeforeExposure, $0) }, change: change)
        case .horizon:
            guard let horizon else { return }
            table.heading(horizonTitle(horizon))
            table.row(
                "people",
                columns.map { column in
                    column.horizon.map {
                        HTML.figure(column.path.appending("within_days", "people"), Self.grouped($0.people))
                    } ?? "-"
                }, change: baseline.flatMap { horizonChange($0) { $0.people } })
            table.row(
                HeadlineRow.Label.askedWithin(Self.days(horizon.days)),
                columns.map { column in
                    column.horizon.map {
                        let percent = $0.people == 0 ? 0 : Double($0.asked) * 100 / Double($0.people)
                        let asked = HTML.figure(column.path.appending("within_days", "asked"), Self.grouped($0.asked))
                        let share = HTML.figure(
                            column.path.appending("within_days", "asked_percent"), Self.percent(percent))
                        return asked + " (" + share + ")"
                    } ?? "-"
                }, change: baseline.flatMap { horizonChange($0) { $0.asked } })
            if columns.contains(where: { $0.result.tally.peopleBeforeStart > 0 }) {
                // Apart, never as not asked: their first days are not in the data.
                table.row(
                    ReportCount.peopleBeforeStart.label,
                    columns.map { column in
                        HTML.figure(
                            column.path.appending(ReportCount.peopleBeforeStart.key),
                            Self.grouped(column.result.tally.peopleBeforeStart))
                    }, change: nil)
            }
        case .neverReached:
            table.heading(HeadlineRow.Label.neverReached)
            for id in Self.union(columns.map { $0.result.triggers.map(\.id) }) {
                // A policy whose arms count by other rules mixes them: its column says so (each arm
                // has its column, with its own rule).
                let rules = columns.map { column in
                    Self.armsDiffer(on: id, in: column.result)
                        ? "by each arm's rule" : column.result.triggers.first { $0.id == id }?.rule
                }
                let sameRule = Set(rules.compactMap { $0 }).count == 1
                table.row(
                    id + (sameRule ? " (\(rules.compactMap { $0 }[0]))" : ""),
                    columns.indices.map { index in
                        let result = columns[index].result
                        guard let trigger = result.triggers.firstIndex(where: { $0.id == id }) else { return "-" }
                        let count = result.tally.neverReached[trigger]
                        let share = result.tally.people == 0 ? 0 : Double(count) * 100 / Double(result.tally.people)
                        let rule: HTML =
                            sameRule ? "" : " " + HTML.element("small", [], HTML(text: rules[index] ?? ""))
                        return HTML.figure(columns[index].path.appending("never_reached", id), Self.grouped(count))
                            + HTML(text: " (\(Self.percent(share)))") + rule
                    }, change: nil, indented: true)
            }
        }
    }

    /// The change of a horizon's count from the baseline to the policy.
    private func horizonChange(_ baseline: PolicyResult, _ count: (SimulationTally.FirstSeen) -> Int) -> String? {
        guard let old = horizonCounts(baseline), let new = horizonCounts(policy) else { return nil }
        return Self.change(count(new) - count(old))
    }
}

/// The rows of the figures' table: a label, then a cell per column, then (beside a baseline) the
/// change. Drawn as one table, or, past ``columnsPerTable`` columns, as several that each fit a
/// printed page.
private struct FigureTable {
    /// The most columns of figures one table holds: four of them, their labels and the change fit
    /// on A4 or Letter.
    static let columnsPerTable = 4

    let columns: [HTMLColumn]
    /// Whether a column after the policy's shows the change from the baseline (the first column) to
    /// the policy (the second).
    let compared: Bool
    /// The policy's column: the second beside a baseline, else the first.
    private var policy: Int { compared ? 1 : 0 }
    private var rows: [Row] = []

    private enum Row {
        case figures(label: String, cells: [HTML], change: String?, indented: Bool)
        case heading(String)
    }

    init(columns: [HTMLColumn], compared: Bool) {
        self.columns = columns
        self.compared = compared
    }

    /// A row of cells.
    mutating func row(_ label: String, _ cells: [HTML], change: String?, indented: Bool = false) {
        rows.append(.figures(label: label, cells: cells, change: change, indented: indented))
    }

    /// A heading row, across the table.
    mutating func heading(_ text: String) {
        rows.append(.heading(text))
    }

    /// A row of counts: `figure` gives each result's key in the JSON report and its count (`nil`
    /// where it has none: `-`, marked only when `markingNone`, for a JSON `null`); the change is
    /// the policy's count less the baseline's.
    mutating func counts(
        _ label: String, indented: Bool = false, markingNone: Bool = false,
        _ figure: (SimulationReport.PolicyResult) -> (keys: [String], count: Int?)
    ) {
        var values: [Int?] = []
        let cells = columns.map { column -> HTML in
            let (keys, count) = figure(column.result)
            values.append(count)
            guard count != nil || markingNone else { return "-" }
            var path = column.path
            path.keys += keys
            return HTML.figure(path, count.map(SimulationReport.grouped) ?? "-")
        }
        var change: String?
        if compared, values.count >= 2 {
            change = values[0].flatMap { old in values[1].map { SimulationReport.change($0 - old) } } ?? ""
        }
        row(label, cells, change: change, indented: indented)
    }

    /// Which columns each table shows, by index: all of them when they fit in one; else the first
    /// table has the columns up to the policy's (a baseline and the policy) and the next ones, and
    /// each further table, for reference, the column its others belong to (an arm's policy or
    /// baseline, a variant's policy as written) beside the next ones of that column.
    var tables: [[Int]] {
        guard columns.count > Self.columnsPerTable else { return [Array(columns.indices)] }
        let lead = Array(0...policy)
        let first = Self.columnsPerTable - lead.count
        var tables = [lead + (policy + 1..<columns.count).prefix(first)]
        var rest = Array((policy + 1..<columns.count).dropFirst(first))
        while let next = rest.first {
            let reference = owner(of: next)
            let shown = rest.prefix { owner(of: $0) == reference }.prefix(Self.columnsPerTable - 1)
            tables.append([reference] + shown)
            rest.removeFirst(shown.count)
        }
        return tables
    }

    /// The column that column `index` belongs to: an arm's policy or baseline, else the policy's.
    private func owner(of index: Int) -> Int {
        guard let parent = columns[index].parent else { return policy }
        return columns.firstIndex { $0.path == parent } ?? policy
    }

    /// The tables, the change beside the policy's column in the first.
    var html: HTML {
        tables.enumerated().map { number, shown in
            let changeAfter = compared && number == 0 ? policy : nil
            var head: HTML = HTML.element("th", [("scope", "col")], "")
            for index in shown {
                // Broken at spaces only, not at a name's hyphens.
                let words = columns[index].label.split(separator: " ").map {
                    HTML.element("span", [("class", "word")], HTML(text: String($0)))
                }
                head += HTML.element("th", [("scope", "col")], words.joined(separator: " "))
                if index == changeAfter {
                    head += HTML.element("th", [("scope", "col"), ("class", "change")], "change")
                }
            }
            let body = rows.map { row in
                switch row {
                case .heading(let text):
                    return HTML.element(
                        "tr", [("class", "heading")],
                        HTML.element(
                            "th",
                            [
                                ("scope", "rowgroup"),
                                ("colspan", String(shown.count + 1 + (changeAfter == nil ? 0 : 1))),
                            ],
                            HTML(text: text)))
                case .figures(let label, let cells, let change, let indented):
                    var text: HTML = HTML.element(
                        "th", [("scope", "row")] + (indented ? [("class", "sub")] : []), HTML(text: label))
                    for index in shown {
                        text += HTML.element("td", [], cells[index])
                        if index == changeAfter {
                            text += HTML.element("td", [("class", "change")], HTML(text: change ?? ""))
                        }
                    }
                    return HTML.element("tr", [], text)
                }
            }
            return HTML.element(
                "div", [("class", "scroll")],
                HTML.element(
                    "table", [],
                    HTML.element("thead", [], HTML.element("tr", [], head))
                        + HTML.element("tbody", [], body.joined())))
        }.joined()
    }
}
