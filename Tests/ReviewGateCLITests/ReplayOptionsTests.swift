import Foundation
import ReviewGateTestSupport
import Testing

/// The options `simulate` and `readout` share (`ReplayOptions`, the library's `ReplaySettings` one
/// for one) take one route: each is refused alike by both commands under `--merge`, which replays
/// nothing, and `--until` ends observation in both.
@Suite struct ReplayOptionsTests {
    /// Each shared option, as it is given.
    static let shared: [[String]] = [
        ["--input-format", "csv"], ["--version-key", "build"], ["--grouped"], ["--strict"], ["--jobs", "2"],
        ["--duplicates", "drop"], ["--until", "2026-03-01T00:00:00Z"],
    ]

    @Test(arguments: shared)
    func bothCommandsRefuseItUnderMerge(_ option: [String]) throws {
        let simulate = try CLIRunner.run(["simulate", "--merge"] + option + ["a.json"])
        let readout = try CLIRunner.run(["readout", "--merge"] + option + ["a.json"])
        #expect(simulate.status == 2 && readout.status == 2, "\(simulate.stderr)\(readout.stderr)")
        let replayed = "--input-format, --version-key, --grouped, --strict, --jobs, --duplicates or --until"
        #expect(simulate.stderr.contains("--merge reads reports: give no "), "\(simulate.stderr)")
        #expect(readout.stderr.contains("--merge adds up readouts: give no "), "\(readout.stderr)")
        #expect(simulate.stderr.contains(replayed) && readout.stderr.contains(replayed))
    }

    /// Without `--merge` the same options are taken: a merge of well-formed reports with none given runs.
    @Test func aMergeWithNoneOfThemIsNotRefused() throws {
        let merge = try CLIRunner.run(["simulate", "--merge", "missing.json"])
        #expect(!merge.stderr.contains("give no"), "\(merge.stderr)")
    }
}

/// `--until`, a shared option, ends observation in both commands outside `--merge`.
@Suite struct SharedUntilTests {
    @Test func untilEndsObservationInBothCommands() throws {
        let until = "2026-02-20T00:00:00Z"
        let simulate = try CLIRunner.run([
            "simulate", "--policy", Repository.path("policies/apple-sample.yaml"), "--within-days", "7", "--until",
            until, "--format", "json", Repository.path("policies/examples/simulate/export.jsonl"),
        ])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(simulate.stdout.contains("\"until\":\"\(until)\""), "\(simulate.stdout.prefix(400))")
        #expect(!simulate.stdout.contains("\"lines_after_end\":0"))
        let readout = try CLIRunner.run([
            "readout", "--policy", Repository.path("policies/experiments/review-timing.yaml"), "--outcome",
            "survey_completed", "--until", until, "--format", "json",
            Repository.path("policies/examples/readout/timeline.jsonl"),
        ])
        #expect(readout.status == 0, "\(readout.stderr)")
        #expect(readout.stdout.contains("\"until\":\"\(until)\""), "\(readout.stdout.prefix(400))")
    }
}
