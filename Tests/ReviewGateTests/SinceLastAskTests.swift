@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// `since: last_ask` on triggers and `event` conditions (Semantics §14.1): what a count since the prompt's
/// last ask reads, the `since_ask` counters `record` keeps, and the explanation, checked against a
/// plain count over every donation.
@Suite struct SinceLastAskTests {
    let state: ReviewState

    init() throws {
        state = try Fixtures.state(Fixtures.baseState)  // installed 2026-11-01T10:00:00Z
    }

    private func policy(_ trigger: String = "at_least: 3, since: last_ask", extra: String = "") throws -> Policy {
        try Fixtures.simplePolicy(guards: "system_quota: false", extra: extra, trigger: trigger)
    }

    @Test func aPersonNeverAskedCountsEveryDonation() throws {
        var person = state
        person.events["done"] = EventHistory(count: 2)
        let decision = try Fixtures.decide(try policy(), person)
        #expect(decision.isAllowed)
        let check = try #require(decision.check(.trigger(.count), trigger: "done"))
        let words = CheckDescription(check, of: decision, policy: try policy())
        #expect(words.observed == "3 done since the last ask (never asked), this one included")
        #expect(words.required == "at least 3 since the last ask")
    }

    @Test func afterAnAskOnlyLaterDonationsCountFromTheCounterOrTheKeptTimes() throws {
        var person = state
        person.asks = [Ask(at: Fixtures.time("2026-11-10T10:00:00Z"), short: "1.0")]
        // A counter the state keeps is read as it is.
        person.events["done"] = EventHistory(count: 40, sinceAsk: ["review": 1])
        let blocked = try Fixtures.decide(try policy(), person)
        #expect(blocked.blockedBy.map(\.id) == ["trigger"])
        #expect(blocked.needs.first?.more == 1)
        let check = try #require(blocked.check(.trigger(.count), trigger: "done"))
        #expect(
            CheckDescription(check, of: blocked, policy: try policy()).observed
                == "2 done since the last ask on 2026-11-10, this one included")
        // Without a counter, the kept times after the ask count; none kept reads 0.
        person.events["done"] = EventHistory(
            count: 40,
            times: ["2026-11-09T10:00:00Z", "2026-11-11T10:00:00Z", "2026-11-12T10:00:00Z"].map(Fixtures.time))
        #expect(try Fixtures.decide(try policy(), person).isAllowed)
        person.events["done"] = EventHistory(count: 40)
        #expect(try Fixtures.decide(try policy(), person).needs.first?.more == 2)
        // Another prompt's counter and asks are not this policy's.
        person.events["done"] = EventHistory(count: 40, sinceAsk: ["survey": 9])
        person.asks.append(Ask(at: Fixtures.time("2026-11-20T10:00:00Z"), prompt: "survey"))
        #expect(try Fixtures.decide(try policy(), person).needs.first?.more == 2)
    }

    @Test func withAWindowTheKeptTimesInItAndAfterTheAskCount() throws {
        var person = state
        person.asks = [Ask(at: Fixtures.time("2026-11-18T10:00:00Z"), short: "1.0")]
        person.events["done"] = EventHistory(
            count: 9,
            times: ["2026-11-10T10:00:00Z", "2026-11-17T10:00:00Z", "2026-11-19T10:00:00Z"].map(Fixtures.time),
            sinceAsk: ["review": 7])
        let decision = try Fixtures.decide(try policy("at_least: 3, within: 7d, since: last_ask"), person)
        // One kept time lies in the window and after the ask, and this donation: 2.
        #expect(decision.needs.first?.more == 1)
    }

    @Test func recordKeepsTheCountersAndAnAskStartsThemAgain() throws {
        let policy = try policy()
        var person = state
        person.events["done"] = EventHistory(count: 1)
        var now = Fixtures.time("2026-11-22T10:00:00Z")
        var decisions: [Decision] = []
        var words: [[String]] = []
        for _ in 0..<5 {
            let decision = try Evaluator.evaluate(policy, state: person, moment: Moment(time: .utc(now), event: "done"))
            let before = StateChange.Snapshot(person)
            Transition.apply(decision, to: &person, policy: policy)
            words.append(StateChange.describe(from: before, to: person, moment: decision.moment, policy: policy))
            decisions.append(decision)
            now = now + TimeSpan(seconds: 3_600)
        }
        #expect(words.first == ["done 2 (2 since the last ask)"])
        #expect(words[1] == ["done 3 (0 since the last ask)", "ask #1 in short \"1.0\""])
        // 2 done: blocked; 3: asks (and the counter starts again); 1, 2: blocked; 3: asks.
        #expect(decisions.map(\.isAllowed) == [false, true, false, false, true])
        #expect(person.events["done"]?.count == 6)
        #expect(person.events["done"]?.sinceAsk == ["review": 0])
        // A policy that reads no count since an ask still adds to the counters a state keeps.
        let plain = try self.policy("at_least: 1")
        let decision = try Evaluator.evaluate(plain, state: person, moment: Moment(time: .utc(now), event: "done"))
        Transition.apply(decision, to: &person, policy: plain)
        #expect(person.events["done"]?.sinceAsk == ["review": 0])  // asked again, so 0 again
        let other = try Evaluator.evaluate(plain, state: person, moment: Moment(time: .utc(now), event: "other"))
        Transition.apply(other, to: &person, policy: plain)
        #expect(person.events["other"]?.sinceAsk == [:])  // written only when used
    }

    @Test func aLaunchCountSinceTheLastAskIsKeptOnTheLaunches() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers: {done: {at_least: 1, when: {event: launch, at_least: 2, since: last_ask}}}
            guards: {never_on: [user_action], system_quota: false}
            """)
        var person = state
        person.launches = 10
        person.asks = [Ask(at: Fixtures.time("2026-11-20T10:00:00Z"), short: "1.0")]
        #expect(try Fixtures.decide(policy, person).blockedBy.map(\.id) == ["trigger"])
        for hour in 0..<2 {
            let moment = Moment(time: .utc(Fixtures.time("2026-11-21T1\(hour):00:00Z")), event: "launch")
            Transition.apply(try Evaluator.evaluate(policy, state: person, moment: moment), to: &person, policy: policy)
        }
        #expect(person.launchesSinceAsk == ["review": 2] && person.launches == 12)
        #expect(try Fixtures.decide(policy, person).isAllowed)
    }

    @Test func aNewVersionZeroesTheCountersWithTheCounts() throws {
        let policy = try policy(extra: "counting: {reset_on_new_version: true}")
        var person = state
        person.events["done"] = EventHistory(count: 5, sinceAsk: ["review": 2])
        person.launchesSinceAsk = ["review": 4]
        person.launches = 6
        Transition.update(
            &person, to: AppVersion(short: "2.0"), at: Fixtures.time("2026-11-21T10:00:00Z"), policy: policy)
        #expect(person.events["done"] == EventHistory(count: 0, sinceAsk: ["review": 0]))
        #expect(person.launchesSinceAsk == ["review": 0])
    }

    @Test func anExactCountSinceTheLastAskPassesAgainAfterTheNextAsk() throws {
        let policy = try policy("exactly: 2, since: last_ask", extra: "counting: {while_blocked: true}")
        var person = state
        person.events["done"] = EventHistory(count: 8, sinceAsk: ["review": 2])
        let decision = try Fixtures.decide(policy, person)
        let need = try #require(decision.needs.first)
        #expect(need.more == nil && need.afterNextAsk)
        #expect(
            TextExplanation(color: false).render(decision, policy: policy).contains(
                "passes again only after the next ask"))
        let warnings = try Fixtures.warnings(
            """
            reviewgate: 1
            name: t
            triggers:
              done: {exactly: 2, since: last_ask}
            guards: {cooldown: 7d}
            """)
        #expect(warnings.filter { $0.rule == .exactSinceStalls }.map { $0.location?.line } == [4])
    }

    @Test func theStateWritesAndReadsItsCountersOnlyWhenUsed() throws {
        var person = state
        person.events["done"] = EventHistory(count: 41, sinceAsk: ["review": 3, "survey": 1])
        person.events["plain"] = EventHistory(count: 2)
        person.launches = 12
        person.launchesSinceAsk = ["review": 2]
        for format in [StateEncoder.Format.yaml, StateEncoder.Format.json] {
            let text = StateEncoder.encode(person, as: format)
            #expect(text.contains("since_ask") && !text.contains("plain: {"))
            let read = try StateDecoder.decode(Fixtures.document(text), versionKey: nil)
            #expect(read == person, "\(format)")
        }
        let error = #expect(throws: DiagnosticError.self) {
            try Fixtures.state(
                """
                reviewgate_state: 1
                installed_at: 2026-11-01T10:00:00Z
                app: {short: "1.0"}
                events: {done: {count: 2, since_ask: {review: 3}}}
                """)
        }
        #expect(
            error?.diagnostics.contains {
                $0.message.contains("done counts 3 since the last ask of review, but 2 in all")
            }
                == true)
    }

    @Test func aRandomReplayCountsAsAPlainCountOverEveryDonation() throws {
        // The reference keeps every donation and every ask; `record` keeps counters, or times.
        for trigger in ["at_least: 4, since: last_ask", "at_least: 2, within: 3d, since: last_ask"] {
            let policy = try policy(trigger)
            var random = SplitMix(seed: 1_414)
            for _ in 0..<60 {
                var person = state
                var donations: [Timestamp] = []
                var lastAsk: Timestamp?
                var now = Fixtures.time("2026-11-02T10:00:00Z")
                for _ in 0..<Int.random(in: 1...40, using: &random) {
                    now = now + TimeSpan(seconds: Int64.random(in: 1...(2 * 86_400), using: &random))
                    if Int.random(in: 0..<6, using: &random) == 0 {
                        // An ask from another trigger of the app (a budget's or the prompter's record).
                        Transition.appendAsk(at: now, trigger: nil, prompt: Ask.review, to: &person)
                        lastAsk = now
                        continue
                    }
                    let decision = try Evaluator.evaluate(
                        policy, state: person, moment: Moment(time: .utc(now), event: "done"))
                    let window = policy.trigger(id: "done")?.within?.value
                    let expected =
                        donations.filter { time in
                            time > (lastAsk ?? Timestamp(nanosecondsSince1970: 0))
                                && window.map { time > now - $0 } ?? true
                        }.count + 1
                    guard case .donations(let count)? = decision.check(.trigger(.count), trigger: "done")?.observed
                    else {
                        Issue.record("no count")
                        return
                    }
                    #expect(count == expected, "\(trigger) at \(now)")
                    Transition.apply(decision, to: &person, policy: policy)
                    donations.append(now)
                    if decision.isAllowed { lastAsk = now }
                }
            }
        }
    }
}
