import Dispatch
@_spi(ReviewGateTools) import ReviewGate

/// A whole timeline in memory: every event, the names they use and the people, grouped person by
/// person in time order for replay. Memory grows with the events: about 80 bytes each at the peak
/// when the input must be regrouped, about 45 when it is grouped by person already (as the warehouse
/// guide's recipes write it), since its events then stay where they were read. A file grouped by
/// person can also be replayed in bounded memory (``GroupedReplay``).
package struct Timeline: Sendable {
    /// Names, versions and values.
    package var symbols: Symbols
    /// The people, in the order first seen.
    package var people: Symbols
    /// Where each person's events start in ``events``; person `p`'s are `starts[p]..<starts[p + 1]`.
    package private(set) var starts: [Int]
    /// Where the events are held.
    private let storage: Storage

    /// Where a timeline's events are held: placed in one array, grouped by person; or, when the
    /// input was grouped by person already, in the pieces as they were read (their events
    /// renumbered and each person's sorted where they lay), the few people a piece's end cuts
    /// copied into arrays of their own. Read in place by every core: a person's piece is found by
    /// the pieces' ends, and only a person that a piece's end cuts is looked up in ``cut``.
    struct Storage: Sendable {
        /// Whether the events are in ``pieces`` rather than ``placed``.
        var keepsPieces = false
        /// Every event, grouped by person, in one array (empty when the pieces are kept).
        var placed: [TimelineEvent] = []
        /// The pieces' events, in file order, each person's sorted.
        var pieces: [[TimelineEvent]] = []
        /// Where each piece ends, counting the events of those before it.
        var ends: [Int] = []
        /// The events of each person a piece's end cuts, sorted.
        var cut: [Int: [TimelineEvent]] = [:]
    }

    /// Every event, grouped by person (in the order first seen), each person's in time order
    /// (lines at the same time in file order): in one array, copied when the events were kept in
    /// their pieces, so for tests and small timelines; a replay reads ``withEvents(of:)``.
    package var events: [TimelineEvent] {
        guard storage.keepsPieces else { return storage.placed }
        return (0..<starts.count - 1).flatMap { person in withEvents(of: person) { Array($0) } }
    }

    /// How many events there are.
    package var eventCount: Int { starts.last ?? 0 }

    /// Whether the events stayed in the pieces they were read in (the input was grouped by person).
    package var keepsPieces: Bool { storage.keepsPieces }

    /// Groups `events` (in file order) by person and sorts each person's by time.
    package init(events: [TimelineEvent], symbols: Symbols, people: Symbols) {
        self.init(pieces: [TimelinePiece(events)], symbols: symbols, people: people)
    }

    /// Groups the events of `pieces`, already in the file's numbers, as from ``TimelinePiece``s.
    package init(
        pieces: [[TimelineEvent]], symbols: Symbols, people: Symbols, jobs: Int = 1, keepsGroupedPieces: Bool = true
    ) {
        self.init(
            pieces: pieces.map(TimelinePiece.init), symbols: symbols, people: people, jobs: jobs,
            keepsGroupedPieces: keepsGroupedPieces)
    }

    /// Groups the events of `pieces` (together in file order: the pieces in order, each one's
    /// events in order) by person, in the file's numbers, and sorts each person's by time, on
    /// `jobs` cores: each job counts the events of a run of pieces; then, when every person's events
    /// follow one another already, each job renumbers its pieces' events and sorts each person's
    /// where they lie (``Storage/pieces``); else each job places (renumbered) its
    /// pieces' events in one new array, then sorts a run of people. `keepsGroupedPieces: false`
    /// always places: the reference the tests hold the kept pieces to.
    package init(
        pieces: consuming [TimelinePiece], symbols: Symbols, people: Symbols, jobs: Int = 1,
        keepsGroupedPieces: Bool = true
    ) {
        self.symbols = symbols
        self.people = people
        let groups = Self.runs(sizes: pieces.map(\.events.count), into: jobs)
        // counts[g][p]: person p's events in run g; then, before placing, those in earlier runs.
        let counts = UnsafeMutableBufferPointer<[Int32]>.allocate(capacity: max(1, groups.count))
        // Per run: whether its people's numbers never go down, and its first and last person.
        let orders = UnsafeMutableBufferPointer<PersonOrder>.allocate(capacity: max(1, groups.count))
        defer {
            _ = counts.baseAddress!.deinitialize(count: groups.count)
            counts.deallocate()
            orders.deallocate()
        }
        nonisolated(unsafe) let slots = counts
        nonisolated(unsafe) let orderSlots = orders
        let everyone = people.count
        pieces.withUnsafeBufferPointer { pieces in
            nonisolated(unsafe) let pieces = pieces
            Self.perform(groups.count) { group in
                var count = [Int32](repeating: 0, count: everyone)
                var order = PersonOrder()
                for piece in groups[group] {
                    if let people = pieces[piece].renumbering?.people {
                        for event in pieces[piece].events {
                            let person = people[Int(event.person)]
                            count[Int(person)] += 1
                            order.take(person)
                        }
                    } else {
                        for event in pieces[piece].events {
                            count[Int(event.person)] += 1
                            order.take(event.person)
                        }
                    }
                }
                (slots.baseAddress! + group).initialize(to: count)
                (orderSlots.baseAddress! + group).initialize(to: order)
            }
        }
        var offsets = [Int](repeating: 0, count: everyone + 1)
        for person in 0..<everyone {
            var before: Int32 = 0
            for group in groups.indices {
                let count = counts[group][person]
                counts[group][person] = before
                before += count
            }
            offsets[person + 1] = offsets[person] + Int(before)
        }
        let starts = offsets
        self.starts = starts
        if keepsGroupedPieces, PersonOrder.neverDown(UnsafeBufferPointer(rebasing: orders[..<groups.count])) {
            var owned = consume pieces
            storage = Self.kept(&owned, groups: groups, starts: starts)
            return
        }
        let placed = pieces.withUnsafeBufferPointer { pieces in
            nonisolated(unsafe) let pieces = pieces
            return Self.placed(pieces, groups: groups, slots: slots, starts: starts, jobs: jobs)
        }
        storage = Storage(placed: placed)
    }

    /// The events of `pieces` placed in one new array, grouped by person (from `starts` on, each
    /// run of pieces after the events `slots` says earlier runs have of each person), then sorted.
    private static func placed(
        _ pieces: UnsafeBufferPointer<TimelinePiece>, groups: [Range<Int>], slots: UnsafeMutableBufferPointer<[Int32]>,
        starts: [Int], jobs: Int
    ) -> [TimelineEvent] {
        nonisolated(unsafe) let (pieces, slots) = (pieces, slots)
        let total = starts[starts.count - 1]
        return [TimelineEvent](unsafeUninitializedCapacity: total) { buffer, initialized in
            nonisolated(unsafe) let grouped = buffer
            Self.perform(groups.count) { group in
                slots[group].withUnsafeMutableBufferPointer { next in
                    func place(_ event: TimelineEvent) {
                        let person = Int(event.person)
                        (grouped.baseAddress! + starts[person] + Int(next[person])).initialize(to: event)
                        next[person] += 1
                    }
                    for piece in groups[group] {
                        if let renumbering = pieces[piece].renumbering {
                            for event in pieces[piece].events { place(renumbering.apply(event)) }
                        } else {
                            for event in pieces[piece].events { place(event) }
                        }
                    }
                }
            }
            let runs = Self.runs(boundaries: starts, into: jobs)
            Self.perform(runs.count) { run in
                for person in runs[run] {
                    let range = starts[person]..<starts[person + 1]
                    Self.sortByTime(UnsafeMutableBufferPointer(rebasing: grouped[range]))
                }
            }
            initialized = total
        }
    }

    /// Runs `body` with person `person`'s events.
    package func withEvents<T>(of person: Int, _ body: (UnsafeBufferPointer<TimelineEvent>) -> T) -> T {
        let range = starts[person]..<starts[person + 1]
        guard storage.keepsPieces else {
            return storage.placed.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        // The piece the person's events are in: the first that ends past their first event.
        let piece = Self.firstPiece(endingAfter: range.lowerBound, ends: storage.ends)
        guard piece < storage.pieces.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        // A person whose events go on past that piece's end has them copied out.
        if range.upperBound > storage.ends[piece], let own = storage.cut[person] {
            return own.withUnsafeBufferPointer(body)
        }
        let offset = piece == 0 ? 0 : storage.ends[piece - 1]
        return storage.pieces.withUnsafeBufferPointer { pieces in
            pieces[piece].withUnsafeBufferPointer {
                body(UnsafeBufferPointer(rebasing: $0[range.lowerBound - offset..<range.upperBound - offset]))
            }
        }
    }

    /// Where observation starts and the latest time of any event, found on `jobs` cores (each a run
    /// of people; the same for any number of jobs). The start is found from the lines up to `until`
    /// (when given): the earliest line that is not an `install` before every other line of its
    /// person (Semantics §10 *What the input can tell*), `nil` when every person's lines are a lone
    /// install; the latest is each person's last line's, `nil` without events.
    package func observationBounds(until: Timestamp?, jobs: Int) -> (start: Timestamp?, latest: Timestamp?) {
        let runs = runsOfPeople(jobs)
        let found = UnsafeMutableBufferPointer<(start: Timestamp?, latest: Timestamp?)>.allocate(
            capacity: max(1, runs.count))
        defer { found.deallocate() }
        nonisolated(unsafe) let slots = found
        Self.perform(runs.count) { run in
            var (start, latest): (Timestamp?, Timestamp?) = (nil, nil)
            for person in runs[run] where starts[person + 1] > starts[person] {
                let (last, from) = withEvents(of: person) {
                    ($0[$0.count - 1].time, Self.observedFrom(Self.lines($0, to: until)))
                }
                if latest.map({ $0 < last }) ?? true { latest = last }
                if let from, start.map({ $0 > from }) ?? true { start = from }
            }
            (slots.baseAddress! + run).initialize(to: (start, latest))
        }
        var bounds: (start: Timestamp?, latest: Timestamp?) = (nil, nil)
        for run in runs.indices {
            if let start = found[run].start, bounds.start.map({ $0 > start }) ?? true { bounds.start = start }
            if let latest = found[run].latest, bounds.latest.map({ $0 < latest }) ?? true { bounds.latest = latest }
        }
        return bounds
    }

    /// A person's lines (in time order) up to `until`, when given: where observation ends.
    static func lines(
        _ events: UnsafeBufferPointer<TimelineEvent>, to until: Timestamp?
    ) -> UnsafeBufferPointer<TimelineEvent> {
        guard let until, let last = events.last, last.time > until else { return events }
        var count = events.count
        while count > 0, events[count - 1].time > until { count -= 1 }
        return UnsafeBufferPointer(rebasing: events[..<count])
    }

    /// Where a person's lines (in time order) are observed from: their first line's time, unless it
    /// is an `install` before every other line of theirs (an install an export carries from before
    /// its first day, at the person's first open; a duplicate of it is no other line), then the
    /// next line's; `nil` for a lone install.
    static func observedFrom(_ events: UnsafeBufferPointer<TimelineEvent>) -> Timestamp? {
        guard let first = events.first else { return nil }
        guard first.kind == .install else { return first.time }
        guard let other = events.dropFirst().first(where: { $0 != first }) else { return nil }
        return other.time > first.time ? other.time : first.time
    }

    /// The people cut into at most `count` runs of about as many events each, in order.
    package func runsOfPeople(_ count: Int) -> [Range<Int>] {
        Self.runs(boundaries: starts, into: count)
    }
}

extension Timeline {
    /// One person's events in time order, those at the same time in the order given; `nil` when
    /// they already are in time order.
    static func inTimeOrder<Events: Collection<TimelineEvent>>(_ events: Events) -> [TimelineEvent]? {
        guard zip(events, events.dropFirst()).contains(where: { $0.time > $1.time }) else { return nil }
        return events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// Sorts one person's events by time in place, those at the same time kept in their order.
    static func sortByTime(_ events: UnsafeMutableBufferPointer<TimelineEvent>) {
        guard let ordered = inTimeOrder(events) else { return }
        for index in ordered.indices { events[index] = ordered[index] }
    }

    /// Runs `body` for each index below `count`, at once when there are several.
    static func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 {
            body(0)
        } else if count > 1 {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }
    }

    /// Items (of the sizes given) cut into at most `jobs` runs of about the same total size, in
    /// order; each run's items are a range of indices.
    static func runs(sizes: [Int], into jobs: Int) -> [Range<Int>] {
        var boundaries = [0]
        boundaries.reserveCapacity(sizes.count + 1)
        for size in sizes { boundaries.append(boundaries.last! + size) }
        return runs(boundaries: boundaries, into: jobs)
    }

    /// The items between `boundaries` (item `i` from `boundaries[i]` to `boundaries[i + 1]`) cut
    /// into at most `jobs` runs, each ending where the running total first reaches its share.
    private static func runs(boundaries: [Int], into jobs: Int) -> [Range<Int>] {
        let items = boundaries.count - 1
        guard items > 0 else { return [] }
        let parts = max(1, min(jobs, items))
        let total = boundaries[items]
        var runs: [Range<Int>] = []
        var lower = 0
        for part in 1...parts where lower < items {
            var upper = items
            if part < parts {
                let share = total * part / parts
                // The first item whose end reaches the share closes the run (at least one item).
                var low = lower + 1
                var high = items
                while low < high {
                    let middle = (low + high) / 2
                    if boundaries[middle] >= share { high = middle } else { low = middle + 1 }
                }
                upper = max(lower + 1, low)
            }
            runs.append(lower..<upper)
            lower = upper
        }
        return runs
    }
}
