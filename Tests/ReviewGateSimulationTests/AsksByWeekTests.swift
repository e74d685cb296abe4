import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// Asks by week (the HTML page's timeline): weeks from Monday, UTC; in the JSON report by the
/// Monday's date, in date order; read back and added up by `--merge`; absent from an older report.
@Suite("simulate: asks by week")
struct AsksByWeekTests {
    /// The UTC day (since 1970-01-01) of the Monday of `time`'s ISO week, by Foundation's calendar:
    /// worked out apart from the replay's own arithmetic.
    static func monday(of time: Timestamp) -> Int {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: Double(time.nanosecondsSince1970) / 1e9)
        let start = calendar.dateInterval(of: .weekOfYear, for: date)!.start
        return Int((start.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Asks by the day of their week's Monday, from the times of the asks.
    static func weeks(of times: [Timestamp]) -> [Int: Int] {
        var weeks: [Int: Int] = [:]
        for time in times { weeks[monday(of: time), default: 0] += 1 }
        return weeks
    }

    /// A tally's asks by week, keyed by the day of each week's Monday.
    static func byMonday(_ tally: SimulationTally) -> [Int: Int] {
        Dictionary(uniqueKeysWithValues: tally.asksByWeek.map { (SimulationTally.monday(ofWeek: $0.key), $0.value) })
    }

    @Test(
        "a week runs from Monday 00:00 UTC to Sunday 23:59:59, before 1970 too",
        arguments: [
            "2026-01-11T23:59:59Z", "2026-01-12T00:00:00Z", "2026-01-12T00:00:00+01:00", "2026-03-01T12:00:00Z",
            "2026-03-02T00:00:00Z", "1970-01-01T00:00:00Z", "1969-12-28T23:59:59Z", "1969-12-29T00:00:00Z",
            "2024-02-29T10:00:00Z", "1900-01-01T00:00:00Z",
        ])
    func weekBoundaries(_ text: String) throws {
        let time = try #require(Timestamp(rfc3339: text))
        let week = SimulationTally.week(of: time)
        #expect(SimulationTally.monday(ofWeek: week) == Self.monday(of: time), "\(text)")
        // The Monday is a Monday at or before the time, less than a week before it.
        let day = SimulationTally.day(of: time)
        #expect((0..<7).contains(day - SimulationTally.monday(ofWeek: week)), "\(text)")
    }

    /// A policy that asks at each `done` at least a day after the last ask.
    static let policy = """
        reviewgate: 1
        name: weekly
        triggers: {done: {at_least: 1}}
        guards: {never_on: [], cooldown: 1d, system_quota: false, once_per_version: false}
        """

    /// Lines of `done` for person `user` at `times`.
    static func lines(_ user: String, _ times: [String]) -> [String] {
        times.map { "{\"user\":\"\(user)\",\"time\":\"\($0)\",\"type\":\"event\",\"name\":\"done\"}" }
    }

    /// Sunday 4 January is in the week of Monday 29 December; Sunday 11 January at 23:00 in the
    /// week of 5 January, Monday 12 January at 00:30 in the next.
    static let times = [
        ("a", ["2026-01-04T10:00:00Z", "2026-01-06T10:00:00Z", "2026-01-11T23:00:00Z"]),
        ("b", ["2026-01-06T10:00:00Z", "2026-02-16T10:00:00Z"]),
        ("c", ["2026-01-12T00:30:00Z"]),
        ("d", ["2026-01-12T09:00:00Z"]),
    ]

    /// The report of `people`'s lines, written as JSON and read back.
    static func report(_ people: [(String, [String])]) throws -> SimulationReport {
        let text = people.flatMap { lines($0.0, $0.1) }.joined(separator: "\n")
        let (timeline, _) = try SimulationTests.read(text)
        let simulated = SimulatedPolicy(try Fixtures.policy(policy), path: "weekly.yaml")
        let tally = Simulation(policies: [simulated]).run(timeline).tallies[0]
        let report = SimulationReport(input: .init(sources: ["t"]), policy: .init(simulated, tally: tally))
        return try SimulationReport(json: JSONReader().loadDocument(JSONWriter().string(report.json), file: "r.json"))
    }

    @Test("asks are counted in their UTC week, written by Monday in date order, read back and merged")
    func countedWrittenAndMerged() throws {
        let whole = try Self.report(Self.times)
        let tally = whole.policy.tally
        // Every line asks (a day apart at least): by Foundation's weeks.
        let times = Self.times.flatMap(\.1).compactMap { Timestamp(rfc3339: $0) }
        #expect(tally.asks == times.count)
        #expect(Self.byMonday(tally) == Self.weeks(of: times))
        #expect(tally.asksByWeek.count == 4, "the weeks of 29 Dec, 5 Jan, 12 Jan and 16 Feb")
        let json = JSONWriter(pretty: false).string(whole.json)
        #expect(
            json.contains(#""asks_by_week":{"2025-12-29":1,"2026-01-05":3,"2026-01-12":2,"2026-02-16":1}"#), "\(json)")

        var merged = try Self.report(Array(Self.times.prefix(1)))
        try merged.add(try Self.report(Array(Self.times.dropFirst())))
        #expect(merged.policy.tally.asksByWeek == tally.asksByWeek)
        #expect(JSONWriter().string(merged.json) == JSONWriter().string(whole.json))
    }

    @Test("a report without asks_by_week (an older reviewgate's) reads as no weeks, and merges")
    func olderReportsMerge() throws {
        let whole = try Self.report(Self.times)
        let text = JSONWriter(pretty: false).string(whole.json)
        let start = try #require(text.range(of: #""asks_by_week":{"#))
        let end = try #require(text[start.upperBound...].range(of: "},"))
        let older = String(text[..<start.lowerBound] + text[end.upperBound...])
        #expect(!older.contains("asks_by_week"))
        var read = try SimulationReport(json: JSONReader().loadDocument(older, file: "old.json"))
        #expect(read.policy.tally.asksByWeek.isEmpty)
        #expect(read.policy.tally.asks == whole.policy.tally.asks)
        try read.add(whole)
        #expect(read.policy.tally.asksByWeek == whole.policy.tally.asksByWeek)
    }

    @Test("a week keyed by a day other than its Monday, or by no date, is refused at its key")
    func notAMonday() throws {
        let text = JSONWriter(pretty: false).string(try Self.report(Self.times).json)
        for bad in ["2026-01-06", "week 2"] {
            let wrong = text.replacingOccurrences(of: #""2026-01-05":3"#, with: "\"\(bad)\":3")
            #expect(wrong != text)
            let error = #expect(throws: DiagnosticError.self) {
                try SimulationReport(json: JSONReader().loadDocument(wrong, file: "bad.json"))
            }
            #expect(
                error?.diagnostics.first?.message == "asks_by_week is keyed by the Monday of each week, 2026-01-05",
                "\(String(describing: error))")
            #expect(error?.diagnostics.first?.location?.line == 1)
        }
    }
}
