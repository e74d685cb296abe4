@_spi(ReviewGateTools) import ReviewGate

/// Horizontal bars by name, the same rows in every column: what blocked the trigger moments that
/// did not ask (moments and people, each on its own axis shared by the columns), or the people never
/// asked by why (as a share of the column's people, so that columns of any size compare).
struct RowChart {
    /// The rows: an index into the tally's counts, and its name.
    let rows: [(index: Int, name: String)]
    /// Whether the rows are blockers (moments and people) or reasons (people).
    let blocking: Bool
    /// The largest moments and people any column has in a row (blockers).
    let largest: (moments: Int, people: Int)

    private static let width = 600
    private static let rowHeight = 24.0
    private static let head = 18.0

    /// The blockers that blocked a moment in any of `tallies`, in evaluation order.
    static func blockers(_ tallies: [SimulationTally]) -> RowChart {
        let rows = Blocker.allCases.indices.filter { index in tallies.contains { $0.blockedBy[index].moments > 0 } }
        let moments = tallies.flatMap { tally in rows.map { tally.blockedBy[$0].moments } }.max() ?? 0
        let people = tallies.flatMap { tally in rows.map { tally.blockedBy[$0].people } }.max() ?? 0
        return RowChart(
            rows: rows.map { ($0, Blocker.allCases[$0].id) }, blocking: true, largest: (moments, people))
    }

    /// The reasons people were never asked: `never_reached`, then those of anyone in `tallies`.
    static func reasons(_ tallies: [SimulationTally]) -> RowChart {
        let rows = SimulationTally.NeverAsked.ids.indices.filter { index in
            index == SimulationTally.NeverAsked.neverReached || tallies.contains { $0.neverAsked[index] > 0 }
        }
        return RowChart(rows: rows.map { ($0, SimulationTally.NeverAsked.ids[$0]) }, blocking: false, largest: (0, 0))
    }

    /// The chart of `column`'s rows.
    func svg(_ column: HTMLColumn) -> HTML {
        guard !rows.isEmpty else {
            return HTML.element("p", [("class", "none")], "every trigger moment asked")
        }
        let tally = column.result.tally
        // The blockers' two axes are named over them.
        let head = blocking ? Self.head : 0
        var chart = SVGChart(width: Self.width, height: Int(head + Double(rows.count) * Self.rowHeight + 4))
        if blocking {
            chart.text(HTML(text: "moments"), x: 170, y: 12, kind: "head")
            chart.text(HTML(text: "people"), x: 400, y: 12, kind: "head")
        }
        for (row, (index, name)) in rows.enumerated() {
            let y = head + Double(row) * Self.rowHeight
            let label =
                blocking
                ? name
                : index == SimulationTally.NeverAsked.neverReached
                    ? Self.neverReached(column) : "blocked by \(name)"
            chart.text(HTML(text: label), x: 0, y: y + 16, kind: "label")
            if blocking {
                let counts = tally.blockedBy[index]
                let path = column.path.appending("blocked_by", name)
                let title =
                    "\(name) blocked \(SimulationReport.grouped(counts.moments)) moments a trigger heard, of "
                    + SimulationReport.people(counts.people)
                chart.group(title: HTML.element("title", [], HTML(text: title))) { group in
                    group.rect(x: 0, y: y, width: Double(Self.width), height: Self.rowHeight, kind: "hit")
                    Self.bar(
                        counts.moments, of: largest.moments, at: (170, y), length: 150, kind: "moments",
                        HTML.figure(path.appending("moments"), SimulationReport.grouped(counts.moments), tag: "tspan"),
                        on: &group)
                    Self.bar(
                        counts.people, of: largest.people, at: (400, y), length: 130, kind: "people",
                        HTML.figure(path.appending("people"), SimulationReport.grouped(counts.people), tag: "tspan"),
                        on: &group)
                }
            } else {
                let count = tally.neverAsked[index]
                let share = tally.people == 0 ? 0 : Double(count) * 100 / Double(tally.people)
                let value =
                    HTML.figure(
                        column.path.appending("never_asked", name), SimulationReport.grouped(count), tag: "tspan")
                    + HTML(text: " (\(SimulationReport.percent(share)))")
                // Scaled as shares of the column's people: 100% is the whole length.
                Self.bar(
                    Int((share * 10).rounded()), of: 1000, at: (200, y), length: 290, kind: "never", value, on: &chart)
            }
        }
        let what =
            blocking ? "moments a trigger heard and people, by what blocked them" : "people never asked by why"
        return chart.svg(label: "\(what): \(rows.map(\.name).joined(separator: ", "))")
    }

    /// `never reached at_least 4`: the reason of people whose count never passed, in the policy's
    /// words when it has one trigger.
    private static func neverReached(_ column: HTMLColumn) -> String {
        column.result.triggers.count == 1
            && !SimulationReport.armsDiffer(on: column.result.triggers[0].id, in: column.result)
            ? "never reached \(column.result.triggers[0].rule)" : "never reached a count rule"
    }

    /// A bar of `value` out of `largest` at `origin` (a row's top left), `length` long at the
    /// largest, with `text` (HTML) after it.
    private static func bar(
        _ value: Int, of largest: Int, at origin: (x: Double, y: Double), length: Double, kind: String,
        _ text: HTML, on chart: inout SVGChart
    ) {
        let size = largest == 0 ? 0 : Double(value) / Double(largest) * length
        chart.rect(x: origin.x, y: origin.y + 5, width: size, height: rowHeight - 10, kind: kind)
        chart.text(text, x: origin.x + size + 5, y: origin.y + 16, kind: "value")
    }
}
