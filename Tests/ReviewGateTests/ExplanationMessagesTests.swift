@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// Messages that tell the author what to do (issue 9).
@Suite struct ExplanationMessagesTests {
    static let state = try! Fixtures.state(Fixtures.baseState)

    static func explain(_ policy: Policy, _ state: ReviewState = state, event: String? = "done") throws -> String {
        TextExplanation().render(try Fixtures.decide(policy, state, event: event), policy: policy)
    }

    @Test func anEventNoTriggerListensToGetsADidYouMean() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 1d", trigger: "at_least: 1, event: process_completed")
        let text = try Self.explain(policy, event: "proces_completed")
        #expect(
            text.contains("no trigger listens to event proces_completed; did you mean \"process_completed\"?"),
            "\(text)")
    }

    /// "passes from ..., but waiting alone is not enough" says which check stands in the way.
    @Test func waitingThatBreaksACheckNamesIt() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 2d", trigger: "at_least: 2, within: 1d")
        var state = Self.state
        state.asks = [Ask(at: Fixtures.time("2026-11-21T10:00:00Z"), short: "1.0", build: "1")]
        state.events["done"] = EventHistory(
            count: 2, times: [Fixtures.time("2026-11-22T08:00:00Z"), Fixtures.time("2026-11-22T09:00:00Z")])
        // The two donations pass `at_least: 2` now; when the cooldown ends, they have left the window.
        let decision = try Fixtures.decide(policy, state, event: nil, trigger: "done")
        #expect(decision.nextEligibleAt == nil)
        #expect(decision.brokenByWaiting?.check.id == .trigger(.count))
        let text = TextExplanation().render(decision, policy: policy)
        #expect(
            text.contains(
                "cooldown passes from 2026-11-23T10:00:00Z, but by then trigger done fails, which passes now (at 2026-11-23T10:00:00Z: 0 done in the last 1d, needs at least 2 within 1d)"
            ), "\(text)")

        // A blocker that waiting cannot fix is named instead.
        let once = try Fixtures.simplePolicy(guards: "cooldown: 2d\nonce_per_version: true")
        let both = TextExplanation().render(try Fixtures.decide(once, state), policy: once)
        #expect(
            both.contains(
                "cooldown passes from 2026-11-23T10:00:00Z, but waiting alone does not pass once_per_version"),
            "\(both)")
    }

    @Test func rolloutWithoutAUserIDSaysTheStateHasNone() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 1d", extra: "rollout: {percent: 50}")
        let text = try Self.explain(policy)
        #expect(text.contains("the state has no user_id"), "\(text)")
        #expect(!text.contains("outside the rollout"))
    }

    @Test func anyOfNothingReadsAsNeverHolds() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 1d\nwhen: {any: []}")
        let text = try Self.explain(policy)
        #expect(text.contains("✗ when          any: [] never holds (line 8)"), "\(text)")
    }

    @Test func theResponsesSummaryStatesTheRuleThatApplies() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 1d", extra: "responses: {after_rated: never}")
        var state = Self.state
        state.responses = [Response(at: Fixtures.time("2026-11-10T10:00:00Z"), kind: .rated)]
        let text = try Self.explain(policy, state)
        #expect(
            text.contains("responses: rated on 2026-11-10; after_rated is never: this person is not asked again"),
            "\(text)")
        #expect(!text.contains("or for good"))
    }

    @Test func theAndroidStoreIDWarningIsAtTheStoreID() throws {
        let warnings = try Fixtures.warnings(
            "reviewgate: 1\nname: t\napp:\n  platform: android\n  store_id: \"1\"\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 1d}"
        )
        let warning = try #require(warnings.first { $0.rule == .storeLinkUnused })
        #expect(warning.location == SourceLocation(file: "p.yaml", line: 5, column: 3))
    }

    @Test func anAndroidPolicyLinksToThePlayStore() throws {
        let policy = try Fixtures.policy(
            "reviewgate: 1\nname: t\napp: {platform: android, package: com.example.app}\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 1d}"
        )
        #expect(policy.writeReviewURL == "https://play.google.com/store/apps/details?id=com.example.app")
        let errors = Fixtures.errors(
            "reviewgate: 1\nname: t\napp: {platform: android, package: \"not a package\"}\ntriggers: {a: {at_least: 1}}"
        )
        #expect(errors.first?.message.hasPrefix("package must be the app's Android application id") == true)
    }
}
