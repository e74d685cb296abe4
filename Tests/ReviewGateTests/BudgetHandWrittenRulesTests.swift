@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// The rules of Semantics §14 under a budget (Semantics §12): each policy counts since its own prompt's last
/// ask, and its list of waits follows its own prompt's asks.
@Suite struct BudgetHandWrittenRulesTests {
    @Test func eachPromptCountsSinceItsOwnLastAsk() throws {
        let loaded = try Fixtures.loadBudget([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              review: {priority: 50, policy: r.yaml}
              survey: {priority: 20, policy: s.yaml}
            """,
            "r.yaml": """
            reviewgate: 1
            name: r
            triggers: {done: {at_least: 3, since: last_ask}}
            guards: {cooldown: [1d, 30d], system_quota: false}
            """,
            "s.yaml": """
            reviewgate: 1
            name: s
            prompt: survey
            triggers: {done: {at_least: 2, since: last_ask}}
            guards: {cooldown: 1d}
            """,
        ])
        let budget = loaded.budget
        var state = try Fixtures.state(Fixtures.baseState)
        var granted: [String] = []
        var now = Fixtures.time("2026-11-20T10:00:00Z")
        for _ in 0..<6 {
            let arbitration = try Arbiter.arbitrate(
                budget, state: state, moment: Moment(time: .utc(now), event: "done"))
            granted.append(arbitration.grantedCandidate?.prompt ?? "-")
            Transition.apply(arbitration, to: &state, budget: budget)
            now = now + TimeSpan(seconds: 2 * 86_400)
        }
        // 1st done: nothing; 2nd: the survey (2 since its ask, none yet); 3rd: the review (3); 4th: the
        // survey again (2 since its own ask, though the review asked since); 5th: nothing; 6th: the review.
        #expect(granted == ["-", "survey", "review", "survey", "-", "review"])
        #expect(state.events["done"]?.sinceAsk == ["review": 0, "survey": 2])
        // The review has asked twice: its next ask waits its list's 2nd entry, 30 days.
        let review = try #require(budget.prompt(named: "review")?.policy)
        let decision = try Evaluator.evaluate(review, state: state, moment: Moment(time: .utc(now), event: "done"))
        #expect(decision.blockedBy.map(\.id).contains("cooldown"))
        #expect(decision.check(.guard(.cooldown))?.entry?.text == "cooldown[2] = 30d")
        #expect(
            decision.check(.guard(.cooldown))?.passesAt == Fixtures.time("2026-11-30T10:00:00Z")
                + TimeSpan(seconds: 30 * 86_400))
    }
}
