/// Exact duplicate lines (Semantics §10 *What the input can tell*): a line of a person that repeats an earlier
/// one of theirs in every column `simulate` reads (time, type, name, scene, source, versions, value,
/// arm, the time's offset). An export without `DISTINCT`, or a join that fans out, writes them; each
/// would count twice. They are counted and warned of in every output, and dropped under
/// `--duplicates drop`.
enum DuplicateLines {
    /// How long a run of lines at one time is compared line by line; past it, through a set, so that
    /// a person with a million lines at one instant costs a million lookups, not their square.
    private static let pairwiseRun = 16

    /// Calls `body` with the index of each line of `events` (one person's, in time order, lines at
    /// one time in file order) that repeats an earlier line exactly.
    static func repeats(in events: UnsafeBufferPointer<TimelineEvent>, _ body: (Int) -> Void) {
        guard events.count > 1 else { return }
        // Most people have no two lines at one time: one pass over the times says so, at the cost
        // of a comparison a line, before anything else is set up.
        var first = 1
        while first < events.count, events[first].time != events[first - 1].time { first += 1 }
        guard first < events.count else { return }
        var runStart = first - 1
        var seen: Set<TimelineEvent>?
        for index in first..<events.count {
            guard events[index].time == events[runStart].time else {
                runStart = index
                // Only when there is one: setting nil over nil still releases.
                if seen != nil { seen = nil }
                continue
            }
            if index - runStart < pairwiseRun {
                if (runStart..<index).contains(where: { events[$0] == events[index] }) { body(index) }
            } else {
                if seen == nil { seen = Set(events[runStart..<index]) }
                if !seen!.insert(events[index]).inserted { body(index) }
            }
        }
    }

    /// The lines of `events` that repeat none before them, into `kept` (emptied first); how many
    /// were left out, and the first of them.
    static func dropped(
        from events: UnsafeBufferPointer<TimelineEvent>, into kept: inout [TimelineEvent]
    ) -> (count: Int, first: TimelineEvent?) {
        kept.removeAll(keepingCapacity: true)
        var next = 0
        var count = 0
        var first: TimelineEvent?
        repeats(in: events) { index in
            kept.append(contentsOf: events[next..<index])
            next = index + 1
            count += 1
            if first == nil { first = events[index] }
        }
        kept.append(contentsOf: events[next...])
        return (count, first)
    }
}
