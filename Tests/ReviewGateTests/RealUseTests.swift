@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateTestSupport
import Testing

/// Decisions that stay right in real use (issue 9): a clock set back, exact counts, and the
/// promise of `next_eligible_at` (Semantics §4 items 9–11).
@Suite struct RealUseTests {
    static let state = try! Fixtures.state(Fixtures.baseState)

    // MARK: A clock set back (Semantics §4.10)

    @Test func anAskAfterNowStillCountsForOncePerVersion() throws {
        let policy = try Fixtures.simplePolicy(guards: "once_per_version: true", extra: "app: {version_key: short}")
        var state = Self.state
        state.asks = [Ask(at: Fixtures.time("2026-11-30T10:00:00Z"), short: "1.0", build: "1")]
        let decision = try Fixtures.decide(policy, state)
        #expect(decision.blockedBy.map(\.id) == ["once_per_version"])
    }

    @Test func theShippedAskedStateAtAnEarlierClockIsBlocked() throws {
        let documents = Fixtures.documents
        let policy = try PolicyLoader.files(documents).load(path: Repository.path("policies/apple-sample.yaml")).policy
        let state = try StateDecoder.decode(
            documents.document(atPath: Repository.path("policies/examples/apple-sample-asked.state.yaml")),
            versionKey: policy.app.versionKey)
        let decision = try Fixtures.decide(
            policy, state, at: "2026-10-15T10:00:00Z", event: "process_completed", scene: "ProcessCompleted")
        #expect(decision.blockedBy.map(\.id) == ["once_per_version"])
    }

