@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport {
    /// A section per column (one printed page each): asks per week, days from first seen to first
    /// ask, what blocked the trigger moments that did not ask, and the people never asked by why.
    /// Rows and axes that compare (the weeks, the days' bins, the blockers, the reasons) are the same
    /// in every section.
    func htmlSections(_ columns: [HTMLColumn]) -> [HTML] {
        let tallies = columns.map(\.result.tally)
        let weekly = WeeklyAsksChart(tallies, latest: latest)
        let firstAsks = FirstAskChart(tallies)
        let blockers = RowChart.blockers(tallies)
        let reasons = RowChart.reasons(tallies)
        return columns.map { column in
            let tally = column.result.tally
            let id = "column-\(column.path.keys.joined(separator: "-"))"
            let people = HTML.figure(column.path.appending("people"), Self.grouped(tally.people))
            let asked = HTML.figure(column.path.appending("people_asked"), Self.grouped(tally.peopleAsked))
            let share = HTML.figure(
                column.path.appending("people_asked_percent"), Self.percent(column.result.askedPercent))
            let asks = HTML.figure(column.path.appending("asks"), Self.grouped(tally.asks))
            let summary: HTML =
                people + " people, " + asked + " asked (" + share + "), " + asks + (tally.asks == 1 ? " ask" : " asks")
            let blockedMoments = HTML.figure(
                column.path.appending("blocked_moments"), Self.grouped(tally.blockedMoments))
            let blocked: HTML = "what blocked the " + blockedMoments + " moments a trigger heard without asking"
            let notAsked = tally.people - tally.peopleAsked
            return HTML.element(
                "section", [("class", "column"), ("data-column", column.path.text), ("aria-labelledby", id)],
                HTML.element("h2", [("id", id)], HTML(text: column.label))
                    + HTML.element("p", [("class", "summary")], summary)
                    + Self.figure("asks per week (UTC, weeks from Monday)", weekly.svg(column))
                    + Self.figure(
                        "days from first seen to first ask", firstAsks.html(column),
                        note: tally.peopleBeforeStart == 0 ? nil : Self.beforeStartNote(tally))
                    + Self.figure(
                        blocked, blockers.svg(column), note: "a moment blocked by two things counts under both")
                    + Self.figure(
                        HTML(text: "people never asked (\(Self.grouped(notAsked))), each once, by why"),
                        reasons.svg(column),
                        note: "why: the first check that failed at their last moment whose count passed"))
        }
    }

    /// A chart with its caption above it, and a note under it.
    private static func figure(_ caption: HTML, _ chart: HTML, note: String? = nil) -> HTML {
        HTML.element(
            "figure", [],
            HTML.element("figcaption", [], caption) + chart
                + (note.map { HTML.element("p", [("class", "note")], HTML(text: $0)) } ?? ""))
    }
}
