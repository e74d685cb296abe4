import ArgumentParser
import ReviewGate

/// `reviewgate evaluate`: one decision, dry run; nothing is written.
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
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

    /// The output forms of `evaluate`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var files: PolicyStateOptions
    @OptionGroup var moment: MomentOptions

    @Flag(help: "Explain the decision: every check, observed against required, with the policy's file:line.")
    var explain = false

    @Option(help: "text, or json (SPEC §5's object, which always has every check).")
    var format: Format = .text

    func run() throws {
        let policy = try InputFile.policy(files.policy)
        let state = try InputFile.state(files.state, for: policy)
        let decision: Decision
        do {
            decision = try Evaluator.evaluate(policy, state: state, moment: moment.moment)
        } catch {
            throw ValidationError(error.description)
        }
        switch format {
        case .json: Terminal.print(JSONExplanation.render(decision, policy: policy))
        case .text where explain: Terminal.print(TextExplanation(color: Terminal.colorsStandardOutput).render(decision, policy: policy))
        case .text: Terminal.print(Self.summary(decision))
        }
        if !decision.isAllowed { throw ExitCode(1) }
    }

    /// One line: `allow (trigger T)`, or `block (blocked by A, B)`.
    static func summary(_ decision: Decision) -> String {
        if decision.isAllowed { return "allow (trigger \(decision.trigger ?? ""))" }
        var text = "block (blocked by \(decision.blockedBy.joined(separator: ", ")))"
        if let next = decision.nextEligibleAt { text += "; eligible from \(next)" }
        return text
    }
}
