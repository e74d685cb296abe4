/// What a state keeps of each event's donations for the policies that read it: the times a
/// `within` of `window` counts, and the `since_ask` counters of the prompts that count an event
/// `since: last_ask` (SPEC §14.1).
package struct HistoryKept: Sendable {
    /// The longest `within` read: donation times older than it are dropped.
    package var window: TimeSpan?
    /// For each event (or `launch`) counted since the last ask, the prompts whose asks start its
    /// count again.
    package var sinceAsk: [String: [String]]
    /// The renames whose old prompts' asks count as the new ones' (SPEC §14.4).
    package var renamed: Renames
    /// The longest `active_days` window read, in days: the dates of use kept (SPEC §14.2).
    package var activeDaysWindow: Int?

    /// Creates what a state keeps.
    package init(
        window: TimeSpan?, sinceAsk: [String: [String]] = [:], renamed: Renames = .none, activeDaysWindow: Int? = nil
    ) {
        self.window = window
        self.sinceAsk = sinceAsk
        self.renamed = renamed
        self.activeDaysWindow = activeDaysWindow
    }

    /// The state's asks with each prompt under its new name.
    func asks(of state: ReviewState) -> [Ask] {
        guard !renamed.prompts.isEmpty else { return state.asks }
        return state.asks.map { ask in
            var ask = ask
            ask.prompt = renamed.prompt(ask.prompt)
            return ask
        }
    }
}

extension Policy {
    /// What a state keeps for this policy: its longest `within`, and a counter of donations since
    /// its prompt's last ask for each event it counts so.
    package var historyKept: HistoryKept {
        let events = sinceAskEvents
        guard !events.isEmpty else { return HistoryKept(window: longestWithin, activeDaysWindow: activeDaysWindow) }
        var sinceAsk: [String: [String]] = [:]
        for event in events { sinceAsk[event] = [prompt] }
        return HistoryKept(
            window: longestWithin, sinceAsk: sinceAsk, renamed: renamed, activeDaysWindow: activeDaysWindow)
    }
}

extension Budget {
    /// What a state keeps for all of the budget's policies, which share its counts.
    package var historyKept: HistoryKept {
        var sinceAsk: [String: [String]] = [:]
        for policy in policies {
            for event in policy.sinceAskEvents where !(sinceAsk[event]?.contains(policy.prompt) ?? false) {
                sinceAsk[event, default: []].append(policy.prompt)
            }
        }
        return HistoryKept(
            window: longestWithin, sinceAsk: sinceAsk, renamed: policies.first?.renamed ?? .none,
            activeDaysWindow: policies.compactMap(\.activeDaysWindow).max())
    }
}

extension ReviewState {
    /// Keeps a launch's local date as a day of use (SPEC §14.2) when a policy reads days of use:
    /// the dates of the last `window` days up to it stay, a date after it (a clock set back) too.
    mutating func keepActiveDay(_ date: LocalDate, window: Int) {
        let first = date.adding(days: -(window - 1))
        if activeDays.first.map({ $0 < first }) ?? false { activeDays.removeAll { $0 < first } }
        let index = activeDays.firstIndex { $0 >= date } ?? activeDays.endIndex
        if index == activeDays.endIndex || activeDays[index] != date { activeDays.insert(date, at: index) }
    }
}

extension EventHistory {
    /// Starts the `since_ask` counter of each prompt in `prompts` that this history lacks, before
    /// a counted donation, from what the evaluator reads without one (SPEC §14.1): the whole count
    /// for a prompt never asked, else the kept times after its last ask.
    mutating func startCounters(for prompts: [String], asks: [Ask]) {
        for prompt in prompts where sinceAsk[prompt] == nil {
            var last: Timestamp?
            for ask in asks where ask.prompt == prompt && ask.at >= (last ?? ask.at) { last = ask.at }
            guard let last else {
                sinceAsk[prompt] = count
                continue
            }
            var after = 0
            for time in times where time > last { after += 1 }
            sinceAsk[prompt] = after
        }
    }

    /// Adds a counted donation to every `since_ask` counter kept.
    mutating func countSinceAsk() {
        for index in sinceAsk.indices { sinceAsk.values[index] += 1 }
    }
}
