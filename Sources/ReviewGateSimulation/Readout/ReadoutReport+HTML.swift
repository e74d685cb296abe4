@_spi(ReviewGateTools) import ReviewGate

extension ReadoutReport {
    private typealias Words = SimulationReport

    /// The readout as one self-contained page (`readout --html`): the sample ratio warning first when
    /// there is one, what was read, then a section per outcome with a sentence per comparison, the
    /// differences drawn with their 95% intervals as error bars (triggered and by assignment), and
    /// the tables; the JSON readout as data. It fetches nothing and runs no script; a count is marked
    /// with where the JSON has it (`data-figure`), a rounded figure with the member it rounds
    /// (`data-rounded`).
    package var html: String {
        let body = header + outcomes.indices.map(section).joined() + HTML.element("p", [("class", "note")], caveat)
        return HTML.page(
            title: "reviewgate readout: \(experiment)",
            warns: mismatch != nil || input.warns || tally.armsDiffering > 0, body: body,
            report: json, style: Self.css)
    }

    /// The page's own rules: the error bars.
    private static let css: HTML = """

        svg .interval { stroke: #0072b2; stroke-width: 3; }
        svg .interval.assigned { stroke: #d55e00; }
        svg .point { fill: #1a1a1a; }
        p.warning { color: #a0361d; font-weight: 600; }
        section.outcome { border-top: 3px solid #1a1a1a; padding-top: 8px; margin-top: 18px; }
        @media print { section.outcome { break-before: page; page-break-before: always; border-top: none; } }
        """

    private var caveat: HTML {
        HTML(
            text:
                "Differences are in percentage points, the arm's share minus the share of the group it is against. The 95% interval (Newcombe's hybrid score) and the p-value (pooled z test) come from different methods and may disagree near 0.05, and nothing corrects for reading several outcomes or comparisons at once."
        )
    }

    private var header: HTML {
        var rows = [HTML.readRow("policy", name: policy.name, path: policy.path, digest: policy.digest)]
        if let budget {
            rows.append(HTML.readRow("budget", name: budget.name, path: budget.path, digest: budget.digest))
            rows.append(
                HTML.element("dt", [], "prompt")
                    + HTML.element("dd", [], HTML(text: "\(budget.prompt): each person replayed under the budget")))
        }
        rows += input.htmlRows(people: FigurePath("people"), tally.groups.reduce(0) { $0 + $1.assigned })
        let ended = end.map { $0.description + (until == nil ? " (the latest line)" : " (--until)") } ?? "-"
        rows.append(HTML.element("dt", [], "observed to") + HTML.element("dd", [], HTML(text: ended)))
        var windows: HTML = HTML(
            text:
                "\(Words.days(withinDays)) after each trigger; by assignment, \(Words.days(assignedWithinDays)) after the first line"
        )
        if let late = lateExposureShare {
            windows +=
                " (" + HTML.rounded(FigurePath("late_exposure_share"), Words.percent(late * 100))
                + HTML(text: " of exposures came after day \(assignedWithinDays - withinDays))")
        }
        rows.append(HTML.element("dt", [], "windows") + HTML.element("dd", [], windows))
        let ratio: HTML =
            HTML(text: sampleRatioVerdict + ": assignment ")
            + Self.p(FigurePath("sample_ratio", "assignment_p"), assignmentP)
            + " (people against the bucket shares), exposure "
            + Self.p(FigurePath("sample_ratio", "exposure_p"), exposureP) + " (exposed across the arms)"
        rows.append(HTML.element("dt", [], "sample ratio") + HTML.element("dd", [], ratio))
        if tally.armsDiffering > 0 {
            rows.append(
                HTML.element("dt", [("class", "warning")], "logged arms")
                    + HTML.element(
                        "dd", [("class", "warning")],
                        HTML.figure(FigurePath("arms_differing"), Words.grouped(tally.armsDiffering))
                            + " people logged an arm other than their bucket's: counted and replayed in the arm they logged"
                    ))
        }
        var top: HTML = ""
        if let mismatch { top = HTML.element("p", [("class", "warning")], HTML(text: "Warning: " + mismatch)) }
        return HTML.header(
            title: "What the experiment " + HTML(text: experiment) + " did",
            lede: "Each person's logged usage replayed under their own arm exactly as <code>reviewgate record</code>"
                + " would. Each comparison counts both of its groups from the first moment its two arms"
                + " differed for the person, when the change first touched them; by assignment counts"
                + " everyone from their first line. Every figure is the JSON readout's, kept in this page.",
            rows: rows, first: top)
    }

