@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite("Transition: what record does to the state")
struct TransitionTests {
    static let now = Fixtures.time("2026-11-22T10:00:00Z")

    static func record(
        _ policy: Policy, _ state: ReviewState, event: String? = "done", trigger: String? = nil,
        source: MomentSource? = nil, at now: Timestamp = now
    ) throws -> (Decision, ReviewState) {
        let decision = try Evaluator.evaluate(
            policy, state: state,
            moment: Moment(
                time: .utc(now),
                subject: trigger.map(Moment.Subject.trigger) ?? event.map(Moment.Subject.event) ?? .everyTrigger,
                source: source))
        return (decision, Transition.apply(decision, to: state, policy: policy))
    }

    @Test("an unheard donation of an event named launch, without its moment, is a launch's")
    func unheardLaunchByName() throws {
        let policy = try Fixtures.simplePolicy(guards: "min_install_age: 100d")
        let state = try Fixtures.state(Fixtures.baseState + "\nlaunches: 4")
        var byName = state
        #expect(Transition.applyUnheard(event: "launch", at: .utc(Self.now), to: &byName, policy: policy))
        var byMoment = state
        #expect(Transition.applyUnheard(Moment(time: .utc(Self.now), event: "launch"), to: &byMoment, policy: policy))
        #expect(byName == byMoment)
        #expect(byName.launches == 5 && byName.sessionStartedAt == Self.now)
        #expect(byName.events["launch"] == nil)
    }

    @Test(
        "a moment no trigger listens to is recorded without a decision only when that records the same",
        arguments: ["counting: {while_blocked: true}", "counting: {while_blocked: false}"])
    func unheardMoments(_ counting: String) throws {
        let policy = try Fixtures.simplePolicy(guards: "min_install_age: 100d", extra: counting)
        let whileBlocked = counting.hasSuffix("true}")
        var state = try Fixtures.state(Fixtures.baseState + "\nlaunches: 4")
        state.events["other"] = EventHistory(count: ReviewState.largestCount)
        let moments: [(Moment, shortcut: Bool)] = [
            (Moment(time: .utc(Self.now), event: "launch"), true),
            (Moment(time: .utc(Self.now), event: "seen"), whileBlocked),
            (Moment(time: .utc(Self.now), event: "other"), whileBlocked),
            (Moment(time: .utc(Self.now), event: "done"), false),
            (Moment(time: .utc(Self.now), trigger: "done"), false),
            (Moment(time: .utc(Self.now)), false),
        ]
        for (moment, shortcut) in moments {
            var fast = state
            #expect(Transition.applyUnheard(moment, to: &fast, policy: policy) == shortcut, "\(moment)")
            guard shortcut else {
                #expect(fast == state, "nothing is changed when the decision is needed")
                continue
            }
            let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
            #expect(!decision.isAllowed)
            #expect(fast == Transition.apply(decision, to: state, policy: policy), "\(moment)")
        }
    }

    @Test("a launch adds a launch and starts the session, even when a guard blocks it")
    func launch() throws {
        let policy = try Fixtures.simplePolicy(extra: "counting: {while_blocked: false}")
        let state = try Fixtures.state(Fixtures.baseState + "\nlaunches: 4")
        let (decision, next) = try Self.record(policy, state, event: "launch")
        #expect(!decision.isAllowed)
        #expect(next.launches == 5)
        #expect(next.sessionStartedAt == Self.now)
        #expect(next.events.isEmpty)
    }

    @Test("an allowed donation counts and appends an ask in the current version")
    func allowedDonation() throws {
        let policy = try Fixtures.simplePolicy()
        let (decision, next) = try Self.record(policy, Fixtures.state(Fixtures.baseState))
        #expect(decision.isAllowed)
        #expect(next.events["done"] == EventHistory(count: 1))
        #expect(next.asks == [Ask(at: Self.now, short: "1.0", build: "1", trigger: "done")])
    }

