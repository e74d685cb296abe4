/// Days from first seen to first ask: the text report's histogram (``Histogram``), each bin's
/// people written over its bar, and dashed lines at p10, p50 and p90. Every column has the same bins
/// and the same axis, from day 0 to the latest first ask of any (so the bins are wider than the text
/// report's for a column whose first asks end sooner), so that side by side they compare.
struct FirstAskChart {
    /// The last day drawn: the latest first ask of any column (`nil` when nobody was asked).
    let lastDay: Int?
    /// The axis's top and step: the largest bin of any column.
    let axis: (top: Int, step: Int)

    private static let width = 600
    private static let height = 224
    /// The margins around the bars: counts on the left, the percentiles' names above, the days under.
    private static let left = 52.0
    private static let right = 10.0
    private static let top = 46.0
    private static let bottom = 44.0

    /// The chart's axes for `tallies`.
    init(_ tallies: [SimulationTally]) {
        let lastDay = tallies.compactMap { $0.firstAskDays.lastIndex { $0 > 0 } }.max()
        let largest = tallies.map { Histogram.bins($0.firstAskDays, through: lastDay).counts.max() ?? 0 }.max()
        (self.lastDay, axis) = (lastDay, SVGChart.axis(upTo: largest ?? 1))
    }

    /// The chart of `column`'s first asks, and a line under it with p10, p50 and p90.
    func html(_ column: HTMLColumn) -> HTML {
        let tally = column.result.tally
        let (binWidth, bins) = Histogram.bins(tally.firstAskDays, through: lastDay)
        guard !bins.isEmpty else { return HTML.element("p", [("class", "none")], "nobody was asked") }
        var chart = SVGChart(width: Self.width, height: Self.height)
        let plotBottom = Double(Self.height) - Self.bottom
        let plotWidth = Double(Self.width) - Self.left - Self.right
        // Room over the tallest bar for its count.
        let barTop = Self.top + 14
        WeeklyAsksChart.drawAxis(
            axis, on: &chart, left: Self.left, right: Double(Self.width) - Self.right, top: barTop, bottom: plotBottom)
        let slot = plotWidth / Double(bins.count)
        let days = column.path.appending("days_to_first_ask", "people_by_day")
        // Every other bin's days when their labels are wider than a bin.
        let labels = bins.indices.map { Histogram.label($0, width: binWidth) }
        let labelEvery = Double(labels.map(\.count).max() ?? 0) * 6.5 > slot ? 2 : 1
        // Drawn last, over the percentiles' lines.
        var values: [(text: HTML, x: Double, y: Double)] = []
        for (index, count) in bins.enumerated() {
            let x = Self.left + Double(index) * slot
            let barHeight = Double(count) / Double(axis.top) * (plotBottom - barTop)
            let first = index * binWidth
            let range = days.appending(from: String(first), to: String(first + binWidth - 1))
            let people = count == 1 ? "1 person" : "\(SimulationReport.grouped(count)) people"
            let when = binWidth == 1 ? "on day \(first)" : "on days \(labels[index])"
            chart.group(title: HTML.element("title", [], HTML(text: "\(people) first asked \(when)"))) { group in
                group.rect(x: x, y: Self.top, width: slot, height: plotBottom - Self.top, kind: "hit")
                group.rect(
                    x: x + slot * 0.1, y: plotBottom - barHeight, width: slot * 0.8, height: barHeight, kind: "first")
            }
            values.append(
                (
                    HTML.figure(range, SimulationReport.grouped(count), tag: "tspan"), x + slot / 2,
                    plotBottom - barHeight - 4
                ))
            if index % labelEvery == 0 {
                chart.text(
                    HTML(text: labels[index]), x: x + slot / 2, y: plotBottom + 14, anchor: .middle, kind: "tick")
            }
        }
        var shown: [HTML] = []
        for (row, (name, quantile)) in HeadlineRow.percentiles.enumerated() {
            guard let day = tally.firstAskPercentile(quantile) else { continue }
            // Day `d` is the `d`th of its bin's days: a line through its place in the bin.
            let x = Self.left + (Double(day) + 0.5) / Double(binWidth) * slot
            let y = 12 + Double(row) * 12
            chart.line(from: (x, y + 2), to: (x, plotBottom), kind: "marker")
            let anchor: SVGChart.Anchor =
                x < Self.left + 30 ? .start : x > Double(Self.width) - Self.right - 30 ? .end : .middle
            chart.text(HTML(text: "\(name) \(day)"), x: x, y: y, anchor: anchor, kind: "marker")
            shown.append(
                HTML(text: "\(name) ") + HTML.figure(column.path.appending("days_to_first_ask", name), String(day))
                    + HTML(text: day == 1 ? " day" : " days"))
        }
        let label =
            "people by days from first seen to first ask, in bins of \(binWidth == 1 ? "1 day" : "\(binWidth) days")"
        for value in values { chart.text(value.text, x: value.x, y: value.y, anchor: .middle, kind: "value") }
        chart.text("people", x: 0, y: barTop - 2, kind: "head")
        chart.text(
            "days from first seen to first ask", x: Double(Self.width) - Self.right, y: plotBottom + 36, anchor: .end,
            kind: "head")
        return chart.svg(label: label) + HTML.element("p", [("class", "percentiles")], shown.joined(separator: " · "))
    }
}
