@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// The HTML page drawn from reports the shipped examples do not make: a timeline of years, nobody
/// asked, the columns of a baseline and an experiment, figure paths that need quotes.
@Suite("simulate: the HTML page")
struct HTMLReportTests {
    /// A one-trigger report whose policy asked as `weeks` says (week → asks).
    static func report(weeks: [Int: Int], people: Int = 10) throws -> SimulationReport {
        let policy = try Fixtures.policy("reviewgate: 1\nname: p\ntriggers: {app.open: {at_least: 1}}")
        var tally = SimulationTally(triggers: 1)
        tally.people = people
        tally.asksByWeek = weeks
        tally.asks = weeks.values.reduce(0, +)
        tally.asksByTrigger = [tally.asks]
        let result = SimulationReport.PolicyResult(SimulatedPolicy(policy, path: "p.yaml"), tally: tally)
        return SimulationReport(input: .init(sources: ["t.jsonl"]), policy: result)
    }

    /// The `data-figure` paths of `<title>` elements in a page, in order, with their text.
    static func titles(_ page: String) -> [(path: String, text: String)] {
        figures(page, marker: "<title data-figure=\"")
    }

    /// The `data-figure` paths of the elements in a page that `marker` opens, in order, with their text.
    static func figures(_ page: String, marker: String = "data-figure=\"") -> [(path: String, text: String)] {
        page.components(separatedBy: marker).dropFirst().map { part in
            let path = String(part.prefix { $0 != "\"" })
            let text = part.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
            return (path, String(text))
        }
    }

    @Test("ten years of weeks are drawn in at most 156 bars, each naming its weeks, together every ask")
    func manyWeeks() throws {
        // A week with asks every 5 weeks from Monday 1 January 2018 (week 2505) for ten years.
        let weeks = Dictionary(uniqueKeysWithValues: stride(from: 2505, to: 2505 + 520, by: 5).map { ($0, 3) })
        let page = try Self.report(weeks: weeks).html
        let bars = Self.titles(page).filter { $0.path.hasPrefix("policy.asks_by_week.") }
        #expect(bars.count <= 156 && bars.count >= 100, "\(bars.count) bars")
        #expect(bars.first?.path == "policy.asks_by_week.&quot;2018-01-01..2018-01-22&quot;")
        #expect(bars.first?.text == "3 asks in the weeks of 2018-01-01 to 2018-01-22")
        let shown = bars.compactMap { Int($0.text.prefix { $0 != " " }.filter(\.isNumber)) }.reduce(0, +)
        #expect(shown == 3 * weeks.count)
    }

