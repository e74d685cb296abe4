/// What a state keeps of each event's donations for the policies that read it: the times a
/// `within` of `window` counts, and the `since_ask` counters of the prompts that count an event
/// `since: last_ask` (Semantics §14.1).
package struct HistoryKept: Sendable {
    /// The longest `within` read: donation times older than it are dropped.
    package var window: TimeSpan?
    /// The events (or `launch`) that a policy counts since the last ask.
    package var sinceAskEvents: [String]
    /// The prompt whose asks start those counts again: a policy's own.
    package var sinceAskPrompt: String
    /// A budget's: for each event counted since the last ask, the prompts whose asks start its
    /// count again (its policies' prompts that read it); `nil` for one policy.
    package var sinceAskPrompts: [String: [String]]?
    /// The renames whose old prompts' asks count as the new ones' (Semantics §14.4), when there are any.
    package var renamed: Renames?
    /// The longest `active_days` window read, in days: the dates of use kept (Semantics §14.2).
    package var activeDaysWindow: Int?

    /// Creates what a state keeps; none of it counted since an ask unless `sinceAskEvents` says so.
    package init(
        window: TimeSpan?, sinceAskEvents: [String] = [], sinceAskPrompt: String = Ask.review,
        sinceAskPrompts: [String: [String]]? = nil, renamed: Renames? = nil, activeDaysWindow: Int? = nil
    ) {
        self.window = window
        self.sinceAskEvents = sinceAskEvents
        self.sinceAskPrompt = sinceAskPrompt
        self.sinceAskPrompts = sinceAskPrompts
        self.renamed = renamed
        self.activeDaysWindow = activeDaysWindow
    }

    /// The prompts whose counts of `event` since their last ask the state keeps; empty for most.
    package func prompts(countingSince event: String) -> [String] {
        guard sinceAskEvents.contains(event) else { return [] }
        return sinceAskPrompts.map { $0[event] ?? [] } ?? [sinceAskPrompt]
    }

    /// This device's asks in the state, each prompt under its new name.
    func asks(of state: ReviewState) -> [Ask] {
        // A counter since an ask counts from this device's last ask (Semantics §16.5).
        let asks = state.asksOnThisDevice
        guard let renamed, !renamed.prompts.isEmpty else { return asks }
        return asks.map { ask in
            var ask = ask
            ask.prompt = renamed.prompt(ask.prompt)
            return ask
        }
    }
}

extension Policy {
    /// What a state keeps for this policy: its longest `within`, its days of use, and a counter of
    /// donations since its prompt's last ask for each event it counts so. Made at every donation:
    /// it copies no collection a policy without these rules has.
    package var historyKept: HistoryKept {
        HistoryKept(
            window: longestWithin, sinceAskEvents: sinceAskEvents, sinceAskPrompt: prompt,
            renamed: hasRenames ? renamed : nil, activeDaysWindow: activeDaysWindow)
    }
}

extension HistoryKept {
    /// What a state keeps for all of a budget's `policies`, which share its counts: the longest
    /// `within` and `active_days` window of them all, their `renamed`, and each event's counters
    /// since the last ask of each prompt that reads it so.
    init(budgetPolicies policies: [Policy], window: TimeSpan?, renamed: Renames, activeDaysWindow: Int?) {
        var sinceAsk: [String: [String]] = [:]
        for policy in policies {
            for event in policy.sinceAskEvents where !(sinceAsk[event]?.contains(policy.prompt) ?? false) {
                sinceAsk[event, default: []].append(policy.prompt)
            }
        }
        self.init(
            window: window, sinceAskEvents: sinceAsk.keys.sorted(), sinceAskPrompts: sinceAsk,
            renamed: renamed.isEmpty ? nil : renamed, activeDaysWindow: activeDaysWindow)
    }
}

extension ReviewState {
    /// Keeps a launch's local date as a day of use (Semantics §14.2) when a policy reads days of use:
    /// the dates of the last `window` days up to it stay, a date after it (a clock set back) too.
    package mutating func keepActiveDay(_ date: LocalDate, window: Int) {
        let first = date.adding(days: -(window - 1))
        if let oldest = activeDays.first, oldest < first { activeDays.removeAll { $0 < first } }
        // Most launches fall on the latest date kept, or a later one.
        guard let last = activeDays.last, last >= date else {
            activeDays.append(date)
            return
        }
        guard last != date else { return }
        let index = activeDays.firstIndex { $0 >= date }!
        if activeDays[index] != date { activeDays.insert(date, at: index) }
    }
}

extension EventHistory {
    /// Starts the `since_ask` counter of each prompt in `prompts` that this history lacks, before
    /// a counted donation, from what the evaluator reads without one (Semantics §14.1): the whole count
    /// for a prompt never asked, else the kept times after its last ask.
    mutating func startCounters(for prompts: [String], asks: [Ask], now: Timestamp? = nil, renamed: Renames? = nil) {
        for prompt in prompts where sinceAsk[prompt] == nil {
            // A counter under an old name of the prompt is its counter (Semantics §14.4): no second one.
            if let renamed, renamed.oldNames(ofPrompt: prompt).contains(where: { sinceAsk[$0] != nil }) { continue }
            var last: Timestamp?
            for ask in asks where ask.prompt == prompt && ask.at >= (last ?? ask.at) { last = ask.at }
            guard let last else {
                sinceAsk[prompt] = count
                continue
            }
            var after = 0
            // As the evaluator reads it: kept times after the ask and not after now.
            for time in times where time > last && now.map({ time <= $0 }) ?? true { after += 1 }
            sinceAsk[prompt] = after
        }
    }

    /// Adds a counted donation to every `since_ask` counter kept.
    mutating func countSinceAsk() {
        for index in sinceAsk.indices { sinceAsk.values[index] += 1 }
    }
}
