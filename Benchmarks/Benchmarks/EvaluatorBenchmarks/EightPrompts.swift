@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateYAML

/// The inputs of the arbitration benchmarks: a budget of 8 prompts, each decided by a policy shaped
/// like apple-sample's (its own prompt name, the same trigger), with limits and gaps; a person who
/// was shown two of them; and a moment that every policy allows, so that all 8 are candidates the
/// budget checks and ranks.
struct EightPrompts: Sendable {
    let budget: Budget
    let state: ReviewState
    let moment: Moment

    static let names = ["review", "survey", "tip1", "tip2", "tip3", "tip4", "tip5", "tip6"]

    static func policy(_ prompt: String) -> String {
        """
        reviewgate: 1
        name: \(prompt)-policy
        prompt: \(prompt)
        app: {store_id: "1234567890", version_key: build}
        triggers:
          process_completed: {at_least: 4, scenes: [ProcessCompleted]}
        guards:
          never_on: [launch, user_action]
          once_per_version: true
          cooldown: 7d
        presentation: {delay: 2s, require_same_scene: true}
        """
    }

    static let budgetText =
        """
        reviewgate_budget: 1
        name: eight
        prompts:
        \(names.enumerated().map { "  \($1): {priority: \(90 - $0 * 10), policy: \($1).yaml}" }.joined(separator: "\n"))
        limits: [{max: 3, per: 1d}, {max: 6, per: 7d}, {max: 4, per: session}]
        gaps: [{min: 1h}, {after: tip1, before: review, min: 1d}, {after: review, min: 2h}, {before: survey, min: 30m}]
        lint: {allow: [unlimited]}
        """

    static func load() -> EightPrompts {
        var texts = ["eight.yaml": budgetText]
        for name in names { texts["\(name).yaml"] = policy(name) }
        let files = texts
        let loader = BudgetLoader(
            policies: PolicyLoader(reading: { path in
                try YAMLLoader().loadDocument(Array(files[path, default: ""].utf8), file: path)
            }))
        do {
            let budget = try loader.load(path: "eight.yaml").budget
            let now = Timestamp(rfc3339: "2026-11-22T10:00:00Z")!
            let state = ReviewState(
                installedAt: Timestamp(rfc3339: "2026-10-01T09:00:00Z")!,
                sessionStartedAt: now - TimeSpan(seconds: 600),
                launches: 12, app: AppVersion(short: "1.4.0", build: "142"),
                events: ["process_completed": EventHistory(count: 3)],
                asks: [
                    Ask(at: now - TimeSpan(seconds: 3 * 86_400), build: "141", prompt: "tip5"),
                    Ask(at: now - TimeSpan(seconds: 2 * 86_400), build: "141", prompt: "tip6"),
                ])
            let moment = Moment(time: .utc(now), event: "process_completed", scene: "ProcessCompleted")
            return EightPrompts(budget: budget, state: state, moment: moment)
        } catch {
            fatalError("the eight-prompt budget did not load: \(error)")
        }
    }

    /// One arbitration, as `reviewgate evaluate --budget` makes it.
    func arbitrate() -> Arbitration {
        do {
            return try Arbiter.arbitrate(budget, state: state, moment: moment)
        } catch {
            fatalError("the moment names nothing unknown: \(error)")
        }
    }

    /// The same moment decided by each of the 8 policies alone: the baseline.
    func decideEach() -> [Decision] {
        budget.policies.map { policy in
            do {
                return try Evaluator.evaluate(policy, state: state, moment: moment)
            } catch {
                fatalError("the moment names nothing unknown: \(error)")
            }
        }
    }

    /// One line on what is measured.
    var summary: String {
        let arbitration = arbitrate()
        let decisions = decideEach()
        return "eight prompts: \(arbitration.candidates.count) candidates, "
            + "\(decisions.filter(\.isAllowed).count) allowed by their policies, granted \(arbitration.granted ?? "none"), "
            + "\(arbitration.candidates.filter(\.isBlockedByBudget).count) blocked by the budget"
    }
}
