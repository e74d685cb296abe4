import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// The analyst's questions of Semantics §10 *Horizons and reasons*: how many people are asked in their
/// first N days, and why the rest were never asked, each person counted once; and a report beside
/// a baseline whose rules differ.
@Suite("simulate: horizons and reasons")
struct SimulationReasonsTests {
    /// A policy that asks on the 2nd `done`, with a cooldown and a condition on a flag.
    static let policy = """
        reviewgate: 1
        name: reasons
        triggers: {done: {at_least: 2}}
        guards: {never_on: [], cooldown: 30d, when: {not: {flag: angry}}}
        """

    static func line(_ user: String, _ time: String, _ type: String, _ name: String? = nil, value: String? = nil)
        -> String
    {
        var text = "{\"user\":\"\(user)\",\"time\":\"\(time)\",\"type\":\"\(type)\""
        if let name { text += ",\"name\":\"\(name)\"" }
        if let value { text += ",\"value\":\(value)" }
        return text + "}"
    }

    static func tally(_ lines: [String], policy: String = policy, horizonDays: Int? = nil) throws -> SimulationTally {
        let (timeline, reader) = try SimulationTests.read(lines.joined(separator: "\n"))
        #expect(reader.skipped == 0, "\(reader.problems)")
        let simulated = SimulatedPolicy(try Fixtures.policy(policy), path: "reasons.yaml")
        return Simulation(policies: [simulated], horizonDays: horizonDays).run(timeline).tallies[0]
    }

    @Test("each person never asked is counted once: never reached, or the first blocker of their last reaching moment")
    func neverAskedOncePerPerson() throws {
        let tally = try Self.tally([
            // Asked on the 2nd done.
            Self.line("asked", "2026-01-01T09:00:00Z", "event", "done"),
            Self.line("asked", "2026-01-02T09:00:00Z", "event", "done"),
            // One done: never reached the count.
            Self.line("short", "2026-01-01T09:00:00Z", "event", "done"),
            // Reached it while angry, on both moments: blocked by `when` alone.
            Self.line("angry", "2026-01-01T08:00:00Z", "flag", "angry", value: "true"),
            Self.line("angry", "2026-01-01T09:00:00Z", "event", "done"),
            Self.line("angry", "2026-01-02T09:00:00Z", "event", "done"),
            Self.line("angry", "2026-01-03T09:00:00Z", "event", "done"),
            // Answered `later`, then reached the count while angry: two blockers at one moment
            // (`when` and `responses`), counted once, under `when`, which is evaluated first.
            Self.line("both", "2026-01-01T08:00:00Z", "flag", "angry", value: "true"),
            Self.line("both", "2026-01-01T08:30:00Z", "response", value: "\"later\""),
            Self.line("both", "2026-01-01T09:00:00Z", "event", "done"),
            Self.line("both", "2026-01-01T09:05:00Z", "event", "done"),
        ])
        #expect(tally.people == 4)
        #expect(tally.peopleAsked == 1)
        var expected = Array(repeating: 0, count: SimulationTally.NeverAsked.count)
        expected[SimulationTally.NeverAsked.neverReached] = 1
        expected[SimulationTally.NeverAsked.index(of: .guard(.when))] = 2
        #expect(tally.neverAsked == expected)
        // Per blocker, moments and people are counted under every blocker: more than the people.
        #expect(tally.blockedBy[Blocker.responses.index].people == 1)
        #expect(tally.blockedBy[Blocker.guard(.when).index].people == 2)
        #expect(tally.neverAsked.reduce(0, +) == tally.people - tally.peopleAsked)
    }

