@_spi(ReviewGateTools) import ReviewGate

/// Replays people for a readout (Semantics §15), one at a time: each under their own arm exactly as
/// `simulate` does, watched for their exposure and each comparison's trigger
/// (``ExperimentWatch``), then their outcomes counted in the windows after these, and after their
/// first line, into a ``ReadoutTally``.
struct ReadoutReplay {
    let design: ReadoutDesign
    /// Where observation ends.
    let end: Timestamp
    /// The person's replay under the policy, or under the budget it ran inside (one of the two),
    /// each with the tally it counts for `simulate`, which a readout does not report.
    private var policyReplay: PersonReplay?
    private var budgetReplay: BudgetReplay?
    private var unusedTally: SimulationTally
    private var unusedBudgetTally: BudgetTally?
    /// Each outcome's times in the person's lines, their storage reused.
    private var times: [[Timestamp]]
    /// Which outcomes each event name is, by symbol (bits; `nil` not yet known).
    private var eventOutcomes: [UInt64?] = []
    private let symbols: Symbols
    /// The outcomes, an event under its new name.
    private let outcomes: [ReadoutOutcome]

    init(_ design: ReadoutDesign, symbols: Symbols, end: Timestamp) {
        self.design = design
        self.end = end
        self.symbols = symbols
        unusedTally = SimulationTally(triggers: design.policy.triggers.count)
        if let budget = design.budget {
            budgetReplay = BudgetReplay(budget, symbols: symbols)
            unusedBudgetTally = BudgetTally(prompts: budget.budget.prompts.count, arms: budget.armCounts)
        } else {
            policyReplay = PersonReplay(
                SimulatedPolicy(design.policy, path: ""), symbols: symbols, keepingAsks: false)
        }
        times = Array(repeating: [], count: design.outcomes.count)
        // An outcome given by an event's old name is its new name's (Semantics §14.4), as its lines are.
        outcomes = design.outcomes.map { outcome in
            guard case .event(let name) = outcome else { return outcome }
            return .event(design.policy.renamed.event(name))
        }
    }

    /// Replays `events` under `watch` (in place: the replays' storage is reused), and gives the
    /// watch back.
    private mutating func watched(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, by watch: ExperimentWatch
    ) -> ExperimentWatch? {
        if policyReplay != nil {
            policyReplay!.watch = watch
            policyReplay!.replay(events, person: person, into: &unusedTally)
            return policyReplay!.watch
        }
        budgetReplay!.watch = watch
        budgetReplay!.replay(events, person: person, into: &unusedBudgetTally!)
        return budgetReplay!.watch
    }

    /// Replays one person's `events` (in time order) and counts them into `tally`.
    mutating func replay(_ events: UnsafeBufferPointer<TimelineEvent>, person: String, into tally: inout ReadoutTally) {
        guard let first = events.first?.time else { return }
        var group = design.group(of: person)
        // The arm the person's lines logged, if any: the readout counts and replays them in it, and
        // counts them apart when it is not their bucket's.
        var pinnedSince: Timestamp?
        if let logged = events.first(where: { $0.arm != TimelineEvent.none })?.arm {
            let name = symbols[logged]
            if name != design.groupNames[group] {
                tally.armsDiffering += 1
                // The holdout only when the experiment holds people out (a state's recorded holdout
                // counts for nothing otherwise, Semantics §13).
                if let index = design.groupNames.firstIndex(of: name),
                    index != ReadoutComparison.holdout || design.experiment.holdoutLimit > 0
                {
                    group = index
                    pinnedSince = first
                }
            }
        }
        let watching = ExperimentWatch(
            design.experiment, of: design.policy, group: group, comparisons: design.comparisons,
            pinnedSince: pinnedSince)
        guard let watch = watched(events, person: person, by: watching) else { return }
        collectOutcomes(events)

        let within = TimeSpan(seconds: Int64(design.withinDays) * 86_400)
        let assignedWithin = TimeSpan(seconds: Int64(design.assignedWithinDays) * 86_400)
        // By assignment, from the person's first line in the data: an install line from before the
        // export (Semantics §10 *What the input can tell*) would close the window before any line.
        let from = Timeline.observedFrom(events) ?? first
        tally.groups[group].assigned += 1
        if let exposure = watch.exposure {
            tally.groups[group].exposed += 1
            if exposure > from + assignedWithin - within { tally.lateExposures += 1 }
            count(after: exposure, within: within, into: &tally.groups[group].triggered)
        }
        count(after: from, within: assignedWithin, into: &tally.groups[group].byAssignment)
        for (index, comparison) in design.comparisons.enumerated() {
            guard let trigger = watch.triggers[index] else { continue }
            let side = comparison.arm == group ? 0 : 1
            tally.comparisons[index].sides[side].triggered += 1
            count(after: trigger, within: within, into: &tally.comparisons[index].sides[side].outcomes)
        }
        let last = events[events.count - 1].time
        tally.firstSeen = tally.firstSeen.map { min($0.lowerBound, from)...max($0.upperBound, from) } ?? from...from
        if tally.latest.map({ $0 < last }) ?? true { tally.latest = last }
    }

    /// Counts each outcome in `(start, start + within]` into `shares`, when that window ends by the
    /// end of observation: a person observed less is not yet observable, counted in neither.
    private func count(after start: Timestamp, within: TimeSpan, into shares: inout [ReadoutTally.Share]) {
        let close = start + within
        guard close <= end else { return }
        for index in shares.indices {
            shares[index].observable += 1
            if times[index].contains(where: { $0 > start && $0 <= close }) { shares[index].withOutcome += 1 }
        }
    }

    /// Gathers the times of each outcome in the person's lines.
    private mutating func collectOutcomes(_ events: UnsafeBufferPointer<TimelineEvent>) {
        for index in times.indices { times[index].removeAll(keepingCapacity: true) }
        for event in events {
            var bits = outcomes(of: event)
            while bits != 0 {
                times[bits.trailingZeroBitCount].append(event.time)
                bits &= bits - 1
            }
        }
    }

    /// The outcomes a line is, as bits by their index.
    private mutating func outcomes(of event: TimelineEvent) -> UInt64 {
        switch event.kind {
        case .launch:
            return bits { $0 == .launch }
        case .response:
            let kind = ResponseKind.allCases[Int(event.value)]
            return bits { $0 == .response(kind) }
        case .event:
            let index = Int(event.name)
            if index >= eventOutcomes.count {
                eventOutcomes.append(contentsOf: repeatElement(nil, count: index + 1 - eventOutcomes.count))
            }
            if let known = eventOutcomes[index] { return known }
            // A line of an old name is a line of the new one (Semantics §14.4).
            let name = design.policy.renamed.event(symbols[event.name])
            let found = bits { $0 == .event(name) }
            eventOutcomes[index] = found
            return found
        default:
            return 0
        }
    }

    /// The outcomes that `matches`, as bits by their index.
    private func bits(_ matches: (ReadoutOutcome) -> Bool) -> UInt64 {
        var bits: UInt64 = 0
        for (index, outcome) in outcomes.enumerated() where matches(outcome) { bits |= 1 << UInt64(index) }
        return bits
    }
}
