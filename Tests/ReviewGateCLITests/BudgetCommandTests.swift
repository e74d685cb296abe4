import Foundation
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateTestSupport
import Testing

/// `evaluate`, `record`, `validate` and `schema` with a budget (Semantics §12).
@Suite struct BudgetCommandTests {
    private let budget = "policies/budget/calm-app.budget.yaml"
    private let state = "policies/examples/calm-app.state.yaml"
    private let completion = ["--event", "process_completed", "--scene", "ProcessCompleted"]

    private func evaluate(_ arguments: [String], now: String = "2026-11-22T10:00:00Z") throws -> CLIRunner.Result {
        try CLIRunner.run(["evaluate", "--budget", budget, "--state", state, "--now", now] + arguments)
    }

    @Test func aGrantExitsZeroAndNoneExitsOne() throws {
        let granted = try evaluate(completion)
        #expect(granted.status == 0)
        // The paywall shown yesterday holds the review back for three days; the survey may show.
        #expect(granted.stdout == "grant survey; blocked: review (budget)\n")
        let none = try evaluate(["--want", "paywall"], now: "2026-11-21T10:00:00Z")
        #expect(none.status == 1)
        #expect(none.stdout == "none granted; blocked: paywall (budget)\n")
    }

    @Test func jsonSaysWhatWasGrantedAndWhyEachLoserLost() throws {
        let result = try evaluate(completion + ["--want", "paywall", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["granted"] as? String == "paywall")
        let candidates = try #require(object["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["prompt"] as? String } == ["paywall", "review", "survey"])
        let review = candidates[1]
        #expect(review["blocked_by"] as? [String] == ["budget"])
        #expect((review["policy_decision"] as? [String: Any])?["decision"] as? String == "allow")
        let checks = try #require(review["budget_checks"] as? [[String: Any]])
        let failed = checks.filter { $0["passed"] as? Bool == false }.compactMap { $0["message"] as? String }
        // Held back by the gap, it is not also outranked: only candidates that pass are ranked.
        #expect(
            failed == [
                "3d gap after paywall before review: paywall shown at 2026-11-21T09:30:00Z; eligible from 2026-11-24T09:30:00Z"
            ])
        #expect(candidates[2]["blocked_by"] as? [String] == ["budget"])
    }

    @Test func explainShowsEachCandidatesPolicyAndBudgetChecks() throws {
        let result = try evaluate(completion + ["--explain"])
        #expect(result.stdout.hasPrefix("GRANT survey under budget calm-app at 2026-11-22T10:00:00Z"))
        #expect(result.stdout.contains("  review (policy review.yaml, priority 50): blocked by budget"))
        #expect(result.stdout.contains("    ALLOW calm-app-review via trigger process_completed"))
        #expect(result.stdout.contains("✗ budget gap    3d gap after paywall before review"))
    }

    @Test func wantingWhatIsNotExternalIsAUsageError() throws {
        let unknown = try evaluate(["--want", "paywal"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean \"paywall\"?"))
        let policy = try evaluate(["--want", "review"])
        #expect(policy.status == 2)
        #expect(policy.stderr.contains("review is decided by its policy"))
        let both = try CLIRunner.run(["evaluate", "--budget", budget, "--policy", "p.yaml", "--state", state])
        #expect(both.status == 2)
        #expect(both.stderr.contains("give --policy FILE or --budget FILE"))
        let event = try evaluate(["--format", "event"])
        #expect(event.status == 2)
    }

    @Test func recordShowsTheGrantedPromptAtOnceAndAnswersCarryTheirPrompt() throws {
        let folder = try Repository.temporaryFolder()
        let copy = folder.appending(path: "s.yaml")
        try FileManager.default.copyItem(at: Repository.root.appending(path: state), to: copy)
        let record = { (arguments: [String]) in
            try CLIRunner.run(["record", "--budget", self.budget, "--state", copy.path] + arguments)
        }
        let first = try record(completion + ["--now", "2026-11-22T10:00:00Z"])
        #expect(first.status == 0)
        #expect(first.stdout.hasSuffix("recorded: process_completed 4, survey ask #2 in build \"142\"\n"))
        let second = try record(["--want", "paywall", "--now", "2026-11-22T11:00:00Z", "--format", "json"])
        #expect(second.status == 1)
        #expect(second.stdout.contains("\"shown\": null"))
        let answer = try record(["--respond", "declined", "--prompt", "survey", "--now", "2026-11-22T11:00:00Z"])
        #expect(answer.stdout == "recorded: response declined to survey\n")
        let misspelt = try record(["--respond", "later", "--prompt", "survy", "--now", "2026-11-22T11:00:00Z"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("did you mean \"survey\"?"))
        // A policy's answers are its own prompt's, without --prompt.
        let own = try CLIRunner.run([
            "record", "--policy", "policies/budget/survey.yaml", "--state", copy.path, "--respond", "later", "--now",
            "2026-11-22T12:00:00Z",
        ])
        #expect(own.stdout == "recorded: response later to survey\n")
        let text = try String(contentsOf: copy, encoding: .utf8)
        #expect(text.contains("trigger: process_completed, prompt: survey}"))
        #expect(text.contains("- {at: 2026-11-22T11:00:00Z, kind: declined, prompt: survey}"))
    }

    @Test func compileWritesOneFileThatEveryCommandTakesAsTheBudget() throws {
        let folder = try Repository.temporaryFolder()
        let compiled = folder.appending(path: "calm-app.json")
        let result = try CLIRunner.run(["compile", budget, "-o", compiled.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(budget) → \(compiled.path) (budget calm-app, sha256:"))
        let yaml = try evaluate(completion + ["--want", "paywall", "--explain"])
        let json = try CLIRunner.run(
            ["evaluate", "--budget", compiled.path, "--state", state, "--now", "2026-11-22T10:00:00Z"] + completion
                + ["--want", "paywall", "--explain"])
        #expect(yaml.status == 0 && json.status == 0)
        #expect(json.stdout == yaml.stdout && json.stdout.hasPrefix("GRANT paywall"))
        #expect(try CLIRunner.run(["validate", compiled.path]).status == 0)
        // A signed budget is for apps and verify (SignedUpdateCommandTests): --budget says so.
        let key = try Repository.temporaryFolder().appending(path: "team.key")
        try UpdateSigningKey().text.write(to: key, atomically: true, encoding: .utf8)
        let signedPath = try Repository.temporaryFolder().appending(path: "calm.signed.json").path
        let signed = try CLIRunner.run(["compile", budget, "--sign", key.path, "-o", signedPath])
        #expect(signed.status == 0, "\(signed.stderr)")
        let evaluated = try CLIRunner.run(
            ["evaluate", "--budget", signedPath, "--state", state, "--now", "2026-11-22T10:00:00Z"] + completion)
        #expect(evaluated.status == 2)
        #expect(
            evaluated.stderr.hasPrefix(
                "\(signedPath):1:1: error: this is a signed budget, for remote updates: check it with reviewgate verify"
            ),
            "\(evaluated.stderr)")
    }

    @Test func validateChecksABudgetWithItsPolicies() throws {
        let result = try CLIRunner.run(["validate", budget, "policies/budget/spacing.budget.yaml"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(budget): valid\npolicies/budget/spacing.budget.yaml: valid\n")
        let schema = try CLIRunner.run(["schema", "budget"])
        #expect(schema.stdout.contains("\"title\": \"ReviewGate budget\""))
    }
}
