import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateTesting

/// `reviewgate test [PATH...]`: runs scenario files and their golden transcripts.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", _superCommandName: "reviewgate",
        abstract:
            "Run scenario files (*.scenario.yaml): each step as `record` would, checking expectations and golden transcripts.",
        discussion: """
            Prints PASS or FAIL and the scenario's name for each, the details of each failure \
            (FILE:LINE:COL of the step, expected against actual, the decision's explanation; a diff \
            for a golden transcript), and last the line `N passed, M failed`.
            Warnings (a step's event that no trigger or condition of the policy names, with a \
            did-you-mean) go to stderr; --strict makes them failures.
            With --prompter, each scenario is played through the app's prompter instead, as the \
            ReviewGateTesting kit plays it in an app's tests (Semantics §16.2): each ask is recorded \
            after its policy's presentation.delay, as in an app, so the golden transcript is compared \
            only where no policy of the scenario has a delay, and lease, commit and release steps fail \
            at their line. --format transcript prints each scenario's transcript.
            Exit codes: 0 all passed, 1 failures, 2 a scenario file (or its policy) that cannot be read \
            or is invalid (its errors on stderr), or no scenario files found.
            """
    )

    /// The output forms of `test`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, junit, transcript
    }

    @Argument(
        help: ArgumentHelp(
            "Scenario files, or folders searched recursively for *.scenario.yaml (default: the current folder).",
            valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Write each golden transcript that is missing or differs, instead of failing on it.")
    var update = false

    @Option(
        help:
            "text: a line per scenario and a summary; junit: JUnit XML on stdout (the summary on stderr); transcript: each scenario's transcript (the summary on stderr)."
    )
    var format: Format = .text

    @Flag(
        help:
            "Play each scenario through the app's prompter (a test clock, a recording presenter), as the ReviewGateTesting kit does."
    )
    var prompter = false

    @Flag(help: "Fail a scenario that has warnings (a step's event that no trigger or condition of the policy names).")
    var strict = false

    func run() throws {
        let searched = paths.isEmpty ? ["."] : paths
        let files = try InputFile.orExit { try ScenarioFiles.find(in: searched) }
        guard !files.isEmpty else {
            Terminal.printError(
                "reviewgate: error: no *.scenario.yaml or *.scenario.yml files in \(searched.joined(separator: ", "))")
            throw ExitCode(2)
        }
        var runner = ScenarioRunner.files(InputFile.documents)
        runner.digest = CompiledDigest.sha256
        var outcomes: [ScenarioOutcome] = []
        for file in files {
            let started = MomentOptions.clock()
            let outcome: ScenarioOutcome
            do {
                let mode: GoldenMode = update ? .update : .compare
                var result: ScenarioResult
                if prompter {
                    let playback = ScenarioPlayback(InputFile.documents)
                    result = try AsyncBridge.wait {
                        await Result { () async throws(DiagnosticError) in
                            try await playback.play(path: file, goldens: mode)
                        }
                    }.get()
                } else {
                    result = try runner.run(path: file, goldens: mode)
                }
                if strict {
                    result.failOnWarnings()
                } else {
                    InputFile.report(result.scenario.warnings)
                }
                outcome = .ran(result)
            } catch {
                InputFile.report(error)
                outcome = .invalid(path: file, error)
            }
            outcomes.append(outcome.timed(MomentOptions.clock() - started))
            if format == .text { Terminal.print(outcome.textReport) }
        }
        let passed = outcomes.filter(\.passed).count
        let summary = "\(passed) passed, \(outcomes.count - passed) failed"
        switch format {
        case .text: Terminal.print(summary)
        case .junit:
            Terminal.print(JUnitReport.render(outcomes))
            Terminal.printError(summary)
        case .transcript:
            for case .ran(let result, _) in outcomes { Terminal.print(result.transcript) }
            Terminal.printError(summary)
        }
        if outcomes.contains(where: \.isInvalid) { throw ExitCode(2) }
        if passed < outcomes.count { throw ExitCode(1) }
    }
}
