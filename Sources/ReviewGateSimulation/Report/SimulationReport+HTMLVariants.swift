extension SimulationReport {
    /// Under `--vary`, the variants' table as the text report has it: a row per variant after the
    /// policy as written (people asked, asks, days to the first ask p50, the top blocker), and under
    /// an experiment a row per arm beneath each; every figure marked with where the JSON report has it.
    var htmlVariants: HTML {
        var rows: [HTML] = []
        func row(_ label: String, _ result: PolicyResult, _ path: FigurePath, sub: Bool) -> HTML {
            let tally = result.tally
            let p50 = tally.firstAskPercentile(0.5).map(String.init) ?? "-"
            let asked = HTML.figure(path.appending("people_asked"), Self.grouped(tally.peopleAsked))
            let share = HTML.figure(path.appending("people_asked_percent"), Self.percent(result.askedPercent))
            var cells: [HTML] = [
                asked + " (" + share + ")",
                HTML.figure(path.appending("asks"), Self.grouped(tally.asks)),
                HTML.figure(path.appending("days_to_first_ask", "p50"), p50),
            ]
            // The text report's `in N d` column: the horizon's cohort asked within it.
            if horizon != nil {
                let counts = horizonCounts(result) ?? SimulationTally.FirstSeen()
                let percent = counts.people == 0 ? 0 : Double(counts.asked) * 100 / Double(counts.people)
                cells.append(
                    HTML.figure(
                        path.appending("within_days", "asked_percent"), Self.percent((percent * 10).rounded() / 10)))
            }
            return HTML.element(
                "tr", [],
                HTML.element("th", sub ? [("class", "sub")] : [], HTML(text: label))
                    + cells.map { HTML.element("td", [], $0) }.joined()
                    + HTML.element("td", [("class", "text")], HTML(text: Self.topBlocker(tally))))
        }
        for (index, result) in ([policy] + variants).enumerated() {
            let path = index == 0 ? FigurePath("policy") : FigurePath("variants", String(index - 1))
            rows.append(row(result.variant?.name ?? "as written", result, path, sub: false))
            for (armIndex, arm) in (result.arms ?? []).enumerated() {
                rows.append(row(arm.name, arm, path.appending("arms", String(armIndex)), sub: true))
            }
        }
        let head = HTML.element(
            "thead", [],
            HTML.element(
                "tr", [],
                (["variant", "people asked", "asks", "p50 days to first ask"]
                    + (horizon.map { ["asked in \(Self.days($0.days))"] } ?? []) + ["top blocker"]).map {
                        HTML.element(
                            "th", $0 == "variant" || $0 == "top blocker" ? [("class", "text")] : [], HTML(text: $0))
                    }.joined()))
        return HTML.element("h2", [], HTML(text: "Variants (\(Self.grouped(variants.count)))"))
            + HTML.element(
                "figure", [],
                HTML.element("figcaption", [], "Share of people asked, per variant") + variantsChart)
            + HTML.element(
                "p", [("class", "note")],
                "One row per variant, in the order of the --vary options, after the policy as written.")
            + HTML.element(
                "div", [("class", "scroll")],
                HTML.element("table", [], head + HTML.element("tbody", [], rows.joined())))
    }

    /// One bar per variant, the policy as written first, then in the order of the `--vary` options:
    /// the share of people asked, each bar labelled with its settings, on one axis from 0 to 100%.
    private var variantsChart: HTML {
        // Named by their paths' short ends, as the headline columns are (the table spells them out).
        let ends = Self.shortPaths(variantPaths)
        let rows =
            [(name: "as written", result: policy, path: FigurePath("policy"))]
            + variants.enumerated().map {
                (
                    name: $0.element.variant.map { Self.shortName($0, ends: ends) } ?? String($0.offset + 1),
                    result: $0.element, path: FigurePath("variants", String($0.offset))
                )
            }
        let longest = Double(rows.map(\.name.count).max() ?? 10)
        let left = min(400, max(120, longest * 6.6 + 12))
        // On the page's 640 units, as its other charts are (a narrower chart would be drawn larger).
        let (right, rowHeight, top) = (580.0, 20.0, 18.0)
        var chart = SVGChart(width: 640, height: Int(top + Double(rows.count) * rowHeight + 30))
        let bottom = top + Double(rows.count) * rowHeight
        for percent in stride(from: 0, through: 100, by: 25) {
            let x = left + Double(percent) / 100 * (right - left)
            chart.line(from: (x, top), to: (x, bottom), kind: percent == 0 ? "axis" : "grid")
            chart.text(HTML(text: "\(percent)%"), x: x, y: bottom + 14, anchor: .middle, kind: "tick")
        }
        chart.text("people asked, % of people", x: right, y: bottom + 28, anchor: .end, kind: "head")
        for (index, row) in rows.enumerated() {
            let y = top + Double(index) * rowHeight
            chart.text(HTML(text: row.name), x: left - 8, y: y + 14, anchor: .end, kind: "label")
            let share = row.result.askedPercent
            let width = share / 100 * (right - left)
            chart.rect(x: left, y: y + 4, width: width, height: rowHeight - 8, kind: "bar")
            chart.text(
                HTML.figure(row.path.appending("people_asked_percent"), Self.percent(share), tag: "tspan"),
                x: left + width + 5, y: y + 14, kind: "value")
        }
        return chart.svg(label: "share of people asked per variant: " + rows.map(\.name).joined(separator: ", "))
    }
}
