@_spi(ReviewGateTools) import ReviewGate

/// Replays one person's timeline under a budget exactly as `reviewgate record --budget` would,
/// line by line in time order: each launch, event, trigger and `want` arbitrated, the granted
/// prompt shown at once, the donation counted as the budget counts it. Counts into a ``BudgetTally``.
///
/// The state starts as ``PersonReplay``'s does; versions change by the budget's `version_key` and
/// `counting`, which its policies share. Responses are the review's.
struct BudgetReplay {
    let simulated: SimulatedBudget
    let symbols: Symbols

    /// Per prompt, for the person replayed: when another prompt first held it back since its last
    /// grant; whether it was granted; whether it was wanted. Reused from person to person.
    private var heldSince: [Timestamp?]
    private var wasGranted: [Bool]
    private var wasWanted: [Bool]
    /// Per prompt, for the person replayed: when it was first granted (under a horizon), and the
    /// arm its policy's experiment assigns them (the holdout 0, arm `i` at `i + 1`).
    private var firstGrant: [Timestamp?]
    private var arm: [Int?]
    /// Whether any prompt's policy runs an experiment: then each count goes to the arm's row too.
    private let hasArms: Bool
    /// The horizon in days (`--within-days`), when the report has one.
    private let horizonDays: Int?
    /// Whether the budget's moments are arbitrated the lean way (``SimulatedBudget/arbitratesLean``),
    /// and the arbitration whose storage they reuse.
    private let isLean: Bool
    /// Whether a line no policy reads is recorded without arbitrating (``SimulatedBudget/skipsUnread``).
    private let skipsUnread: Bool
    private var lean = ReplayArbitration()
    /// For a readout, what watches each arbitrated moment for the person's exposure and triggers
    /// (Semantics §15: decided on the policy's arms, before the budget).
    var watch: ExperimentWatch?
    /// Where observation starts, for the horizon's cohort (``PersonReplay/start``).
    var start = ObservationStart.known(nil)

    init(_ simulated: SimulatedBudget, symbols: Symbols, horizonDays: Int? = nil) {
        self.simulated = simulated
        self.symbols = symbols
        self.horizonDays = horizonDays
        let count = simulated.budget.prompts.count
        heldSince = Array(repeating: nil, count: count)
        wasGranted = Array(repeating: false, count: count)
        wasWanted = Array(repeating: false, count: count)
        firstGrant = Array(repeating: nil, count: count)
        arm = Array(repeating: nil, count: count)
        hasArms = simulated.budget.prompts.contains { $0.policy?.experiment != nil }
        isLean = simulated.arbitratesLean
        skipsUnread = simulated.skipsUnread
    }

