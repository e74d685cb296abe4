@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// Lists for `cooldown`, `after_declined` and `after_later` (Semantics §14.3): which entry applies, the
/// explanation that names it, the promise of `next_eligible_at`, and the errors at the entry's line.
@Suite struct WaitsThatGrowTests {
    let state: ReviewState

    init() throws {
        state = try Fixtures.state(Fixtures.baseState)  // installed 2026-11-01T10:00:00Z
    }

    private func asked(_ times: [String]) -> ReviewState {
        var asked = state
        asked.asks = times.map { Ask(at: Fixtures.time($0), short: "1.0") }
        return asked
    }

    @Test func theCooldownAfterTheKthAskIsTheKthEntryAndPastTheListItsLast() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: [7d, 30d, 90d]\nsystem_quota: false")
        // One ask, 10 days ago: the 1st entry (7d) has passed.
        #expect(try Fixtures.decide(policy, asked(["2026-11-12T10:00:00Z"])).isAllowed)
        // Two asks, the last 10 days ago: the 2nd entry (30d) holds.
        let second = try Fixtures.decide(policy, asked(["2026-10-01T10:00:00Z", "2026-11-12T10:00:00Z"]))
        #expect(second.blockedBy.map(\.id) == ["cooldown"])
        #expect(second.nextEligibleAt?.description == "2026-12-12T10:00:00Z")
        let check = try #require(second.check(.guard(.cooldown)))
        #expect(check.entry?.index == 1 && check.entry?.time == 2)
        #expect(check.entry?.pointer == "/guards/cooldown/1")
        let words = CheckDescription(check, of: second, policy: policy)
        #expect(words.required == "at least 30d since the last ask (cooldown[2] = 30d, after the 2nd ask)")
        #expect(words.message.hasSuffix("passes from 2026-12-12T10:00:00Z"))
        // Five asks: past the list, its last (90d).
        let fifth = try Fixtures.decide(
            policy,
            asked([
                "2026-01-01T10:00:00Z", "2026-03-01T10:00:00Z", "2026-05-01T10:00:00Z", "2026-07-01T10:00:00Z",
                "2026-10-01T10:00:00Z",
            ]))
        #expect(fifth.nextEligibleAt?.description == "2026-12-30T10:00:00Z")
        #expect(fifth.check(.guard(.cooldown))?.entry?.index == 2)
        #expect(
            try Fixtures.decide(
                policy, asked(["2026-01-01T10:00:00Z"] + Array(repeating: "2026-08-24T10:00:00Z", count: 4))
            ).isAllowed)
    }

    @Test func aSingleValueIsExplainedAsBeforeAndAListOfOneNamesItsEntry() throws {
        let single = try Fixtures.simplePolicy(guards: "cooldown: 30d")
        let listOfOne = try Fixtures.simplePolicy(guards: "cooldown: [30d]")
        let state = asked(["2026-11-12T10:00:00Z"])
        let one = try Fixtures.decide(single, state)
        let other = try Fixtures.decide(listOfOne, state)
        #expect(one.nextEligibleAt == other.nextEligibleAt && one.blockedBy.map(\.id) == other.blockedBy.map(\.id))
        #expect(one.check(.guard(.cooldown))?.entry == nil)
        #expect(other.check(.guard(.cooldown))?.entry?.text == "cooldown[1] = 30d")
    }

    @Test func aLaterWaitsTheEntryOfItsPlaceInItsRunAndAnAskBreaksNoRun() throws {
        let policy = try Fixtures.simplePolicy(
            guards: "cooldown: 1s", extra: "responses: {after_later: [7d, 7d, 30d]}")
        var person = asked(["2026-11-05T10:00:00Z"])
        person.responses = [
            Response(at: Fixtures.time("2026-11-05T10:01:00Z"), kind: .later),
            Response(at: Fixtures.time("2026-11-12T10:01:00Z"), kind: .later),
        ]
        // Two laters in a row, the last 10 days ago: the 2nd entry (7d) has passed.
        #expect(try Fixtures.decide(policy, person).isAllowed)
        person.asks.append(Ask(at: Fixtures.time("2026-11-20T10:00:00Z"), short: "1.0"))
        person.responses.append(Response(at: Fixtures.time("2026-11-20T10:01:00Z"), kind: .later))
        let third = try Fixtures.decide(policy, person)
        #expect(third.blockedBy.map(\.id) == ["responses"])
        #expect(third.nextEligibleAt?.description == "2026-12-20T10:01:00Z")
        let check = try #require(third.check(.responses))
        #expect(check.entry?.time == 3 && check.entry?.index == 2)
        #expect(
            CheckDescription(check, of: third, policy: policy).message
                == "answered later on 2026-11-20, the 3rd later in a row: after_later[3] = 30d: wait 30d, eligible from 2026-12-20T10:01:00Z"
        )
        // An answer of another kind ends the run: a later after a decline is the 1st in its run.
        person.responses.insert(Response(at: Fixtures.time("2026-11-19T10:00:00Z"), kind: .declined), at: 2)
        let restarted = try Fixtures.decide(
            try Fixtures.simplePolicy(
                guards: "cooldown: 1s", extra: "responses: {after_later: [7d, 7d, 30d], after_declined: 1d}"),
            person)
        #expect(restarted.check(.responses)?.entry?.time == 1)
        #expect(restarted.nextEligibleAt?.description == "2026-11-27T10:01:00Z")
    }

    @Test func everyAnswersWaitAppliesSoTheLongestHolds() throws {
        let policy = try Fixtures.simplePolicy(
            guards: "cooldown: 1s", extra: "responses: {after_declined: [60d, never], after_later: 1d}")
        var person = state
        person.responses = [
            Response(at: Fixtures.time("2026-11-01T10:00:00Z"), kind: .declined),
            Response(at: Fixtures.time("2026-11-21T10:00:00Z"), kind: .later),
        ]
        let decision = try Fixtures.decide(policy, person)
        #expect(decision.nextEligibleAt?.description == "2026-12-31T10:00:00Z")
        person.responses.append(Response(at: Fixtures.time("2026-11-21T11:00:00Z"), kind: .declined))
        // The second decline in the list's place 2 would be `never`, but the later between them ends
        // the run: it is the 1st in its run again, 60d.
        #expect(try Fixtures.decide(policy, person).nextEligibleAt?.description == "2027-01-20T11:00:00Z")
        person.responses.append(Response(at: Fixtures.time("2026-11-21T12:00:00Z"), kind: .declined))
        let never = try Fixtures.decide(policy, person)
        #expect(never.blockedBy.map(\.id) == ["responses"])
        #expect(never.nextEligibleAt == nil)
        let check = try #require(never.check(.responses))
        #expect(check.entry?.text == "after_declined[2] = never")
        #expect(CheckDescription(check, of: never, policy: policy).message.contains("never ask again"))
    }

    @Test func aPromiseOfAWaitThatGrowsIsKept() throws {
        var random = SplitMix(seed: 143)
        let lists = ["[1d, 7d, 30d]", "[30d, 1d]", "[2d]", "[12h, 3d, 3d, 9d]"]
        for _ in 0..<400 {
            let cooldown = lists.randomElement(using: &random)!
            let later = lists.randomElement(using: &random)!
            let policy = try Fixtures.simplePolicy(
                guards: "cooldown: \(cooldown)", extra: "responses: {after_later: \(later), after_declined: \(later)}")
            let now = Fixtures.time("2026-11-22T10:00:00Z")
            var person = state
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let at = now - TimeSpan(seconds: Int64.random(in: 0...(40 * 86_400), using: &random))
                person.asks.append(Ask(at: at, short: "1.0"))
                if Bool.random(using: &random) {
                    person.responses.append(Response(at: at, kind: Bool.random(using: &random) ? .later : .declined))
                }
            }
            person.asks.sort { $0.at < $1.at }
            person.responses.sort { $0.at < $1.at }
            let decision = try Fixtures.decide(policy, person)
            guard let promised = decision.nextEligibleAt else { continue }
            let kept = try Fixtures.decide(policy, person, at: promised.description)
            #expect(kept.isAllowed, "\(cooldown), \(later): \(kept.blockedBy.map(\.id))")
            let before = try Fixtures.decide(policy, person, at: (promised - TimeSpan(seconds: 1)).description)
            #expect(!before.isAllowed)
        }
    }

    @Test func anEntryThatIsWrongIsAnErrorAtItsLine() throws {
        let errors = Fixtures.errors(
            """
            reviewgate: 1
            name: t
            triggers: {done: {at_least: 1}}
            guards:
              cooldown:
                - 7d
                - 30
            responses:
              after_later: [7d, never]
              after_declined: []
              after_rated: [never]
            """)
        let lines = errors.map { "\($0.location?.line ?? 0): \($0.message)" }
        #expect(lines.contains { $0.hasPrefix("7: cooldown[2] must be a duration") })
        #expect(lines.contains { $0.hasPrefix("9: after_later[2] must be a duration such as 30d; found") })
        #expect(lines.contains { $0.hasPrefix("10: after_declined is an empty list") })
        #expect(lines.contains { $0.hasPrefix("11: after_rated must be") })
    }
}

