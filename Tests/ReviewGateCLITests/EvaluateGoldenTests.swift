import Foundation
import Testing

/// `evaluate --explain` and `--format json` on the three reference policies, against golden files
/// recorded by running the code. `REVIEWGATE_UPDATE_GOLDENS=1` re-records them; a missing golden is
/// recorded outside CI and a failure in CI.
@Suite struct EvaluateGoldenTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let policy: String
        let state: String
        let moment: [String]
        let status: Int32
        var description: String { name }
    }

    static let cases = [
        Case(name: "apple-sample-allow", policy: "apple-sample", state: "apple-sample.state.yaml",
             moment: ["--event", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z"], status: 0),
        Case(name: "apple-sample-third", policy: "apple-sample", state: "apple-sample.state.yaml",
             moment: ["--trigger", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z"], status: 1),
        Case(name: "apple-sample-asked", policy: "apple-sample", state: "apple-sample-asked.state.yaml",
             moment: ["--event", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z"], status: 1),
        Case(name: "apple-sample-other-scene", policy: "apple-sample", state: "apple-sample.state.yaml",
             moment: ["--event", "process_completed", "--scene", "Settings", "--now", "2026-11-22T10:00:00Z"], status: 1),
        Case(name: "three-week-rule-one-second-short", policy: "three-week-rule", state: "three-week-rule.state.json",
             moment: ["--event", "launch", "--now", "2026-11-22T09:59:59Z"], status: 1),
        Case(name: "three-week-rule-exactly-21d", policy: "three-week-rule", state: "three-week-rule.state.json",
             moment: ["--event", "launch", "--now", "2026-11-22T10:00:00Z"], status: 0),
        Case(name: "treaty-cooldown", policy: "treaty", state: "treaty.state.yaml",
             moment: ["--event", "feed_activity_logged", "--now", "2026-11-22T10:00:00Z"], status: 1),
        Case(name: "treaty-walk-after-cooldown", policy: "treaty", state: "treaty.state.yaml",
             moment: ["--event", "walk_ended", "--now", "2026-11-25T10:00:00Z"], status: 0),
        Case(name: "treaty-second-hygiene-activity", policy: "treaty", state: "treaty.state.yaml",
             moment: ["--event", "hygiene_activity_logged", "--now", "2026-11-25T10:00:00Z"], status: 1),
    ]

    static let goldens = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Goldens")

    @Test(arguments: cases, ["text", "json"])
    func matchesGolden(_ testCase: Case, _ format: String) throws {
        var arguments = ["evaluate", "--policy", "policies/\(testCase.policy).yaml", "--state", "policies/examples/\(testCase.state)"]
        arguments += testCase.moment
        arguments += format == "json" ? ["--format", "json"] : ["--explain"]
        let result = try CLIRunner.run(arguments, environment: ["NO_COLOR": "1"])
        #expect(result.status == testCase.status, "\(result.stderr)")
        let golden = Self.goldens.appending(path: "\(testCase.name).\(format == "json" ? "json" : "txt")")
        let environment = ProcessInfo.processInfo.environment
        let exists = FileManager.default.fileExists(atPath: golden.path)
        if environment["REVIEWGATE_UPDATE_GOLDENS"] == "1" || (!exists && environment["CI"] == nil) {
            try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(result.stdout == expected, "golden \(golden.lastPathComponent) differs; REVIEWGATE_UPDATE_GOLDENS=1 re-records it")
    }

    @Test func jsonHasTheSpecShape() throws {
        let result = try CLIRunner.run([
            "evaluate", "--policy", "policies/apple-sample.yaml", "--state", "policies/examples/apple-sample-asked.state.yaml",
            "--event", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z", "--format", "json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["policy", "decision", "now", "trigger", "blocked_by", "checks", "next_eligible_at", "needs", "presentation", "write_review_url"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        #expect(object["decision"] as? String == "block")
        #expect(object["blocked_by"] as? [String] == ["once_per_version"])
        let presentation = try #require(object["presentation"] as? [String: Any])
        #expect(presentation["delay_seconds"] as? Int == 2)
        #expect(presentation["require_same_scene"] as? Bool == true)
        #expect(object["write_review_url"] as? String == "https://apps.apple.com/app/id1234567890?action=write-review")
        let checks = try #require(object["checks"] as? [[String: Any]])
        let once = try #require(checks.first { $0["id"] as? String == "once_per_version" })
        #expect(once["message"] as? String == "already asked in build 142 on 2026-11-01")
        let source = try #require(once["source"] as? [String: Any])
        #expect(source["file"] as? String == "policies/apple-sample.yaml")
        #expect(source["column"] as? Int == 3)
    }
}