    /// Replays `events` (one person's, in time order) and counts them into `tally`; from
    /// `initial` when given instead of a fresh state.
    mutating func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, into tally: inout BudgetTally,
        from initial: ReviewState? = nil
    ) {
        guard !events.isEmpty else { return }
        let budget = simulated.budget
        let renamed = budget.renamed
        var (state, versions) = VersionTracker.start(events, person: person, symbols: symbols, from: initial)
        if let pinned = watch?.pinned { state.experiments[pinned.experiment] = pinned.exposure }
        for index in heldSince.indices {
            heldSince[index] = nil
            wasGranted[index] = false
            wasWanted[index] = false
            firstGrant[index] = nil
            // The person's arm, as the arbiter decides the policy (Semantics §13: exposure is the
            // policy's, before the budget).
            if hasArms {
                arm[index] = budget.prompts[index].policy?.experiment.map {
                    $0.assignment(of: state).arm.map { $0 + 1 } ?? 0
                }
            }
        }
        for event in events {
            if let version = versions.change(at: event) {
                Transition.update(
                    &state, to: version, at: event.time, versionKey: budget.versionKey, counting: budget.counting)
            }
            var moment: Moment
            var wanted: [String] = []
            switch event.kind {
            case .install, .update: continue
            case .launch:
                moment = Moment(time: event.localTime, event: Trigger.launchEvent, source: event.source ?? .launch)
            case .event:
                let name = symbols[event.name]
                moment = Moment(
                    time: event.localTime, event: name, source: event.source ?? Moment.defaultSource(event: name))
            case .trigger:
                moment = Moment(
                    time: event.localTime, trigger: symbols[event.name],
                    source: event.source ?? Moment.defaultSource(event: nil))
            case .want:
                moment = Moment(time: event.localTime, source: event.source ?? Moment.defaultSource(event: nil))
                wanted = [symbols[event.name]]
            case .response, .flag, .attribute:
                PersonReplay.set(event, symbols: symbols, in: &state)
                continue
            }
            moment.scene = text(event.scene)
            moment.channel = event.channel
            // A donation no policy reads has no candidate: recorded as its arbitration would be,
            // without one (most of a real timeline's lines).
            if skipsUnread, wanted.isEmpty, let donated = moment.event {
                let name = renamed.isEmpty ? donated : renamed.event(donated)
                if !budget.reads(name) {
                    moment.subject = .event(name)
                    Transition.applyUnread(moment, to: &state, budget: budget)
                    tally.moments += 1
                    continue
                }
            }
            if isLean {
                do {
                    try lean.arbitrate(budget, state: state, moment: moment, wanted: wanted.first)
                } catch {
                    tally.unknownMoments += 1
                    continue
                }
                tally.moments += 1
                if watch != nil { observe(moment, state: state, renamed: renamed) }
                count(wanted, lean.candidates, at: moment.now, into: &tally)
                Transition.apply(lean, of: moment, to: &state, budget: budget)
                continue
            }
            let arbitration: Arbitration
            do {
                arbitration = try Arbiter.arbitrate(
                    budget, state: state, moment: moment, wanted: wanted, promising: false)
            } catch {
                // A trigger no policy has, or a want of no external prompt: not a moment of this budget.
                tally.unknownMoments += 1
                continue
            }
            tally.moments += 1
            if watch != nil { observe(moment, state: state, renamed: renamed) }
            count(arbitration.wanted, arbitration.candidates, at: moment.now, into: &tally)
            Transition.apply(arbitration, to: &state, budget: budget)
        }
        tally.people += 1
        for index in heldSince.indices {
            if wasGranted[index] { counted(index, in: &tally) { $0.peopleGranted += 1 } }
            if heldSince[index] != nil { counted(index, in: &tally) { $0.lost += 1 } }
            if wasWanted[index] { counted(index, in: &tally) { $0.peopleWanting += 1 } }
        }
        let first = events[0].time
        let last = events[events.count - 1].time
        if tally.latest.map({ $0 < last }) ?? true { tally.latest = last }
        if let horizonDays {
            var seen = BudgetTally.FirstSeen(prompts: firstGrant.count)
            seen.people += 1
            for (index, granted) in firstGrant.enumerated() {
                if let granted, (granted - first).seconds < Int64(horizonDays) * 86_400 { seen.granted[index] += 1 }
            }
            tally.count(firstSeen: first, seen, start: start)
        }
    }

    /// Applies `change` to prompt `index`'s counts, and to those of the person's arm when its policy
    /// runs an experiment.
    @inline(__always)
    private func counted(_ index: Int, in tally: inout BudgetTally, _ change: (inout BudgetTally.Prompt) -> Void) {
        change(&tally.prompts[index])
        if hasArms, let arm = arm[index], tally.arms.indices.contains(index), tally.arms[index] != nil {
            change(&tally.arms[index]![arm])
        }
    }

    /// Counts each candidate of a moment: granted, or held back by the budget (and by which
    /// checks), with the wait of a grant that another prompt had delayed.
    private mutating func count<Candidates: Collection>(
        _ wanted: [String], _ candidates: Candidates, at now: Timestamp, into tally: inout BudgetTally
    ) where Candidates.Element: CountedCandidate {
        for name in wanted {
            guard let index = simulated.promptIndex[name] else { continue }
            counted(index, in: &tally) { $0.wanted += 1 }
            wasWanted[index] = true
        }
        for candidate in candidates {
            guard let index = candidate.index(in: simulated) else { continue }
            if candidate.isGranted {
                counted(index, in: &tally) {
                    $0.candidates += 1
                    $0.granted += 1
                }
                wasGranted[index] = true
                if firstGrant[index] == nil { firstGrant[index] = now }
                if let since = heldSince[index] {
                    let waited = (now - since).seconds
                    counted(index, in: &tally) {
                        $0.delayed += 1
                        $0.delaySeconds += waited
                        SimulationTally.count(day: Int(min(waited / 86_400, 36_500)), in: &$0.delayDays)
                    }
                    heldSince[index] = nil
                }
            } else if candidate.isBlockedByBudget {
                let failed = candidate.failedReasons
                counted(index, in: &tally) {
                    $0.candidates += 1
                    $0.heldBack += 1
                    var bits = failed
                    while bits != 0 {
                        $0.heldBackBy[bits.trailingZeroBitCount] += 1
                        bits &= bits - 1
                    }
                }
                // A delay is another prompt's doing: a prompt pacing itself alone (its own gap, a
                // limit only its own asks fill) is held back, not delayed.
                if heldSince[index] == nil, candidate.isHeldByAnother {
                    heldSince[index] = now
                }
            }
        }
    }

    /// Shows the watch `moment` (an event under its new name, as the policies read it) on `state`.
    private mutating func observe(_ moment: Moment, state: ReviewState, renamed: Renames) {
        var seen = moment
        if !renamed.isEmpty, let event = moment.event { seen.subject = .event(renamed.event(event)) }
        watch!.observe(state: state, moment: seen)
    }

    private func text(_ id: Symbols.ID) -> String? {
        id == TimelineEvent.none ? nil : symbols[id]
    }
}

/// A candidate of an arbitration, the arbiter's or a replay's, as a replay counts it.
protocol CountedCandidate {
    /// Its prompt's index in the budget, if the budget has it.
    func index(in budget: SimulatedBudget) -> Int?
    /// Whether it was granted.
    var isGranted: Bool { get }
    /// Whether the budget, not its policy, held it back.
    var isBlockedByBudget: Bool { get }
    /// The kinds of the budget's checks that failed, one bit each in ``BudgetTally/reasons`` order.
    var failedReasons: UInt8 { get }
    /// Whether a failed check was another prompt's doing.
    var isHeldByAnother: Bool { get }
}

extension Arbitration.Candidate: CountedCandidate {
    func index(in budget: SimulatedBudget) -> Int? { budget.promptIndex[prompt] }

    var failedReasons: UInt8 { failedChecks.reduce(0) { $0 | $1.reason } }

    var isHeldByAnother: Bool { failedChecks.contains { $0.holds(byAnotherThan: prompt) } }
}

extension ReplayArbitration.Candidate: CountedCandidate {
    func index(in budget: SimulatedBudget) -> Int? { prompt }
    var failedReasons: UInt8 { failed }
}