/// `cap_above_quota` (Semantics §14.5): a `max_asks` that the OS quota always reaches first.
@Suite struct CapAboveQuotaTests {
    private func capWarnings(_ guards: String, platform: String = "ios") throws -> [String] {
        try Fixtures.warnings(
            """
            reviewgate: 1
            name: t
            app: {platform: \(platform)}
            triggers: {done: {at_least: 1}}
            guards:
              cooldown: 7d
            \(guards.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            """
        ).filter { $0.rule == .capAboveQuota }.map { "\($0.location?.line ?? 0): \($0.message)" }
    }

    @Test func nextcloudsFifteenAYearUnderTheStoresQuotaWarnsAtMaxAsks() throws {
        #expect(
            try capWarnings("max_asks: {count: 15, per: 365d}") == [
                "7: max_asks 15 per 365d can never block: the OS quota (system_quota 3 per 365d) refuses an ask first; lower max_asks, give it a longer per, or remove it"
            ])
        #expect(try capWarnings("max_asks: {count: 3, per: 30d}").count == 1)
    }

    @Test func aCapThatCanBlockDoesNotWarn() throws {
        #expect(try capWarnings("max_asks: {count: 2, per: 365d}").isEmpty)  // below the quota
        #expect(try capWarnings("max_asks: {count: 5, per: 730d}").isEmpty)  // a longer window
        #expect(try capWarnings("max_asks: {count: 5}").isEmpty)  // a lifetime cap
        #expect(try capWarnings("max_asks: {count: 15, per: 365d}", platform: "android").isEmpty)  // no quota
        #expect(
            try capWarnings("max_asks: {count: 15, per: 365d}\nsystem_quota: {max: 20, per: 365d}").isEmpty)
        #expect(
            try capWarnings("max_asks: {count: 15, per: 365d}\nsystem_quota: {max: 3, per: 365d}").count == 1)
    }

    @Test func aTeamThatMeansItAllowsIt() throws {
        let warnings = try Fixtures.warnings(
            """
            reviewgate: 1
            name: t
            triggers: {done: {at_least: 1}}
            guards: {cooldown: 7d, max_asks: {count: 15, per: 365d}}
            lint: {allow: [cap_above_quota]}
            """)
        #expect(!warnings.contains { $0.rule == .capAboveQuota })
    }
}

/// A policy that uses a rule of Semantics §14 under an older `requires.library_version` (Semantics §14).
@Suite struct HandWrittenRulesNewerKeyTests {
    @Test func aListUnderAnOlderLibraryVersionWarnsAtItsKey() throws {
        func yaml(_ requires: String) -> String {
            """
            reviewgate: 1
            name: t
            \(requires)
            triggers: {done: {at_least: 1}}
            guards:
              cooldown: [7d, 30d]
            responses:
              after_later: [1d, 7d]
            """
        }
        let newer = try Fixtures.warnings(yaml("requires: {library_version: \"0.4\"}")).filter { $0.rule == .newerKey }
        #expect(newer.map { $0.location?.line ?? 0 } == [6, 8])
        #expect(newer.first?.message.hasPrefix("a list of cooldowns is read from reviewgate 0.5 on") == true)
        #expect(try Fixtures.warnings(yaml("description: no requires")).filter { $0.rule == .newerKey }.isEmpty)
    }
}
