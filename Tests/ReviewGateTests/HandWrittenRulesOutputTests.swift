@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// What `--format json` says of the rules of Semantics §14, and an experiment's arm that changes one.
@Suite struct HandWrittenRulesOutputTests {
    @Test func theJSONNamesTheEntryTheDaysAndTheNextAsk() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers: {done: {exactly: 2, since: last_ask}}
            guards:
              never_on: [user_action]
              active_days: {at_least: 3, within: 7d}
              cooldown: [7d, 30d]
              system_quota: false
            """)
        var state = try Fixtures.state(Fixtures.baseState)
        state.asks = [Ask(at: Fixtures.time("2026-11-01T10:00:00Z")), Ask(at: Fixtures.time("2026-11-20T10:00:00Z"))]
        state.events["done"] = EventHistory(count: 9, sinceAsk: ["review": 2])
        state.activeDays = [LocalDate("2026-11-21")!]
        // Compared without the layout's spaces and line breaks.
        let json = JSONExplanation.render(try Fixtures.decide(policy, state), policy: policy)
            .filter { $0 != " " && $0 != "\n" }
        #expect(
            json.contains(
                #""entry":{"setting":"guards.cooldown","index":1,"pointer":"/guards/cooldown/1","value":"30d","time":2}"#
            ))
        #expect(json.contains(#"{"active_days":2,"within":"7d"}"#))
        #expect(json.contains(#"{"event":"done","more":null,"after_next_ask":true,"trigger":"done"}"#))
        #expect(!json.contains(#""never":true"#))
    }

    @Test func anArmMayChangeAWaitThatGrowsButNotARename() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers: {done: {at_least: 1}}
            guards: {never_on: [user_action], cooldown: 7d, system_quota: false}
            experiment:
              name: waits
              arms:
                control: {weight: 50}
                growing: {weight: 50, override: {guards: {cooldown: [7d, 60d]}}}
            """)
        let growing = try #require(policy.experiment?.arms.first { $0.name == "growing" })
        guard case .cooldown(let waits)? = growing.policy.guards[.cooldown]?.value else {
            Issue.record("no cooldown in the arm")
            return
        }
        #expect(waits.entries.map(\.description) == ["7d", "60d"])
        let errors = Fixtures.errors(
            """
            reviewgate: 1
            name: t
            triggers: {done: {at_least: 1}}
            experiment:
              name: renames
              arms:
                control: {weight: 50}
                renamed: {weight: 50, override: {renamed: {events: {a: done}}}}
            """)
        #expect(errors.contains { $0.message.contains("renamed") }, "\(errors.map(\.message))")
    }
}
