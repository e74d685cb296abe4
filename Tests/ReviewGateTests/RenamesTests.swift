@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// `renamed: {events, prompts}` (Semantics §14.4): history under an old name counts as the new name's,
/// a donation of an old name is a moment of the new one, and writing leaves the old names' history
/// as it is, so that an app rolled back still reads its own.
@Suite struct RenamesTests {
    static let yaml = """
        reviewgate: 1
        name: t
        renamed:
          events: {lesson_done: lesson_completed, lesson_finished: lesson_completed}
          prompts: {rate_us: review}
        triggers:
          lesson_completed: {at_least: 8, since: last_ask}
        guards: {never_on: [user_action], max_asks: {count: 3}, system_quota: false}
        """

    let policy: Policy
    let state: ReviewState

    init() throws {
        policy = try Fixtures.policy(Self.yaml)
        var state = try Fixtures.state(Fixtures.baseState)
        state.events = [
            "lesson_done": EventHistory(count: 5, times: [Fixtures.time("2026-11-03T10:00:00Z")]),
            "lesson_finished": EventHistory(count: 1),
            "lesson_completed": EventHistory(count: 2, times: [Fixtures.time("2026-11-04T10:00:00Z")]),
        ]
        state.asks = [Ask(at: Fixtures.time("2026-11-02T10:00:00Z"), short: "1.0", prompt: "rate_us")]
        self.state = state
    }

    @Test func theViewAddsCountsMergesTimesAndRenamesPrompts() {
        let view = policy.renamed.view(of: state)
        #expect(view.events.keys.sorted() == ["lesson_completed"])
        #expect(view.events["lesson_completed"]?.count == 8)
        #expect(
            view.events["lesson_completed"]?.times.map(\.description) == [
                "2026-11-03T10:00:00Z", "2026-11-04T10:00:00Z",
            ])
        #expect(view.asks.map(\.prompt) == ["review"])
    }

    @Test func aDonationOfAnOldNameIsAMomentOfTheNewOneAndIsRecordedSo() throws {
        // Since the ask of rate_us (the review's old name), the kept times after it: 2, and this one.
        let decision = try Fixtures.decide(policy, state, event: "lesson_done")
        #expect(decision.moment.event == "lesson_completed")
        #expect(decision.needs.first?.more == 5)
        var person = state
        Transition.apply(decision, to: &person, policy: policy)
        // Written under the new name; the old names' history as it was.
        #expect(person.events["lesson_completed"]?.count == 3)
        #expect(person.events["lesson_done"] == state.events["lesson_done"])
        #expect(person.events["lesson_completed"]?.sinceAsk == ["review": 2])
    }

    @Test func anAskOfThePromptZeroesItsCountersUnderOldAndNewNames() throws {
        var person = state
        person.events["lesson_done"]?.sinceAsk = ["rate_us": 4]
        person.events["lesson_completed"]?.sinceAsk = ["review": 3]
        // 4 under the old name, 3 under the new, 0 from lesson_finished (no counter: it keeps no time
        // after the ask of rate_us, the review's old name), and this one: 8.
        let decision = try Fixtures.decide(policy, person, event: "lesson_finished")
        #expect(decision.isAllowed)
        Transition.apply(decision, to: &person, policy: policy)
        #expect(person.events["lesson_done"]?.sinceAsk == ["rate_us": 0])
        #expect(person.events["lesson_completed"]?.sinceAsk == ["review": 0])
        #expect(person.asks.last?.prompt == "review")
        // The old asks count toward max_asks under the new prompt's name.
        person.asks.append(Ask(at: Fixtures.time("2026-11-22T11:00:00Z"), prompt: "rate_us"))
        let capped = try Fixtures.decide(policy, person, at: "2026-12-22T10:00:00Z")
        #expect(capped.blockedBy.map(\.id).contains("max_asks"))
    }

    @Test func renamesThatCannotHoldAreErrorsAtTheirEntries() {
        let errors = Fixtures.errors(
            """
            reviewgate: 1
            name: t
            renamed:
              events:
                a: b
                b: c
                launch: d
                e: e
                f: launch
            triggers: {a: {at_least: 1}, c: {at_least: 1}}
            """
        ).map { "\($0.location?.line ?? 0): \($0.message)" }
        #expect(errors.contains { $0.hasPrefix("5: a is renamed to b, which is itself renamed to c") })
        #expect(errors.contains { $0.hasPrefix("5: a is renamed to b, but the policy still reads a") })
        #expect(errors.contains { $0.hasPrefix("7: launch is the app's launch") })
        #expect(errors.contains { $0.hasPrefix("8: e is renamed to itself") })
        #expect(errors.contains { $0.hasPrefix("9: launch is the app's launch") })
    }

    @Test func aRenameToANameNoTriggerReadsWarns() throws {
        let warnings = try Fixtures.warnings(
            """
            reviewgate: 1
            name: t
            renamed: {events: {old: nobody_reads_me}}
            triggers: {done: {at_least: 1}}
            guards: {cooldown: 7d}
            """)
        #expect(warnings.filter { $0.rule == .renamedUnread }.map { $0.location?.line } == [3])
    }
}

