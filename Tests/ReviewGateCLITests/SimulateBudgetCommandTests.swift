import Foundation
import ReviewGateTestSupport
import Testing

/// `reviewgate simulate --budget` as a user runs it (Semantics §12): the shipped budget over the shipped
/// cohort, in text and JSON, from its YAML or compiled, and the options it refuses.
@Suite("simulate --budget command")
struct SimulateBudgetCommandTests {
    static let budget = "policies/budget/calm-app.budget.yaml"
    static let cohort = "policies/examples/simulate/calm-app.cohort.yaml"

    /// The JSON report's prompts, by name.
    static func prompts(_ json: String) throws -> [String: NSDictionary] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let prompts = try #require(object?["prompts"] as? [NSDictionary])
        return Dictionary(uniqueKeysWithValues: prompts.map { ($0["prompt"] as? String ?? "", $0) })
    }

    @Test("the shipped cohort shows displacement: the review held back by the paywall's gap and the limits")
    func displacement() throws {
        let text = try CLIRunner.run(["simulate", "--budget", Self.budget, "--synthetic", Self.cohort])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("budget calm-app (\(Self.budget), sha256:"), "\(text.stdout)")
        #expect(text.stdout.contains("2,000 people"), "\(text.stdout)")
        for prompt in ["paywall (external)", "whats_new (external)", "review", "survey"] {
            #expect(text.stdout.contains("\n\(prompt) "), "\(prompt): \(text.stdout)")
        }

        let json = try CLIRunner.run([
            "simulate", "--budget", Self.budget, "--synthetic", Self.cohort, "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let prompts = try Self.prompts(json.stdout)
        let review = try #require(prompts["review"])
        let granted = try #require(review["granted"] as? Int)
        let alone = try #require((review["without_budget"] as? NSDictionary)?["shown"] as? Int)
        let held = try #require(review["held_back"] as? NSDictionary)
        #expect(granted < alone)
        #expect(held["gap"] as? Int ?? 0 > 0)
        #expect(held["lease"] as? Int == 0)
        #expect((review["delayed"] as? NSDictionary)?["grants"] as? Int ?? 0 > 0)
        // The what's-new sheet ignores the budget: never held back by a limit or a gap.
        let whatsNew = try #require(prompts["whats_new"]?["held_back"] as? NSDictionary)
        #expect(whatsNew["gap"] as? Int == 0 && whatsNew["limit"] as? Int == 0)
        #expect(
            prompts["whats_new"]?["granted"] as? Int == (prompts["whats_new"]?["without_budget"] as? NSDictionary)?[
                "shown"] as? Int)
    }

    @Test("the compiled budget gives the same report")
    func compiled() throws {
        let folder = try Repository.temporaryFolder()
        let compiledPath = folder.appending(path: "calm-app.json").path
        let compile = try CLIRunner.run(["compile", Self.budget, "-o", compiledPath])
        #expect(compile.status == 0, "\(compile.stderr)")
        let fromYAML = try CLIRunner.run([
            "simulate", "--budget", Self.budget, "--synthetic", Self.cohort, "--format", "json",
        ])
        let fromCompiled = try CLIRunner.run(
            ["simulate", "--budget", compiledPath, "--synthetic", Self.cohort, "--format", "json"])
        #expect(fromCompiled.status == 0, "\(fromCompiled.stderr)")
        #expect(try Self.prompts(fromCompiled.stdout) == Self.prompts(fromYAML.stdout))
    }

    @Test("--budget with --policy, --baseline, --asks, --within-days, --merge or --html is refused with 2")
    func refusals() throws {
        for extra in [
            ["--policy", "policies/apple-sample.yaml"], ["--baseline", "policies/apple-sample.yaml"],
            ["--asks", "asks.jsonl"], ["--within-days", "30"],
        ] {
            let result = try CLIRunner.run(["simulate", "--budget", Self.budget, "--synthetic", Self.cohort] + extra)
            #expect(result.status == 2, "\(extra)")
            // Whichever is given, the refusal names every option a budget's run does not take.
            #expect(
                result.stderr.contains(
                    "--budget replays the budget's own policies: give no --policy, --baseline, --asks, --within-days or --vary\n"
                ), "\(result.stderr)")
        }
        let merge = try CLIRunner.run(["simulate", "--merge", "--budget", Self.budget, "a.json"])
        #expect(merge.status == 2)
        #expect(
            merge.stderr.contains(
                "--merge reads policy reports: give no --policy, --baseline, --budget, --synthetic, --asks, --within-days, --vary or --version-key (a report keeps its own)\n"
            ), "\(merge.stderr)")
        let html = try CLIRunner.run([
            "simulate", "--budget", Self.budget, "--synthetic", Self.cohort, "--html", "x.html",
        ])
        #expect(html.status == 2)
        #expect(
            html.stderr.contains("--html draws policy reports; a budget's report is text or json"), "\(html.stderr)")

        // A budget's JSON report given to --merge says what it is.
        let folder = try Repository.temporaryFolder()
        let report = try CLIRunner.run(
            [
                "simulate", "--budget", Repository.path(Self.budget), "--synthetic", Repository.path(Self.cohort),
                "--format", "json",
            ], in: folder)
        try Data(report.stdout.utf8).write(to: folder.appending(path: "budget.json"))
        let merged = try CLIRunner.run(["simulate", "--merge", "budget.json"], in: folder)
        #expect(merged.status == 2)
        #expect(merged.stderr.contains("this is a simulate --budget report"), "\(merged.stderr)")
    }
}