    @Test("while_blocked true counts a donation a guard blocked")
    func whileBlockedTrue() throws {
        let policy = try Fixtures.simplePolicy(guards: "min_install_age: 100d")
        let (decision, next) = try Self.record(policy, Fixtures.state(Fixtures.baseState))
        #expect(decision.blockedBy.map(\.id) == ["min_install_age"])
        #expect(next.events["done"]?.count == 1)
        #expect(next.asks.isEmpty)
    }

    @Test(
        "while_blocked false ignores a donation a guard, responses or rollout blocked",
        arguments: [
            "guards:\n  cooldown: 7d",
            "responses: {after_later: 30d}",
            "rollout: {percent: 0}",
            "enabled: false",
        ])
    func whileBlockedFalse(setting: String) throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers:
              done: {at_least: 1}
            counting: {while_blocked: false}
            \(setting)
            """)
        let state = try Fixtures.state(
            Fixtures.baseState + """

                user_id: u-1
                asks: [{at: 2026-11-20T10:00:00Z, short: "0.9"}]
                responses: [{at: 2026-11-20T10:01:00Z, kind: later}]
                """)
        let (decision, next) = try Self.record(policy, state)
        #expect(!decision.isAllowed)
        #expect(next == state)
    }

    @Test("while_blocked false still counts a donation blocked only by its trigger's own checks")
    func blockedByTriggerOnly() throws {
        let policy = try Fixtures.simplePolicy(extra: "counting: {while_blocked: false}", trigger: "exactly: 3")
        let (decision, next) = try Self.record(policy, Fixtures.state(Fixtures.baseState))
        #expect(decision.blockedBy.map(\.id) == ["trigger"])
        #expect(next.events["done"]?.count == 1)
    }

    @Test("an event no trigger listens to still counts under while_blocked false")
    func unheardEvent() throws {
        let policy = try Fixtures.simplePolicy(extra: "counting: {while_blocked: false}")
        let (decision, next) = try Self.record(policy, Fixtures.state(Fixtures.baseState), event: "other")
        #expect(decision.blockedBy.map(\.id) == ["trigger"])
        #expect(next.events["other"]?.count == 1)
    }

    @Test("a moment that names a trigger donates nothing, but an allowed one records its ask")
    func triggerMoment() throws {
        let policy = try Fixtures.simplePolicy()
        let state = try Fixtures.state(Fixtures.baseState + "\nevents: {done: 2}")
        let (decision, next) = try Self.record(policy, state, event: nil, trigger: "done")
        #expect(decision.isAllowed)
        #expect(next.events["done"]?.count == 2)
        #expect(next.asks.count == 1)
    }

    @Test("times are kept only inside the longest within, at most count of them, oldest first")
    func timesWindow() throws {
        let policy = try Fixtures.simplePolicy(trigger: "at_least: 9, within: 2d")
        let state = try Fixtures.state(
            Fixtures.baseState + """