    @Test("a week a bar: the Monday's date, and weeks without asks between those with some")
    func weekByWeek() throws {
        let page = try Self.report(weeks: [2922: 1, 2924: 12]).html
        let bars = Self.titles(page)
        #expect(bars.map(\.path) == ["2025-12-29", "2026-01-05", "2026-01-12"].map { "policy.asks_by_week.\($0)" })
        #expect(
            bars.map(\.text) == [
                "1 ask in the week of Monday 2025-12-29", "0 asks in the week of Monday 2026-01-05",
                "12 asks in the week of Monday 2026-01-12",
            ])
        // A trigger id holding a dot is quoted in its path.
        #expect(page.contains(#"<span data-figure="policy.asks_by_trigger.&quot;app.open&quot;">13</span>"#))
    }

    @Test("nobody asked: each chart says so, and no figure is drawn from nothing")
    func nobodyAsked() throws {
        let page = try Self.report(weeks: [:]).html
        #expect(page.components(separatedBy: "nobody was asked").count == 3, "asks per week, days to the first ask")
        #expect(page.contains(#"<span data-figure="policy.days_to_first_ask.p50">-</span>"#))
        #expect(!page.contains("NaN") && !page.contains("inf"))
    }

    @Test("days to the first ask: the same bins and the same axis in every column, each column's people in them")
    func firstAsksShareTheirBins() throws {
        // The baseline first asks 30 people on day 2; the policy 3 people on day 40 (bins of 7 days).
        var baseline = try Self.report(weeks: [2922: 30], people: 40).policy
        baseline.tally.firstAskDays = [0, 0, 30]
        baseline.tally.peopleAsked = 30
        var report = try Self.report(weeks: [2922: 3], people: 40)
        report.policy.tally.firstAskDays = Array(repeating: 0, count: 40) + [3]
        report.policy.tally.peopleAsked = 3
        report.baseline = baseline
        let page = report.html
        let sections = Array(page.components(separatedBy: "<section class=\"column\"").dropFirst())
        #expect(sections.count == 2)
        for (section, (role, people)) in zip(sections, [("baseline", 30), ("policy", 3)]) {
            let prefix = "\(role).days_to_first_ask.people_by_day."
            let bins = Self.figures(section).filter { $0.path.hasPrefix(prefix) }
            let expected: [String] = (0..<6).map { prefix + "&quot;\($0 * 7)..\($0 * 7 + 6)&quot;" }
            #expect(bins.map(\.path) == expected)
            let shown: [Int] = bins.compactMap { Int($0.text) }
            #expect(shown.reduce(0, +) == people)
            // One axis for both, up to the baseline's 30: the policy's 3 are drawn a tenth as tall.
            let chart =
                section.components(separatedBy: "<figcaption>days from first seen to first ask</figcaption>")
                .dropFirst().first?.components(separatedBy: "</figure>").first ?? ""
            #expect(chart.contains(">30</text>"), "the axis's top, in \(role)'s chart")
        }
    }

    @Test("the columns: the baseline, the policy, then each one's arms, at their places in the JSON report")
    func columns() throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: ExperimentSimulationTests.policyFile)
        let experiment = SimulatedPolicy(loaded, path: "ask-earlier.yaml")
        let plain = try SimulationTests.simulated(SimulationTests.applePolicy)
        let report = try SimulationRequest(
            policy: plain, baseline: experiment, input: .timelines([SimulationTests.timelinePath])
        ).run()
        let columns = report.htmlColumns
        #expect(
            columns.map(\.path.text) == ["baseline", "policy", "baseline.arms.0", "baseline.arms.1", "baseline.arms.2"])
        #expect(
            columns.map(\.label) == [
                "baseline ask-earlier", "policy apple-sample", "baseline arm holdout of ask-earlier",
                "baseline arm control of ask-earlier", "baseline arm early of ask-earlier",
            ])
        #expect(columns.map(\.countsExposure) == [true, false, true, true, true])
        let page = report.html
        for column in columns { #expect(page.contains("data-column=\"\(column.path.text)\"")) }
        // Five columns are two tables of figures: the change beside the policy in the first, the
        // baseline again beside its last arm in the second; heading rows span each table.
        let tables = HTMLPage.figureTables(page)
        #expect(
            HTMLPage.figureTableHeads(page) == [
                [
                    "", "baseline ask-earlier", "policy apple-sample", "change", "baseline arm holdout of ask-earlier",
                    "baseline arm control of ask-earlier",
                ],
                ["", "baseline ask-earlier", "baseline arm early of ask-earlier"],
            ])
        #expect(tables.map { $0.contains("colspan=\"6\"") && !$0.contains("colspan=\"3\"") } == [true, false])
        #expect(tables.map { $0.contains("colspan=\"3\"") } == [false, true])
        #expect(tables.map { $0.components(separatedBy: "<td class=\"change\">").count - 1 > 0 } == [true, false])
    }

    @Test(
        "a figure's path quotes what is not a plain key",
        arguments: [
            (["policy", "people"], "policy.people"),
            (["policy", "asks_by_trigger", "app.open"], #"policy.asks_by_trigger."app.open""#),
            (["a", #"q"uote\"#], #"a."q\"uote\\""#), (["days", "7..13"], #"days."7..13""#), (["x", ""], #"x."""#),
        ])
    func figurePaths(_ keys: [String], _ text: String) {
        var path = FigurePath()
        path.keys = keys
        #expect(path.text == text)
    }

    @Test("the first week is drawn partial by where observation starts, not by an install from before the export")
    func partialFirstWeekFromTheStart() throws {
        // Asks in the weeks of Monday 2026-01-05 (week 2923) and 2026-01-12; the data ends on
        // Sunday 2026-01-18 at its last second, an install line from 2025 is the earliest line.
        func partials(start: String) throws -> Int {
            #expect(SimulationTally.week(of: Timestamp(rfc3339: "2026-01-05T00:00:00Z")!) == 2923)
            var report = try Self.report(weeks: [2923: 2, 2924: 1])
            report.policy.tally.earliest = Timestamp(rfc3339: "2025-06-01T10:00:00Z")
            report.policy.tally.start = Timestamp(rfc3339: start)
            report.policy.tally.latest = Timestamp(rfc3339: "2026-01-18T23:59:59Z")
            return report.html.components(separatedBy: #"class="bar partial""#).count - 1
        }
        #expect(try partials(start: "2026-01-07T08:00:00Z") == 1, "the data starts on a Wednesday")
        #expect(try partials(start: "2026-01-05T00:00:00Z") == 0, "the data starts with the week")
    }
}
