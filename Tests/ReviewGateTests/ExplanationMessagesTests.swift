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

    /// Explanations a product manager reads without help (issue 49).
    @Test func aWhenSaysWhatItNeedsWithoutADoubleNegative() throws {
        let policy = try Fixtures.simplePolicy(guards: "when: {not: {flag: crashed}}")
        let state = try Fixtures.state(Fixtures.baseState + "\nflags: {crashed: true}")
        let text = try Self.explain(policy, state)
        #expect(text.contains("flag crashed is true, required false or not set"), "\(text)")
        #expect(text.contains("when: needs flag crashed false or not set"), "\(text)")
        #expect(!text.contains("does not hold, as its inner condition holds"))
        let plan = try Fixtures.simplePolicy(guards: "when: {attribute: plan, equals: pro}")
        #expect(try Self.explain(plan).contains("when: needs attribute plan equals \"pro\""))
        // Either part of an `any` would do; an `all`'s every part is needed.
        let either = try Fixtures.simplePolicy(guards: "when: {any: [{flag: pro}, {attribute: plan, equals: pro}]}")
        #expect(try Self.explain(either).contains("when: needs flag pro true or attribute plan equals \"pro\""))
        let nested = try Fixtures.simplePolicy(guards: "when: {all: [{flag: a}, {any: [{flag: b}, {flag: c}]}]}")
        #expect(try Self.explain(nested).contains("when: needs flag a true and (flag b true or flag c true)"))
        let half = try Fixtures.state(Fixtures.baseState + "\nflags: {c: true}")
        #expect(
            try Self.explain(nested, half).contains("when: needs flag a true\n")
                || (try Self.explain(nested, half)).hasSuffix("when: needs flag a true"))
    }

    @Test func theEntryOfAListThatAppliedIsInTheRow() throws {
        let policy = try Fixtures.simplePolicy(extra: "responses: {after_later: [7d, 7d, 30d]}")
        var state = Self.state
        state.responses = ["2026-11-01T10:00:00Z", "2026-11-08T10:00:00Z", "2026-11-15T10:00:00Z"].map {
            Response(at: Fixtures.time($0), kind: .later)
        }
        let text = try Self.explain(policy, state)
        #expect(
            text.contains("required no answer that still blocks (after_later[3] = 30d, the 3rd later in a row)"),
            "\(text)")
    }

    @Test func aBlockedReviewOffersTheWriteReviewPageAndAnAllowedOneItsLink() throws {
        let withStore = try Fixtures.simplePolicy(guards: "cooldown: 30d", extra: "app: {store_id: \"123\"}")
        var state = Self.state
        state.asks = [Ask(at: Fixtures.time("2026-11-21T10:00:00Z"), short: "1.0", build: "1")]
        let blocked = try Self.explain(withStore, state)
        #expect(
            blocked.hasSuffix(
                "a button can still open the write-review page (no dialog, no quota): https://apps.apple.com/app/id123?action=write-review"
            ), "\(blocked)")
        let without = try Self.explain(try Fixtures.simplePolicy(guards: "cooldown: 30d"), state)
        #expect(!without.contains("write-review"))
    }

    @Test func aMomentWithAnOffsetShowsItsLocalTimeBesideUTC() throws {
        let policy = try Fixtures.simplePolicy()
        let moment = Moment(
            time: LocalTime(Fixtures.time("2026-11-22T01:00:00Z"), utcOffsetSeconds: 9 * 3_600), event: "done")
        let decision = try Evaluator.evaluate(policy, state: Self.state, moment: moment)
        let text = TextExplanation().render(decision, policy: policy)
        #expect(
            text.hasPrefix("ALLOW t via trigger done at 2026-11-22T01:00:00Z (2026-11-22T10:00:00+09:00 local)"),
            "\(text)")
        #expect(try Self.explain(policy).hasPrefix("ALLOW t via trigger done at 2026-11-22T10:00:00Z (event done"))
    }

    /// With no version known, the person runs one unknown version (Semantics §2, once_per_version,
    /// as §10 does for an export): an ask recorded without one blocks the next, a version known later is new.
    @Test func onceAVersionWhenNoVersionIsKnown() throws {
        let policy = try Fixtures.simplePolicy(guards: "once_per_version: true", extra: "app: {version_key: build}")
        var state = ReviewState(userID: "u", installedAt: Fixtures.time("2026-11-01T10:00:00Z"), app: AppVersion())
        state.asks = [Ask(at: Fixtures.time("2026-11-10T10:00:00Z"), short: nil, build: nil)]
        let decision = try Fixtures.decide(policy, state)
        #expect(decision.blockedBy.map(\.id) == ["once_per_version"])
        #expect(TextExplanation().render(decision, policy: policy).contains("asked in an unknown build on 2026-11-10"))
        state = Transition.update(
            state, to: AppVersion(build: "7"), at: Fixtures.time("2026-11-20T10:00:00Z"), policy: policy)
        #expect(try Fixtures.decide(policy, state).isAllowed)
    }
}