    /// An outcome's section: a sentence per comparison, the error bars, the groups and the comparisons.
    private func section(_ outcome: Int) -> HTML {
        let path = FigurePath("outcomes", String(outcome))
        let name = outcomes[outcome].description
        var body = HTML.element(
            "h2", [],
            HTML(text: "\(name) within \(Words.days(withinDays)) of the moment the arms first differ for a person"))
        for index in comparisons.indices { body += HTML.element("p", [("class", "summary")], sentence(index, outcome)) }
        if !comparisons.isEmpty {
            body += HTML.element(
                "figure", [],
                HTML.element(
                    "figcaption", [],
                    "Difference in percentage points with its 95% interval: among the people the trigger reached (blue), and by assignment (orange)"
                )
                    + errorBars(outcome))
        }
        body += HTML.element(
            "p", [("class", "note")],
            HTML(
                text:
                    "This table counts each group from its exposure, the first moment any of the arms differ for a person (exposed), among those whose \(Words.days(withinDays)) end before the data does (observable). The sentences above and the comparisons below count each comparison's two groups from that comparison's own trigger, so their rates may differ from these."
            ))
        body += HTML.element("div", [("class", "scroll")], groupTable(outcome, path: path))
        if !comparisons.isEmpty {
            body += HTML.element("div", [("class", "scroll")], comparisonTable(outcome, path: path))
        }
        if planEffect != nil { body += HTML.element("div", [("class", "scroll")], planTable(outcome, path: path)) }
        return HTML.element("section", [("class", "outcome")], body)
    }

    /// `Among the people who reached their 3rd process_completed, where third asks and fifth waits
    /// for the 5th: in fifth, 27.9% of 222 had survey_completed within 14 days; in third, 18.9% of
    /// 175: +9.1 points (95% interval +0.6 to +17.1; p = 0.035). By assignment (...): +4.8 points (...).`
    /// Each rate is this comparison's, among the people its trigger reached.
    private func sentence(_ index: Int, _ outcome: Int) -> HTML {
        let comparison = comparisons[index]
        let (arm, against) = (groups[comparison.arm], groups[comparison.against])
        let path = FigurePath("outcomes", String(outcome), "comparisons", String(index))
        let difference = triggered(index, outcome: outcome)
        guard difference.points != nil else {
            return HTML(
                text:
                    "\(arm) against \(against): one of the two groups has no one observable \(Words.days(withinDays)) after the trigger (the trigger reached no one, or too close to the end of the data)."
            )
        }
        let share = { (share: ReadoutTally.Share) in
            Words.percent(Double(share.withOutcome) * 100 / Double(max(1, share.observable)))
        }
        let reached =
            index < triggerWords.count && triggerWords[index] != nil
            ? triggerWords[index]! : "a moment that \(arm) and \(against) decide differently"
        var text: HTML =
            HTML(
                text:
                    "Among the people who reached \(reached): in \(arm), \(share(difference.arm)) of \(Words.grouped(difference.arm.observable)) had \(outcomes[outcome]) within \(Words.days(withinDays)); in \(against), \(share(difference.against)) of \(Words.grouped(difference.against.observable)): "
            )
            + Self.figures(difference, path: path) + "."
        if byAssignment(index, outcome: outcome).points != nil {
            text +=
                HTML(
                    text:
                        " By assignment (everyone assigned, within \(Words.days(assignedWithinDays)) of their first line): "
                )
                + Self.figures(byAssignment(index, outcome: outcome), path: path.appending("by_assignment")) + "."
        }
        return text
    }

    /// `+9.1 points (95% interval +0.6 to +17.1; p = 0.035)`, each figure marked.
    private static func figures(_ difference: Difference, path: FigurePath) -> HTML {
        guard let points = difference.points else { return "-" }
        var text = HTML.rounded(path.appending("difference_pp"), Words.signed(points)) + " points"
        if let interval = difference.interval {
            text +=
                " (95% interval " + HTML.rounded(path.appending("interval_pp", "0"), Words.signed(interval.lowerBound))
                + " to " + HTML.rounded(path.appending("interval_pp", "1"), Words.signed(interval.upperBound))
                + "; " + p(path.appending("p_value"), difference.pValue) + ")"
        }
        return text
    }

