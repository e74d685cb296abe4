@_spi(ReviewGateTools) import ReviewGate

/// What a replay counted for one policy: every figure of the report, as sums that add up across
/// partitions of people, so that reports of parts merge into the report of the whole.
package struct SimulationTally: Sendable, Hashable {
    /// A blocker's count: trigger moments it blocked, and people it blocked at least once.
    package struct Blocked: Sendable, Hashable {
        /// Trigger moments that did not ask because of it.
        package var moments = 0
        /// People with at least one such moment.
        package var people = 0
    }

    /// People replayed.
    package var people = 0
    /// People asked at least once.
    package var peopleAsked = 0
    /// Under an experiment (Semantics §13): people exposed, at the first moment the arms differed.
    package var peopleExposed = 0
    /// Under an experiment: asks before the person's exposure, when the arms had not yet diverged
    /// (the same in every arm); the rest came at or after it.
    package var asksBeforeExposure = 0
    /// Under an experiment: exposed people asked at or after their exposure.
    package var exposedPeopleAsked = 0
    /// Moments decided (launches, events, triggers).
    package var moments = 0
    /// Asks.
    package var asks = 0
    /// Asks past the OS's quota (3 in 365 days on iOS), which it would have dropped silently.
    package var asksPastOSQuota = 0
    /// Asks by trigger, in the policy's trigger order.
    package var asksByTrigger: [Int]
    /// Asks by the UTC week they came in (see ``week(of:)``), only the weeks with asks: sparse, so
    /// that partitions of any span add up.
    package var asksByWeek: [Int: Int] = [:]
    /// People by whole days from first seen to first ask: `firstAskDays[d]` were first asked on day `d`.
    package var firstAskDays: [Int] = []
    /// Trigger moments (a trigger listened) that did not ask.
    package var blockedMoments = 0
    /// By blocker, in ``Blocker/allCases`` order.
    package var blockedBy: [Blocked] = Array(repeating: Blocked(), count: Blocker.allCases.count)
    /// People whose count never passed a trigger's count rule, in the policy's trigger order.
    package var neverReached: [Int]
    /// Moments naming a trigger the policy does not have (`type: trigger` lines), not decided.
    package var unknownTriggerMoments = 0
    /// People never asked, each once, by why: ``NeverAsked/neverReached`` first, then one per
    /// blocker in ``Blocker/allCases`` order (see ``NeverAsked``).
    package var neverAsked: [Int] = Array(repeating: 0, count: NeverAsked.count)
    /// The latest time of any line replayed: where observation ends unless `--until` says.
    package var latest: Timestamp?
    /// The earliest time of any line replayed: where the timeline starts.
    package var earliest: Timestamp?
    /// Where observation starts (Semantics §10 *What the input can tell*): `--since`, or the
    /// earliest line that is not an `install` before every other line of its person; `nil` when no
    /// line is such (set once a run has replayed everyone: ``settle(start:)``).
    package var start: Timestamp?
    /// People first seen before observation started (an `install` line an export carries from before
    /// its first day, or a line before `--since`): their first days are not in the data, so they are
    /// left out of the days to first ask and of a horizon's cohort (counted here instead, never there
    /// as not asked); every other figure counts them.
    package var peopleBeforeStart = 0
    /// Of them, people asked: the days to first ask hold the people asked less these.
    package var peopleBeforeStartAsked = 0
    /// People counted before the start was known, in a run that finds it at its end (grouped,
    /// without `--since`), whose first line came before the earliest start found so far: counted
    /// once it is known (``settle(start:)``). Empty in a settled tally, and not in the JSON report.
    var unsettled: [FirstSeenPerson] = []
    /// With a horizon (`--within-days`), people by the UTC day they were first seen (days since
    /// 1970-01-01), with how many of them were first asked within the horizon of their first line.
    package var firstSeen: [Int: FirstSeen] = [:]

    /// Why a person was never asked, counted once per person: `never_reached` when no trigger's
    /// count ever passed for them; otherwise the first blocker, in evaluation order, of their last
    /// moment whose count passed (or that the kill switch blocked).
    package enum NeverAsked {
        /// The index of "no trigger's count ever passed".
        package static let neverReached = 0
        /// How many reasons there are.
        package static let count = 1 + Blocker.allCases.count
        /// The index of a blocker's reason.
        package static func index(of blocker: Blocker) -> Int { 1 + blocker.index }
        /// The reasons' ids, in index order: `never_reached`, then the blockers' ids.
        package static let ids = ["never_reached"] + Blocker.allCases.map(\.id)
    }

    /// What the first-seen figures need of one person: when they were first seen, the whole days
    /// from then to their first ask, and whether that ask came within the horizon.
    struct FirstSeenPerson: Sendable, Hashable {
        /// Their first line's time.
        var first: Timestamp
        /// Whole days from their first line to their first ask (at most 36,500); -1 when never asked.
        /// Not an `Int?`: a grouped run may hold millions of these, at 16 bytes each.
        var askDay: Int32
        /// With a horizon, whether their first ask came within it.
        var askedWithin: Bool

        /// A person first seen at `first`, first asked `firstAskDay` whole days later (`nil`: never).
        init(first: Timestamp, firstAskDay: Int?, askedWithin: Bool) {
            self.first = first
            askDay = firstAskDay.map { Int32(clamping: $0) } ?? -1
            self.askedWithin = askedWithin
        }

        /// Whole days from their first line to their first ask; `nil` when never asked.
        var firstAskDay: Int? { askDay < 0 ? nil : Int(askDay) }
    }

    /// Counts a person first seen at `person.first`: in the days to first ask and, with a horizon
    /// (`horizon`), in their first-seen day's cohort, when observation had started by then; apart
    /// (``peopleBeforeStart``) when it started later; and, when `start` is only the earliest found so
    /// far, held until it is known (a start found later is never later than that one).
    mutating func count(_ person: FirstSeenPerson, start: ObservationStart, horizon: Bool) {
        switch start.place(person.first) {
        case .before:
            peopleBeforeStart += 1
            if person.firstAskDay != nil { peopleBeforeStartAsked += 1 }
            return
        case .held:
            unsettled.append(person)
            return
        case .observed: break
        }
        if let day = person.firstAskDay { firstAsk(onDay: day) }
        if horizon {
            let day = Self.day(of: person.first)
            firstSeen[day, default: FirstSeen()].people += 1
            if person.askedWithin { firstSeen[day, default: FirstSeen()].asked += 1 }
        }
    }

    /// Counts the people held until the start was known, now that it is (`start`), and keeps it.
    mutating func settle(start: Timestamp?, horizon: Bool) {
        self.start = start
        let held = unsettled
        unsettled = []
        for person in held { count(person, start: .known(start), horizon: horizon) }
    }

    /// The people first seen on one day, and those of them asked within the horizon.
    package struct FirstSeen: Sendable, Hashable {
        /// People first seen that day.
        package var people = 0
        /// Of them, people whose first ask came less than the horizon after their first line.
        package var asked = 0
    }

    /// An empty tally for a policy with `triggers` triggers.
    package init(triggers: Int) {
        asksByTrigger = Array(repeating: 0, count: triggers)
        neverReached = Array(repeating: 0, count: triggers)
    }

    /// Adds another part's counts (of the same policy), field by field: it runs for each person
    /// of an experiment, twice, so it is written out rather than run through the report's members
    /// (which took 42% more instructions there). `ReportMembersTests` checks that it adds every field.
    package mutating func add(_ other: SimulationTally) {
        people += other.people
        peopleAsked += other.peopleAsked
        peopleExposed += other.peopleExposed
        asksBeforeExposure += other.asksBeforeExposure
        exposedPeopleAsked += other.exposedPeopleAsked
        moments += other.moments
        asks += other.asks
        asksPastOSQuota += other.asksPastOSQuota
        for index in asksByTrigger.indices where index < other.asksByTrigger.count {
            asksByTrigger[index] += other.asksByTrigger[index]
        }
        for (week, count) in other.asksByWeek { asksByWeek[week, default: 0] += count }
        Self.add(other.firstAskDays, to: &firstAskDays)
        blockedMoments += other.blockedMoments
        for index in blockedBy.indices {
            blockedBy[index].moments += other.blockedBy[index].moments
            blockedBy[index].people += other.blockedBy[index].people
        }
        for index in neverReached.indices where index < other.neverReached.count {
            neverReached[index] += other.neverReached[index]
        }
        unknownTriggerMoments += other.unknownTriggerMoments
        for index in neverAsked.indices { neverAsked[index] += other.neverAsked[index] }
        if let time = other.latest, latest.map({ $0 < time }) ?? true { latest = time }
        if let time = other.earliest, earliest.map({ $0 > time }) ?? true { earliest = time }
        if let time = other.start, start.map({ $0 > time }) ?? true { start = time }
        peopleBeforeStart += other.peopleBeforeStart
        peopleBeforeStartAsked += other.peopleBeforeStartAsked
        unsettled += other.unsettled
        for (day, counts) in other.firstSeen {
            firstSeen[day, default: FirstSeen()].people += counts.people
            firstSeen[day, default: FirstSeen()].asked += counts.asked
        }
    }

    /// The UTC day of `time`, counted from 1970-01-01 (negative before it).
    package static func day(of time: Timestamp) -> Int {
        let nanoseconds = time.nanosecondsSince1970
        let perDay: Int64 = 86_400 * 1_000_000_000
        return Int(nanoseconds / perDay - (nanoseconds % perDay < 0 ? 1 : 0))
    }

    /// The UTC week of `time`, weeks starting on Monday: week 0 is the one of 1970-01-01 (a
    /// Thursday), from Monday 1969-12-29; week `w` starts on day `7 × w − 3` (``monday(ofWeek:)``).
    /// One division, for the replay counts an ask's week where it counts the ask.
    package static func week(of time: Timestamp) -> Int {
        let perDay: Int64 = 86_400 * 1_000_000_000
        // Counted from Monday 1969-12-29, three days before 1970-01-01 (`&+`: a time at Int64's
        // very end wraps to a wrong week rather than stop the replay).
        let sinceMonday = time.nanosecondsSince1970 &+ 3 * perDay
        let perWeek = 7 * perDay
        return Int(sinceMonday / perWeek - (sinceMonday % perWeek < 0 ? 1 : 0))
    }

    /// The day (since 1970-01-01) of the Monday that starts week `week` (see ``week(of:)``).
    package static func monday(ofWeek week: Int) -> Int { 7 * week - 3 }

    /// The people in a horizon's cohort (first seen on or before `lastDay`) and those of them
    /// asked within it.
    package func horizon(lastDay: Int) -> FirstSeen {
        var total = FirstSeen()
        for (day, counts) in firstSeen where day <= lastDay {
            total.people += counts.people
            total.asked += counts.asked
        }
        return total
    }

    /// Counts `count` people first asked on day `day`.
    mutating func firstAsk(onDay day: Int, count: Int = 1) {
        Self.count(day: day, count, in: &firstAskDays)
    }

    /// The day by which a share `quantile` (0–1) of the people asked had their first ask: the
    /// nearest-rank percentile of whole days; `nil` when nobody was asked.
    package func firstAskPercentile(_ quantile: Double) -> Int? {
        Self.percentile(quantile, of: firstAskDays)
    }

    /// Counts `count` more on day `day` of a histogram by whole days (`histogram[d]` on day `d`).
    static func count(day: Int, _ count: Int = 1, in histogram: inout [Int]) {
        if day >= histogram.count { histogram += Array(repeating: 0, count: day + 1 - histogram.count) }
        histogram[day] += count
    }

    /// Adds one histogram by whole days to another.
    static func add(_ other: [Int], to histogram: inout [Int]) {
        if other.count > histogram.count { histogram += Array(repeating: 0, count: other.count - histogram.count) }
        for (day, count) in other.enumerated() { histogram[day] += count }
    }

    /// The nearest-rank percentile `quantile` (0–1) of a histogram by whole days; `nil` when it is empty.
    package static func percentile(_ quantile: Double, of histogram: [Int]) -> Int? {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return nil }
        var rank = Int((quantile * Double(total)).rounded(.up))
        rank = min(max(rank, 1), total)
        var seen = 0
        for (day, count) in histogram.enumerated() {
            seen += count
            if seen >= rank { return day }
        }
        return histogram.count - 1
    }
}

/// Where observation starts, as a replay knows it when it counts a person (Semantics §10 *What the
/// input can tell*).
enum ObservationStart: Sendable {
    /// Known before the person is counted: `--since`, or found over a whole timeline in memory
    /// (`nil`: no line but installs alone).
    case known(Timestamp?)
    /// The earliest found so far, by a run that finds it only at its end (grouped, without
    /// `--since`): the start found at the end is never later.
    case soFar(Timestamp?)

    /// Where a person first seen at `first` stands.
    enum Place {
        /// Observed from their first line: counted in the first-seen figures.
        case observed
        /// First seen before observation started: counted apart.
        case before
        /// First seen before the start found so far: held until the start is known.
        case held
    }

    /// Where a person first seen at `first` stands: observed from their first line when it is at
    /// or after the start (or no line starts observation); before it, apart when the start is known,
    /// held when it may still move earlier.
    func place(_ first: Timestamp) -> Place {
        switch self {
        case .known(let start): start.map { first >= $0 } ?? true ? .observed : .before
        case .soFar(let start): start.map { first >= $0 } ?? false ? .observed : .held
        }
    }
}
