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

    init(_ simulated: SimulatedBudget, symbols: Symbols) {
        self.simulated = simulated
        self.symbols = symbols
        let count = simulated.budget.prompts.count
        heldSince = Array(repeating: nil, count: count)
        wasGranted = Array(repeating: false, count: count)
        wasWanted = Array(repeating: false, count: count)
    }

    /// Replays `events` (one person's, in time order) and counts them into `tally`; from
    /// `initial` when given instead of a fresh state.
    mutating func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, into tally: inout BudgetTally,
        from initial: ReviewState? = nil
    ) {
        guard !events.isEmpty else { return }
        let budget = simulated.budget
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
            count(arbitration, into: &tally)
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
    private mutating func count(_ arbitration: Arbitration, into tally: inout BudgetTally) {
        let now = arbitration.moment.now
        for name in arbitration.wanted {
            guard let index = simulated.promptIndex[name] else { continue }
            tally.prompts[index].wanted += 1
            wasWanted[index] = true
        }
        for candidate in arbitration.candidates {
            guard let index = simulated.promptIndex[candidate.prompt] else { continue }
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
                var seen = Array(repeating: false, count: BudgetTally.reasons.count)
                for check in candidate.failedChecks {
                    guard let reason = BudgetTally.reasons.firstIndex(of: check.id), !seen[reason] else { continue }
                    seen[reason] = true
                    tally.prompts[index].heldBackBy[reason] += 1
                }
                // A delay is another prompt's doing: a prompt pacing itself alone (its own gap, a
                // limit only its own asks fill) is held back, not delayed.
                if heldSince[index] == nil,
                    candidate.failedChecks.contains(where: { $0.holds(byAnotherThan: candidate.prompt) })
                {
                    heldSince[index] = now
                }
            }
        }
    }

    private func text(_ id: Symbols.ID) -> String? {
        id == TimelineEvent.none ? nil : symbols[id]
    }
}
