@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// One person on several devices (Semantics §16.5): merging records is commutative, associative and
/// idempotent, a record merges into a state as the same union, and a decision read from asks and
/// answers alone after merges equals the decision on one state that holds every ask and answer once.
@Suite struct PersonRecordTests {
    static let cases = 10_000
    static let devices = ["d-iphone", "d-ipad", "d-pixel"]
    static let prompts = [Ask.review, "survey"]
    static let start = Timestamp(rfc3339: "2026-01-01T00:00:00Z")!

    /// Draws from small pools, so that records share asks and answers (and keys with other fields).
    struct Draw {
        var random: SplitMix

        mutating func time() -> Timestamp {
            Self.start + TimeSpan(seconds: Int64(Int.random(in: 0...40, using: &random)) * 86_400)
        }
        mutating func version() -> String? { ["1.0", "1.1", nil].randomElement(using: &random)! }
        /// An ask: its versions those its device ran at its time, as on a real device, so that two
        /// records holding one ask agree on it.
        mutating func ask(device: String?) -> Ask {
            let at = time()
            let day = Int((at - Self.start).nanoseconds / 86_400_000_000_000)
            let index = (PersonRecordTests.devices.firstIndex(of: device ?? "") ?? 3) + day / 10
            let versions = ["1.0", "1.1", nil, "1.2"]
            return Ask(
                at: at, short: versions[index % 4], build: versions[(index + 1) % 4], trigger: nil,
                prompt: PersonRecordTests.prompts.randomElement(using: &random)!, device: device)
        }
        mutating func answer(device: String?) -> Response {
            Response(
                at: time(), kind: ResponseKind.allCases.randomElement(using: &random)!,
                prompt: PersonRecordTests.prompts.randomElement(using: &random)!, device: device)
        }
        mutating func device() -> String { PersonRecordTests.devices.randomElement(using: &random)! }
        mutating func record() -> PersonRecord {
            PersonRecord(
                userID: "u-1", asks: (0..<Int.random(in: 0...5, using: &random)).map { _ in ask(device: device()) },
                answers: (0..<Int.random(in: 0...4, using: &random)).map { _ in answer(device: device()) })
        }

        static let start = PersonRecordTests.start
    }

    @Test func mergingRecordsIsCommutativeAssociativeAndIdempotent() throws {
        var draw = Draw(random: SplitMix(seed: 16_5))
        for _ in 0..<Self.cases {
            let (a, b, c) = (draw.record(), draw.record(), draw.record())
            let ab = try a.merging(b)
            #expect(ab == (try b.merging(a)))
            #expect((try ab.merging(c)) == (try a.merging(try b.merging(c))))
            #expect((try a.merging(a)) == a)
            #expect((try ab.merging(b)) == ab)
            // Each key once, in the union's order.
            #expect(zip(ab.asks, ab.asks.dropFirst()).allSatisfy { PersonUnion.isBefore($0, $1) })
            #expect(zip(ab.answers, ab.answers.dropFirst()).allSatisfy { PersonUnion.isBefore($0, $1) })
            // JSON reads back as the same record.
            #expect((try PersonRecord(json: ab.json)) == ab)
        }
    }

