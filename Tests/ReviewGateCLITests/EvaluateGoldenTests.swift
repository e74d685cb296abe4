import Foundation
import ReviewGateTestSupport
import Testing

/// `evaluate --explain` and `--format json` on the three reference policies, against golden files
/// recorded by running the code (``Golden``: a missing golden is recorded and fails, so it is read
/// before it is kept; `REVIEWGATE_UPDATE_GOLDENS=1` re-records them all).
@Suite struct EvaluateGoldenTests {
    @Test(arguments: ExplanationCase.all, ["text", "json"])
    func matchesGolden(_ testCase: ExplanationCase, _ format: String) throws {
        var arguments = [
            "evaluate", "--policy", "policies/\(testCase.policy).yaml", "--state",
            "policies/examples/\(testCase.state)",
        ]
        arguments += testCase.moment
        arguments += format == "json" ? ["--format", "json"] : ["--explain"]
        let result = try CLIRunner.run(arguments)
        #expect(result.status == testCase.status, "\(result.stderr)")
        let golden = testCase.golden(format == "json" ? .json : .text)
        let outcome = Golden.check(result.stdout, against: golden)
        #expect(outcome == .matches, "\(outcome)")
    }

    @Test func jsonHasTheSpecShape() throws {
        let result = try CLIRunner.run([
            "evaluate", "--policy", "policies/apple-sample.yaml", "--state",
            "policies/examples/apple-sample-asked.state.yaml",
            "--event", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z", "--format",
            "json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in [
            "policy", "decision", "now", "trigger", "blocked_by", "checks", "next_eligible_at", "needs", "presentation",
            "write_review_url",
        ] {
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
