import Foundation
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
