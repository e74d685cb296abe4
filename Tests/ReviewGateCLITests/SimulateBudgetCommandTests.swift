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

        // Varied, the compiled budget keeps its compiled policies, and its variants are the YAML's.
        let vary = [
            "--synthetic", Self.cohort, "--format", "json", "--vary", "gaps.1.min=1d,7d", "--vary",
            "prompts.review.triggers.process_completed.at_least=3,6",
        ]
        let variedYAML = try CLIRunner.run(["simulate", "--budget", Self.budget] + vary)
        let variedCompiled = try CLIRunner.run(["simulate", "--budget", compiledPath] + vary)
        #expect(variedCompiled.status == 0, "\(variedCompiled.stderr)")
        func variants(_ json: String) throws -> [NSDictionary] {
            let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return try #require(report?["variants"] as? [[String: Any]]).map { variant in
                var copy = variant
                copy["budget"] = (variant["budget"] as? [String: Any])?["digest"]  // the paths differ
                return copy as NSDictionary
            }
        }
        let yamlVariants = try variants(variedYAML.stdout)
        #expect(yamlVariants.count == 4)
        #expect(try variants(variedCompiled.stdout) == yamlVariants)
    }

    @Test("--budget with --policy or --asks is refused with 2; a policy as its baseline is refused at its line")
    func refusals() throws {
        for extra in [["--policy", "policies/apple-sample.yaml"], ["--asks", "asks.jsonl"]] {
            let result = try CLIRunner.run(["simulate", "--budget", Self.budget, "--synthetic", Self.cohort] + extra)
            #expect(result.status == 2, "\(extra)")
            // Whichever is given, the refusal names every option a budget's run does not take.
            #expect(
                result.stderr.contains("--budget replays the budget's own policies: give no --policy or --asks\n"),
                "\(result.stderr)")
        }
        let baseline = try CLIRunner.run([
            "simulate", "--budget", Self.budget, "--synthetic", Self.cohort, "--baseline", "policies/apple-sample.yaml",
        ])
        #expect(baseline.status == 2)
        #expect(
            baseline.stderr.contains(
                "--baseline with --budget takes a budget to compare with; policies/apple-sample.yaml is a policy (it has no reviewgate_budget)"
            ), "\(baseline.stderr)")
        let merge = try CLIRunner.run(["simulate", "--merge", "--budget", Self.budget, "a.json"])
        #expect(merge.status == 2)
        // The command's own options, then the shared ones (ReplayOptionsTests checks each of those).
        #expect(
            merge.stderr.contains(
                "--merge reads reports: give no --policy, --baseline, --budget, --synthetic, --asks, --within-days, --vary, --since, --input-format, "
            ) && merge.stderr.contains(" (a report keeps its own)\n"), "\(merge.stderr)")
    }

    @Test("--merge adds up budget reports as it does policy reports, and refuses the two kinds mixed at the line")
    func mergesBudgetReports() throws {
        let folder = try Repository.temporaryFolder()
        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments, in: folder)
        }
        let cohort = Repository.path(Self.cohort)
        let timeline = try run([
            "simulate", "--budget", Repository.path(Self.budget), "--synthetic", cohort,
            "--write-timeline", "all.jsonl", "--format", "json",
        ])
        #expect(timeline.status == 0, "\(timeline.stderr)")
        // Two partitions of people: those whose id is even, and the rest.
        let lines = try String(contentsOf: folder.appending(path: "all.jsonl"), encoding: .utf8).split(separator: "\n")
        let parts = [0, 1].map { half in
            lines.filter { line in
                let user = line.split(separator: "\"")[3]
                return Int(user.unicodeScalars.reduce(0) { $0 + Int($1.value) }) % 2 == half
            }
        }
        #expect(parts.allSatisfy { !$0.isEmpty })
        let options = [
            "--budget", Repository.path(Self.budget), "--within-days", "30", "--until", "2026-03-01T00:00:00Z",
            "--vary", "gaps.0.min=1d,7d", "--format", "json",
        ]
        for (index, part) in parts.enumerated() {
            try (part.joined(separator: "\n") + "\n").write(
                to: folder.appending(path: "part-\(index).jsonl"), atomically: true, encoding: .utf8)
            let report = try run(["simulate", "part-\(index).jsonl"] + options)
            #expect(report.status == 0, "\(report.stderr)")
            try report.stdout.write(to: folder.appending(path: "part-\(index).json"), atomically: true, encoding: .utf8)
        }
        let whole = try run(["simulate", "all.jsonl"] + options)
        #expect(whole.status == 0, "\(whole.stderr)")
        let merged = try run(["simulate", "--merge", "part-0.json", "part-1.json", "--format", "json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        func figures(_ json: String) throws -> NSDictionary {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            object["input"] = nil  // the sources differ
            return object as NSDictionary
        }
        #expect(try figures(merged.stdout) == figures(whole.stdout))
        let text = try run(["simulate", "--merge", "part-0.json", "part-1.json", "--html", "merged.html"])
        #expect(text.stdout.contains("granted per prompt, under each variant"), "\(text.stdout)")
        // The merged report's page keeps the merged JSON report.
        let page = try String(contentsOf: folder.appending(path: "merged.html"), encoding: .utf8)
        #expect(page.contains("What the budget calm-app would do"))
        #expect(page.contains(#""reviewgate_simulation_budget":1"#))

        // A policy's report among budget reports is refused at its line.
        let policy = try run([
            "simulate", "--policy", Repository.path("policies/apple-sample.yaml"), "all.jsonl", "--format", "json",
        ])
        try (whole.stdout + policy.stdout).write(
            to: folder.appending(path: "mixed.jsonl"), atomically: true, encoding: .utf8)
        let mixed = try run(["simulate", "--merge", "mixed.jsonl"])
        #expect(mixed.status == 2)
        #expect(
            mixed.stderr.contains(
                "mixed.jsonl:2:1: error: this is a policy's simulate report, not a budget's: merge it with other policy reports"
            ), "\(mixed.stderr)")
    }
}
