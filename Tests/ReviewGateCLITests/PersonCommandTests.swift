import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// One person on several devices from the command line (Semantics §16.5): `person export` gives a
/// state its device id and prints its record, `person merge` unites records in any order into the
/// same bytes, `record --merge` adds another device's asks and answers, and a record of another
/// person, or one that does not read, is refused with exit 2 at its line.
@Suite struct PersonCommandTests {
    static let policy = """
        reviewgate: 1
        name: devices
        app: {version_key: short}
        triggers:
          done: {at_least: 1}
        guards:
          cooldown: 30d
          system_quota: {max: 1, per: 365d}
        responses:
          after_rated: never
        """

    /// A folder with the policy and two devices' states of user `u-1`, the iPhone asked once.
    static func folder() throws -> URL {
        let folder = try Repository.temporaryFolder()
        try policy.write(to: folder.appending(path: "policy.yaml"), atomically: true, encoding: .utf8)
        for (name, asks) in [
            ("iphone", "asks:\n  - {at: 2026-11-02T10:00:00Z, short: \"1.4\", trigger: done}\n"), ("ipad", ""),
        ] {
            let state = """
                reviewgate_state: 1
                user_id: u-1
                installed_at: 2026-10-01T09:00:00Z
                app: {short: "1.4"}

                """ + asks
            try state.write(to: folder.appending(path: "\(name).yaml"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func export(_ state: String, in folder: URL) throws -> String {
        let result = try CLIRunner.run(["person", "export", "--state", state], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func exportGivesTheStateItsDeviceIDOnceAndPrintsItsRecord() throws {
        let folder = try Self.folder()
        let record = try PersonRecord(json: try Self.export("iphone.yaml", in: folder))
        let state = try String(contentsOf: folder.appending(path: "iphone.yaml"), encoding: .utf8)
        let device = try #require(record.asks.first?.device)
        #expect(device.hasPrefix("d-") && device.count == 18)
        #expect(state.contains("device_id: \(device)\n"))
        #expect(state.contains("trigger: done, device: \(device)}"))
        #expect(record.userID == "u-1" && record.asks.count == 1 && record.answers.isEmpty)
        #expect(record.asks.first?.trigger == nil && record.asks.first?.short == "1.4")
        // A second export keeps the id.
        #expect((try PersonRecord(json: try Self.export("iphone.yaml", in: folder))) == record)
    }

    @Test func mergeIsTheSameBytesInAnyOrderAndRefusesAnotherPerson() throws {
        let folder = try Self.folder()
        try Self.export("iphone.yaml", in: folder).write(
            to: folder.appending(path: "iphone.json"), atomically: true, encoding: .utf8)
        _ = try CLIRunner.run(
            [
                "record", "--policy", "policy.yaml", "--state", "ipad.yaml", "--respond", "rated", "--now",
                "2026-11-03T10:00:00Z",
            ],
            in: folder)
        try Self.export("ipad.yaml", in: folder).write(
            to: folder.appending(path: "ipad.json"), atomically: true, encoding: .utf8)
        let forward = try CLIRunner.run(["person", "merge", "iphone.json", "ipad.json"], in: folder)
        let backward = try CLIRunner.run(["person", "merge", "ipad.json", "iphone.json", "ipad.json"], in: folder)
        #expect(forward.status == 0 && forward.stdout == backward.stdout)
        let merged = try PersonRecord(json: forward.stdout)
        #expect(merged.asks.count == 1 && merged.answers.map(\.kind) == [.rated])

        try #"{"reviewgate_person": 1, "user_id": "u-2"}"#.write(
            to: folder.appending(path: "other.json"), atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["person", "merge", "iphone.json", "other.json"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("other.json: the record is user_id u-2's, not user_id u-1's"))
        #expect(refused.stdout.isEmpty)
    }

    @Test func recordMergeAddsTheOtherDevicesAsksAndTheGuardsReadThem() throws {
        let folder = try Self.folder()
        try Self.export("iphone.yaml", in: folder).write(
            to: folder.appending(path: "iphone.json"), atomically: true, encoding: .utf8)
        func evaluate(_ now: String) throws -> CLIRunner.Result {
            try CLIRunner.run(
                [
                    "evaluate", "--explain", "--policy", "policy.yaml", "--state", "ipad.yaml", "--event", "done",
                    "--now", now,
                ],
                in: folder)
        }
        // Before the merge, the iPad would ask.
        #expect(try evaluate("2026-11-10T10:00:00Z").status == 0)
        let merged = try CLIRunner.run(
            ["record", "--policy", "policy.yaml", "--state", "ipad.yaml", "--merge", "iphone.json"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == "recorded: merged 1 ask, 0 answers\n")
        let again = try CLIRunner.run(
            [
                "record", "--policy", "policy.yaml", "--state", "ipad.yaml", "--merge", "iphone.json", "--format",
                "json",
            ],
            in: folder)
        let json = try JSONReader().loadDocument(again.stdout, file: "out")
        #expect(json["recorded"]?["merged"]?["asks"]?.scalar?.text == "0")
        #expect(json["recorded"]?["changes"]?.sequence?.first?.string == "merged 0 asks, 0 answers")
        // The cooldown reads the iPhone's ask; the OS's quota (1 a year) counts the iPad's own: none.
        let blocked = try evaluate("2026-11-10T10:00:00Z")
        #expect(blocked.status == 1)
        #expect(blocked.stdout.contains("✗ cooldown      asked on another device on 2026-11-02, 8d ago"))
        #expect(blocked.stdout.contains("✓ system_quota  0 asks on this device in the last 365d"))
        #expect(try evaluate("2026-12-02T10:00:00Z").status == 0)
    }

    @Test func aRecordThatDoesNotReadIsRefusedAtItsLine() throws {
        let folder = try Self.folder()
        try """
        {"reviewgate_person": 1, "user_id": "u-1",
         "asks": [{"at": "2026-11-02T10:00:00Z", "prompt": "review"}],
         "answers": [{"at": "2026-11-02T10:01:00Z", "device": "d-a", "kind": "loved"}]}
        """.write(to: folder.appending(path: "bad.json"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["record", "--policy", "policy.yaml", "--state", "ipad.yaml", "--merge", "bad.json"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.json:2:11: error: an ask is missing the required key \"device\""))
        #expect(
            result.stderr.contains(
                "bad.json:3:70: error: kind must be rated, declined or later; found the string \"loved\""))
        // Nothing was written.
        let state = try String(contentsOf: folder.appending(path: "ipad.yaml"), encoding: .utf8)
        #expect(!state.contains("device_id"))
    }
}

/// A scenario's `merge:` step (Semantics §16.5): a record in a file of its own is merged as an inline
/// one is, another person's record fails the step at its line, and a record's mistakes are
/// reported at their lines in its file.
@Suite struct ScenarioMergeStepTests {
    static func scenario(merge: String) -> String {
        """
        reviewgate_scenario: 1
        name: merged
        policy: policy.yaml
        start: 2026-11-10T10:00:00Z
        state: {user_id: u-1, installed_at: 2026-10-01T09:00:00Z, app: {short: "1.4"}}
        steps:
          - merge: \(merge)
          - event: done
            expect: {decision: block, blocked_by: [cooldown]}

        """
    }

    static func folder(record: String, scenario: String) throws -> URL {
        let folder = try Repository.temporaryFolder()
        try PersonCommandTests.policy.write(
            to: folder.appending(path: "policy.yaml"), atomically: true, encoding: .utf8)
        try record.write(to: folder.appending(path: "ipad.json"), atomically: true, encoding: .utf8)
        try scenario.write(to: folder.appending(path: "s.scenario.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static let record = """
        {"reviewgate_person": 1, "user_id": "u-1",
         "asks": [{"at": "2026-11-02T10:00:00Z", "device": "d-ipad", "prompt": "review", "short": "1.4"}],
         "answers": []}
        """

    @Test func aRecordFileIsMergedAsAnInlineOne() throws {
        let fromFile = try CLIRunner.run(
            ["test", "s.scenario.yaml", "--format", "transcript"],
            in: try Self.folder(record: Self.record, scenario: Self.scenario(merge: "ipad.json")))
        let inline = try CLIRunner.run(
            ["test", "s.scenario.yaml", "--format", "transcript"],
            in: try Self.folder(
                record: "", scenario: Self.scenario(merge: Self.record.replacingOccurrences(of: "\n", with: ""))))
        #expect(fromFile.status == 0, "\(fromFile.stdout)\(fromFile.stderr)")
        #expect(fromFile.stdout == inline.stdout)
        #expect(
            fromFile.stdout.contains(
                "  merge the person's record: 1 ask, 0 answers\n  recorded: merged 1 ask, 0 answers\n"))
    }

    @Test func anotherPersonsRecordFailsTheStep() throws {
        let other = Self.record.replacingOccurrences(of: "u-1", with: "u-2")
        let result = try CLIRunner.run(
            ["test", "s.scenario.yaml"], in: try Self.folder(record: other, scenario: Self.scenario(merge: "ipad.json"))
        )
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "s.scenario.yaml:7:5: error: step 1: merge refused: the record is user_id u-2's, not user_id u-1's"))
    }

    @Test func aRecordsMistakesAreAtTheirLines() throws {
        let bad = Self.record.replacingOccurrences(of: "\"device\": \"d-ipad\", ", with: "")
        let result = try CLIRunner.run(
            ["test", "s.scenario.yaml"], in: try Self.folder(record: bad, scenario: Self.scenario(merge: "ipad.json")))
        #expect(result.status == 2)
        #expect(result.stderr.contains("ipad.json:2:11: error: an ask is missing the required key \"device\""))
        #expect(result.stderr.contains("s.scenario.yaml:7:12: error: in the person record this step merges, ipad.json"))
    }
}
