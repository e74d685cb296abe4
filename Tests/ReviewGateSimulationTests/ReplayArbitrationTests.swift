@_spi(ReviewGateTools) import ReviewGate
import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// A replay's lean arbitration (`ReplayArbitration`, what `simulate --budget` runs) against the
/// arbiter itself, on seeded random states and moments: the same candidates, grants, kinds of
/// failed checks and doers, the same refusals, and the same state once recorded.
@Suite struct ReplayArbitrationTests {
    /// Budgets that reach every check: rolling, session and lifetime limits, plain and `after`/`before`
    /// gaps, `ignores_budget`, two prompts of one priority (file order breaks the tie), and a lease.
    static func budgets() throws -> [Budget] {
        [
            try Fixtures.calmBudget(
                limits: "[{max: 1, per: 1d}, {max: 3, per: 7d}, {max: 1, per: session}]",
                gaps: "[{min: 2h}, {after: paywall, before: review, min: 3d}, {after: review, min: 1d}]"),
            try Fixtures.calmBudget(limits: "[{max: 4}]", gaps: "[{after: survey, min: 12h}]"),
            try Fixtures.calmBudget(),
        ]
    }

    static let prompts = ["paywall", "whats_new", "review", "survey"]

    /// A state with a few asks of the budget's prompts over the last ten days, a session of some
    /// age, and now and then a live lease.
    static func state(_ random: inout SplitMix, now: Timestamp) -> ReviewState {
        let day: Int64 = 86_400
        var state = ReviewState(
            installedAt: now - TimeSpan(seconds: 30 * day), app: AppVersion(short: "1.0"),
            events: ["done": EventHistory(count: Int.random(in: 0...3, using: &random))])
        if Bool.random(using: &random) {
            state.sessionStartedAt = now - TimeSpan(seconds: Int64.random(in: 0...(3 * day), using: &random))
        }
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            state.asks.append(
                Ask(
                    at: now - TimeSpan(seconds: Int64.random(in: 0...(10 * day), using: &random)), short: "1.0",
                    prompt: prompts.randomElement(using: &random)!))
        }
        if Int.random(in: 0..<6, using: &random) == 0 {
            let start = now - TimeSpan(seconds: Int64.random(in: 0...60, using: &random))
            state.leases = [
                Lease(
                    id: "l", prompt: prompts.randomElement(using: &random)!, at: start,
                    expires: start + TimeSpan(seconds: 30))
            ]
        }
        return state
    }

    /// A moment and what is wanted at it: a donation, a launch, a trigger, a want (external, a
    /// policy's, or of no prompt), or a bare moment.
    static func moment(_ random: inout SplitMix, now: Timestamp) -> (Moment, String?) {
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1: (Moment(time: .utc(now), event: "done"), nil)
        case 2: (Moment(time: .utc(now), event: "launch", source: .launch), nil)
        case 3: (Moment(time: .utc(now), trigger: "done"), nil)
        case 4: (Moment(time: .utc(now)), ["paywall", "whats_new"].randomElement(using: &random)!)
        case 5: (Moment(time: .utc(now)), ["review", "nothing"].randomElement(using: &random)!)
        default: (Moment(time: .utc(now), event: "other"), nil)
        }
    }

    @Test("2,000 random moments under three budgets: decided, refused and recorded as the arbiter does")
    func agreesWithTheArbiter() throws {
        var random = SplitMix(seed: 39_40)
        let now = Fixtures.time("2026-03-01T12:00:00Z")
        var lean = ReplayArbitration()
        var granted = 0
        var heldByAnother = 0
        var unreadLines = 0
        for budget in try Self.budgets() {
            #expect(ReplayArbitration.isLean(budget))
            for _ in 0..<2_000 / 3 {
                let state = Self.state(&random, now: now)
                let (moment, wanted) = Self.moment(&random, now: now)
                let plain = try? Arbiter.arbitrate(
                    budget, state: state, moment: moment, wanted: wanted.map { [$0] } ?? [])
                let fast: Void? = try? lean.arbitrate(budget, state: state, moment: moment, wanted: wanted)
                #expect((plain == nil) == (fast == nil), "\(moment) \(wanted ?? "")")
                guard let plain else { continue }
                // Named, so that a failure prints the moment and the asks rather than both arbitrations whole.
                let agrees = lean.agrees(with: plain, budget: budget)
                #expect(agrees, "\(moment) \(wanted ?? "") \(state.asks) \(state.leases)")
                var recorded = state
                var leanRecorded = state
                Transition.apply(plain, to: &recorded, budget: budget)
                Transition.apply(lean, of: moment, to: &leanRecorded, budget: budget)
                let sameState = leanRecorded == recorded
                #expect(sameState, "\(moment) \(wanted ?? "")")
                if let event = moment.event, wanted == nil, !budget.reads(event) {
                    // A line no policy reads, recorded as a replay records it without arbitrating.
                    var unread = state
                    Transition.applyUnread(moment, to: &unread, budget: budget)
                    #expect(unread == recorded, "\(moment)")
                    #expect(plain.candidates.isEmpty)
                    unreadLines += 1
                }
                if lean.granted != nil { granted += 1 }
                if lean.candidates.contains(where: { $0.isHeldByAnother && !$0.isGranted }) { heldByAnother += 1 }
            }
        }
        // The draw reaches grants and prompts held back by another's asks, not only refusals.
        #expect(granted > 100)
        #expect(heldByAnother > 100)
        #expect(unreadLines > 100)
    }

    @Test("a budget whose policies rename, experiment or count only while unblocked is arbitrated by the arbiter")
    func notLean() throws {
        let lean = try Fixtures.calmBudget()
        #expect(ReplayArbitration.isLean(lean))
        let whileBlocked = try Fixtures.loadBudget([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              review: {priority: 50, policy: r.yaml}
            """,
            "r.yaml": Fixtures.budgetPolicy("r", "review", "") + "\ncounting: {while_blocked: false}",
        ]).budget
        #expect(!ReplayArbitration.isLean(whileBlocked))
    }

    @Test(
        "a wanted prompt its build channel blocks is held back by the channel, not the budget, as the arbiter holds it")
    func channel() throws {
        let budget = try Fixtures.loadBudget([
            "r.yaml": Fixtures.budgetPolicy("r", "review", ""),
            "b.yaml": """
            reviewgate_budget: 1
            name: b
            prompts:
              paywall: {priority: 80, channels: {testflight: block}}
              review: {priority: 50, policy: r.yaml}
            """,
        ]).budget
        let state = try Fixtures.state(Fixtures.baseState)
        var moment = Moment(time: .utc(Fixtures.time("2026-11-22T10:00:00Z")))
        moment.channel = .testFlight
        let arbitration = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: ["paywall"])
        #expect(arbitration.granted == nil)
        var replay = ReplayArbitration()
        try replay.arbitrate(budget, state: state, moment: moment, wanted: "paywall")
        #expect(replay.agrees(with: arbitration, budget: budget))
        let paywall = try #require(replay.candidates.first)
        #expect(budget.prompts[paywall.prompt].name == "paywall")
        #expect(replay.granted == nil && !paywall.isBlockedByBudget)
        // Its channel's bit alone: no budget check failed.
        #expect(paywall.failed == 1 << UInt8(try #require(ReplayArbitration.reasons.firstIndex(of: "channel"))))
    }
}