    @Test("the reason is that of the last moment whose count passed; the kill switch says why too")
    func lastReachingMoment() throws {
        let tally = try Self.tally([
            Self.line("a", "2026-01-01T09:00:00Z", "event", "done"),
            Self.line("a", "2026-01-01T10:00:00Z", "flag", "angry", value: "true"),
            Self.line("a", "2026-01-02T09:00:00Z", "event", "done"),  // blocked by `when`
            Self.line("a", "2026-01-03T09:00:00Z", "flag", "angry", value: "false"),
            Self.line("a", "2026-01-03T09:30:00Z", "response", value: "\"later\""),
            Self.line("a", "2026-01-03T10:00:00Z", "event", "done"),  // blocked by `responses` alone
            Self.line("a", "2026-01-04T09:00:00Z", "event", "elsewhere"),  // no trigger listens
        ])
        var expected = Array(repeating: 0, count: SimulationTally.NeverAsked.count)
        expected[SimulationTally.NeverAsked.index(of: .responses)] = 1
        #expect(tally.neverAsked == expected)
        let off = try Self.tally(
            [
                Self.line("a", "2026-01-01T09:00:00Z", "event", "done"),
                // No trigger listens to b's lines: b never reached a count, whatever the kill switch.
                Self.line("b", "2026-01-01T09:00:00Z", "event", "elsewhere"),
            ], policy: Self.policy + "\nenabled: false\ncounting: {while_blocked: false}")
        #expect(off.neverAsked[SimulationTally.NeverAsked.index(of: .enabled)] == 1)
        #expect(off.neverAsked[SimulationTally.NeverAsked.neverReached] == 1)
    }

    /// Three people first seen on 1, 10 and 20 January; the first asked on day 3, the second on
    /// day 12 (after their 2nd done), the third not at all. The data end on 25 January.
    static let horizonLines = [
        line("p1", "2026-01-01T09:00:00Z", "event", "done"),
        line("p1", "2026-01-04T09:00:00Z", "event", "done"),
        line("p2", "2026-01-10T23:00:00Z", "launch"),
        line("p2", "2026-01-11T09:00:00Z", "event", "done"),
        line("p2", "2026-01-22T22:59:59Z", "event", "done"),
        line("p3", "2026-01-20T09:00:00Z", "event", "done"),
        line("p3", "2026-01-25T09:00:00Z", "launch"),
    ]

    @Test(
        "a horizon counts the people observed N days, and those asked in their first N days",
        arguments: [
            // N, --until, people in the cohort, asked within N
            (3, nil, 3, 0),  // every first-seen date is at most 22 January; an ask at 3 days is not < 3 days
            (4, nil, 3, 1),
            (13, nil, 2, 2),  // p2's ask came 11 days 23:59:59 after their first line
            (12, nil, 2, 2),
            (11, nil, 2, 1),
            (20, nil, 1, 1),  // only p1 was first seen by 5 January
            (30, nil, 0, 0),
            (4, "2026-01-15T00:00:00Z", 2, 1),
        ] as [(Int, String?, Int, Int)])
    func horizon(days: Int, until: String?, people: Int, asked: Int) throws {
        let tally = try Self.tally(Self.horizonLines, horizonDays: days)
        let horizon = SimulationReport.Horizon(days: days, until: until.map(Fixtures.time))
        let report = SimulationReport(
            input: .init(sources: ["t"]),
            policy: .init(SimulatedPolicy(try Fixtures.policy(Self.policy), path: "p.yaml"), tally: tally),
            horizon: horizon)
        #expect(report.latest == Fixtures.time("2026-01-25T09:00:00Z"))
        let counts = try #require(report.horizonCounts(report.policy))
        #expect(counts.people == people)
        #expect(counts.asked == asked)
        // It filters nothing else.
        #expect(tally.people == 3)
        #expect(tally.peopleAsked == 2)
    }

