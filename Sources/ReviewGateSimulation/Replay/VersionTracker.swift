@_spi(ReviewGateTools) import ReviewGate

/// The app version a person's lines run, as a replay follows it (``PersonReplay``,
/// ``BudgetReplay``): the state starts at their first line, installed (first seen) then, running
/// the first `short` and `build` their lines give; a line whose version differs updates it first,
/// as `record --update` would.
struct VersionTracker {
    private var short = TimelineEvent.none
    private var build = TimelineEvent.none
    private let symbols: Symbols

    /// The state a person's replay (of one line or more) starts from: `initial` when given (a
    /// scenario's), else a fresh one; and the tracker of their version from there.
    static func start(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, symbols: Symbols, from initial: ReviewState?
    ) -> (state: ReviewState, tracker: VersionTracker) {
        var tracker = VersionTracker(symbols: symbols)
        // A replay starts only with a line.
        let first = events[0]
        if let initial { return (initial, tracker) }
        for event in events
        where tracker.short == TimelineEvent.none || tracker.build == TimelineEvent.none {
            if tracker.short == TimelineEvent.none { tracker.short = event.short }
            if tracker.build == TimelineEvent.none { tracker.build = event.build }
        }
        let state = ReviewState(
            userID: person, installedAt: first.time,
            app: AppVersion(short: tracker.text(tracker.short), build: tracker.text(tracker.build)))
        return (state, tracker)
    }

    private init(symbols: Symbols) {
        self.symbols = symbols
    }

    /// The version a line changes to (the strings it gives), when it differs from the one running.
    mutating func change(at event: TimelineEvent) -> AppVersion? {
        guard
            (event.short != TimelineEvent.none && event.short != short)
                || (event.build != TimelineEvent.none && event.build != build)
        else { return nil }
        if event.short != TimelineEvent.none { short = event.short }
        if event.build != TimelineEvent.none { build = event.build }
        return AppVersion(short: text(event.short), build: text(event.build))
    }

    private func text(_ id: Symbols.ID) -> String? {
        id == TimelineEvent.none ? nil : symbols[id]
    }
}