    /// A p-value as the page shows it (`0.035`, `< 0.001`, `-`), marked.
    private static func probability(_ path: FigurePath, _ value: Double?) -> HTML {
        HTML.rounded(path, ReadoutReport.probability(value))
    }

    /// `p = 0.035`, `p < 0.001`: a p-value in a sentence, its figure marked.
    private static func p(_ path: FigurePath, _ value: Double?) -> HTML {
        let shown = ReadoutReport.probability(value)
        return HTML(text: ReadoutReport.pRelation(shown)) + HTML.rounded(path, shown)
    }

    /// Each comparison's difference with its interval, triggered and by assignment, on one axis of
    /// percentage points through 0.
    private func errorBars(_ outcome: Int) -> HTML {
        let rows = comparisons.indices.flatMap { index in
            [(index, false, triggered(index, outcome: outcome)), (index, true, byAssignment(index, outcome: outcome))]
        }
        let largest =
            rows.flatMap { row in
                [row.2.points, row.2.interval?.lowerBound, row.2.interval?.upperBound].compactMap { $0.map(abs) }
            }.max() ?? 1
        let axis = SVGChart.axis(upTo: Int(largest.rounded(.up)), ticks: 3)
        let (left, right, rowHeight, top) = (200.0, 620.0, 22.0, 8.0)
        let center = (left + right) / 2
        let x = { (value: Double) in center + value / Double(axis.top) * (right - center) }
        let height = top + Double(rows.count) * rowHeight + 34
        var chart = SVGChart(width: 640, height: Int(height))
        let bottom = top + Double(rows.count) * rowHeight
        var tick = -axis.top
        while tick <= axis.top {
            chart.line(from: (x(Double(tick)), top), to: (x(Double(tick)), bottom), kind: tick == 0 ? "axis" : "grid")
            chart.text(
                HTML(text: (tick > 0 ? "+" : "") + String(tick)), x: x(Double(tick)), y: bottom + 14, anchor: .middle,
                kind: "tick")
            tick += axis.step
        }
        chart.text("percentage points", x: center, y: bottom + 28, anchor: .middle, kind: "head")
        for (row, (index, assigned, difference)) in rows.enumerated() {
            let y = top + Double(row) * rowHeight
            let comparison = comparisons[index]
            let label =
                assigned ? "by assignment" : "\(groups[comparison.arm]) - \(groups[comparison.against]), triggered"
            chart.text(HTML(text: label), x: assigned ? 12 : 0, y: y + 15, kind: "label")
            guard let points = difference.points, let interval = difference.interval else { continue }
            chart.line(
                from: (x(interval.lowerBound), y + 11), to: (x(interval.upperBound), y + 11),
                kind: assigned ? "interval assigned" : "interval")
            chart.rect(x: x(points) - 3, y: y + 8, width: 6, height: 6, kind: "point")
        }
        return chart.svg(
            label: "differences in percentage points with their 95% intervals: "
                + comparisons.map { "\(groups[$0.arm]) - \(groups[$0.against])" }.joined(separator: ", "))
    }

    private func groupTable(_ outcome: Int, path: FigurePath) -> HTML {
        let head = [
            "group", "assigned", "exposed", "observable", "with it", "share", "by assignment: observable", "with it",
            "share",
        ]
        var rows: [HTML] = []
        for (index, counts) in tally.groups.enumerated() where bucketShares[index] > 0 || counts.assigned > 0 {
            let at = path.appending("arms", String(index))
            var cells: HTML = HTML.element("th", [], HTML(text: groups[index]))
            cells += HTML.element("td", [], HTML.figure(at.appending("assigned"), Words.grouped(counts.assigned)))
            cells += HTML.element("td", [], HTML.figure(at.appending("exposed"), Words.grouped(counts.exposed)))
            cells += Self.shareCells(counts.triggered[outcome], at: at)
            cells += Self.shareCells(counts.byAssignment[outcome], at: at.appending("by_assignment"))
            rows.append(HTML.element("tr", [], cells))
        }
        return Self.table(head, rows)
    }