    @Test("a horizon's counts are kept per first-seen date, so that partitions merge exactly")
    func horizonMerges() throws {
        let simulated = SimulatedPolicy(try Fixtures.policy(Self.policy), path: "p.yaml")
        let horizon = SimulationReport.Horizon(days: 13)
        func report(_ lines: [String]) throws -> SimulationReport {
            let tally = try Self.tally(lines, horizonDays: 13)
            let written = SimulationReport(
                input: .init(sources: ["t"]), policy: .init(simulated, tally: tally), horizon: horizon)
            return try SimulationReport(
                json: JSONReader().loadDocument(JSONWriter().string(written.json), file: "part.json"))
        }
        let whole = try report(Self.horizonLines)
        // p1's and p2's partition alone ends on 22 January (so only p1, first seen by 9 January, is
        // in the cohort); merged with p3's, on 25 January (p1 and p2, first seen by 12 January).
        var merged = try report(Array(Self.horizonLines[..<5]))
        #expect(merged.horizonCounts(merged.policy)?.people == 1, "alone, the data end on 22 January")
        try merged.add(try report(Array(Self.horizonLines[5...])))
        #expect(merged.horizonCounts(merged.policy) == whole.horizonCounts(whole.policy))
        #expect(merged.policy.tally == whole.policy.tally)
        #expect(merged.horizonCounts(merged.policy)?.people == 2)
        #expect(JSONWriter().string(merged.json) == JSONWriter().string(whole.json))
        // A report of format 1 (no never_asked, latest or horizon) or 2 (no start) is refused, not
        // under-counted; a horizon out of range is refused, not read into a date that overflows.
        let text = JSONWriter().string(whole.json)
        for (bad, phrase) in [
            (
                text.replacingOccurrences(of: "\"reviewgate_simulation\":3", with: "\"reviewgate_simulation\":1"),
                "format 1"
            ),
            (
                text.replacingOccurrences(of: "\"reviewgate_simulation\":3", with: "\"reviewgate_simulation\":2"),
                "where observation starts"
            ),
            (text.replacingOccurrences(of: "\"days\":13", with: "\"days\":200000"), "from 1 to 36500"),
        ] {
            let error = #expect(throws: DiagnosticError.self) {
                try SimulationReport(json: JSONReader().loadDocument(bad, file: "bad.json"))
            }
            #expect(error?.diagnostics.first?.message.contains(phrase) == true, "\(String(describing: error))")
        }
        // Reports of other horizons do not merge.
        var other = whole
        other.horizon = SimulationReport.Horizon(days: 30)
        #expect(throws: SimulationReport.MergeError.self) { try other.add(whole) }
    }

    @Test("beside a baseline whose rule differs, each rule is named, and every figure sits in its column")
    func baselineRules() throws {
        let lines = Self.horizonLines
        let changed = Self.policy.replacingOccurrences(of: "at_least: 2", with: "at_least: 3, within: 14d")
        let report = SimulationReport(
            input: .init(sources: ["t"]),
            policy: .init(
                SimulatedPolicy(try Fixtures.policy(changed), path: "new.yaml"),
                tally: try Self.tally(lines, policy: changed, horizonDays: 4)),
            baseline: .init(
                SimulatedPolicy(try Fixtures.policy(Self.policy), path: "old.yaml"),
                tally: try Self.tally(lines, horizonDays: 4)),
            horizon: SimulationReport.Horizon(days: 4))
        let text = report.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(text.firstIndex { $0.hasPrefix("  done") && !$0.contains("by") })
        #expect(text[row].hasPrefix("  done "), "no single rule labels both columns: \(text[row])")
        #expect(!text[row].contains("at_least"))
        #expect(text[row + 1] == "    baseline: at_least 2")
        #expect(text[row + 2] == "    policy: at_least 3 within 14d")
        // Every line with figures ends its last column where the header's `change` ends, or
        // before it when the change is blank; no line is wider than 80 columns.
        let header = try #require(text.first { $0.hasSuffix("change") && $0.contains("baseline") })
        for line in text.prefix(while: { !$0.hasPrefix("days from") }) where !line.contains(":") {
            #expect(line.count <= 80, "\(line)")
            if line.last?.isNumber == true || line.hasSuffix("%)") || line.hasSuffix("pt)") {
                #expect(line.count == header.count, "misaligned: \(line)")
            }
        }
        #expect(text.contains { $0.hasPrefix("people never asked, each once, by why") })
        #expect(text.contains { $0.hasPrefix("  asked within 4 days") })
        #expect(text.contains { $0.hasPrefix("people blocked at least once") }, "per-blocker people beside a baseline")

        // A baseline that is the policy's own file is still labelled the baseline.
        let same = SimulationReport(input: report.input, policy: report.policy, baseline: report.policy)
        #expect(same.text.hasPrefix("baseline reasons (new.yaml"))
        #expect(same.text.contains("days from first seen to first ask, baseline reasons"))
    }
}
