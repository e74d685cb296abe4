/// A whole timeline in memory: every event, the names they use and the people, grouped person by
/// person in time order for replay. Memory grows with the events (about 40 bytes each); a file
/// grouped by person can be replayed in bounded memory instead (``GroupedReplay``).
public struct Timeline: Sendable {
    /// Names, versions and values.
    public var symbols: Symbols
    /// The people, in the order first seen.
    public var people: Symbols
    /// Every event, grouped by person (in the order first seen), each person's in time order
    /// (lines at the same time in file order).
    public private(set) var events: [TimelineEvent]
    /// Where each person's events start in ``events``; person `p`'s are `starts[p]..<starts[p + 1]`.
    public private(set) var starts: [Int]

    /// Groups `events` (in file order) by person and sorts each person's by time.
    public init(events: [TimelineEvent], symbols: Symbols, people: Symbols) {
        self.symbols = symbols
        self.people = people
        var starts = [Int](repeating: 0, count: people.count + 1)
        for event in events { starts[Int(event.person) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        var next = starts
        var grouped = events
        for event in events {
            grouped[next[Int(event.person)]] = event
            next[Int(event.person)] += 1
        }
        for person in 0..<people.count {
            let range = starts[person]..<starts[person + 1]
            guard let ordered = Self.inTimeOrder(grouped[range]) else { continue }
            grouped.replaceSubrange(range, with: ordered)
        }
        self.events = grouped
        self.starts = starts
    }

    /// Runs `body` with person `person`'s events.
    public func withEvents<T>(of person: Int, _ body: (UnsafeBufferPointer<TimelineEvent>) -> T) -> T {
        events.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[person]..<starts[person + 1]])) }
    }
}

extension Timeline {
    /// One person's events in time order, those at the same time in the order given; `nil` when
    /// they already are in time order.
    static func inTimeOrder(_ events: ArraySlice<TimelineEvent>) -> [TimelineEvent]? {
        guard zip(events, events.dropFirst()).contains(where: { $0.time > $1.time }) else { return nil }
        return events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }
}
