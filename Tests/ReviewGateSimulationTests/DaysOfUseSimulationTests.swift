import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// Days of use in `simulate` (Semantics §14.2): each line's time in its own offset, and a warning when
/// a policy reads days of use and no launch line has an offset.
@Suite("simulate: days of use on each line's local date")
struct DaysOfUseSimulationTests {
    static let policy = """
        reviewgate: 1
        name: days
        triggers: {done: {at_least: 1}}
        guards:
          active_days: {at_least: 2, within: 7d}
          system_quota: false
          cooldown: 7d
        """

    /// Two launches on one UTC date (the 3rd) that are two local dates in Tokyo, then a donation.
    static func lines(offset: Bool) -> [String] {
        let times =
            offset
            ? ["2026-06-03T23:00:00+09:00", "2026-06-04T00:30:00+09:00", "2026-06-04T00:40:00+09:00"]
            : ["2026-06-03T14:00:00Z", "2026-06-03T15:30:00Z", "2026-06-03T15:40:00Z"]
        return [
            #"{"user":"u","time":"2026-06-01T00:00:00Z","type":"install","short":"1.0"}"#,
            #"{"user":"u","time":"\#(times[0])","type":"launch","short":"1.0"}"#,
            #"{"user":"u","time":"\#(times[1])","type":"launch","short":"1.0"}"#,
            #"{"user":"u","time":"\#(times[2])","type":"event","name":"done","short":"1.0"}"#,
        ]
    }

    static func run(_ lines: [String]) throws -> SimulationReport {
        let document = try YAMLLoader().loadDocument(Array(policy.utf8), file: "p.yaml")
        return try SimulationRequest(
            policy: SimulatedPolicy(try PolicyLoader.decode(document), path: "p.yaml"),
            input: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t.jsonl"), jobs: 1
        ).run()
    }

    @Test("the same instants ask in Tokyo's dates and not in UTC's, which the report warns of")
    func offsetsDateTheLaunches() throws {
        let local = try Self.run(Self.lines(offset: true))
        #expect(local.policy.tally.asks == 1)
        #expect(!local.input.warnings.contains { $0.kind == "utc_offset" })
        let utc = try Self.run(Self.lines(offset: false))
        #expect(utc.policy.tally.asks == 0)
        let warning = try #require(utc.input.warnings.first { $0.kind == "utc_offset" })
        #expect(
            warning.message(frequentEvents: []).hasPrefix("policy days's active_days counts days of use on local dates")
        )
    }
}