                events: {done: {count: 3, times: [2026-11-19T10:00:00Z, 2026-11-20T10:00:00Z, 2026-11-21T10:00:00Z]}}
                """)
        let (_, next) = try Self.record(policy, state)
        // 2026-11-20T10:00 is exactly 2d before now: outside (now − 2d, now].
        #expect(
            next.events["done"] == EventHistory(count: 4, times: [Fixtures.time("2026-11-21T10:00:00Z"), Self.now]))

        // A donation with an earlier `now` keeps the times in order.
        let (_, earlier) = try Self.record(policy, next, at: Fixtures.time("2026-11-21T12:00:00Z"))
        #expect(
            earlier.events["done"]?.times == [
                Fixtures.time("2026-11-21T10:00:00Z"), Fixtures.time("2026-11-21T12:00:00Z"), Self.now,
            ])
    }

    @Test("without any within, no times are kept")
    func noWindowNoTimes() throws {
        let policy = try Fixtures.simplePolicy()
        let state = try Fixtures.state(
            Fixtures.baseState + "\nevents: {done: {count: 1, times: [2026-11-21T10:00:00Z]}}")
        let (_, next) = try Self.record(policy, state)
        #expect(next.events["done"] == EventHistory(count: 2))
    }

    @Test("a new version by the version key restarts its age; reset_on_new_version zeroes the counts")
    func update() throws {
        let policy = try Fixtures.simplePolicy(
            extra: "app: {version_key: build}\ncounting: {reset_on_new_version: true}")
        let state = try Fixtures.state(Fixtures.baseState + "\nlaunches: 7\nevents: {done: 5}", versionKey: .build)

        let sameBuild = Transition.update(state, to: AppVersion(short: "1.1"), at: Self.now, policy: policy)
        #expect(sameBuild.app == AppVersion(short: "1.1", build: "1"))
        #expect(sameBuild.versionFirstSeenAt == nil)
        #expect(sameBuild.launches == 7)

        let newBuild = Transition.update(state, to: AppVersion(build: "2"), at: Self.now, policy: policy)
        #expect(newBuild.app == AppVersion(short: "1.0", build: "2"))
        #expect(newBuild.versionFirstSeenAt == Self.now)
        #expect(newBuild.launches == 0)
        #expect(newBuild.events["done"] == EventHistory(count: 0))
    }

    @Test("a new version without reset_on_new_version keeps the counts")
    func updateWithoutReset() throws {
        let policy = try Fixtures.simplePolicy()
        let state = try Fixtures.state(Fixtures.baseState + "\nlaunches: 7\nevents: {done: 5}")
        let next = Transition.update(state, to: AppVersion(short: "2.0"), at: Self.now, policy: policy)
        #expect(next.versionFirstSeenAt == Self.now)
        #expect(next.launches == 7)
        #expect(next.events["done"]?.count == 5)
    }

    @Test("respond appends an answer; set replaces flags and attributes by name")
    func respondAndSet() throws {
        let state = try Fixtures.state(Fixtures.baseState + "\nflags: {a: true, b: true}\nattributes: {plan: free}")
        let answered = Transition.respond(state, .declined, at: Self.now)
        #expect(answered.responses == [Response(at: Self.now, kind: .declined)])
        let set = Transition.set(state, flags: ["b": false], attributes: ["plan": .string("pro"), "seats": .number(3)])
        #expect(set.flags == ["a": true, "b": false])
        #expect(set.attributes == ["plan": .string("pro"), "seats": .number(3)])
    }
}

/// A store in memory, as an app might keep its state.
private final class MemoryStore: StateStore {
    var state: ReviewState
    init(_ state: ReviewState) { self.state = state }
    func load() throws -> ReviewState { state }
    func update<Result>(_ change: (inout ReviewState) throws -> Result) throws -> Result { try change(&state) }
}

@Suite("Recording: what record says it did")
struct RecordingTests {
    @Test func aDonationABlockingGuardDropsSaysWhy() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 30d", extra: "counting: {while_blocked: false}")
        let store = MemoryStore(
            try Fixtures.state(Fixtures.baseState + "\nasks: [{at: 2026-11-20T10:00:00Z, short: \"1.0\"}]"))
        let recording = try store.record(Moment(time: .utc(TransitionTests.now), event: "done"), policy: policy)
        #expect(!recording.isAllowed)
        #expect(!recording.counted)
        #expect(recording.uncounted == .blockedByGuard)
        #expect(
            recording.summary
                == "recorded: done not counted (blocked by cooldown, and counting.while_blocked is false)")
    }

    @Test func anAllowedDonationIsCountedAndAsks() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 30d")
        let store = MemoryStore(try Fixtures.state(Fixtures.baseState))
        let recording = try store.record(Moment(time: .utc(TransitionTests.now), event: "done"), policy: policy)
        #expect(recording.isAllowed && recording.counted)
        #expect(recording.changes == ["done 1", "ask #1 in short \"1.0\""])
        #expect(store.state.asks.count == 1)
    }

    @Test func anUpdateToTheSameVersionRecordsNothing() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 30d")
        let store = MemoryStore(try Fixtures.state(Fixtures.baseState))
        let same = try store.update(to: AppVersion(short: "1.0"), at: TransitionTests.now, policy: policy)
        #expect(same.summary == "recorded: nothing")
        let newer = try store.update(to: AppVersion(short: "1.1"), at: TransitionTests.now, policy: policy)
        #expect(newer.changes == ["short \"1.1\"", "new version"])
    }
}
