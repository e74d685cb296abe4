import Dispatch
@_spi(ReviewGateTools) import ReviewGate

/// Replays timelines through one or more policies (a policy and its baseline or variants), budgets
/// and readouts, each kind a list of ``Replayer``s, and tallies them.
package struct Simulation: Sendable {
    /// The policies, each replayed on every person.
    package let policies: [SimulatedPolicy]
    /// Whether each ask is kept for `--asks`.
    package var keepsAsks: Bool
    /// The horizon in days (`--within-days`): people are then counted by the day they were first
    /// seen, with whether they were asked within it (``SimulationTally/firstSeen``).
    package var horizonDays: Int?
    /// The budgets replayed on every person beside the policies (their policies alone): a budget, and
    /// its baseline or variants; none for a policy's run.
    package var budgets: [SimulatedBudget] = []
    /// The readouts of experiments (Semantics §15), counted on every person beside the policies: one
    /// for `readout`, none for `simulate`.
    package var readouts: [ReadoutDesign] = []
    /// How the run reads and replays its timelines (`--duplicates`, `--until`, ...): what a new
    /// option of both commands reads here (``ReplaySettings``).
    package var settings = ReplaySettings()
    /// Where observation ends (`--until`): a person's lines after it are not replayed, so nothing
    /// after it counts, in any figure (Semantics §10 *What the input can tell*).
    package var until: Timestamp? {
        get { settings.until }
        set { settings.until = newValue }
    }
    /// Where observation starts (`--since`), when given; otherwise the earliest line that is not an
    /// `install` before every other line of its person, found from the input.
    package var since: Timestamp?
    /// Whether a line that repeats an earlier line of its person exactly is dropped (`--duplicates
    /// drop`); either way such lines are counted (``Outcome/duplicates``).
    package var dropsDuplicates: Bool { settings.dropsDuplicates }

    /// The result of a replay: the counts of each policy, budget and readout, and the asks when
    /// kept (people in the order first seen, each one's asks in time order, policy by policy).
    package struct Outcome: Sendable {
        /// Each policy's counts (and under an experiment each arm's), in ``Simulation/policies`` order.
        package var policies: [PolicyCounts]
        /// Every ask, when kept.
        package var asks: [AskRecord] = []
        /// Each budget's tally, in ``Simulation/budgets`` order.
        package var budgets: [BudgetTally]
        /// Each readout's counts, in ``Simulation/readouts`` order.
        package var readouts: [ReadoutTally]
        /// What the lines sent, for the checks of what a policy reads (``InputInventory``).
        package var inventory = InputInventory()
        /// The earliest line replayed that is not an `install` before every other line of its
        /// person (``Timeline/observedFrom(_:)``): where observation starts without `--since`.
        package var start: Timestamp?
        /// Lines that repeat an earlier line of their person exactly (``DuplicateLines``).
        package var duplicates = 0
        /// The first of them replayed (people in order), as a JSON line.
        package var firstDuplicate: String?
        /// Lines not replayed because observation ends (`--until`): those after it, and the install
        /// of a person whose every other line comes after it.
        package var linesAfterEnd = 0
    }

    /// A simulation of `policies`.
    package init(policies: [SimulatedPolicy], keepsAsks: Bool = false, horizonDays: Int? = nil) {
        self.policies = policies
        self.keepsAsks = keepsAsks
        self.horizonDays = horizonDays
    }

    /// A simulation of `budgets` (a budget, and its baseline or variants), beside each of their
    /// policies alone: the policies of the first budget, then of the second, and so on.
    package init(budgets: [SimulatedBudget], horizonDays: Int? = nil) {
        self.init(policies: budgets.flatMap(\.policies), horizonDays: horizonDays)
        self.budgets = budgets
    }

    /// A simulation of `budget`, beside each of its policies alone.
    package init(budget: SimulatedBudget) { self.init(budgets: [budget]) }

    /// An outcome with nothing counted yet.
    package var empty: Outcome {
        Outcome(
            policies: policies.map { PolicyCounts($0.policy) },
            budgets: budgets.map { BudgetTally(prompts: $0.budget.prompts.count, arms: $0.armCounts) },
            readouts: readouts.map(ReadoutTally.init))
    }

    /// Replays every person of `timeline` on `jobs` cores: its people cut into chunks of about as
    /// many events each (``chunksPerJob`` a job), which the jobs take as they come free, each job
    /// with policies and names of its own, and added up in order.
    package func run(_ timeline: Timeline, jobs: Int = 1, replayed: ((_ share: Double) -> Void)? = nil) -> Outcome {
        let jobs = max(1, min(jobs, timeline.people.count))
        let runs = timeline.runsOfPeople(jobs > 1 ? jobs * Self.chunksPerJob : 1)
        // Known before anyone is counted: every person's lines are here.
        let (found, latest) = timeline.observationBounds(until: until, jobs: jobs)
        let start = ObservationStart.known(since ?? found)
        let parts = runs.count
        let outcomes = UnsafeMutableBufferPointer<Outcome>.allocate(capacity: max(1, parts))
        defer { outcomes.deallocate() }
        nonisolated(unsafe) let slots = outcomes
        nonisolated(unsafe) let tell = replayed
        let chunks = ChunkQueue(count: parts, everyone: timeline.people.count, tell: tell)
        Timeline.perform(min(jobs, parts)) { job in
            // The first job replays with the policies and names given, each other with copies: a
            // string or array two cores share has its count changed by both at once, which costs both dearly.
            let policies = job == 0 ? policies : policies.map { $0.replica() }
            let symbols = job == 0 ? timeline.symbols : timeline.symbols.unshared()
            while let part = chunks.next() {
                (slots.baseAddress! + part).initialize(
                    to: replay(
                        timeline, people: runs[part], policies: policies, symbols: symbols, latest: latest,
                        start: start, replayed: chunks.count))
            }
        }
        var total = empty
        total.start = found
        for part in 0..<parts {
            total.add(outcomes[part])
            (outcomes.baseAddress! + part).deinitialize(count: 1)
        }
        settle(&total)
        return total
    }

    /// Observes to where `horizon` says (`--until`), when there is one, and from `since` (`--since`).
    package mutating func observe(_ horizon: SimulationReport.Horizon?, since: Timestamp?) {
        until = horizon?.until
        self.since = since
    }

    /// Counts the people whose first-seen figures waited for the start, now that the whole input
    /// was replayed, and writes the start in every tally: `--since`, or the start found.
    package func settle(_ outcome: inout Outcome) {
        let start = since ?? outcome.start
        let horizon = horizonDays != nil
        for index in outcome.policies.indices { outcome.policies[index].settle(start: start, horizon: horizon) }
        for index in outcome.budgets.indices { outcome.budgets[index].settle(start: start) }
    }

    /// Runs `body` with a person's lines as they are replayed: up to where observation ends
    /// (`--until`), and under `--duplicates drop` without those that repeat an earlier line exactly
    /// (into `kept`, only when there are such lines); not at all when none is left. `body` is also
    /// given the duplicates, dropped or not, to count. Returns how many lines came after the end.
    private func lines(
        of events: UnsafeBufferPointer<TimelineEvent>, kept: inout [TimelineEvent],
        _ body: (UnsafeBufferPointer<TimelineEvent>, _ duplicates: (count: Int, first: TimelineEvent?)) -> Void
    ) -> Int {
        let all = events.count
        let events = Timeline.lines(events, to: until)
        // Nothing left, or only installs before lines that come after the end: the person's data
        // starts after it (an export's install line from before its first day is no line of it).
        guard !events.isEmpty, events.count == all || Timeline.observedFrom(events) != nil else { return all }
        var duplicates: (count: Int, first: TimelineEvent?) = (0, nil)
        if dropsDuplicates {
            duplicates = DuplicateLines.dropped(from: events, into: &kept)
        } else {
            DuplicateLines.repeats(in: events) { index in
                duplicates.count += 1
                if duplicates.first == nil { duplicates.first = events[index] }
            }
        }
        if dropsDuplicates, duplicates.count > 0 {
            kept.withUnsafeBufferPointer { body($0, duplicates) }
        } else {
            body(events, duplicates)
        }
        return all - events.count
    }

    /// Replays the people in `range` through `policies` (these or their replicas), naming events
    /// by `symbols` (the timeline's, or a copy), and tells `replayed` how many more are replayed
    /// every ``peoplePerTelling`` and at the end.
    private func replay(
        _ timeline: Timeline, people range: Range<Int>, policies: [SimulatedPolicy], symbols: Symbols,
        latest: Timestamp?, start: ObservationStart, replayed: (_ people: Int) -> Void
    ) -> Outcome {
        var outcome = empty
        let context = ReplayContext(
            symbols: symbols, keepsAsks: keepsAsks, horizonDays: horizonDays, start: start, latest: latest)
        var replays = policies.map { PersonReplay($0, context) }
        var budgetReplays = budgets.map { BudgetReplay($0, context) }
        var readoutReplays = readouts.map { ReadoutReplay($0, context) }
        var kept: [TimelineEvent] = []
        for person in range {
            let name = timeline.people[Symbols.ID(person)]
            timeline.withEvents(of: person) { events in
                outcome.linesAfterEnd += lines(of: events, kept: &kept) { events, duplicates in
                    outcome.count(duplicates, person: name, symbols: symbols)
                    outcome.inventory.take(events)
                    replays.replay(events, person: name, into: &outcome.policies)
                    budgetReplays.replay(events, person: name, into: &outcome.budgets)
                    readoutReplays.replay(events, person: name, into: &outcome.readouts)
                }
            }
            if keepsAsks {
                for index in replays.indices {
                    outcome.asks += replays[index].asks ?? []
                    replays[index].asks?.removeAll(keepingCapacity: true)
                }
            }
            if (person - range.lowerBound) % Self.peoplePerTelling == Self.peoplePerTelling - 1 {
                replayed(Self.peoplePerTelling)
            }
        }
        replayed(range.count % Self.peoplePerTelling)
        return outcome
    }

    /// How many people a chunk replays between two countings of them.
    static let peoplePerTelling = 256
    /// How many chunks of people each job replays, on average, with several jobs.
    static let chunksPerJob = 8

    /// Replays one person's `events` (in time order), from `initial` when given, into `outcome`.
    package func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, symbols: Symbols, into outcome: inout Outcome,
        from initial: ReviewState? = nil
    ) {
        var kept: [TimelineEvent] = []
        let after = lines(of: events, kept: &kept) { events, duplicates in
            outcome.count(duplicates, person: person, symbols: symbols)
            replay(lines: events, person: person, symbols: symbols, into: &outcome, from: initial)
        }
        outcome.linesAfterEnd += after
    }

    /// Replays one person's lines as ``replay(_:person:symbols:into:from:)`` keeps them.
    private func replay(
        lines events: UnsafeBufferPointer<TimelineEvent>, person: String, symbols: Symbols,
        into outcome: inout Outcome, from initial: ReviewState?
    ) {
        outcome.inventory.take(events)
        // The start found so far, this person's lines included: a person first seen before it waits
        // in the tallies until the whole input is replayed (``settle(_:)``).
        if let from = Timeline.observedFrom(events), outcome.start.map({ $0 > from }) ?? true { outcome.start = from }
        let start = since.map { ObservationStart.known($0) } ?? .soFar(outcome.start)
        // A grouped run's readout ends at `--until` (ReadoutSimulation refuses one without it).
        let context = ReplayContext(symbols: symbols, keepsAsks: keepsAsks, horizonDays: horizonDays, start: start)
        var replays = policies.map { PersonReplay($0, context) }
        replays.replay(events, person: person, into: &outcome.policies, from: initial)
        outcome.asks += replays.flatMap { $0.asks ?? [] }
        var budgetReplays = budgets.map { BudgetReplay($0, context) }
        budgetReplays.replay(events, person: person, into: &outcome.budgets, from: initial)
        var readoutReplays = readouts.map { ReadoutReplay($0, context) }
        readoutReplays.replay(events, person: person, into: &outcome.readouts, from: initial)
    }
}

