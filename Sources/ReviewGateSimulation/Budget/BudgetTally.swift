@_spi(ReviewGateTools) import ReviewGate

/// What a replay under a budget counted (Semantics §12), per prompt in the budget's order: as sums that
/// add up across partitions of people, like ``SimulationTally``.
package struct BudgetTally: Sendable, Hashable {
    /// Why the budget held a prompt back, in the order of ``Prompt/heldBackBy``: the ids of the
    /// budget's checks. A replay holds no lease, so `lease` stays 0 there. Not `channel`, the last
    /// of the replay's reasons: a build channel that blocks a want is no budget holding it back
    /// (Semantics §16.1), and such a moment is no candidacy, as one its policy blocks is not.
    package static let reasons = ReplayArbitration.reasons.filter { $0 != "channel" }

    /// One prompt's counts.
    package struct Prompt: Sendable, Hashable {
        /// Moments its policy allowed (or, for an external prompt, that wanted it): its candidacies.
        package var candidates = 0
        /// Moments it was granted, and shown (a replay shows every granted prompt at once).
        package var granted = 0
        /// People it was granted to at least once.
        package var peopleGranted = 0
        /// Candidacies the budget blocked.
        package var heldBack = 0
        /// Of those, by each failed check, in ``BudgetTally/reasons`` order (a moment may fail several).
        package var heldBackBy = Array(repeating: 0, count: BudgetTally.reasons.count)
        /// Grants that came after another prompt had held the prompt back (since its last grant):
        /// outranked it, or was shown within a gap or a limit's span that held it.
        package var delayed = 0
        /// Those grants by whole days waited, from the first moment another prompt held it back.
        package var delayDays: [Int] = []
        /// The seconds those grants waited, in all.
        package var delaySeconds: Int64 = 0
        /// People for whom another prompt held the prompt back, with no grant after (the ask was lost).
        package var lost = 0
        /// For an external prompt: moments that wanted it, and people who did (without the budget,
        /// each would have shown it).
        package var wanted = 0
        /// People who wanted an external prompt at least once.
        package var peopleWanting = 0

        /// The mean days a delayed grant waited; `nil` when none was delayed.
        package var meanDelayDays: Double? {
            delayed == 0 ? nil : Double(delaySeconds) / 86_400 / Double(delayed)
        }

        mutating func add(_ other: Prompt) {
            candidates += other.candidates
            granted += other.granted
            peopleGranted += other.peopleGranted
            heldBack += other.heldBack
            for index in heldBackBy.indices { heldBackBy[index] += other.heldBackBy[index] }
            delayed += other.delayed
            SimulationTally.add(other.delayDays, to: &delayDays)
            delaySeconds += other.delaySeconds
            lost += other.lost
            wanted += other.wanted
            peopleWanting += other.peopleWanting
        }
    }

    /// People replayed.
    package var people = 0
    /// Moments arbitrated (launches, events, triggers, wants).
    package var moments = 0
    /// `trigger` lines naming a trigger no policy of the budget has, and `want` lines naming no
    /// external prompt of it: not arbitrated.
    package var unknownMoments = 0
    /// Each prompt's counts, in the budget's order.
    package var prompts: [Prompt]
    /// Under an experiment (Semantics §13), a prompt's counts per arm of its policy, the holdout
    /// first, then the arms in order; `nil` for a prompt whose policy runs none. Each person counts
    /// under the arm their policy assigns them.
    package var arms: [[Prompt]?]
    /// The latest time of any line replayed: where observation ends unless `--until` says.
    package var latest: Timestamp?
    /// With a horizon (`--within-days`), people by the UTC day they were first seen (days since
    /// 1970-01-01), with how many of them each prompt was first granted to within the horizon.
    package var firstSeen: [Int: FirstSeen] = [:]

    /// Where observation starts (``SimulationTally/start``), once the run has replayed everyone.
    package var start: Timestamp?
    /// With a horizon, people first seen before observation started: left out of its cohort
    /// (``SimulationTally/peopleBeforeStart``).
    package var peopleBeforeStart = 0
    /// With a horizon, people first seen before the earliest start found so far, held until the
    /// start is known (``settle(start:)``), each with the day they were first seen.
    var unsettled: [UnsettledPerson] = []

    /// A person held until the start is known: when they were first seen, and what they count.
    struct UnsettledPerson: Sendable, Hashable {
        var first: Timestamp
        var seen: FirstSeen
    }

    /// Counts, with a horizon, a person first seen at `first` (`seen`: them on that day) in that
    /// day's cohort when observation had started by then, and apart when it started later; held
    /// when `start` is only the earliest found so far.
    mutating func count(firstSeen first: Timestamp, _ seen: FirstSeen, start: ObservationStart) {
        switch start.place(first) {
        case .before: peopleBeforeStart += seen.people
        case .held: unsettled.append(UnsettledPerson(first: first, seen: seen))
        case .observed:
            firstSeen[SimulationTally.day(of: first), default: FirstSeen(prompts: prompts.count)].add(seen)
        }
    }

    /// Counts the people held until the start was known, now that it is (`start`), and keeps it.
    mutating func settle(start: Timestamp?) {
        self.start = start
        let held = unsettled
        unsettled = []
        for person in held { count(firstSeen: person.first, person.seen, start: .known(start)) }
    }

    /// The people first seen on one day, and per prompt those first granted it within the horizon.
    package struct FirstSeen: Sendable, Hashable {
        /// People first seen that day.
        package var people = 0
        /// Per prompt, in the budget's order: people whose first grant of it came less than the
        /// horizon after their first line.
        package var granted: [Int]

        /// No one yet, for a budget of `prompts` prompts.
        package init(prompts: Int) { granted = Array(repeating: 0, count: prompts) }

        /// Adds another day's (or part's) people.
        package mutating func add(_ other: FirstSeen) {
            people += other.people
            for index in granted.indices where index < other.granted.count { granted[index] += other.granted[index] }
        }
    }

    /// An empty tally for a budget of `prompts` prompts, with `arms` arms (the holdout among them)
    /// for each prompt whose policy runs an experiment.
    package init(prompts: Int, arms: [Int?]? = nil) {
        self.prompts = Array(repeating: Prompt(), count: prompts)
        self.arms = (arms ?? Array(repeating: nil, count: prompts)).map { count in
            count.map { Array(repeating: Prompt(), count: $0) }
        }
    }

    /// Adds another part's counts (of the same budget).
    package mutating func add(_ other: BudgetTally) {
        people += other.people
        moments += other.moments
        unknownMoments += other.unknownMoments
        for index in prompts.indices where index < other.prompts.count { prompts[index].add(other.prompts[index]) }
        for index in arms.indices where index < other.arms.count {
            guard let otherArms = other.arms[index] else { continue }
            for arm in otherArms.indices where arm < (arms[index]?.count ?? 0) { arms[index]?[arm].add(otherArms[arm]) }
        }
        if let time = other.latest, latest.map({ $0 < time }) ?? true { latest = time }
        for (day, counts) in other.firstSeen {
            firstSeen[day, default: FirstSeen(prompts: prompts.count)].add(counts)
        }
        if let time = other.start, start.map({ $0 > time }) ?? true { start = time }
        peopleBeforeStart += other.peopleBeforeStart
        unsettled += other.unsettled
    }

    /// The people in a horizon's cohort (first seen on or before `lastDay`) and, per prompt, those
    /// first granted it within the horizon.
    package func horizon(lastDay: Int) -> FirstSeen {
        var total = FirstSeen(prompts: prompts.count)
        for (day, counts) in firstSeen where day <= lastDay { total.add(counts) }
        return total
    }
}
