@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite struct TriggerTests {
    private func state(count: Int, times: [String] = []) throws -> ReviewState {
        var state = try Fixtures.state(Fixtures.baseState)
        state.events["done"] = EventHistory(count: count, times: times.map(Fixtures.time))
        return state
    }

    @Test func atLeastIncludesTheDonation() throws {
        let policy = try Fixtures.simplePolicy(trigger: "at_least: 4")
        let third = try Fixtures.decide(policy, state(count: 2))
        #expect(third.blockedBy.map(\.id) == ["trigger"])
        #expect(third.needs == [Need(event: "done", more: 1, trigger: "done")])
        #expect(third.nextEligibleAt == nil)
        #expect(try Fixtures.decide(policy, state(count: 3)).trigger == "done")
    }

    @Test func exactlyFiresOnceAndSaysWhenItCanNeverPass() throws {
        let policy = try Fixtures.simplePolicy(trigger: "exactly: 3")
        #expect(try Fixtures.decide(policy, state(count: 2)).isAllowed)
        let past = try Fixtures.decide(policy, state(count: 3))
        #expect(past.needs == [Need(event: "done", more: nil, trigger: "done")])
    }

    /// The count includes the donation: a stored count of 4 makes the 5th donation, which passes.
    @Test(arguments: [(3, false), (4, true), (5, false), (8, false), (9, true), (14, true), (0, false)])
    func everyPassesOnMultiples(_ stored: Int, _ passes: Bool) throws {
        let policy = try Fixtures.simplePolicy(trigger: "every: 5")
        #expect(try Fixtures.decide(policy, state(count: stored)).isAllowed == passes)
    }

    @Test func everyNeedsTheRestOfTheCycle() throws {
        let policy = try Fixtures.simplePolicy(trigger: "every: 5")
        #expect(try Fixtures.decide(policy, state(count: 6)).needs.first?.more == 3)
    }

    @Test func withinCountsOnlyRecentTimesPlusTheDonation() throws {
        let policy = try Fixtures.simplePolicy(trigger: "at_least: 3, within: 7d")
        let times = ["2026-11-10T10:00:00Z", "2026-11-15T10:00:00Z", "2026-11-20T10:00:00Z"]
        // (now − 7d, now]: 11-15T10:00 is exactly 7d ago, so outside; 11-20 inside, plus this one = 2.
        let decision = try Fixtures.decide(policy, state(count: 3, times: times))
        #expect(decision.check(.trigger(.count))?.passed == false)
        #expect(try Fixtures.decide(policy, state(count: 3, times: times), at: "2026-11-22T09:59:59Z").isAllowed)
    }

    /// "3 opens in 7 days": launch times are kept as donation times are, and `within` counts them.
    @Test func withinOnLaunchCountsRecentLaunches() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers: {opens: {event: launch, at_least: 3, within: 7d}}
            guards: {never_on: [user_action], cooldown: 30d}
            """)
        var state = try Fixtures.state(Fixtures.baseState)
        var decisions: [Bool] = []
        for day in ["01", "05", "09", "10"] {
            let decision = try Fixtures.decide(
                policy, state, at: "2026-12-\(day)T08:00:00Z", event: "launch", source: .launch)
            decisions.append(decision.isAllowed)
            Transition.apply(decision, to: &state, policy: policy)
        }
        // On the 9th only the 5th is in the window; on the 10th the 5th and the 9th are.
        #expect(decisions == [false, false, false, true])
        #expect(state.launches == 4)
        #expect(
            state.launchTimes.map(\.description) == [
                "2026-12-05T08:00:00Z", "2026-12-09T08:00:00Z", "2026-12-10T08:00:00Z",
            ])
        let yaml = StateEncoder.encode(state, as: .yaml)
        #expect(
            yaml.contains(
                "launches: {count: 4, times: [2026-12-05T08:00:00Z, 2026-12-09T08:00:00Z, 2026-12-10T08:00:00Z]}"))
    }

    @Test func scenesMustMatch() throws {
        let policy = try Fixtures.simplePolicy(trigger: "at_least: 1, scenes: [Done]")
        #expect(try Fixtures.decide(policy, state(count: 0), scene: "Done").isAllowed)
        let elsewhere = try Fixtures.decide(policy, state(count: 0), scene: "Home")
        #expect(elsewhere.blockedBy.map(\.id) == ["trigger"])
        #expect(elsewhere.needs.isEmpty)
        #expect(try Fixtures.decide(policy, state(count: 0)).blockedBy.map(\.id) == ["trigger"])
    }

    @Test func unknownEventBlocksWithTrigger() throws {
        let policy = try Fixtures.simplePolicy()
        let decision = try Fixtures.decide(policy, state(count: 0), event: "other")
        #expect(decision.blockedBy.map(\.id) == ["trigger"])
        #expect(decision.check(.trigger(.missing)) != nil)
    }

    @Test func namedTriggerDonatesNothingAndUnknownIdIsAUsageError() throws {
        let policy = try Fixtures.simplePolicy(trigger: "at_least: 2")
        #expect(
            try Fixtures.decide(policy, state(count: 1), event: nil, trigger: "done").blockedBy.map(\.id) == ["trigger"]
        )
        #expect(try Fixtures.decide(policy, state(count: 2), event: nil, trigger: "done").isAllowed)
        #expect(throws: Evaluator.UsageError.self) {
            try Fixtures.decide(policy, state(count: 2), event: nil, trigger: "dne")
        }
    }

    /// Another trigger's failure blocks nothing once one candidate passed: a guard alone blocks,
    /// and waiting for it is enough.
    @Test func aLosingTriggerDoesNotBlockWhenAnotherPassed() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers:
              third: {event: x, exactly: 3}
              any: {event: x, at_least: 1}
            guards: {cooldown: 1d}
            """)
        var state = try Fixtures.state(Fixtures.baseState)
        state.events["x"] = EventHistory(count: 5)
        let allowed = try Fixtures.decide(policy, state, event: "x")
        #expect(allowed.isAllowed && allowed.trigger == "any")
        #expect(allowed.blockedBy.isEmpty)
        state.asks = [Ask(at: Fixtures.time("2026-11-21T22:00:00Z"))]
        let blocked = try Fixtures.decide(policy, state, event: "x")
        #expect(blocked.blockedBy.map(\.id) == ["cooldown"])
        #expect(blocked.nextEligibleAt?.description == "2026-11-22T22:00:00Z")
        #expect(blocked.needs.isEmpty)
        #expect(blocked.passingTrigger == "any" && blocked.trigger == nil)
    }

    @Test func firstPassingTriggerInFileOrderWins() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers:
              b: {event: x, at_least: 1}
              a: {event: x, at_least: 1}
            guards: {never_on: [], cooldown: 1d}
            """)
        let decision = try Fixtures.decide(policy, Fixtures.state(Fixtures.baseState), event: "x")
        #expect(decision.trigger == "b")
    }

    @Test func withNeitherEventNorTriggerAllTriggersAreCandidates() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers:
              a: {event: x, at_least: 2}
              b: {event: y, at_least: 1}
            guards: {cooldown: 1d}
            """)
        var state = try Fixtures.state(Fixtures.baseState)
        state.events["y"] = EventHistory(count: 1)
        #expect(try Fixtures.decide(policy, state, event: nil).trigger == "b")
    }
}