    private func comparisonTable(_ outcome: Int, path: FigurePath) -> HTML {
        let head = [
            "comparison", "triggered", "observable", "with it", "difference", "95% interval", "p", "by assignment",
            "95% interval", "p",
        ]
        var rows: [HTML] = []
        for index in comparisons.indices {
            let at = path.appending("comparisons", String(index))
            let difference = triggered(index, outcome: outcome)
            let pair = { (key: String, arm: Int, against: Int) -> HTML in
                HTML.element(
                    "td", [],
                    HTML.figure(at.appending(key, "arm"), Words.grouped(arm)) + " / "
                        + HTML.figure(at.appending(key, "against"), Words.grouped(against)))
            }
            var cells: HTML = HTML.element(
                "th", [], HTML(text: "\(groups[comparisons[index].arm]) - \(groups[comparisons[index].against])"))
            let sides = tally.comparisons[index].sides
            cells += pair("exposed", sides[0].triggered, sides[1].triggered)
            cells += pair("observable", difference.arm.observable, difference.against.observable)
            cells += pair("with_outcome", difference.arm.withOutcome, difference.against.withOutcome)
            cells += Self.differenceCells(difference, at: at)
            cells += Self.differenceCells(byAssignment(index, outcome: outcome), at: at.appending("by_assignment"))
            rows.append(HTML.element("tr", [], cells))
        }
        return Self.table(head, rows)
    }

    private func planTable(_ outcome: Int, path: FigurePath) -> HTML {
        let head = [
            "to detect \(Words.signed(planEffect ?? 0)) points", "triggered", "people to assign", "days",
            "by assignment", "days",
        ]
        var rows: [HTML] = []
        for index in comparisons.indices {
            let at = path.appending("plan", String(index))
            let plan = self.plan(index, outcome: outcome)
            let cell = { (key: String, value: Int?) -> HTML in
                HTML.element("td", [], HTML.figure(at.appending(key), value.map(Words.grouped) ?? "-"))
            }
            var cells: HTML = HTML.element(
                "th", [], HTML(text: "\(groups[comparisons[index].arm]) - \(groups[comparisons[index].against])"))
            cells += cell("triggered_needed", plan?.triggeredNeeded) + cell("people_triggered", plan?.peopleTriggered)
            cells += cell("days", plan?.days) + cell("people_by_assignment", plan?.peopleByAssignment)
            cells += cell("days_by_assignment", plan?.daysByAssignment)
            rows.append(HTML.element("tr", [], cells))
        }
        return HTML.element(
            "p", [("class", "note")],
            "80% power, α = 0.05 two-sided, days at the input's rate of new people; people are the comparison's two groups together"
        )
            + Self.table(head, rows)
    }

    private static func table(_ head: [String], _ rows: [HTML]) -> HTML {
        let headCells = head.enumerated().map { index, text in
            HTML.element("th", index == 0 ? [("class", "text")] : [], HTML(text: text))
        }.joined()
        return HTML.element(
            "table", [],
            HTML.element("thead", [], HTML.element("tr", [], headCells)) + HTML.element("tbody", [], rows.joined()))
    }

    private static func shareCells(_ share: ReadoutTally.Share, at path: FigurePath) -> HTML {
        let shown =
            share.observable == 0 ? "-" : Words.percent(Double(share.withOutcome) * 100 / Double(share.observable))
        return HTML.element("td", [], HTML.figure(path.appending("observable"), Words.grouped(share.observable)))
            + HTML.element("td", [], HTML.figure(path.appending("with_outcome"), Words.grouped(share.withOutcome)))
            + HTML.element("td", [], HTML.rounded(path.appending("share"), shown))
    }

    private static func differenceCells(_ difference: Difference, at path: FigurePath) -> HTML {
        let interval: HTML =
            difference.interval.map {
                HTML.rounded(path.appending("interval_pp", "0"), Words.signed($0.lowerBound)) + " to "
                    + HTML.rounded(path.appending("interval_pp", "1"), Words.signed($0.upperBound))
            } ?? HTML.rounded(path.appending("interval_pp"), "-")
        return HTML.element(
            "td", [], HTML.rounded(path.appending("difference_pp"), difference.points.map(Words.signed) ?? "-"))
            + HTML.element("td", [], interval)
            + HTML.element("td", [], probability(path.appending("p_value"), difference.pValue))
    }
}

extension HTML {
    /// A figure shown rounded (`27.9%`, `+9.1`, `0.035`, `< 0.001`, `-`), marked with the member of the
    /// JSON report it rounds: a share shown as a percentage is the member times 100.
    static func rounded(_ path: FigurePath, _ shown: String, tag: String = "span") -> HTML {
        element(tag, [("data-rounded", path.text)], HTML(text: shown))
    }
}