extension Simulation.Outcome {
    /// Each policy's tally, in ``Simulation/policies`` order.
    package var tallies: [SimulationTally] { policies.map(\.tally) }

    /// Each policy's arms' tallies, the holdout first; `nil` for a policy without an experiment.
    package var arms: [[SimulationTally]?] { policies.map(\.arms) }

    /// Counts a person's lines that repeat an earlier one exactly, keeping the first of the run's.
    mutating func count(_ duplicates: (count: Int, first: TimelineEvent?), person: String, symbols: Symbols) {
        guard let first = duplicates.first else { return }
        self.duplicates += duplicates.count
        if firstDuplicate == nil { firstDuplicate = Timeline.jsonLine(first, person: person, symbols: symbols) }
    }

    /// Adds another part's outcome (of the same policies) after this one's.
    package mutating func add(_ other: Simulation.Outcome) {
        for index in policies.indices { policies[index].add(other.policies[index]) }
        asks += other.asks
        inventory.add(other.inventory)
        if let time = other.start, start.map({ $0 > time }) ?? true { start = time }
        duplicates += other.duplicates
        linesAfterEnd += other.linesAfterEnd
        if firstDuplicate == nil { firstDuplicate = other.firstDuplicate }
        for index in budgets.indices { budgets[index].add(other.budgets[index]) }
        for index in readouts.indices { readouts[index].add(other.readouts[index]) }
    }
}