    @Test func cooldownFailsUntilTheLastAskPlusItsLength() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 7d")
        var state = Self.state
        state.asks = [Ask(at: Fixtures.time("2026-11-25T10:00:00Z"), short: "1.0", build: "1")]
        let decision = try Fixtures.decide(policy, state)
        let check = try #require(decision.check(.guard(.cooldown)))
        #expect(!check.passed)
        #expect(check.passesAt == Fixtures.time("2026-12-02T10:00:00Z"))
        #expect(decision.nextEligibleAt == Fixtures.time("2026-12-02T10:00:00Z"))
        let text = TextExplanation().render(decision, policy: policy)
        #expect(text.contains("last ask 3d from now, a time in the future"), "\(text)")
        #expect(!text.contains("-3d"))
    }

    @Test func asksAndResponsesAfterNowLieInsideEveryWindow() throws {
        let policy = try Fixtures.simplePolicy(guards: "max_asks: {count: 1, per: 30d}")
        var state = Self.state
        state.asks = [Ask(at: Fixtures.time("2026-11-23T10:00:00Z"), short: "1.0", build: "1")]
        #expect(try Fixtures.decide(policy, state).blockedBy.map(\.id) == ["max_asks"])
        var answered = Self.state
        answered.responses = [Response(at: Fixtures.time("2026-11-25T10:00:00Z"), kind: .declined)]
        #expect(try Fixtures.decide(try Fixtures.simplePolicy(), answered).blockedBy.map(\.id) == ["responses"])
    }

    @Test func anAgeThatWouldBeNegativeFailsAndSaysTheTimeIsInTheFuture() throws {
        let policy = try Fixtures.simplePolicy(guards: "min_install_age: 0s\ncooldown: 1d")
        var state = Self.state
        state.installedAt = Fixtures.time("2026-12-23T10:00:00Z")
        let decision = try Fixtures.decide(policy, state)
        #expect(decision.blockedBy.map(\.id) == ["min_install_age"])
        let text = TextExplanation().render(decision, policy: policy)
        #expect(text.contains("installed 31d from now, a time in the future"), "\(text)")
        #expect(!text.contains("-31d"))
    }

    // MARK: Counting to an exact number (Semantics §4.9)

    @Test func exactlyAndEveryPassOnlyOnTheDonationThatReachesThem() throws {
        for (rule, stored) in [("exactly: 3", 3), ("every: 5", 5)] {
            let policy = try Fixtures.simplePolicy(guards: "cooldown: 1d", trigger: rule)
            var state = Self.state
            state.events["done"] = EventHistory(count: stored)
            let named = try Fixtures.decide(policy, state, event: nil, trigger: "done")
            #expect(named.blockedBy.map(\.id) == ["trigger"], "\(rule) with --trigger")
            let none = try Fixtures.decide(policy, state, event: nil)
            #expect(none.blockedBy.map(\.id) == ["trigger"], "\(rule) with no event")
            state.events["done"] = EventHistory(count: stored - 1)
            #expect(try Fixtures.decide(policy, state).isAllowed, "\(rule) on the donation")
        }
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 1d", trigger: "exactly: 3")
        var state = Self.state
        state.events["done"] = EventHistory(count: 3)
        let decision = try Fixtures.decide(policy, state, event: nil, trigger: "done")
        #expect(decision.needs == [Need(event: "done", more: nil, trigger: "done")])
        let count = try #require(decision.check(.trigger(.count)))
        let message = CheckDescription(count, of: decision, policy: policy).message
        #expect(message.hasPrefix("3 done: exactly 3 was reached by an earlier donation"), "\(message)")
        let text = TextExplanation().render(decision, policy: policy)
        #expect(
            text.contains("trigger done can never pass again: its exact count of done was reached or passed"), "\(text)"
        )
    }

    /// Treaty's reason fires once: after it fired at 3, a new version and a named trigger do not ask again.
    @Test func treatysReasonFiresOnceWhateverTheAppAsksLater() throws {
        let documents = Fixtures.documents
        let policy = try PolicyLoader.files(documents).load(path: Repository.path("policies/treaty.yaml")).policy
        var state = try Fixtures.state(
            "reviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\napp: {short: \"1.0\"}\nevents: {feed_activity_logged: 2}"
        )
        let third = try Fixtures.decide(policy, state, at: "2026-01-02T00:00:00Z", event: "feed_activity_logged")
        #expect(third.trigger == "logged_enough_feed_activities")
        Transition.apply(third, to: &state, policy: policy)
        state = Transition.update(
            state, to: AppVersion(short: "2.0"), at: Fixtures.time("2026-02-01T00:00:00Z"), policy: policy)
        let named = try Fixtures.decide(
            policy, state, at: "2026-02-02T00:00:00Z", event: nil, trigger: "logged_enough_feed_activities")
        #expect(named.blockedBy.map(\.id) == ["trigger"])
        #expect(try !Fixtures.decide(policy, state, at: "2026-02-02T00:00:00Z", event: nil).isAllowed)
    }

    // MARK: A promise kept (Semantics §4.11)

    /// The donations that pass `within` now leave the window before the cooldown ends: no promise.
    @Test func noPromiseWhenWaitingBreaksAPassingCount() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 30d", trigger: "at_least: 3, within: 7d")
        var state = Self.state
        state.events["done"] = EventHistory(
            count: 2, times: [Fixtures.time("2026-11-20T10:00:00Z"), Fixtures.time("2026-11-21T10:00:00Z")])
        state.asks = [Ask(at: Fixtures.time("2026-11-12T10:00:00Z"), short: "1.0", build: "1")]
        let decision = try Fixtures.decide(policy, state)
        #expect(decision.blockedBy.map(\.id) == ["cooldown"])
        #expect(decision.nextEligibleAt == nil)
    }

    /// An `at_most` age that holds now and stops holding by the time the cooldown ends: no promise.
    @Test func noPromiseWhenWaitingBreaksAnAtMostCondition() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 30d\nwhen: {install_age: {at_most: 30d}}")
        var state = Self.state
        state.asks = [Ask(at: Fixtures.time("2026-11-12T10:00:00Z"), short: "1.0", build: "1")]
        let decision = try Fixtures.decide(policy, state)
        #expect(decision.blockedBy.map(\.id) == ["cooldown"])
        #expect(decision.nextEligibleAt == nil)
    }

    /// Every `next_eligible_at` a shipped scenario's step produces is kept: the same moment on
    /// the same state at that time is allowed.
    @Test func everyPromiseOfTheShippedScenariosIsKept() throws {
        var promises = 0
        for path in try ScenarioFiles.find(in: [Repository.path("policies")]) {
            let scenario = try ScenarioRunner.files(Fixtures.documents).load(path: path)
            _ = ScenarioRunner.run(scenario) { decision, state in
                guard let time = decision.nextEligibleAt else { return }
                promises += 1
                var moment = decision.moment
                moment.now = time
                let later = try? Evaluator.evaluate(scenario.policy, state: state, moment: moment)
                #expect(later?.isAllowed == true, "\(path): step at \(decision.moment.now) promised \(time)")
            }
        }
        // The cooldown, quota and 21-day scenarios promise times; a suite without any would test nothing.
        #expect(promises >= 3)
    }

    /// Random policies and states: whenever a decision promises a time, that time allows.
    @Test func randomPromisesAreKept() throws {
        var random = SplitMix(seed: 11)
        let guardsChoices = [
            "cooldown: 3d", "min_install_age: 10d", "max_asks: {count: 1, per: 5d}", "min_version_age: 2d",
        ]
        let whenChoices = ["", "when: {install_age: {at_most: 20d}}", "when: {since_last_ask: {at_least: 4d}}"]
        let triggerChoices = [
            "at_least: 2", "at_least: 2, within: 3d", "at_least: 3, within: 6d", "exactly: 3", "every: 2",
        ]
        var promises = 0
        for _ in 0..<2000 {
            let guards =
                (guardsChoices.filter { _ in Bool.random(using: &random) } + [
                    whenChoices.randomElement(using: &random)!
                ])
                .joined(separator: "\n")
            let trigger = triggerChoices.randomElement(using: &random)!
            let policy = try Fixtures.simplePolicy(guards: guards, trigger: trigger)
            var state = Self.state
            let now = Fixtures.time("2026-11-22T10:00:00Z")
            let times = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                now - TimeSpan(seconds: Int64.random(in: 1...(8 * 86_400), using: &random))
            }.sorted()
            state.events["done"] = EventHistory(
                count: times.count + Int.random(in: 0...2, using: &random), times: times)
            if Bool.random(using: &random) {
                state.asks = [
                    Ask(at: now - TimeSpan(seconds: Int64.random(in: 0...(6 * 86_400), using: &random)), short: "1.0")
                ]
            }
            let decision = try Fixtures.decide(policy, state)
            guard let time = decision.nextEligibleAt else { continue }
            promises += 1
            let later = try Fixtures.decide(policy, state, at: time.description)
            #expect(
                later.isAllowed, "\(guards) / \(trigger): promised \(time), blocked by \(later.blockedBy.map(\.id))")
        }
        #expect(promises > 50)
    }
}
