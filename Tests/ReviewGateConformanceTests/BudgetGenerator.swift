/// Seeded random budgets (Semantics §12): a review prompt and often a survey, each with a generated
/// policy sharing one `app`, external prompts (a paywall, a what's-new that ignores the budget), limits
/// and gaps.
struct BudgetGenerator {
    var chance: Chance

    /// The budget's files: its own (`NAME.budget.yaml`) and each policy's.
    mutating func budget(name: String) -> (file: String, files: [(name: String, text: String)]) {
        var policies = PolicyGenerator(chance: chance)
        let app = policies.appLine()
        var files: [(name: String, text: String)] = [
            ("review.yaml", policies.policy(name: "\(name)-review", experiment: false, app: app))
        ]
        var prompts = ["  review: {priority: \(chance.int(30...70)), policy: review.yaml}"]
        var names = ["review"]
        if chance.happens(0.6) {
            files.append(
                ("survey.yaml", policies.policy(name: "\(name)-survey", experiment: false, prompt: "survey", app: app)))
            prompts.append("  survey: {priority: \(chance.int(10...40)), policy: survey.yaml}")
            names.append("survey")
        }
        if chance.happens(0.6) {
            prompts.append("  paywall: {priority: 80}")
            names.append("paywall")
        }
        let whatsNew = chance.happens(0.25)
        if whatsNew { prompts.append("  whats_new: {priority: 60, ignores_budget: true}") }
        chance = policies.chance
        var lines = ["reviewgate_budget: 1", "name: \(name)", "prompts:"] + prompts
        let limits = chance.some(["{max: 1, per: 1d}", "{max: 3, per: 7d}", "{max: 1, per: session}", "{max: 4}"], 0.4)
        if !limits.isEmpty { lines.append("limits: [\(limits.joined(separator: ", "))]") }
        var gaps = chance.some(["{min: 2h}", "{after: review, min: 1d}"], 0.4)
        if names.contains("paywall"), chance.happens(0.4) { gaps.append("{after: paywall, before: review, min: 3d}") }
        if !gaps.isEmpty { lines.append("gaps: [\(gaps.joined(separator: ", "))]") }
        if whatsNew { lines.append("lint: {allow: [ignores_budget]}") }
        let file = "\(name).budget.yaml"
        return (file, [(file, lines.joined(separator: "\n") + "\n")] + files)
    }
}
