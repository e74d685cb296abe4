import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate

/// `reviewgate evaluate`: one decision, dry run; nothing is written.
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate", _superCommandName: "reviewgate",
        abstract: "Decide whether the app may ask for a review at a moment (a dry run: nothing is written).",
        discussion: """
            Exit codes: 0 allow, 1 block, 2 an unusable policy, state or option.

            Examples:
              reviewgate evaluate --policy policies/apple-sample.yaml \\
                --state policies/examples/apple-sample.state.yaml \\
                --event process_completed --scene ProcessCompleted --explain
              reviewgate evaluate --policy P --state S --event launch --format json
              reviewgate evaluate --policy P --state S --trigger T \\
                --now 2026-12-01T09:00:00Z
            """
    )

    @OptionGroup var files: PolicyStateOptions
    @OptionGroup var moment: MomentOptions

    @OptionGroup var output: DecisionOutputOptions

    func run() throws {
        let policy = try InputFile.policy(files.policy)
        let state = try InputFile.state(files.state, for: policy)
        let decision: Decision
        do {
            decision = try Evaluator.evaluate(policy, state: state, moment: moment.moment)
        } catch {
            throw InputFile.usageError(error.description)
        }
        output.print(decision, policy: policy)
        if !decision.isAllowed { throw ExitCode(1) }
    }
}
