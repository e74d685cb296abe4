import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// How a decision is printed: `--explain` and `--format`, shared by `evaluate` and `record`.
struct DecisionOutputOptions: ParsableArguments {
    /// The output forms of a decision.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, event
    }

    @Flag(help: "Explain the decision: every check, observed against required, with the policy's file:line.")
    var explain = false

    @Option(
        help: """
            text, json (Semantics §5's object, which always has every check), or event (the decision event: \
            one flat JSON line for analytics, Semantics §9).
            """)
    var format: Format = .text

    /// Whether either option was given.
    var isGiven: Bool { explain || format != .text }

    /// Prints the decision: JSON, the explanation, or one summary line.
    func print(_ decision: Decision, policy: Policy) {
        switch format {
        case .json: Terminal.print(JSONExplanation.render(decision, policy: policy))
        case .event: Terminal.print(DecisionEvent(decision, policy: policy).json)
        case .text where explain:
            Terminal.print(TextExplanation(color: Terminal.colorsStandardOutput).render(decision, policy: policy))
        case .text: Terminal.print(Self.summary(decision))
        }
    }

    /// One line: `allow (trigger T)`, or `block (blocked by A, B)`.
    static func summary(_ decision: Decision) -> String {
        if decision.isAllowed { return "allow (trigger \(decision.trigger ?? ""))" }
        var text = "block (blocked by \(decision.blockedBy.map(\.id).joined(separator: ", ")))"
        if let next = decision.nextEligibleAt { text += "; eligible from \(next)" }
        return text
    }
}
