/// An arbitration (Semantics §12) for people and for machines: which prompt was granted, then each
/// candidate, its policy's decision explained as `evaluate --explain` does and the budget's checks.
///
/// The core keeps what a decision event says of a budget's check (``message(_:)``) and the text,
/// which an app's debug view shows (`Prompter.explain`); the JSON rendering is
/// `ReviewGateAuthoring`'s, so that an app does not link it.
package struct ArbitrationExplanation {
    /// The budget arbitrated under.
    package var budget: Budget
    /// Whether to colour the text.
    package var color = false

    /// Creates an explanation of arbitrations under `budget`.
    package init(budget: Budget, color: Bool = false) {
        self.budget = budget
        self.color = color
    }

    /// `budget limit`, `budget gap`, `budget lease`, `budget outranked`.
    package static func label(_ check: BudgetCheck) -> String {
        "budget \(check.id)"
    }

    /// What the check found, in words: `1 prompt per 1d: survey shown at ...; eligible from ...`.
    package static func message(_ check: BudgetCheck) -> String {
        var text: String
        switch check.kind {
        case .limit(let limit, let shown, let oldest):
            text = "\(limit.text): "
            if let oldest, shown == 1 {
                text += "\(oldest.prompt) shown at \(oldest.at)"
            } else if let oldest {
                text += "\(shown) shown, the oldest \(oldest.prompt) at \(oldest.at)"
            } else {
                text += "none shown"
            }
        case .gap(let gap, let last):
            text = "\(gap.text): " + (last.map { "\($0.prompt) shown at \($0.at)" } ?? "none shown")
        case .lease(let lease):
            text = lease.map { "lease held by \($0.prompt) until \($0.expires)" } ?? "no live lease"
        case .outranked(let winner, let priority):
            text = "outranked by \(winner) (priority \(priority))"
        case .channel(let channel):
            text = "channels.\(channel.rawValue): block: not shown in a \(channel.spoken) build"
        }
        if !check.passed, let at = check.passesAt { text += "; eligible from \(at)" }
        return text
    }
}
