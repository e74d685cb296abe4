/// The inputs of one evaluation and the measurements the checks share.
struct EvaluationContext {
    let policy: Policy
    let state: ReviewState
    let moment: Moment

    var now: Timestamp { moment.now }
    var isLaunch: Bool { moment.donates(Trigger.launchEvent) }

    /// Launches, with this one when the moment is a launch.
    var launches: Int { state.launches + (isLaunch ? 1 : 0) }

    /// The session start: a launch moment starts the session now.
    var sessionStartedAt: Timestamp? { isLaunch ? now : state.sessionStartedAt }

    /// The latest ask, if any.
    var lastAsk: Ask? {
        var latest: Ask?
        for ask in state.asks where ask.at <= now && ask.at >= (latest?.at ?? ask.at) { latest = ask }
        return latest
    }

    /// The current version string by the policy's key.
    var currentVersion: String? { state.app[policy.app.versionKey] }

    /// An event's count, with the current donation when the moment donates it; only donations in
    /// `(now − within, now]` when a window is given.
    func count(of event: String, within: TimeSpan?) -> Int {
        let donation = moment.donates(event) ? 1 : 0
        if event == Trigger.launchEvent { return state.launches + donation }
        guard let history = state.events[event] else { return donation }
        guard let within else { return history.count + donation }
        let start = now - within
        var inWindow = 0
        for time in history.times where time > start && time <= now { inWindow += 1 }
        return inWindow + donation
    }

    /// Whether a trigger is a candidate for this moment (SPEC §4 step 2).
    func isCandidate(_ trigger: Trigger) -> Bool {
        if let id = moment.trigger { return trigger.id == id }
        if let event = moment.event { return trigger.event == event }
        return true
    }
}
