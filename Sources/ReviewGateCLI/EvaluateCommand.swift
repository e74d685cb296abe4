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
              reviewgate evaluate --budget policies/budget/calm-app.budget.yaml \\
                --state S --event process_completed --want paywall --explain

            With --budget (in place of --policy), each prompt whose policy decides the moment and each \
            external prompt named by --want is a candidate; the budget grants one (exit 0) or none (exit 1) \
            and explains every loser.
            """
    )

    @OptionGroup var files: PolicyStateOptions
    @OptionGroup var moment: MomentOptions

    @OptionGroup var output: DecisionOutputOptions

    func validate() throws {
        if files.budget != nil { try output.validateForBudget() }
    }

    func run() throws {
        if let path = files.budget {
            let budget = try InputFile.budget(path)
            let state = try InputFile.state(files.state, versionKey: budget.versionKey)
            let arbitration: Arbitration
            do {
                arbitration = try Arbiter.arbitrate(budget, state: state, moment: moment.moment, wanted: files.wanted)
            } catch {
                throw InputFile.usageError(error.description)
            }
            output.print(arbitration, budget: budget)
            if arbitration.granted == nil { throw ExitCode(1) }
            return
        }
        let policy = try InputFile.policy(files.policy ?? "")
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
