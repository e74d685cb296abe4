extension Timeline {
    /// Whether the people's numbers never go down along a run of events (each person's events then
    /// follow one another, since people are numbered in the order first seen), and the run's
    /// first and last person.
    struct PersonOrder {
        var first = TimelineEvent.none
        var last = TimelineEvent.none
        var neverDown = true

        /// Takes the next event's person.
        @inline(__always)
        mutating func take(_ person: Symbols.ID) {
            if person < last { neverDown = false }
            if first == TimelineEvent.none { first = person }
            last = person
        }

        /// Whether the people's numbers never go down along runs in order, within each and from
        /// one to the next (runs without events left aside).
        static func neverDown(_ runs: UnsafeBufferPointer<PersonOrder>) -> Bool {
            var last = TimelineEvent.none
            for run in runs where run.first != TimelineEvent.none {
                guard run.neverDown, run.first >= last else { return false }
                last = run.last
            }
            return true
        }
    }

    /// The events of `pieces`, grouped by person already (``PersonOrder``), kept where they were
    /// read: the pieces still in their readers' numbers are renumbered in place, a share on each
    /// job; then each job sorts by time each person's that one of its run of pieces holds; the
    /// people a piece's end cuts are copied out, and theirs sorted.
    static func kept(_ pieces: inout [TimelinePiece], groups: [Range<Int>], starts: [Int]) -> Storage {
        var total = 0
        let ends = pieces.map { piece in
            total += piece.events.count
            return total
        }
        let everyone = starts.count - 1
        // The pieces still in their readers' numbers are renumbered first, on every core: those of a
        // range read apart (``ParallelTimelineReader/read(mapped:progress:)``) follow one another,
        // and would all fall to the job whose run of pieces holds them.
        let renumbered = pieces.indices.filter { pieces[$0].needsRenumbering }
        if !renumbered.isEmpty {
            let shares = runs(sizes: renumbered.map { pieces[$0].events.count }, into: groups.count)
            pieces.withUnsafeMutableBufferPointer { all in
                nonisolated(unsafe) let all = all
                perform(shares.count) { share in
                    for index in shares[share] { all[renumbered[index]].renumberInPlace() }
                }
            }
        }
        pieces.withUnsafeMutableBufferPointer { all in
            // Each job changes its own pieces only.
            nonisolated(unsafe) let all = all
            perform(groups.count) { group in
                for index in groups[group] {
                    let lower = index == 0 ? 0 : ends[index - 1]
                    let upper = ends[index]
                    all[index].withMutableEvents { events in
                        var person = firstPerson(startingAtOrAfter: lower, starts: starts)
                        while person < everyone, starts[person + 1] <= upper {
                            let range = starts[person] - lower..<starts[person + 1] - lower
                            sortByTime(UnsafeMutableBufferPointer(rebasing: events[range]))
                            person += 1
                        }
                    }
                }
            }
        }
        var cut: [Int: [TimelineEvent]] = [:]
        for end in ends.dropLast() {
            // The person with events on both sides of this end, if any.
            let person = firstPerson(startingAtOrAfter: end, starts: starts) - 1
            guard person >= 0, starts[person] < end, starts[person + 1] > end, cut[person] == nil else { continue }
            var own: [TimelineEvent] = []
            own.reserveCapacity(starts[person + 1] - starts[person])
            var index = firstPiece(endingAfter: starts[person], ends: ends)
            while index < pieces.count, own.count < starts[person + 1] - starts[person] {
                let offset = index == 0 ? 0 : ends[index - 1]
                let from = max(starts[person], offset) - offset
                let to = min(starts[person + 1], ends[index]) - offset
                own.append(contentsOf: pieces[index].events[from..<to])
                index += 1
            }
            own.withUnsafeMutableBufferPointer { sortByTime($0) }
            cut[person] = own
        }
        return Storage(keepsPieces: true, pieces: pieces.map(\.events), ends: ends, cut: cut)
    }

    /// The first person whose events start at or after `offset` (people without events among
    /// them), or the number of people.
    private static func firstPerson(startingAtOrAfter offset: Int, starts: [Int]) -> Int {
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] >= offset { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The first piece that ends after `offset`, or the number of pieces: the one that holds the
    /// event at `offset`.
    static func firstPiece(endingAfter offset: Int, ends: [Int]) -> Int {
        var (low, high) = (0, ends.count)
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
