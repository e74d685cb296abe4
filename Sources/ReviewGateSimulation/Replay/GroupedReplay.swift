@_spi(ReviewGateTools) import ReviewGate

/// Replays a timeline whose lines are grouped by person (all of a person's lines together, as
/// `sort` or Spark's `CLUSTER BY user` leave them) while it is read: each person is replayed when
/// their lines end, so memory holds one person's lines, not the file's. A person whose lines are
/// not together would count as two: the reader's ``GroupingCheck`` stops such an input first, when
/// fewer than ``GroupingCheck/remembered`` (100,000) people came between.
package struct GroupedReplay {
    /// The simulation run.
    package let simulation: Simulation
    /// What has been replayed so far.
    package private(set) var outcome: Simulation.Outcome
    /// How many people the reader may know before it forgets all but the one in flight (small in
    /// tests, so that forgetting happens at every chunk).
    package var forgetsPeopleAfter = 4096
    private var group: [TimelineEvent] = []
    private var person = TimelineEvent.none
    private var name = ""

    /// A replay of `simulation`'s policies.
    package init(_ simulation: Simulation) {
        self.simulation = simulation
        outcome = simulation.empty
    }

    /// Takes the events `reader` has just read (in file order), replaying each person whose lines
    /// have ended, and lets the reader forget them.
    package mutating func take(_ events: [TimelineEvent], from reader: inout TimelineReader) {
        for var event in events {
            if event.person != person {
                flush(symbols: reader.symbols)
                person = event.person
                name = reader.people[event.person]
            }
            // One number for the person's every line: the reader renumbers the person in flight
            // when it forgets the others, and the duplicates' check compares whole lines.
            if let first = group.first { event.person = first.person }
            group.append(event)
        }
        if reader.people.count > forgetsPeopleAfter { person = reader.forgetPeople(keeping: person) }
    }

    /// The asks kept so far (people in file order), handed over and forgotten, so that a long
    /// grouped run can write them as it goes instead of holding them all.
    package mutating func takeAsks() -> [AskRecord] {
        defer { outcome.asks.removeAll(keepingCapacity: true) }
        return outcome.asks
    }

    /// Replays the last person.
    package mutating func finish(symbols: Symbols) {
        flush(symbols: symbols)
        simulation.settle(&outcome)
    }

    private mutating func flush(symbols: Symbols) {
        guard !group.isEmpty else { return }
        if let ordered = Timeline.inTimeOrder(group[...]) { group = ordered }
        group.withUnsafeBufferPointer { events in
            simulation.replay(events, person: name, symbols: symbols, into: &outcome)
        }
        group.removeAll(keepingCapacity: true)
    }
}

extension GroupedReplay {
    /// The outcome of replaying `bytes` grouped, read in chunks of the sizes `chunkSize` gives at
    /// each offset, by a replay that forgets people past `forgetting`: how the tests and the fuzz
    /// target check that any chunking gives the same report.
    package static func outcome(
        of bytes: [UInt8], format: TimelineFormat, _ simulation: Simulation, forgetting: Int,
        chunkSize: (Int) -> Int
    ) throws(DiagnosticError) -> Simulation.Outcome {
        var reader = TimelineReader(format: format, file: "grouped.\(format.rawValue)")
        reader.grouping = GroupingCheck()
        var replay = GroupedReplay(simulation)
        replay.forgetsPeopleAfter = forgetting
        var events: [TimelineEvent] = []
        try bytes.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + max(1, chunkSize(start)))
                events.removeAll(keepingCapacity: true)
                try reader.readGrouped(UnsafeBufferPointer(rebasing: all[start..<end])) { events.append($0) }
                replay.take(events, from: &reader)
                start = end
            }
        }
        events.removeAll()
        try reader.finish { events.append($0) }
        replay.take(events, from: &reader)
        replay.finish(symbols: reader.symbols)
        return replay.outcome
    }
}
