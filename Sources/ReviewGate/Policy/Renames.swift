/// `renamed: {events: {old: new}, prompts: {old: new}}` (Semantics §14.4): history kept under an old
/// name counts as the new name's, so that renaming an analytics event or a prompt resets no cap.
package struct Renames: Sendable, Equatable {
    /// Each old event name's new name.
    package private(set) var events: [String: String] = [:]
    /// Each old prompt name's new name.
    package private(set) var prompts: [String: String] = [:]
    /// Where each entry is written, by `events.OLD` or `prompts.OLD`; not compared.
    package private(set) var locations: [String: SourceLocation] = [:]

    /// No renames.
    package static let none = Renames()

    /// Whether there are none.
    package var isEmpty: Bool { events.isEmpty && prompts.isEmpty }

    /// Renames with these maps, each entry written where `locations` says.
    package init(
        events: [String: String] = [:], prompts: [String: String] = [:], locations: [String: SourceLocation] = [:]
    ) {
        self.events = events
        self.prompts = prompts
        self.locations = locations
    }

    /// An event's name now: its new name when it is an old one.
    package func event(_ name: String) -> String { events[name] ?? name }

    /// A prompt's name now: its new name when it is an old one.
    package func prompt(_ name: String) -> String { prompts[name] ?? name }

    /// The old names that count as `prompt`'s.
    package func oldNames(ofPrompt prompt: String) -> [String] {
        prompts.filter { $0.value == prompt }.map(\.key).sorted()
    }

    /// Compares the maps, not where they are written.
    package static func == (lhs: Renames, rhs: Renames) -> Bool {
        lhs.events == rhs.events && lhs.prompts == rhs.prompts
    }

    /// The moment as the policy reads it: a donation of an old event name is one of the new name.
    package func moment(_ moment: Moment) -> Moment {
        guard let event = moment.event, let renamed = events[event] else { return moment }
        var moment = moment
        moment.subject = .event(renamed)
        return moment
    }

    /// The state as the policy reads it (Semantics §14.4): donations under an old event name added to
    /// the new name's (counts add, times merge, counters since an ask add), and asks, answers,
    /// leases and counters of an old prompt name counted as the new prompt's. The old names are
    /// gone from the view; the state itself keeps them.
    package func view(of state: ReviewState) -> ReviewState {
        guard !isEmpty, holdsOldNames(state) else { return state }
        var view = state
        if !prompts.isEmpty {
            for index in view.asks.indices { view.asks[index].prompt = prompt(view.asks[index].prompt) }
            for index in view.responses.indices {
                view.responses[index].prompt = prompt(view.responses[index].prompt)
            }
            for index in view.leases.indices { view.leases[index].prompt = prompt(view.leases[index].prompt) }
        }
        // Each stored name's counters first start from what they read on their own, then add up,
        // so that a counter kept under one name and none under the other add exactly.
        // A counter since an ask counts from this device's last ask (Semantics §16.5).
        let asks = view.asksOnThisDevice
        var launches = state.launchHistory
        launches.sinceAsk = renamedCounters(launches, asks: asks, also: [])
        view.launchesSinceAsk = launches.sinceAsk
        var merged: [String: EventHistory] = [:]
        let groups = Dictionary(grouping: state.events.keys) { event($0) }
        for (name, parts) in groups {
            let histories = parts.sorted().compactMap { state.events[$0] }
            var history = EventHistory(count: 0)
            var counterNames: Set<String> = []
            for part in histories { counterNames.formUnion(part.sinceAsk.keys.map(prompt)) }
            for part in histories {
                history.count = min(history.count + part.count, ReviewState.largestCount)
                history.times += part.times
                for (name, counted) in renamedCounters(part, asks: asks, also: counterNames) {
                    history.sinceAsk[name, default: 0] += counted
                }
            }
            if histories.count > 1 {
                history.times.sort()
                if history.times.count > history.count {
                    history.times.removeFirst(history.times.count - history.count)
                }
            }
            for (prompt, counted) in history.sinceAsk { history.sinceAsk[prompt] = min(counted, history.count) }
            merged[name] = history
        }
        view.events = merged
        return view
    }

    /// Whether the state holds history under an old name: else its view is itself, and a replay
    /// that records under the new names reads it without a copy at every moment.
    private func holdsOldNames(_ state: ReviewState) -> Bool {
        if events.keys.contains(where: { state.events[$0] != nil }) { return true }
        guard !prompts.isEmpty else { return false }
        return state.asks.contains { prompts[$0.prompt] != nil }
            || state.responses.contains { prompts[$0.prompt] != nil }
            || state.leases.contains { prompts[$0.prompt] != nil }
            || state.launchesSinceAsk.keys.contains { prompts[$0] != nil }
            || state.events.values.contains { $0.sinceAsk.keys.contains { prompts[$0] != nil } }
    }

    /// A history's counters under the prompts' new names, with a counter for each prompt of
    /// `also` that it lacks started from what it reads on its own (Semantics §14.1).
    private func renamedCounters(_ history: EventHistory, asks: [Ask], also: Set<String>) -> [String: Int] {
        var counters: [String: Int] = [:]
        for (name, counted) in history.sinceAsk { counters[prompt(name), default: 0] += counted }
        var missing = history
        missing.sinceAsk = [:]
        let lacking = also.filter { counters[$0] == nil }.sorted()
        missing.startCounters(for: lacking, asks: asks)
        for (name, counted) in missing.sinceAsk { counters[name] = counted }
        return counters
    }
}
