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
    /// Whether the budget's moments are arbitrated the lean way (``SimulatedBudget/arbitratesLean``),
    /// and the arbitration whose storage they reuse.
    private let isLean: Bool
    /// Whether a line no policy reads is recorded without arbitrating (``SimulatedBudget/skipsUnread``).
    private let skipsUnread: Bool
    private var lean = ReplayArbitration()

    init(_ simulated: SimulatedBudget, symbols: Symbols) {
        self.simulated = simulated
        self.symbols = symbols
        let count = simulated.budget.prompts.count
        heldSince = Array(repeating: nil, count: count)
        wasGranted = Array(repeating: false, count: count)
        wasWanted = Array(repeating: false, count: count)
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
        for index in heldSince.indices {
            heldSince[index] = nil
            wasGranted[index] = false
            wasWanted[index] = false
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
                moment = Moment(now: event.time, event: Trigger.launchEvent, source: event.source ?? .launch)
            case .event:
                let name = symbols[event.name]
                moment = Moment(now: event.time, event: name, source: event.source ?? Moment.defaultSource(event: name))
            case .trigger:
                moment = Moment(
                    now: event.time, trigger: symbols[event.name],
                    source: event.source ?? Moment.defaultSource(event: nil))
            case .want:
                moment = Moment(now: event.time, source: event.source ?? Moment.defaultSource(event: nil))
                wanted = [symbols[event.name]]
            case .response, .flag, .attribute:
                PersonReplay.set(event, symbols: symbols, in: &state)
                continue
            }
            moment.utcOffsetSeconds = event.utcOffsetSeconds
            moment.scene = text(event.scene)
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
            count(arbitration.wanted, arbitration.candidates, at: moment.now, into: &tally)
            Transition.apply(arbitration, to: &state, budget: budget)
        }
        tally.people += 1
        for index in heldSince.indices {
            if wasGranted[index] { tally.prompts[index].peopleGranted += 1 }
            if heldSince[index] != nil { tally.prompts[index].lost += 1 }
            if wasWanted[index] { tally.prompts[index].peopleWanting += 1 }
        }
    }

    /// Counts each candidate of a moment: granted, or held back by the budget (and by which
    /// checks), with the wait of a grant that another prompt had delayed.
    private mutating func count<Candidates: Collection>(
        _ wanted: [String], _ candidates: Candidates, at now: Timestamp, into tally: inout BudgetTally
    ) where Candidates.Element: CountedCandidate {
        for name in wanted {
            guard let index = simulated.promptIndex[name] else { continue }
            tally.prompts[index].wanted += 1
            wasWanted[index] = true
        }
        for candidate in candidates {
            guard let index = candidate.index(in: simulated) else { continue }
            if candidate.isGranted {
                tally.prompts[index].candidates += 1
                tally.prompts[index].granted += 1
                wasGranted[index] = true
                if let since = heldSince[index] {
                    let waited = (now - since).seconds
                    tally.prompts[index].delayed += 1
                    tally.prompts[index].delaySeconds += waited
                    SimulationTally.count(
                        day: Int(min(waited / 86_400, 36_500)), in: &tally.prompts[index].delayDays)
                    heldSince[index] = nil
                }
            } else if candidate.isBlockedByBudget {
                tally.prompts[index].candidates += 1
                tally.prompts[index].heldBack += 1
                var failed = candidate.failedReasons
                while failed != 0 {
                    tally.prompts[index].heldBackBy[failed.trailingZeroBitCount] += 1
                    failed &= failed - 1
                }
                // A delay is another prompt's doing: a prompt pacing itself alone (its own gap, a
                // limit only its own asks fill) is held back, not delayed.
                if heldSince[index] == nil, candidate.isHeldByAnother {
                    heldSince[index] = now
                }
            }
        }
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
