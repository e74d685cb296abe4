@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// Arbitration (Semantics §12): priority, gaps, limits, `ignores_budget`, leases, policy-blocked
/// candidates and external-only moments, each with its reason and `next_eligible_at`.
@Suite struct ArbiterTests {
    let state: ReviewState

    init() throws {
        state = try Fixtures.state(Fixtures.baseState + "\nsession_started_at: 2026-11-22T08:00:00Z\n")
    }

    static let now = "2026-11-22T10:00:00Z"

    func arbitrate(
        _ budget: Budget, _ state: ReviewState? = nil, at now: String = now, event: String? = "done",
        wanted: [String] = []
    ) throws -> Arbitration {
        try Arbiter.arbitrate(
            budget, state: state ?? self.state,
            moment: Moment(time: .utc(Fixtures.time(now)), event: event), wanted: wanted)
    }

    func shown(_ prompt: String, at time: String, in state: ReviewState? = nil) -> ReviewState {
        var state = state ?? self.state
        state.asks.append(Ask(at: Fixtures.time(time), short: "1.0", build: "1", prompt: prompt))
        return state
    }

    func messages(_ candidate: Arbitration.Candidate?) -> [String] {
        candidate?.failedChecks.map(ArbitrationExplanation.message) ?? []
    }

    @Test func theHighestPriorityWinsAndFileOrderBreaksTies() throws {
        let budget = try Fixtures.calmBudget()
        let both = try arbitrate(budget)
        #expect(both.granted == "review")
        #expect(both.candidate("survey")?.blockedBy == ["budget"])
        #expect(messages(both.candidate("survey")) == ["outranked by review (priority 50)"])
        let wanted = try arbitrate(budget, wanted: ["paywall"])
        #expect(wanted.granted == "paywall")
        #expect(wanted.candidates.map(\.prompt) == ["paywall", "review", "survey"])
        #expect(messages(wanted.candidate("review")) == ["outranked by paywall (priority 80)"])
        // Nothing but rank held it back: the paywall would win the same moment again.
        #expect(wanted.candidate("review")?.nextEligibleAt == nil)
    }

