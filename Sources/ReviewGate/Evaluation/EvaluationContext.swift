/// The inputs of one evaluation and the measurements the checks share.
///
/// It borrows its inputs through pointers that live only inside ``with(_:_:_:_:)``: copying a
/// `Policy` and a `ReviewState` into a struct would retain every string and array in them, on
/// every decision.
struct EvaluationContext {
    private let policyAddress: UnsafePointer<Policy>
    private let stateAddress: UnsafePointer<ReviewState>
    private let momentAddress: UnsafePointer<Moment>

    var policy: Policy { unsafeAddress { policyAddress } }
    var state: ReviewState { unsafeAddress { stateAddress } }
    var moment: Moment { unsafeAddress { momentAddress } }

    /// Runs `body` with a context over the inputs, valid only during the call.
    static func with<T>(
        _ policy: Policy, _ state: ReviewState, _ moment: Moment, _ body: (EvaluationContext) throws -> T
    ) rethrows -> T {
        try withUnsafePointer(to: policy) { policyAddress in
            try withUnsafePointer(to: state) { stateAddress in
                try withUnsafePointer(to: moment) { momentAddress in
                    try body(
                        EvaluationContext(
                            policyAddress: policyAddress, stateAddress: stateAddress, momentAddress: momentAddress))
                }
            }
        }
    }

    var now: Timestamp { moment.now }
    var isLaunch: Bool { moment.donates(Trigger.launchEvent) }

    /// Launches, with this one when the moment is a launch.
    var launches: Int { state.launches + (isLaunch ? 1 : 0) }

    /// The session start: a launch moment starts the session now.
    var sessionStartedAt: Timestamp? { isLaunch ? now : state.sessionStartedAt }

    /// When the latest ask was, if there was one; an ask dated after `now` (a clock set back)
    /// still happened (Semantics §4.10).
    var lastAskAt: Timestamp? {
        var latest: Timestamp?
        for ask in state.asks where isOwn(ask) && ask.at >= (latest ?? ask.at) { latest = ask.at }
        return latest
    }

    /// When the latest ask on this device was (Semantics §16.5): a count `since: last_ask` counts
    /// this device's donations since it.
    var lastAskOnThisDeviceAt: Timestamp? {
        guard state.deviceID != nil else { return lastAskAt }
        var latest: Timestamp?
        for ask in state.asks where isOwn(ask) && state.isOnThisDevice(ask) && ask.at >= (latest ?? ask.at) {
            latest = ask.at
        }
        return latest
    }

    /// Whether an ask is of the policy's own prompt: its guards read no other (Semantics §12).
    func isOwn(_ ask: Ask) -> Bool { ask.prompt == policy.prompt }

    /// The current version string by the policy's key.
    var currentVersion: String? { state.app[policy.app.versionKey] }

    /// An event's count, with the current donation when the moment donates it; only donations in
    /// `(now − within, now]` when a window is given, and only those after the prompt's last ask
    /// with `sinceLastAsk` (Semantics §14.1).
    func count(of event: String, within: TimeSpan?, sinceLastAsk: Bool = false) -> Int {
        let donation = moment.donates(event) ? 1 : 0
        let isLaunch = event == Trigger.launchEvent
        if sinceLastAsk { return countSinceLastAsk(of: event, within: within) + donation }
        guard let within else { return (isLaunch ? state.launches : state.events[event]?.count ?? 0) + donation }
        let times = isLaunch ? state.launchTimes : state.events[event]?.times ?? []
        let start = now - within
        var inWindow = 0
        for time in times where time > start && time <= now { inWindow += 1 }
        return inWindow + donation
    }

    /// The donations of `event` after the prompt's last ask, without the current one: with a
    /// window, the kept times in it and after the ask; else the state's `since_ask` counter, or
    /// when it has none what the counter starts from (the whole count for a prompt never asked,
    /// else the kept times after its last ask).
    private func countSinceLastAsk(of event: String, within: TimeSpan?) -> Int {
        let isLaunch = event == Trigger.launchEvent
        let last = lastAskOnThisDeviceAt
        let history =
            isLaunch
            ? state.launchHistory
            : state.events[event] ?? EventHistory(count: 0)
        if within == nil, let counter = history.sinceAsk[policy.prompt] { return counter }
        guard within != nil || last != nil else { return history.count }
        let windowStart = within.map { now - $0 }
        var counted = 0
        for time in history.times where time <= now {
            if let windowStart, time <= windowStart { continue }
            if let last, time <= last { continue }
            counted += 1
        }
        return counted
    }

    /// The distinct local dates with a launch among the last `withinDays` dates, ending with the
    /// moment's own (Semantics §14.2): a launch moment makes its own date active, and a date after the
    /// moment's (a clock set back, a flight west) is kept but not counted.
    func activeDays(withinDays: Int) -> Int {
        let today = moment.localDate
        let first = today.adding(days: -(withinDays - 1))
        var count = 0
        var todayActive = false
        for date in state.activeDays where date >= first && date <= today {
            count += 1
            if date == today { todayActive = true }
        }
        return count + (isLaunch && !todayActive ? 1 : 0)
    }

    /// How many checks this decision makes, so that its one allocation is the right size: every
    /// guard in force, `responses`, `rollout` if set, the channel's (at most one), each candidate
    /// trigger's parts, and at most one check that no trigger listens.
    var checkCount: Int {
        var count =
            policy.guards.rules.count + 2 + (policy.rollout == nil ? 0 : 1) + (moment.channel == .production ? 0 : 1)
        // Read in place: a trigger read by subscript would be copied, its strings retained.
        policy.triggers.withUnsafeBufferPointer { triggers in
            for index in triggers.indices where isCandidate(triggers[index]) {
                count += 1 + (triggers[index].scenes == nil ? 0 : 1) + (triggers[index].when == nil ? 0 : 1)
            }
        }
        return count
    }

    /// Whether a trigger is a candidate for this moment (Semantics §4 step 2).
    func isCandidate(_ trigger: Trigger) -> Bool {
        if let id = moment.trigger { return trigger.id == id }
        if let event = moment.event { return trigger.event == event }
        return true
    }
}
