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

    /// Creates what a state keeps.
    package init(window: TimeSpan?, sinceAsk: [String: [String]] = [:], renamed: Renames = .none) {
        self.window = window
        self.sinceAsk = sinceAsk
        self.renamed = renamed
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
        guard !events.isEmpty else { return HistoryKept(window: longestWithin) }
        var sinceAsk: [String: [String]] = [:]
        for event in events { sinceAsk[event] = [prompt] }
        return HistoryKept(window: longestWithin, sinceAsk: sinceAsk, renamed: renamed)
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
        return HistoryKept(window: longestWithin, sinceAsk: sinceAsk, renamed: policies.first?.renamed ?? .none)
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