    @Test func aGapAfterAnyPromptHoldsEveryPromptBack() throws {
        let budget = try Fixtures.calmBudget(gaps: "[{min: 2h}]")
        let arbitration = try arbitrate(budget, shown("paywall", at: "2026-11-22T09:00:00Z"))
        #expect(arbitration.granted == nil)
        #expect(
            messages(arbitration.candidate("review")) == [
                "2h gap after any prompt: paywall shown at 2026-11-22T09:00:00Z; eligible from 2026-11-22T11:00:00Z"
            ])
        #expect(arbitration.candidate("review")?.nextEligibleAt == Fixtures.time("2026-11-22T11:00:00Z"))
        #expect(try arbitrate(budget, shown("paywall", at: "2026-11-22T08:00:00Z")).granted == "review")
    }

    @Test func directionalGapsHoldOnlyTheirKinds() throws {
        let budget = try Fixtures.calmBudget(
            gaps: "[{after: paywall, before: review, min: 3d}, {after: review, min: 1d}]")
        let afterPaywall = try arbitrate(budget, shown("paywall", at: "2026-11-21T10:00:00Z"))
        #expect(afterPaywall.granted == "survey")
        // The survey shown now starts no gap before the review: only the paywall's 3d holds it back.
        #expect(afterPaywall.candidate("review")?.nextEligibleAt == Fixtures.time("2026-11-24T10:00:00Z"))
        let afterReview = try arbitrate(budget, shown("review", at: "2026-11-22T09:00:00Z"), wanted: ["paywall"])
        #expect(afterReview.granted == nil)
        #expect(
            messages(afterReview.candidate("paywall")) == [
                "1d gap after review: review shown at 2026-11-22T09:00:00Z; eligible from 2026-11-23T09:00:00Z"
            ])
        // A gap before one kind, after any: only that kind waits.
        let before = try Fixtures.calmBudget(gaps: "[{before: survey, min: 1h}]")
        #expect(try arbitrate(before, shown("paywall", at: "2026-11-22T09:30:00Z")).granted == "review")
    }

    @Test func limitsOverAWindowASessionAndALifetime() throws {
        let daily = try Fixtures.calmBudget(limits: "[{max: 1, per: 1d}]")
        let shownToday = shown("survey", at: "2026-11-22T09:00:00Z")
        let blocked = try arbitrate(daily, shownToday)
        #expect(
            messages(blocked.candidate("review")) == [
                "1 prompt per 1d: survey shown at 2026-11-22T09:00:00Z; eligible from 2026-11-23T09:00:00Z"
            ])
        #expect(blocked.candidate("review")?.nextEligibleAt == Fixtures.time("2026-11-23T09:00:00Z"))
        let session = try Fixtures.calmBudget(limits: "[{max: 1, per: session}]")
        #expect(try arbitrate(session, shownToday).granted == nil)
        #expect(try arbitrate(session, shownToday).candidate("review")?.nextEligibleAt == nil)
        #expect(try arbitrate(session, shown("survey", at: "2026-11-22T07:00:00Z")).granted == "review")
        // A launch starts a new session.
        #expect(try arbitrate(session, shownToday, event: "launch", wanted: ["paywall"]).granted == "paywall")
        let lifetime = try Fixtures.calmBudget(limits: "[{max: 2}]")
        let twice = shown("paywall", at: "2020-01-01T00:00:00Z", in: shownToday)
        #expect(try arbitrate(lifetime, twice).granted == nil)
        #expect(
            messages(try arbitrate(lifetime, twice).candidate("review")).first?.hasPrefix("2 prompts in a lifetime")
                == true)
    }

    @Test func ignoresBudgetSkipsLimitsAndGapsButCountsInThem() throws {
        let budget = try Fixtures.calmBudget(limits: "[{max: 1, per: 1d}]", gaps: "[{min: 2h}]")
        let state = shown("paywall", at: "2026-11-22T09:30:00Z")
        let arbitration = try arbitrate(budget, state, event: nil, wanted: ["whats_new", "paywall"])
        #expect(arbitration.granted == "whats_new")
        #expect(arbitration.candidate("whats_new")?.checks.map(\.id) == ["lease"])
        var after = state
        Transition.apply(arbitration, to: &after, budget: budget)
        #expect(after.asks.last?.prompt == "whats_new")
        let next = try arbitrate(budget, after, at: "2026-11-22T12:30:00Z", wanted: ["paywall"])
        #expect(next.candidate("paywall")?.failedChecks.map(\.id) == ["limit"])
    }

    @Test func aLiveLeaseHoldsEveryPromptAndAnExpiredOneNone() throws {
        let budget = try Fixtures.calmBudget()
        var state = state
        state.leases = [
            Lease(
                id: "a", prompt: "paywall", at: Fixtures.time("2026-11-22T09:59:50Z"),
                expires: Fixtures.time("2026-11-22T10:00:20Z"))
        ]
        let held = try arbitrate(budget, state, wanted: ["whats_new"])
        #expect(held.granted == nil)
        #expect(messages(held.candidate("whats_new")) == ["lease held by paywall until 2026-11-22T10:00:20Z"])
        #expect(held.candidates.allSatisfy { $0.nextEligibleAt == nil })
        #expect(try arbitrate(budget, state, at: "2026-11-22T10:00:20Z").granted == "review")
    }

    @Test func aPolicyBlockedCandidateIsReportedWithItsPolicysDecision() throws {
        let budget = try Fixtures.calmBudget()
        let askedReview = shown("review", at: "2026-11-22T09:59:59.5Z")
        let arbitration = try arbitrate(budget, askedReview)
        #expect(arbitration.granted == "survey")
        let review = arbitration.candidate("review")
        #expect(review?.blockedBy == ["cooldown"])
        #expect(review?.checks.isEmpty == true)
        #expect(review?.nextEligibleAt == Fixtures.time("2026-11-22T10:00:00.5Z"))
    }

    @Test func anExternalOnlyMomentDecidesOnlyTheWantedPrompts() throws {
        let budget = try Fixtures.calmBudget()
        let arbitration = try arbitrate(budget, event: nil, wanted: ["paywall"])
        #expect(arbitration.candidates.map(\.prompt) == ["paywall"])
        #expect(arbitration.granted == "paywall")
        // With neither an event nor a wanted prompt, every policy decides.
        #expect(try arbitrate(budget, event: nil).candidates.map(\.prompt) == ["review", "survey"])
        #expect(try arbitrate(budget, event: "unheard").candidates.isEmpty)
    }

    @Test func wantingWhatTheBudgetDoesNotHaveIsAUsageError() throws {
        let budget = try Fixtures.calmBudget()
        let error = #expect(throws: Arbiter.UsageError.self) { try arbitrate(budget, wanted: ["paywal"]) }
        #expect(error?.description.contains("did you mean \"paywall\"?") == true)
        #expect(throws: Arbiter.UsageError.self) { try arbitrate(budget, wanted: ["review"]) }
    }

    @Test func aDonationBlockedByTheBudgetIsNotCountedUnderWhileBlockedFalse() throws {
        let budget = try Fixtures.loadBudget([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              paywall: {priority: 80}
              review: {priority: 50, policy: r.yaml}
            gaps: [{min: 2h}]
            """,
            "r.yaml": Fixtures.budgetPolicy("r", "review", "") + "\ncounting: {while_blocked: false}",
        ]).budget
        var state = shown("paywall", at: "2026-11-22T09:00:00Z")
        let blocked = try arbitrate(budget, state)
        #expect(Transition.apply(blocked, to: &state, budget: budget) == .blockedByGuard)
        #expect(state.events["done"] == nil)
        let later = try arbitrate(budget, state, at: "2026-11-22T11:00:00Z")
        #expect(Transition.apply(later, to: &state, budget: budget) == nil)
        #expect(state.events["done"]?.count == 1)
        #expect(state.asks.last.map { ($0.prompt, $0.trigger) } ?? ("", nil) == ("review", "done"))
    }

    @Test func onlyThePoliciesThatReadAnEventDecideWhetherItCountsUnderWhileBlockedFalse() throws {
        let counting = "\ncounting: {while_blocked: false}"
        let budget = try Fixtures.loadBudget([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              review: {priority: 50, policy: r.yaml}
              survey: {priority: 20, policy: s.yaml}
            gaps: [{min: 1h}]
            """,
            "r.yaml": Fixtures.budgetPolicy("r", "review", "") + counting,
            // The survey listens to another event: it has no say on `done`.
            "s.yaml":
                "reviewgate: 1\nname: s\nprompt: survey\ntriggers: {opened: {at_least: 1}}\nguards: {cooldown: 1s}"
                + counting,
        ]).budget
        var state = shown("review", at: "2026-11-22T09:59:59.5Z")
        let cooling = try arbitrate(budget, state)
        #expect(cooling.candidates.map(\.prompt) == ["review"])
        #expect(Transition.apply(cooling, to: &state, budget: budget) == .blockedByGuard)
        #expect(state.events["done"] == nil)
        // An event no policy reads counts, as a policy's own does.
        #expect(Transition.apply(try arbitrate(budget, state, event: "unread"), to: &state, budget: budget) == nil)
        #expect(state.events["unread"]?.count == 1)
    }

    @Test func theDonationTimesKeptAreForTheLargestWithinOfAllThePolicies() throws {
        let budget = try Fixtures.loadBudget([
            "b.yaml":
                "reviewgate_budget: 1\nname: calm\nprompts:\n  review: {priority: 50, policy: r.yaml}\n  survey: {priority: 20, policy: s.yaml}\n",
            "r.yaml": "reviewgate: 1\nname: r\ntriggers: {done: {at_least: 1, within: 7d}}\nguards: {cooldown: 30d}\n",
            "s.yaml":
                "reviewgate: 1\nname: s\nprompt: survey\ntriggers: {done: {at_least: 9, within: 30d}}\nguards: {cooldown: 30d}\n",
        ]).budget
        #expect(budget.longestWithin == TimeSpan(seconds: 30 * 86_400))
        var state = state
        for day in ["2026-11-01T10:00:00Z", "2026-11-20T10:00:00Z"] {
            Transition.apply(try arbitrate(budget, state, at: day), to: &state, budget: budget)
        }
        // The survey's 30-day window still holds the first donation, which review's 7 days would drop.
        #expect(
            state.events["done"]?.times == [
                Fixtures.time("2026-11-01T10:00:00Z"), Fixtures.time("2026-11-20T10:00:00Z"),
            ])
    }
}
