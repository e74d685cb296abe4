@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// How a whole timeline is grouped by person on several cores: the same grouping as the plainest
/// one (each person's events, people in number order, stably sorted by time), whatever the pieces
/// and the jobs; and people cut into runs of about as many events each.
@Suite("simulate: grouping by person")
struct TimelineGroupingTests {
    /// `count` events of `people` people, interleaved, with times out of order and some equal.
    static func events(_ count: Int, people: Int, seed: UInt64) -> [TimelineEvent] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { index in
            var event = TimelineEvent(
                person: Symbols.ID(Int.random(in: 0..<people, using: &random)),
                time: Timestamp(nanosecondsSince1970: Int64.random(in: 0..<20, using: &random) * 1_000_000_000),
                kind: .event)
            event.name = Symbols.ID(index)  // tells apart events at the same time
            return event
        }
    }

    /// `events` cut, in order, into pieces of 0 to `most` events each, at random.
    static func pieces(_ events: [TimelineEvent], most: Int, seed: UInt64) -> [[TimelineEvent]] {
        var random = SplitMix(seed: seed)
        var pieces: [[TimelineEvent]] = []
        var start = 0
        while start < events.count {
            let end = min(events.count, start + Int.random(in: 0...most, using: &random))
            pieces.append(Array(events[start..<end]))
            start = end
        }
        return pieces
    }

    static func symbols(_ count: Int) -> Symbols {
        var symbols = Symbols()
        for index in 0..<count { _ = symbols.intern("p\(index)") }
        return symbols
    }

    /// The grouping by its definition: person by person, each one's events stably sorted by time.
    static func expected(_ events: [TimelineEvent], people: Int) -> [TimelineEvent] {
        (0..<people).flatMap { person in
            events.enumerated().filter { $0.element.person == Symbols.ID(person) }
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
    }

    @Test("in pieces of any size, on one core or several, the grouping is the plainest one", arguments: [1, 2, 3, 7])
    func piecesAndJobs(jobs: Int) {
        for (seed, people) in [(1, 1), (2, 5), (3, 40), (4, 300)] {
            let events = Self.events(600, people: people, seed: UInt64(seed))
            let pieces = Self.pieces(events, most: 90, seed: UInt64(seed) * 31)
            let timeline = Timeline(pieces: pieces, symbols: Symbols(), people: Self.symbols(people), jobs: jobs)
            #expect(timeline.events == Self.expected(events, people: people), "seed \(seed), \(jobs) jobs")
            #expect(timeline.starts.count == people + 1)
            for person in 0..<people {
                timeline.withEvents(of: person) { mine in
                    #expect(mine.allSatisfy { $0.person == Symbols.ID(person) })
                }
            }
        }
    }

    /// `people` people's events, each one's after the one before's: from none to 40 each, times out
    /// of order and some equal.
    static func groupedEvents(people: Int, seed: UInt64) -> [TimelineEvent] {
        var random = SplitMix(seed: seed)
        var events: [TimelineEvent] = []
        for person in 0..<people {
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                var event = TimelineEvent(
                    person: Symbols.ID(person),
                    time: Timestamp(nanosecondsSince1970: Int64.random(in: 0..<8, using: &random) * 1_000_000_000),
                    kind: .event)
                event.name = Symbols.ID(events.count)  // tells apart events at the same time
                events.append(event)
            }
        }
        return events
    }

    @Test(
        "an input grouped by person stays in its pieces, people cut by a piece's end included, and groups as the plainest",
        arguments: [1, 2, 3, 7])
    func groupedInputKeepsItsPieces(jobs: Int) {
        for (seed, people) in [(1, 1), (2, 5), (3, 40), (4, 300)] {
            let events = Self.groupedEvents(people: people, seed: UInt64(seed))
            // Empty pieces, pieces inside one person's events, and pieces over many people.
            let pieces = Self.pieces(events, most: 120, seed: UInt64(seed) * 17)
            let kept = Timeline(pieces: pieces, symbols: Symbols(), people: Self.symbols(people), jobs: jobs)
            let placed = Timeline(
                pieces: pieces, symbols: Symbols(), people: Self.symbols(people), jobs: jobs, keepsGroupedPieces: false)
            #expect(kept.keepsPieces && !placed.keepsPieces, "seed \(seed)")
            #expect(kept.events == Self.expected(events, people: people), "seed \(seed), \(jobs) jobs")
            #expect(kept.events == placed.events && kept.starts == placed.starts)
            #expect(kept.eventCount == events.count)
            for person in 0..<people {
                let (mine, theirs) = (
                    kept.withEvents(of: person) { Array($0) }, placed.withEvents(of: person) { Array($0) }
                )
                #expect(mine == theirs, "seed \(seed), person \(person)")
            }
            let latest = placed.observationBounds(until: nil, jobs: 1).latest
            #expect(kept.observationBounds(until: nil, jobs: 1).latest == latest)
            #expect(latest == events.map(\.time).max(), "the latest line's time")
            for until in [nil, Timestamp(nanosecondsSince1970: 3_000_000_000)] {
                let start = placed.observationBounds(until: until, jobs: 1).start
                #expect(kept.observationBounds(until: until, jobs: 1).start == start)
                // Found on several cores, as one core finds them over the placed events.
                let bounds = kept.observationBounds(until: until, jobs: jobs)
                #expect(bounds.start == start && bounds.latest == latest)
            }
        }
    }

    @Test("an input not grouped by person is placed in one new array")
    func interleavedInputIsPlaced() {
        let events = Self.events(600, people: 40, seed: 5)
        let timeline = Timeline(pieces: [events], symbols: Symbols(), people: Self.symbols(40), jobs: 2)
        #expect(!timeline.keepsPieces)
        // One person out of place, after the others, is enough.
        var grouped = Self.groupedEvents(people: 5, seed: 6)
        grouped.append(TimelineEvent(person: 0, time: Timestamp(nanosecondsSince1970: 0), kind: .event))
        let late = Timeline(pieces: [grouped], symbols: Symbols(), people: Self.symbols(5))
        #expect(!late.keepsPieces)
        #expect(late.events == Self.expected(grouped, people: 5))
    }

    @Test("no events, and people with none, group to empty runs")
    func empty() {
        let timeline = Timeline(pieces: [[], []], symbols: Symbols(), people: Self.symbols(3), jobs: 2)
        #expect(timeline.events.isEmpty)
        #expect(timeline.starts == [0, 0, 0, 0])
        let none = Timeline(pieces: [[TimelineEvent]](), symbols: Symbols(), people: Symbols(), jobs: 4)
        #expect(none.events.isEmpty)
        // No events are grouped already: nothing to place.
        #expect(timeline.keepsPieces && none.keepsPieces)
    }

    @Test("people are cut into at most `jobs` runs, in order, of about as many events each")
    func runsOfPeople() {
        let events = Self.events(10_000, people: 1_000, seed: 9)
        let timeline = Timeline(events: events, symbols: Symbols(), people: Self.symbols(1_000))
        for jobs in [1, 2, 3, 8] {
            let runs = timeline.runsOfPeople(jobs)
            #expect(runs.count == jobs)
            #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == 1_000)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            let sizes = runs.map { timeline.starts[$0.upperBound] - timeline.starts[$0.lowerBound] }
            // The most events one person has is the most a run can be off its share by.
            let most = (0..<1_000).map { timeline.starts[$0 + 1] - timeline.starts[$0] }.max()!
            #expect(sizes.allSatisfy { abs($0 - 10_000 / jobs) <= most }, "\(jobs) jobs: \(sizes)")
        }
        let few = Timeline(events: Array(events.prefix(3)), symbols: Symbols(), people: Self.symbols(1_000))
        #expect(few.runsOfPeople(8).count <= 8)
        #expect(few.runsOfPeople(8).reduce(0) { $0 + $1.count } == 1_000)
    }
}