    /// A record of a newer format is refused as such, and a record's mistakes at their places.
    @Test func aNewerOrWrongRecordIsRefusedAtItsPlace() {
        func diagnostics(_ json: String) -> [String] {
            do {
                _ = try PersonRecord(json: json, file: "r.json")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(
            diagnostics(#"{"reviewgate_person": 2, "asks": 3}"#) == [
                "r.json:1:23: error: this person record needs a newer reviewgate: it uses format 2, and this reviewgate reads format 1"
            ])
        #expect(
            diagnostics(#"{"reviewgate_person": 1, "user": "u"}"#).first?.hasPrefix(
                #"r.json:1:26: error: unknown key "user""#) == true)
        #expect(diagnostics(#"{"reviewgate_person": 1, "asks": []}"#).isEmpty)
    }

    /// A record merges into a state as the union of records: in any order, once or twice, the state
    /// ends with the same asks and answers as the merge of the records.
    @Test func aRecordMergesIntoAStateAsTheSameUnion() throws {
        var draw = Draw(random: SplitMix(seed: 16_51))
        for _ in 0..<Self.cases {
            let (a, b) = (draw.record(), draw.record())
            var own = ReviewState(userID: "u-1", installedAt: Self.start, app: AppVersion(short: "1.0"))
            own.asks = (0..<Int.random(in: 0...3, using: &draw.random)).map { _ in draw.ask(device: nil) }
                .sorted { $0.at < $1.at }
            own.responses = (0..<Int.random(in: 0...2, using: &draw.random)).map { _ in draw.answer(device: nil) }
                .sorted { $0.at < $1.at }
            var first = own
            try first.merge(a, makeDeviceID: { "d-iphone" })
            try first.merge(b, makeDeviceID: { "d-other" })
            var second = own
            try second.merge(b, makeDeviceID: { "d-iphone" })
            try second.merge(a, makeDeviceID: { "d-other" })
            try second.merge(a, makeDeviceID: { "d-other" })
            var once = own
            try once.merge(try a.merging(b), makeDeviceID: { "d-iphone" })
            #expect(first.asks == second.asks && first.asks == once.asks)
            #expect(first.responses == second.responses && first.responses == once.responses)
            // The state's own asks and answers became this device's, and its record is the union.
            var recorded = own
            let mine = recorded.personRecord(makeDeviceID: { "d-iphone" })
            #expect(first.personRecord() == (try mine.merging(a).merging(b)))
        }
    }

    /// The decision after merges equals the decision on one state holding every ask and answer
    /// once, worked out by hand: for the guards that read every device's asks and answers.
    @Test func aDecisionAfterMergesIsTheDecisionOnEveryAskAndAnswer() throws {
        let policy = try PolicyLoader.decode(
            Fixtures.document(
                """
                reviewgate: 1
                name: devices
                app: {version_key: short}
                triggers:
                  done: {at_least: 1}
                guards:
                  cooldown: 20d
                  max_asks: {count: 4}
                  once_per_version: true
                responses:
                  after_rated: never
                  after_declined: next_version
                  after_later: 10d
                """)
        ).policy
        var draw = Draw(random: SplitMix(seed: 16_52))
        var allowed = 0
        for _ in 0..<Self.cases {
            let records = (0..<Int.random(in: 1...3, using: &draw.random)).map { _ in draw.record() }
            var base = ReviewState(
                userID: "u-1", installedAt: Self.start, app: AppVersion(short: draw.version() ?? "1.0"))
            base.deviceID = "d-iphone"
            var merged = base
            for record in records.shuffled(using: &draw.random) { try merged.merge(record) }
            // By hand: each (prompt, time, device) once, sorted by time.
            var whole = base
            for record in records {
                for ask in record.asks
                where !whole.asks.contains(where: {
                    $0.at == ask.at && $0.device == ask.device && $0.prompt == ask.prompt
                }) {
                    whole.asks.append(ask)
                }
                for answer in record.answers where !whole.responses.contains(answer) { whole.responses.append(answer) }
            }
            whole.asks.sort { ($0.at, $0.device ?? "", $0.prompt) < ($1.at, $1.device ?? "", $1.prompt) }
            whole.responses.sort {
                ($0.at, $0.device ?? "", $0.prompt, $0.kind.rawValue) < (
                    $1.at, $1.device ?? "", $1.prompt, $1.kind.rawValue
                )
            }
            let moment = Moment(time: .utc(Self.start + TimeSpan(seconds: 45 * 86_400)), event: "done")
            let afterMerges = try Evaluator.evaluate(policy, state: merged, moment: moment)
            let onEvery = try Evaluator.evaluate(policy, state: whole, moment: moment)
            #expect(afterMerges.isAllowed == onEvery.isAllowed)
            #expect(afterMerges.blockedBy == onEvery.blockedBy)
            #expect(afterMerges.nextEligibleAt == onEvery.nextEligibleAt)
            if afterMerges.isAllowed { allowed += 1 }
        }
        // Both outcomes are drawn.
        #expect(allowed > 100 && allowed < Self.cases - 100)
    }
}

/// What reads this device's asks alone after a merge (Semantics §16.5): the OS's quota, and a count
/// `since: last_ask`, which counts this device's donations since this device's last ask.
@Suite struct DeviceLocalTests {
    static func policy(_ guards: String, trigger: String) throws -> Policy {
        try PolicyLoader.decode(
            Fixtures.document(
                """
                reviewgate: 1
                name: local
                app: {version_key: short}
                triggers:
                  done: \(trigger)
                guards:
                \(guards)
                """)
        ).policy
    }

    static func state(asks: [Ask], done: EventHistory) -> ReviewState {
        var state = ReviewState(
            userID: "u-1", installedAt: Fixtures.time("2026-01-01T00:00:00Z"), app: AppVersion(short: "1.0"),
            events: ["done": done], asks: asks)
        state.deviceID = "d-here"
        return state
    }

    static let moment = Moment(time: .utc(Fixtures.time("2026-03-01T00:00:00Z")), event: "done")

    @Test func theOSQuotaCountsThisDevicesAsksAlone() throws {
        let policy = try Self.policy("  system_quota: {max: 2, per: 365d}", trigger: "{at_least: 1}")
        let elsewhere = (1...3).map { Ask(at: Fixtures.time("2026-02-0\($0)T00:00:00Z"), device: "d-there") }
        let here = Ask(at: Fixtures.time("2026-02-05T00:00:00Z"), device: nil)
        let allowed = try Evaluator.evaluate(
            Self.policy("  system_quota: {max: 2, per: 365d}", trigger: "{at_least: 1}"),
            state: Self.state(asks: elsewhere + [here], done: EventHistory(count: 1)), moment: Self.moment)
        #expect(allowed.isAllowed, "three asks on another device and one here: one of two")
        let here2 = Ask(at: Fixtures.time("2026-02-06T00:00:00Z"), device: "d-here")
        let blocked = try Evaluator.evaluate(
            policy, state: Self.state(asks: elsewhere + [here, here2], done: EventHistory(count: 1)),
            moment: Self.moment)
        #expect(blocked.blockedBy == [.guard(.systemQuota)])
        // max_asks reads every device's.
        let maxAsks = try Self.policy("  max_asks: {count: 3}", trigger: "{at_least: 1}")
        let capped = try Evaluator.evaluate(
            maxAsks, state: Self.state(asks: elsewhere, done: EventHistory(count: 1)), moment: Self.moment)
        #expect(capped.blockedBy == [.guard(.maxAsks)])
        let text = TextExplanation(color: false).render(capped, policy: maxAsks)
        #expect(text.contains("3 asks in all, 3 of them on another device"))
    }

    @Test func aCountSinceTheLastAskCountsFromThisDevicesLastAsk() throws {
        let policy = try Self.policy("  never_on: []", trigger: "{at_least: 4, since: last_ask}")
        let times = (1...3).map { Fixtures.time("2026-02-0\($0)T00:00:00Z") }
        // Asked on another device after every donation here: this device never asked, so all 3 count.
        let state = Self.state(
            asks: [Ask(at: Fixtures.time("2026-02-10T00:00:00Z"), device: "d-there")],
            done: EventHistory(count: 3, times: times))
        let decision = try Evaluator.evaluate(policy, state: state, moment: Self.moment)
        #expect(decision.isAllowed, "3 donations here and this one: 4 since this device's last ask (none)")
        // An ask here between them starts this device's count again.
        let askedHere = Self.state(
            asks: [Ask(at: Fixtures.time("2026-02-02T12:00:00Z"), device: "d-here")],
            done: EventHistory(count: 3, times: times))
        #expect(!(try Evaluator.evaluate(policy, state: askedHere, moment: Self.moment)).isAllowed)
    }
}

/// The edges a record from elsewhere may reach (Semantics §16.5): entries made in code without a
/// device, a union past the bound, a state with no device id of its own.
@Suite struct PersonRecordEdgeTests {
    static let start = Fixtures.time("2026-01-01T00:00:00Z")

    @Test func aRecordsEntryWithoutADeviceIsThisDevicesAndItsRecordReadsBack() throws {
        var state = ReviewState(userID: "u-1", installedAt: Self.start, app: AppVersion(short: "1.0"))
        let carried = PersonRecord(
            userID: "u-1", answers: [Response(at: Self.start, kind: .rated)])  // an old "rated" flag, in code
        try state.merge(carried, makeDeviceID: { "d-here" })
        #expect(state.responses.map(\.device) == ["d-here"])
        let record = state.personRecord()
        #expect((try PersonRecord(json: record.json)) == record)
    }

    @Test func aUnionPastTheBoundIsRefusedAndNothingMerged() throws {
        let asks = (0..<600).map { Ask(at: Self.start + TimeSpan(seconds: Int64($0)), device: "d-a") }
        let more = (0..<600).map { Ask(at: Self.start + TimeSpan(seconds: Int64(1_000 + $0)), device: "d-b") }
        let (a, b) = (PersonRecord(userID: "u", asks: asks), PersonRecord(userID: "u", asks: more))
        #expect(throws: PersonRecordError.tooLarge(1_200)) { try a.merging(b) }
        var state = ReviewState(userID: "u", installedAt: Self.start, app: AppVersion(short: "1"))
        try state.merge(a, makeDeviceID: { "d-here" })
        let before = state
        #expect(throws: PersonRecordError.tooLarge(1_200)) { try state.merge(b) }
        #expect(state == before)
        // A record that lists more than the bound is refused at its list.
        let long =
            "{\"reviewgate_person\": 1, \"answers\": [" + Array(repeating: "1", count: 1_001).joined(separator: ",")
            + "]}"
        #expect(throws: DiagnosticError.self) { try PersonRecord(json: long) }
    }

    @Test func aStateWithNoDeviceIDCountsEveryAskAsItsOwn() throws {
        let policy = try DeviceLocalTests.policy("  system_quota: {max: 1, per: 365d}", trigger: "{at_least: 1}")
        var state = DeviceLocalTests.state(
            asks: [Ask(at: Fixtures.time("2026-02-01T00:00:00Z"), device: "d-elsewhere")], done: EventHistory(count: 1))
        state.deviceID = nil
        let decision = try Evaluator.evaluate(policy, state: state, moment: DeviceLocalTests.moment)
        #expect(decision.blockedBy == [.guard(.systemQuota)])
    }
}

/// A budget's gaps read every device's asks after a merge (Semantics §16.5): a paywall shown on the
/// iPad an hour ago holds the iPhone's tip back, as it would have on the iPad.
@Suite struct BudgetAcrossDevicesTests {
    @Test func aGapCountsFromAnotherDevicesAsk() throws {
        let budget = try BudgetLoader(policies: PolicyLoader(reading: Fixtures.documents.reader))
            .load(path: Repository.path("policies/budget/spacing.budget.yaml")).budget
        let now = Fixtures.time("2026-03-01T12:00:00Z")
        var state = ReviewState(
            userID: "u", installedAt: Fixtures.time("2026-01-01T00:00:00Z"), app: AppVersion(short: "1"))
        let before = try Arbiter.arbitrate(budget, state: state, moment: Moment(time: .utc(now)), wanted: ["tip"])
        #expect(before.granted == "tip")
        let iPad = PersonRecord(
            userID: "u", asks: [Ask(at: now - TimeSpan(seconds: 3_600), prompt: "paywall", device: "d-ipad")])
        try state.merge(iPad, makeDeviceID: { "d-iphone" })
        let after = try Arbiter.arbitrate(budget, state: state, moment: Moment(time: .utc(now)), wanted: ["tip"])
        #expect(after.granted == nil, "the paywall's 6h gap, from the iPad's ask")
    }
}
