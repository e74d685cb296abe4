import ReviewGateTestSupport
import Testing

/// `simulate`'s progress line on a terminal: after the read, the replay's share and the time left,
/// for one policy and for a budget; and nothing of it where standard error is not a terminal.
@Suite struct SimulateProgressTests {
    static let runs: [[String]] = [
        [
            "--policy", "policies/apple-sample.yaml", "--synthetic",
            "policies/examples/simulate/first-month.cohort.yaml",
        ],
        [
            "--budget", "policies/budget/calm-app.budget.yaml", "--synthetic",
            "policies/examples/simulate/calm-app.cohort.yaml",
        ],
    ]

    @Test("a replay of 2,000 people on one core draws its share on a terminal, then clears the line", arguments: runs)
    func replayShare(_ run: [String]) throws {
        let result = try CLIRunner.run(["simulate", "--jobs", "1"] + run, showsProgress: true)
        #expect(result.status == 0, "\(result.stderr)")
        // The first share is drawn at once (after 256 people): a bar and its percentage.
        #expect(result.stderr.contains("replaying 2,000 people on 1 core  ["), "\(result.stderr)")
        #expect(result.stderr.contains("] 12%"), "\(result.stderr)")
        // The line is cleared before the report, which stays on standard output alone.
        #expect(result.stderr.hasSuffix("\r\u{1B}[K"), "\(result.stderr)")
        let quiet = try CLIRunner.run(["simulate", "--jobs", "1"] + run)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout == result.stdout)
    }
}
