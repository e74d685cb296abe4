import Foundation
import ReviewGateTestSupport
import Testing

/// The `channel` column of `simulate` and `readout` (Semantics §16.1): each moment decided on its
/// line's build channel, the people on each counted when a line names one, and nothing said of
/// channels when none does.
@Suite("simulate: build channels")
struct SimulateChannelTests {
    /// Two people on apple-sample: u1 completes the process four times on TestFlight, then twice on
    /// the App Store build; u2 four times on production, with no channel column.
    static func lines(channelFirst: String = "testflight", csv: Bool = false) -> String {
        var rows: [(user: String, time: String, type: String, name: String?, channel: String?)] = [
            ("u1", "2026-01-01T09:00:00Z", "install", nil, nil),
            ("u2", "2026-01-01T09:00:00Z", "install", nil, nil),
        ]
        for hour in 10...13 {
            rows.append(("u1", "2026-01-02T\(hour):00:00Z", "event", "process_completed", channelFirst))
            rows.append(("u2", "2026-01-02T\(hour):00:00Z", "event", "process_completed", nil))
        }
        for hour in 10...11 {
            rows.append(("u1", "2026-01-03T\(hour):00:00Z", "event", "process_completed", "production"))
        }
        rows.sort { ($0.user, $0.time) < ($1.user, $1.time) }
        if csv {
            return "user,time,type,name,scene,build,channel\n"
                + rows.map { row in
                    "\(row.user),\(row.time),\(row.type),\(row.name ?? ""),ProcessCompleted,1,\(row.channel ?? "")"
                }.joined(separator: "\n") + "\n"
        }
        return rows.map { row in
            var line = #"{"user":"\#(row.user)","time":"\#(row.time)","type":"\#(row.type)""#
            if let name = row.name { line += #","name":"\#(name)","scene":"ProcessCompleted""# }
            line += #","build":"1""#
            if let channel = row.channel { line += #","channel":"\#(channel)""# }
            return line + "}"
        }.joined(separator: "\n") + "\n"
    }

    static func run(_ text: String, file: String = "t.jsonl", _ options: [String] = []) throws -> CLIRunner.Result {
        let folder = try SimulateInputChecksTests.folder(with: [file: text])
        return try CLIRunner.run(
            ["simulate", "--policy", SimulateInputChecksTests.policy(SimulateInputChecksTests.appleSample), file]
                + options, in: folder)
    }

    @Test(
        "TestFlight moments never ask; the App Store build asks at its first completion; the report counts people per channel",
        arguments: [false, true])
    func testFlightThenProduction(_ csv: Bool) throws {
        let text = Self.lines(csv: csv)
        let file = csv ? "t.csv" : "t.jsonl"
        let result = try Self.run(text, file: file, ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try SimulateInputChecksTests.json(result.stdout)
        let policy = try #require(report["policy"] as? [String: Any])
        // u2 asks at the 4th completion; u1 not on TestFlight, then at the 5th (production's first).
        #expect(policy["asks"] as? Int == 2)
        #expect((policy["blocked_by"] as? [String: Any])?["channel"] as? [String: Int] == ["moments": 4, "people": 1])
        let input = try #require(report["input"] as? [String: Any])
        #expect(input["people_by_channel"] as? [String: Int] == ["production": 2, "testflight": 1, "development": 0])
        let plain = try Self.run(text, file: file)
        #expect(
            plain.stdout.contains(
                "people by build channel: 2 production, 1 testflight, 0 development (each moment decided on its line's channel; a person on two counts on each)"
            ), "\(plain.stdout)")
    }

    @Test(
        "without a channel column the report says nothing of channels; a channel not known is a line error at its column"
    )
    func noColumnAndBadValue() throws {
        let none = Self.lines().replacingOccurrences(of: #","channel":"testflight""#, with: "")
            .replacingOccurrences(of: #","channel":"production""#, with: "")
        let plain = try Self.run(none, ["--format", "json"])
        let input = try #require(try SimulateInputChecksTests.json(plain.stdout)["input"] as? [String: Any])
        #expect(input["people_by_channel"] == nil)
        #expect(!(try Self.run(none)).stdout.contains("channel"))

        let bad = try Self.run(Self.lines(channelFirst: "beta"))
        #expect(bad.stderr.contains("channel \"beta\" is not production, testflight or development"), "\(bad.stderr)")
    }

    @Test("--merge adds the people per channel of two parts")
    func merge() throws {
        let lines = Self.lines().split(separator: "\n").map(String.init)
        let folder = try SimulateInputChecksTests.folder(with: [
            "u1.jsonl": lines.filter { $0.contains(#""u1""#) }.joined(separator: "\n") + "\n",
            "u2.jsonl": lines.filter { $0.contains(#""u2""#) }.joined(separator: "\n") + "\n",
        ])
        let policy = SimulateInputChecksTests.policy(SimulateInputChecksTests.appleSample)
        for part in ["u1", "u2"] {
            let result = try CLIRunner.run(
                [
                    "simulate", "--policy", policy, "\(part).jsonl", "--format", "json", "--since",
                    "2026-01-01T00:00:00Z",
                ],
                in: folder)
            try #require(result.status == 0, "\(result.stderr)")
            try result.stdout.write(to: folder.appending(path: "\(part).json"), atomically: true, encoding: .utf8)
        }
        let merged = try CLIRunner.run(["simulate", "--merge", "u1.json", "u2.json", "--format", "json"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        let input = try #require(try SimulateInputChecksTests.json(merged.stdout)["input"] as? [String: Any])
        #expect(input["people_by_channel"] as? [String: Int] == ["production": 2, "testflight": 1, "development": 0])
    }

    @Test("under a budget, a want its channels block on TestFlight is never granted, and no budget held it back")
    func budgetWantBlockedByChannel() throws {
        let folder = try SimulateInputChecksTests.folder(with: [
            "b.yaml": """
            reviewgate_budget: 1
            name: b
            prompts:
              paywall: {priority: 80, channels: {testflight: block}}
            """,
            "t.jsonl": """
            {"user":"u1","time":"2026-01-01T09:00:00Z","type":"want","name":"paywall","channel":"testflight"}
            {"user":"u1","time":"2026-01-02T09:00:00Z","type":"want","name":"paywall","channel":"testflight"}
            {"user":"u1","time":"2026-01-03T09:00:00Z","type":"want","name":"paywall"}

            """,
        ])
        let result = try CLIRunner.run(["simulate", "--budget", "b.yaml", "t.jsonl", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try SimulateInputChecksTests.json(result.stdout)
        let paywall = try #require((report["prompts"] as? [[String: Any]])?.first)
        #expect(paywall["granted"] as? Int == 1, "production's want only")
        #expect(paywall["candidates"] as? Int == 1)
        #expect((paywall["held_back"] as? [String: Int])?["moments"] == 0)
        #expect((paywall["held_back"] as? [String: Int])?["channel"] == nil)
    }
}