/// A budget's `renamed.prompts` (Semantics §14.4): its policies must rename prompts as it does.
@Suite struct BudgetRenamesTests {
    static func budget(_ renamed: String = "renamed: {prompts: {rate_us: review}}") -> String {
        """
        reviewgate_budget: 1
        name: calm
        \(renamed)
        prompts:
          review: {priority: 50, policy: r.yaml}
          survey: {priority: 20, policy: s.yaml}
        """
    }
    static let renamed = "\nrenamed: {prompts: {rate_us: review}}"

    @Test func thePoliciesMustRenamePromptsAsTheBudgetDoes() {
        let errors = BudgetLoaderTests.errors([
            "b.yaml": Self.budget(), "r.yaml": BudgetLoaderTests.review + Self.renamed,
            "s.yaml": BudgetLoaderTests.survey,
        ])
        #expect(errors.contains { $0.contains("s.yaml renames prompts unlike the budget") })
        #expect(
            BudgetLoaderTests.errors([
                "b.yaml": Self.budget(), "r.yaml": BudgetLoaderTests.review + Self.renamed,
                "s.yaml": BudgetLoaderTests.survey + Self.renamed,
            ]) == [])
    }

    @Test func aBudgetRenamesNoEvents() {
        let errors = BudgetLoaderTests.errors([
            "b.yaml": Self.budget("renamed: {events: {a: b}}"), "r.yaml": BudgetLoaderTests.review,
            "s.yaml": BudgetLoaderTests.survey,
        ])
        #expect(errors.first?.contains("a budget's renamed") == true, "\(errors)")
    }
}

/// Counters since an ask under a renamed prompt (Semantics §14.1, §14.4): the old name's counter is the
/// new prompt's, read and written as one, and zeroed by its ask however the ask is recorded.
@Suite struct RenamedPromptCountersTests {
    static let yaml = """
        reviewgate: 1
        name: t
        renamed: {prompts: {rate_us: review}}
        triggers: {visit: {at_least: 5, since: last_ask}}
        guards: {never_on: [user_action], system_quota: false}
        """

    @Test func anOldNamesCounterIsTheNewPromptsAndIsNotStartedTwice() throws {
        let policy = try Fixtures.policy(Self.yaml)
        var state = try Fixtures.state(Fixtures.baseState)
        state.events["visit"] = EventHistory(count: 10, sinceAsk: ["rate_us": 3])
        var now = Fixtures.time("2026-11-22T10:00:00Z")
        let first = try Evaluator.evaluate(policy, state: state, moment: Moment(time: .utc(now), event: "visit"))
        #expect(first.needs.first?.more == 1)
        Transition.apply(first, to: &state, policy: policy)
        #expect(state.events["visit"]?.sinceAsk == ["rate_us": 4])
        now = now + TimeSpan(seconds: 60)
        let second = try Evaluator.evaluate(policy, state: state, moment: Moment(time: .utc(now), event: "visit"))
        #expect(second.isAllowed)
        // Asked through a lease, as a prompter records it: the old name's counter starts again.
        var leased = state
        leased.leases = [Lease(id: "l", at: now, expires: now + TimeSpan(seconds: 30))]
        Transition.apply(second, to: &leased, policy: policy, appendingAsk: false)
        Transition.commit(lease: "l", asking: second, shownAt: now, now: now, in: &leased)
        #expect(leased.events["visit"]?.sinceAsk == ["rate_us": 0])
        #expect(leased.asks.map(\.prompt) == ["review"])
    }

    @Test func aPolicyMayNotRenameThePromptItDecides() {
        let errors = Fixtures.errors(
            """
            reviewgate: 1
            name: t
            renamed: {prompts: {review: rate_us}}
            triggers: {done: {at_least: 1}}
            """)
        #expect(
            errors.contains {
                $0.message.hasPrefix("the prompt review is renamed to rate_us, but this policy decides review")
            })
    }
}
