@_spi(ReviewGateTools) import ReviewGate

/// Asks per week over the timeline, a bar per week (UTC, from Monday), on one axis for every column
/// so that they compare: from the first week with an ask in any column to the week of the latest
/// line. Past 156 weeks, a bar holds several weeks, so that bars stay wide enough to see. A bar at
/// an edge of the timeline that holds only part of its weeks (the timeline starts or ends in it) is
/// drawn lighter and marked partial, so that it does not read as a fall.
struct WeeklyAsksChart {
    /// The first and last week drawn (``SimulationTally/week(of:)``); `nil` when nobody was asked.
    let weeks: ClosedRange<Int>?
    /// Weeks per bar.
    let weeksPerBar: Int
    /// The axis's top and step.
    let axis: (top: Int, step: Int)
    /// Where observation starts and ends: the first and last bars are partial when these fall inside
    /// them (an install from before the export's first day is not where it starts).
    let start: Timestamp?
    let latest: Timestamp?

    private static let width = 600
    private static let height = 224
    /// The margins around the bars: counts on the left, dates under.
    private static let left = 52.0
    private static let right = 10.0
    private static let top = 12.0
    private static let bottom = 50.0
    private static let maximumBars = 156

    /// The chart's axes for `tallies`, whose lines end at `latest`.
    init(_ tallies: [SimulationTally], latest: Timestamp?) {
        self.latest = latest
        start = tallies.compactMap { $0.start ?? $0.earliest }.min()
        let asked = tallies.flatMap(\.asksByWeek.keys)
        guard let first = asked.min(), let last = asked.max() else {
            (weeks, weeksPerBar, axis) = (nil, 1, (1, 1))
            return
        }
        let end = max(last, latest.map(SimulationTally.week(of:)) ?? last)
        let weeksPerBar = (end - first) / Self.maximumBars + 1
        let largest = tallies.map { Self.bars($0, first: first, weeksPerBar: weeksPerBar).values.max() ?? 0 }.max() ?? 0
        (weeks, self.weeksPerBar, axis) = (first...end, weeksPerBar, SVGChart.axis(upTo: largest))
    }

    /// Asks by bar (from 0, at `first`), only the bars with asks.
    private static func bars(_ tally: SimulationTally, first: Int, weeksPerBar: Int) -> [Int: Int] {
        var bars: [Int: Int] = [:]
        for (week, count) in tally.asksByWeek { bars[(week - first) / weeksPerBar, default: 0] += count }
        return bars
    }

    /// The chart of `column`'s asks.
    func svg(_ column: HTMLColumn) -> HTML {
        guard let weeks else { return HTML.element("p", [("class", "none")], "nobody was asked") }
        var chart = SVGChart(width: Self.width, height: Self.height)
        let plotWidth = Double(Self.width) - Self.left - Self.right
        let plotBottom = Double(Self.height) - Self.bottom
        let plotHeight = plotBottom - Self.top
        Self.drawAxis(
            axis, on: &chart, left: Self.left, right: Double(Self.width) - Self.right, top: Self.top,
            bottom: plotBottom)
        let barCount = (weeks.count - 1) / weeksPerBar + 1
        let slot = plotWidth / Double(barCount)
        let bars = Self.bars(column.result.tally, first: weeks.lowerBound, weeksPerBar: weeksPerBar)
        let labelEvery = (barCount + 7) / 8
        var lastYear = ""
        for bar in 0..<barCount {
            let firstWeek = weeks.lowerBound + bar * weeksPerBar
            let lastWeek = min(firstWeek + weeksPerBar - 1, weeks.upperBound)
            let (from, to) = (Self.monday(firstWeek), Self.monday(lastWeek))
            let count = bars[bar] ?? 0
            let x = Self.left + Double(bar) * slot
            let height = Double(count) / Double(axis.top) * plotHeight
            let asks = count == 1 ? "1 ask" : "\(SimulationReport.grouped(count)) asks"
            let when = from == to ? "in the week of Monday \(from)" : "in the weeks of \(from) to \(to)"
            let partial = isPartial(bar, of: barCount, weeks: firstWeek...lastWeek)
            let title = HTML.figure(
                column.path.appending("asks_by_week").appending(from: from, to: to),
                "\(asks) \(when)" + (partial ? " (partial: the timeline starts or ends in it)" : ""), tag: "title")
            chart.group(title: title) { group in
                group.rect(x: x, y: Self.top, width: slot, height: plotHeight, kind: "hit")
                group.rect(
                    x: x + slot * 0.1, y: plotBottom - height, width: slot * (slot < 4 ? 0.9 : 0.8),
                    height: height, kind: partial ? "bar partial" : "bar")
            }
            if partial, slot >= 24 {
                chart.text("partial", x: x + slot / 2, y: plotBottom - height - 4, anchor: .middle, kind: "tick")
            }
            guard bar % labelEvery == 0 else { continue }
            let (year, day) = (String(from.prefix(4)), Self.dayAndMonth(from))
            chart.text(HTML(text: day), x: x + slot / 2, y: plotBottom + 14, anchor: .middle, kind: "tick")
            if year != lastYear {
                chart.text(HTML(text: year), x: x + slot / 2, y: plotBottom + 27, anchor: .middle, kind: "tick")
                lastYear = year
            }
        }
        chart.text("asks", x: 0, y: Self.top - 2, kind: "head")
        chart.text(
            "week from Monday (UTC)", x: Double(Self.width) - Self.right, y: plotBottom + 42, anchor: .end, kind: "head"
        )
        let label =
            "asks per week, weeks from Monday \(Self.monday(weeks.lowerBound)) to \(Self.monday(weeks.upperBound))"
        return chart.svg(label: label)
    }

    /// Whether bar `bar` of `count`, holding `weeks`, is at an edge of the timeline that starts or
    /// ends inside it.
    private func isPartial(_ bar: Int, of count: Int, weeks: ClosedRange<Int>) -> Bool {
        let day: Int64 = 86_400_000_000_000
        let start = Timestamp(nanosecondsSince1970: Int64(SimulationTally.monday(ofWeek: weeks.lowerBound)) * day)
        let end = Timestamp(nanosecondsSince1970: Int64(SimulationTally.monday(ofWeek: weeks.upperBound) + 7) * day)
        let startsInside = bar == 0 && (self.start.map { $0 > start } ?? false)
        let endsInside = bar == count - 1 && (latest.map { $0 < end - TimeSpan(seconds: 1) } ?? false)
        return startsInside || endsInside
    }

    /// Grid lines and their counts, from 0 to the axis's top.
    static func drawAxis(
        _ axis: (top: Int, step: Int), on chart: inout SVGChart, left: Double, right: Double, top: Double,
        bottom: Double
    ) {
        let plotHeight = bottom - top
        for value in stride(from: 0, through: axis.top, by: axis.step) {
            let y = bottom - Double(value) / Double(axis.top) * plotHeight
            chart.line(from: (left, y), to: (right, y), kind: value == 0 ? "axis" : "grid")
            chart.text(HTML(text: SimulationReport.grouped(value)), x: left - 6, y: y + 4, anchor: .end, kind: "tick")
        }
    }

    /// `2026-03-02`: the Monday of a week.
    private static func monday(_ week: Int) -> String {
        SimulationReport.date(ofDay: SimulationTally.monday(ofWeek: week))
    }

    /// `2 Mar`, from `2026-03-02`.
    private static func dayAndMonth(_ date: String) -> String {
        let parts = date.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else {
            return date
        }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day) \(months[month - 1])"
    }
}
