import Foundation
import ReviewGateTestSupport
import Testing

/// `reviewgate readout` on the command line: its refusals, the warning about an outcome no line sends,
/// and partitions read out apart and merged into the readout of the whole.
@Suite("readout: the command")
struct ReadoutCommandTests {
    static let policy = "policies/experiments/review-timing.yaml"
    static let timeline = "policies/examples/readout/timeline.jsonl"

    @Test(
        "refusals: a policy without an experiment, no outcome, a response of no kind, part days, --grouped without --until, --merge with a policy",
        arguments: [
            (
                ["--policy", "policies/apple-sample.yaml", "--outcome", "launch", timeline],
                "the policy runs no experiment (no experiment: section), so there is nothing to read out"
            ),
            (["--policy", policy, timeline], "give an outcome to read out: --outcome NAME"),
            (
                ["--policy", policy, "--outcome", "response:great", timeline],
                "--outcome response:great: a response outcome is response:rated, response:declined or response:later"
            ),
            (
                ["--policy", policy, "--outcome", "launch", "--outcome-within", "36h", timeline],
                "--outcome-within must be whole days from 1 to 36500, such as 14d; found 36h"
            ),
            (
                ["--policy", policy, "--outcome", "launch", "--grouped", timeline],
                "a --grouped readout needs --until"
            ),
            (["--merge", "--policy", policy, "a.json"], "--merge adds up readouts: give no --policy"),
            (
                ["--policy", policy, "--outcome", "launch", "--assigned-within", "7d", timeline],
                "--assigned-within (7 d) must be at least --outcome-within (14 d)"
            ),
            (
                ["--policy", policy, "--outcome", "launch", "--outcome-within", "200000000000000", timeline],
                "--outcome-within must be whole days from 1 to 36500"
            ),
            (
                [
                    "--policy", policy, "--budget", "policies/budget/calm-app.budget.yaml", "--outcome", "launch",
                    timeline,
                ],
                "give --policy or --budget, not both"
            ),
            (
                ["--budget", "policies/budget/calm-app.budget.yaml", "--outcome", "launch", timeline],
                "no prompt's policy runs an experiment, so there is nothing to read out"
            ),
            (
                ["--policy", policy, "--outcome", "launch", "--plan", "0", timeline],
                "--plan is a difference in percentage points"
            ),
        ])
    func refusals(_ arguments: [String], _ message: String) throws {
        let result = try CLIRunner.run(["readout"] + arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("an outcome no line sends is warned about, with the name the input sends that is closest")
    func outcomeNobodySends() throws {
        let result = try CLIRunner.run([
            "readout", "--policy", Self.policy, "--outcome", "survey_complete", Self.timeline,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("warning: --outcome survey_complete reads event survey_complete"), "\(result.stdout)"
        )
        #expect(result.stdout.contains(#"did you mean "survey_completed"?"#), "\(result.stdout)")
    }

    @Test("--grouped, a person at a time, reads out as the whole timeline in memory does")
    func grouped() throws {
        // The example is written a person at a time: grouped as it is.
        let options = [
            "readout", "--policy", Self.policy, "--outcome", "survey_completed", "--plan", "5", "--until",
            "2026-04-01T00:00:00Z", "--format", "json", Self.timeline,
        ]
        let whole = try CLIRunner.run(options)
        let grouped = try CLIRunner.run(options + ["--grouped", "--jobs", "1"])
        try #require(whole.status == 0 && grouped.status == 0, "\(whole.stderr)\(grouped.stderr)")
        #expect(grouped.stdout == whole.stdout)
        #expect(whole.stdout.contains(#""people":600"#))
    }

    @Test("two partitions of the people read out with the same --until merge into the whole's readout")
    func partitionsMerge() throws {
        let folder = try Repository.temporaryFolder()
        let lines = try String(contentsOfFile: Repository.path(Self.timeline), encoding: .utf8).split(separator: "\n")
        // The people split by the parity of their number (`s7-u12`).
        let parts = [0, 1].map { parity in
            lines.filter { (Int($0.split(separator: "-u")[1].prefix { $0.isNumber }) ?? 0) % 2 == parity }
                .joined(separator: "\n") + "\n"
        }
        for (index, part) in parts.enumerated() {
            try part.write(to: folder.appending(path: "part-\(index).jsonl"), atomically: true, encoding: .utf8)
        }
        let options = [
            "--policy", Repository.path(Self.policy), "--outcome", "survey_completed", "--plan", "5", "--until",
            "2026-04-01T00:00:00Z", "--format", "json",
        ]
        for index in 0..<2 {
            let result = try CLIRunner.run(["readout"] + options + ["part-\(index).jsonl"], in: folder)
            try #require(result.status == 0, "\(result.stderr)")
            try result.stdout.write(to: folder.appending(path: "part-\(index).json"), atomically: true, encoding: .utf8)
        }
        let merged = try CLIRunner.run(
            ["readout", "--merge", "part-0.json", "part-1.json", "--format", "json"], in: folder)
        try #require(merged.status == 0, "\(merged.stderr)")
        let whole = try CLIRunner.run(["readout"] + options + [Repository.path(Self.timeline)], in: folder)
        try #require(whole.status == 0, "\(whole.stderr)")
        // The same but for the sources read.
        let sources = /"sources":\[[^\]]*\]/
        #expect(merged.stdout.replacing(sources, with: "") == whole.stdout.replacing(sources, with: ""))
        #expect(merged.stdout.contains(#""people":600"#))

        // Without --until, each part ends at its own latest line: refused.
        for index in 0..<2 {
            let result = try CLIRunner.run(
                [
                    "readout", "--policy", Repository.path(Self.policy), "--outcome", "survey_completed", "--format",
                    "json", "part-\(index).jsonl",
                ],
                in: folder)
            try result.stdout.write(to: folder.appending(path: "open-\(index).json"), atomically: true, encoding: .utf8)
        }
        let refused = try CLIRunner.run(["readout", "--merge", "open-0.json", "open-1.json"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the readouts' observation ends differ"), "\(refused.stderr)")
    }
}
