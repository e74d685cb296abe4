@_spi(ReviewGateTools) import ReviewGate

/// What replays one person's lines into a tally of its own: a policy's (``PersonReplay``, into a
/// ``PolicyCounts``), a budget's (``BudgetReplay``) or an experiment's readout (``ReadoutReplay``).
/// ``Simulation`` makes one per design for each job (or each person, grouped) and runs each list of
/// them the same way; a new kind of report is a new replayer, a list of its designs and a list of
/// its tallies in ``Simulation/Outcome``.
protocol Replayer {
    /// What it replays: a policy, a budget, a readout's design.
    associatedtype Design
    /// What it counts into, a sum over people that partitions add up.
    associatedtype Tally

    /// A replayer of `design` for the lines `context` names.
    init(_ design: Design, _ context: ReplayContext)

    /// Replays `events` (one person's, in time order) into `tally`, from `initial` when given
    /// instead of a fresh state (a scenario's `state`).
    mutating func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, into tally: inout Tally,
        from initial: ReviewState?)
}

/// What every replayer of a run is made with.
struct ReplayContext {
    /// The names of the lines' events.
    var symbols: Symbols
    /// Whether each ask is kept (`--asks`).
    var keepsAsks = false
    /// The horizon in days (`--within-days`), when the report has one.
    var horizonDays: Int?
    /// Where observation starts, for the first-seen figures.
    var start = ObservationStart.known(nil)
    /// The latest line of the input, where a readout without `--until` ends; `nil` when not known
    /// (a grouped run, whose readout ends at `--until`).
    var latest: Timestamp?
}

extension Array where Element: Replayer {
    /// Replays `events` through each replayer into its tally, in order.
    mutating func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, into tallies: inout [Element.Tally],
        from initial: ReviewState? = nil
    ) {
        for index in indices { self[index].replay(events, person: person, into: &tallies[index], from: initial) }
    }
}

/// A policy's tally and, under an experiment (Semantics §13), each arm's: the holdout first.
package struct PolicyCounts: Sendable, Equatable {
    /// The policy's counts.
    package var tally: SimulationTally
    /// Each arm's counts, the holdout first; `nil` for a policy without an experiment.
    package var arms: [SimulationTally]?

    /// Nothing counted yet for `policy`.
    init(_ policy: Policy) {
        tally = SimulationTally(triggers: policy.triggers.count)
        arms = policy.experiment.map { Array(repeating: tally, count: $0.arms.count + 1) }
    }

    /// Adds another part's counts of the same policy.
    mutating func add(_ other: PolicyCounts) {
        tally.add(other.tally)
        guard let otherArms = other.arms else { return }
        for arm in otherArms.indices { arms?[arm].add(otherArms[arm]) }
    }

    /// Settles every tally now that the start is known (``SimulationTally/settle(start:horizon:)``).
    mutating func settle(start: Timestamp?, horizon: Bool) {
        tally.settle(start: start, horizon: horizon)
        for arm in arms?.indices ?? 0..<0 { arms?[arm].settle(start: start, horizon: horizon) }
    }
}

extension PersonReplay: Replayer {
    typealias Tally = PolicyCounts

    init(_ design: SimulatedPolicy, _ context: ReplayContext) {
        self.init(design, symbols: context.symbols, keepingAsks: context.keepsAsks, horizonDays: context.horizonDays)
        start = context.start
    }

    /// Replays one person into the policy's counts and, under an experiment, into those of the
    /// person's arm too.
    mutating func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, into counts: inout PolicyCounts,
        from initial: ReviewState?
    ) {
        guard let experiment = simulated.policy.experiment, let first = events.first else {
            replay(events, person: person, into: &counts.tally, from: initial)
            return
        }
        var personal = SimulationTally(triggers: simulated.policy.triggers.count)
        replay(events, person: person, into: &personal, from: initial)
        counts.tally.add(personal)
        let state = initial ?? ReviewState(userID: person, installedAt: first.time, app: AppVersion())
        let arm = experiment.assignment(of: state).arm.map { $0 + 1 } ?? 0
        counts.arms?[arm].add(personal)
    }
}

extension BudgetReplay: Replayer {
    typealias Tally = BudgetTally

    init(_ design: SimulatedBudget, _ context: ReplayContext) {
        self.init(design, symbols: context.symbols, horizonDays: context.horizonDays)
        start = context.start
    }
}

extension ReadoutReplay: Replayer {
    typealias Tally = ReadoutTally

    /// A readout's replayer, ending at `--until` or at the input's latest line (a grouped readout
    /// without `--until` is refused before it is made, and a run with no line replays no one).
    init(_ design: ReadoutDesign, _ context: ReplayContext) {
        self.init(
            design, symbols: context.symbols,
            end: design.until ?? context.latest ?? Timestamp(nanosecondsSince1970: 0))
    }

    /// Replays one person into the readout's counts; a readout starts every person afresh.
    mutating func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, into tally: inout ReadoutTally,
        from initial: ReviewState?
    ) {
        replay(events, person: person, into: &tally)
    }
}
