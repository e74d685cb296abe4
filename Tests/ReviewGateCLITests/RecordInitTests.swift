import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// `record --init` creates a state instead of "no such file" (issue 9).
@Suite struct RecordInitTests {
    @Test func initCreatesTheStateAndLeavesAnExistingOneAlone() throws {
        let folder = try RecordCommandTests.folder()
        let arguments = [
            "--state", "new.yaml", "--init", "--app", "short=1.0,build=1", "--now", "2026-01-01T00:00:00Z",
        ]
        let created = try CLIRunner.run(["record", "--policy", "policy.yaml"] + arguments, in: folder)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout == "created new.yaml, installed 2026-01-01T00:00:00Z\n")
        let text = try String(contentsOf: folder.appending(path: "new.yaml"), encoding: .utf8)
        #expect(
            text
                == "reviewgate_state: 1\nwritten_by: \"\(LibraryVersion.text)\"\ninstalled_at: 2026-01-01T00:00:00Z\nlaunches: 0\n"
                + "app: {short: \"1.0\", build: \"1\"}\n"
        )
        let again = try CLIRunner.run(["record", "--policy", "policy.yaml"] + arguments, in: folder)
        #expect(again.stdout == "new.yaml exists: left as it is\n")
        #expect(try String(contentsOf: folder.appending(path: "new.yaml"), encoding: .utf8) == text)
    }

    /// A rollout asks no one whose state has no `user_id`: `--init --user-id` gives the new state one.
    @Test func initWithAUserIDPutsThePersonInARolloutBucket() throws {
        let folder = try RecordCommandTests.folder()
        try
            "reviewgate: 1\nname: half\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: 1d}\nrollout: {percent: 100}\n"
            .write(to: folder.appending(path: "rollout.yaml"), atomically: true, encoding: .utf8)
        func record(_ state: String, _ extra: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let result = try CLIRunner.run(
                [
                    "record", "--policy", "rollout.yaml", "--state", state, "--init", "--app", "short=1.0",
                    "--event", "done", "--now", "2026-01-01T00:00:00Z", "--format", "json",
                ] + extra, in: folder)
            return (result.status, result.stdout, result.stderr)
        }
        let without = try record("anonymous.yaml", [])
        #expect(without.status == 1, "no user_id: outside every rollout")
        #expect(without.stdout.contains("\"blocked_by\": [\n    \"rollout\"\n  ]"))
        let with = try record("known.yaml", ["--user-id", "app-instance-4f1c"])
        #expect(with.status == 0, "\(with.stderr)")
        let text = try String(contentsOf: folder.appending(path: "known.yaml"), encoding: .utf8)
        #expect(text.contains("user_id: app-instance-4f1c"))
        let alone = try CLIRunner.run(
            ["record", "--policy", "rollout.yaml", "--state", "known.yaml", "--user-id", "x", "--launch"], in: folder)
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--user-id goes with --init"))
    }

    @Test func initWithALaunchCreatesThenRecords() throws {
        let folder = try RecordCommandTests.folder()
        let result = try CLIRunner.run(
            [
                "record", "--policy", "policy.yaml", "--state", "first.yaml", "--init", "--app", "short=2.0",
                "--launch",
                "--now", "2026-03-01T08:00:00Z",
            ], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let text = try String(contentsOf: folder.appending(path: "first.yaml"), encoding: .utf8)
        #expect(text.contains("launches: 1"))
        #expect(text.contains("session_started_at: 2026-03-01T08:00:00Z"))
    }

    @Test func initNeedsTheVersionStringThePolicyCounts() throws {
        let folder = try RecordCommandTests.folder()
        let result = try CLIRunner.run(
            ["record", "--policy", "policy.yaml", "--state", "x.yaml", "--init", "--app", "build=3"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--app needs short=..."), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "x.yaml").path))
        let alone = try CLIRunner.run(
            ["record", "--policy", "policy.yaml", "--state", "x.yaml", "--app", "short=1"], in: folder)
        #expect(alone.status == 2)
    }
}
