@_spi(ReviewGateTools) import ReviewGate

/// Warnings about a budget that works but that a reviewer would flag (Semantics §12), unless the
/// budget's `lint: {allow: [...]}` says the team means it.
enum BudgetLint {
    /// The warnings for `budget`, in file order.
    static func warnings(for budget: Budget) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        func warn(_ rule: BudgetLintRule, _ message: String, at location: SourceLocation?) {
            guard !budget.allowedWarnings.contains(rule) else { return }
            // The rule's id ends the message, as a policy's lint warning shows it.
            warnings.append(.warning(message + " [\(rule.rawValue)]", at: location))
        }
        for prompt in budget.prompts where prompt.ignoresBudget.value {
            warn(
                .ignoresBudget,
                "\(prompt.name) ignores the budget: it is shown whatever the limits and gaps say (it still counts in them, and yields to a live lease and to priority)",
                at: prompt.ignoresBudget.location)
        }
        for prompt in budget.prompts {
            guard let written = prompt.channels.written[.testFlight], written.value == .decide,
                let policy = prompt.policy,
                policy.guards[.systemQuota] != nil,
                policy.channelAction(for: .testFlight).location == written.location
            else { continue }
            warn(
                .channelDecideTestflight,
                "\(prompt.name)'s testflight: decide asks TestFlight builds as the App Store's, but TestFlight never shows the review dialog: each ask is recorded, spends the quota's count and is never seen; block (the default) keeps TestFlight from asking",
                at: written.location)
        }
        if budget.limits.isEmpty && budget.gaps.isEmpty {
            warn(
                .unlimited,
                "nothing spaces the prompts apart: with no limit and no gap, a prompt may follow another at once; add a gap (gaps: [{min: 2h}]) or a limit (limits: [{max: 1, per: 1d}])",
                at: budget.location)
        }
        return warnings
    }
}
