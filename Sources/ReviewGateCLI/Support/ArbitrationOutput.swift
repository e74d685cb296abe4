import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// How `evaluate --budget` and `record --budget` print an arbitration: one line, the explanation
/// (`--explain`), or one JSON object (`--format json`).
extension DecisionOutputOptions {
    /// Refuses what a budget cannot print: the decision event is one policy's.
    func validateForBudget() throws {
        if format == .event {
            throw ValidationError(
                "--format event prints one policy's decision event; with --budget use --format json (every candidate's decision)"
            )
        }
    }

    /// Prints the arbitration; with `recorded`, the JSON has that member last.
    func print(_ arbitration: Arbitration, budget: Budget, recorded: JSONValue? = nil, summary: String? = nil) {
        let explanation = ArbitrationExplanation(budget: budget, color: Terminal.colorsStandardOutput)
        switch format {
        case .json, .event:
            guard case .object(var members) = explanation.json(arbitration) else { return }
            if let recorded { members.append(("recorded", recorded)) }
            Terminal.print(JSONWriter(pretty: true).string(.object(members)))
            return
        case .text where explain: Terminal.print(explanation.text(arbitration))
        case .text: Terminal.print(Self.summary(arbitration))
        }
        if let summary { Terminal.print(summary) }
    }

    /// One line: `grant paywall; blocked: review (budget), survey (cooldown)`, or `none granted; ...`.
    static func summary(_ arbitration: Arbitration) -> String {
        var text = arbitration.granted.map { "grant \($0)" } ?? "none granted"
        let blocked = arbitration.candidates.filter { !$0.isGranted }.map {
            "\($0.prompt) (\($0.blockedBy.joined(separator: ", ")))"
        }
        if !blocked.isEmpty { text += "; blocked: " + blocked.joined(separator: ", ") }
        if arbitration.candidates.isEmpty { text += ": no prompt is a candidate" }
        return text
    }
}
