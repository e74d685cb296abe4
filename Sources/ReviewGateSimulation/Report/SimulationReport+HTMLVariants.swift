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
            let cells: [HTML] = [
                asked + " (" + share + ")",
                HTML.figure(path.appending("asks"), Self.grouped(tally.asks)),
                HTML.figure(path.appending("days_to_first_ask", "p50"), p50),
            ]
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
                ["variant", "people asked", "asks", "p50 days to first ask", "top blocker"].map {
                    HTML.element(
                        "th", $0 == "people asked" || $0 == "asks" || $0.hasPrefix("p50") ? [] : [("class", "text")],
                        HTML(text: $0))
                }.joined()))
        return HTML.element("h2", [], HTML(text: "Variants (\(Self.grouped(variants.count)))"))
            + HTML.element(
                "p", [("class", "note")],
                "One row per variant, in the order of the --vary options, after the policy as written.")
            + HTML.element(
                "div", [("class", "scroll")],
                HTML.element("table", [], head + HTML.element("tbody", [], rows.joined())))
    }
}
