import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite struct RecordCommandTests {
    static let policy = """
        reviewgate: 1
        name: counter
        triggers:
          done: {at_least: 2}
        guards:
          once_per_version: true
        """

    static let state = """
        # yaml-language-server: $schema=../schemas/state.schema.json
        reviewgate_state: 1
        installed_at: 2026-01-01T00:00:00Z
        app: {short: "1.0", build: "1"}

        """

    /// A folder with `policy.yaml` and `state.yaml` (or `stateName`).
    static func folder(state: String = state, stateName: String = "state.yaml") throws -> URL {
        let folder = try Repository.temporaryFolder()
        try policy.write(to: folder.appending(path: "policy.yaml"), atomically: true, encoding: .utf8)
        try state.write(to: folder.appending(path: stateName), atomically: true, encoding: .utf8)
        return folder
    }

    static func record(_ arguments: [String], in folder: URL, state: String = "state.yaml") throws -> CLIRunner.Result {
        try CLIRunner.run(["record", "--policy", "policy.yaml", "--state", state] + arguments, in: folder)
    }

    @Test func countsDonationsAndRecordsTheAsk() throws {
        let folder = try Self.folder()
        let first = try Self.record(["--event", "done", "--now", "2026-01-02T00:00:00Z"], in: folder)
        #expect(first.status == 1)
        #expect(first.stdout == "block (blocked by trigger)\nrecorded: done 1\n")
        let second = try Self.record(["--event", "done", "--now", "2026-01-03T00:00:00Z"], in: folder)
        #expect(second.status == 0)
        #expect(second.stdout == "allow (trigger done)\nrecorded: done 2, ask #1 in short \"1.0\"\n")
        let text = try String(contentsOf: folder.appending(path: "state.yaml"), encoding: .utf8)
        #expect(
            text == """
                # yaml-language-server: $schema=../schemas/state.schema.json
                reviewgate_state: 1
                written_by: "\(LibraryVersion.text)"
                installed_at: 2026-01-01T00:00:00Z
                launches: 0
                app: {short: "1.0", build: "1"}
                events:
                  done: 2
                asks:
                  - {at: 2026-01-03T00:00:00Z, short: "1.0", build: "1", trigger: done}

                """)
        // Only the state and its lock are left: no temporary file.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["policy.yaml", "state.yaml", "state.yaml.lock"])
    }

    @Test func launchUpdateAndRespond() throws {
        let folder = try Self.folder(
            state:
                #"{"reviewgate_state": 1, "installed_at": "2026-01-01T00:00:00Z", "app": {"short": "1.0", "build": "1"}}"#,
            stateName: "state.json")
        let launch = try Self.record(["--launch", "--now", "2026-01-02T00:00:00Z"], in: folder, state: "state.json")
        #expect(launch.status == 1)
        let update = try Self.record(
            ["--update", "short=1.1,build=2", "--now", "2026-01-03T00:00:00Z"], in: folder, state: "state.json")
        #expect(update.status == 0)
        #expect(update.stdout == "recorded: short \"1.1\", build \"2\", new version\n")
        let respond = try Self.record(
            ["--respond", "later", "--now", "2026-01-04T00:00:00Z"], in: folder, state: "state.json")
        #expect(respond.status == 0)
        #expect(respond.stdout == "recorded: response later\n")
        let again = try Self.record(
            ["--update", "short=1.1", "--format", "json", "--now", "2026-01-05T00:00:00Z"], in: folder,
            state: "state.json")
        let recorded =
            try #require(
                try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])["recorded"]
            as? [String: Any]
        #expect(recorded?["changes"] as? [String] == [])
        #expect(recorded?["asked"] as? Bool == false)
        let data = try Data(contentsOf: folder.appending(path: "state.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["launches"] as? Int == 1)
        #expect(json["session_started_at"] as? String == "2026-01-02T00:00:00Z")
        #expect(json["app"] as? [String: String] == ["short": "1.1", "build": "2"])
        #expect(json["version_first_seen_at"] as? String == "2026-01-03T00:00:00Z")
        #expect((json["responses"] as? [[String: String]])?.first == ["at": "2026-01-04T00:00:00Z", "kind": "later"])
    }

    @Test func explainAndJSONPrintTheDecision() throws {
        let folder = try Self.folder()
        let explained = try Self.record(["--event", "done", "--explain", "--now", "2026-01-02T00:00:00Z"], in: folder)
        #expect(explained.stdout.hasPrefix("BLOCK counter at 2026-01-02T00:00:00Z"))
        let json = try Self.record(
            ["--event", "done", "--format", "json", "--now", "2026-01-03T00:00:00Z"], in: folder)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["decision"] as? String == "allow")
        let recorded = try #require(object["recorded"] as? [String: Any])
        #expect(recorded["changes"] as? [String] == ["done 2", "ask #1 in short \"1.0\""])
        #expect(recorded["donated"] as? String == "done")
        #expect(recorded["counted"] as? Bool == true)
        #expect(recorded["asked"] as? Bool == true)
    }

    @Test func aStateThatDoesNotParseIsNeverOverwritten() throws {
        let broken = "reviewgate_state: 1\ninstalled_at: [\n"
        let folder = try Self.folder(state: broken)
        let result = try Self.record(["--event", "done"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("state.yaml:"))
        #expect(result.stderr.contains(": error: "))
        #expect(try String(contentsOf: folder.appending(path: "state.yaml"), encoding: .utf8) == broken)
    }

    @Test func anInvalidStateIsNeverOverwritten() throws {
        let invalid = "reviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\nlaunches: many\napp: {short: \"1\"}\n"
        let folder = try Self.folder(state: invalid)
        let result = try Self.record(["--launch"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("state.yaml:3:11: error: launches must be a whole number"))
        #expect(try String(contentsOf: folder.appending(path: "state.yaml"), encoding: .utf8) == invalid)
    }

    @Test(arguments: [
        ["--event", "done", "--launch"],
        ["--update", "short"],
        ["--update", "major=2"],
        ["--respond", "maybe"],
        ["--respond", "later", "--explain"],
        ["--launch", "--source", "system"],
        ["--trigger", "dnoe"],
    ])
    func usageErrorsExit2WithoutWriting(arguments: [String]) throws {
        let folder = try Self.folder()
        let result = try Self.record(arguments, in: folder)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(try String(contentsOf: folder.appending(path: "state.yaml"), encoding: .utf8) == Self.state)
    }
}
