@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

extension Fixtures {
    /// A budget and its policies held in memory, by path, loaded as the command line loads files.
    package static func loadBudget(_ files: [String: String], path: String = "b.yaml") throws(DiagnosticError)
        -> BudgetLoader.Result
    {
        let source: PolicyLoader.DocumentReader = { path in
            guard let text = files[path] else { throw DiagnosticError("no file \(path)", at: nil) }
            return try Fixtures.document(text, file: path)
        }
        return try BudgetLoader(policies: PolicyLoader(reading: source)).load(path: path)
    }

    /// A policy named `name` for `prompt` that allows every `done` past a one-second cooldown, with
    /// `extra` added to its guards.
    package static func budgetPolicy(_ name: String, _ prompt: String, _ extra: String) -> String {
        """
        reviewgate: 1
        name: \(name)
        prompt: \(prompt)
        triggers: {done: {at_least: 1}}
        guards: {cooldown: 1s\(extra)}
        """
    }

    /// The calm budget of Semantics §12 with `limits` and `gaps` as given, review and survey decided by
    /// policies that allow every `done`.
    package static func calmBudget(limits: String = "[]", gaps: String = "[]", extra: String = "") throws -> Budget {
        try loadBudget([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              paywall: {priority: 80}
              whats_new: {priority: 60, ignores_budget: true}
              review: {priority: 50, policy: r.yaml}
              survey: {priority: 50, policy: s.yaml}
            limits: \(limits)
            gaps: \(gaps)
            \(extra)
            """,
            "r.yaml": budgetPolicy("r", "review", ""), "s.yaml": budgetPolicy("s", "survey", ""),
        ]).budget
    }
}
