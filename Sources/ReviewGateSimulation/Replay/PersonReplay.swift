@_spi(ReviewGateTools) import ReviewGate

/// Replays one person's timeline through a policy exactly as `reviewgate record` would, line by
/// line in time order, and counts what happened into a ``SimulationTally``.
///
/// The person's state starts at their first line: installed (first seen) then, running the first
/// `short` and `build` their lines give. A line whose version differs from the state's updates it
/// first, as `record --update` would; `install` lines mark the first sighting and change nothing.
struct PersonReplay {
    let simulated: SimulatedPolicy
    let symbols: Symbols
    /// Where each ask goes, when asks are kept.
    var asks: [AskRecord]?

    /// Whether each trigger's count passed at some moment, reused from person to person.
    private var reached: [Bool]
    /// Each moment's verdict, its storage reused from moment to moment.
    private var verdict = Verdict()
    /// Whether a trigger listens to each event name, by symbol: 0 not yet known, 1 no, 2 yes.
    private var listenedNames: [UInt8] = []
    /// Whether the policy has the trigger a name names, by symbol: 0 not yet known, 1 no, 2 yes.
    private var knownTriggers: [UInt8] = []
    /// Whether a trigger listens to launches.
    private let listensToLaunches: Bool
    /// The policy's own strings (its triggers' events, ids and scenes), by their text.
    private let policyStrings: [String: String]
    /// Each name's string, by symbol: the policy's own when it has the name, so that comparing it
    /// with the policy's finds the same storage at once rather than comparing bytes.
    private var names: [String?] = []

    /// The horizon in days (`--within-days`), when the report has one.
    var horizonDays: Int?
    /// For a readout, what watches each decided moment for the person's exposure and triggers.
    var watch: ExperimentWatch?
    /// Where observation starts, for the first-seen figures (Semantics §10 *What the
    /// input can tell*); a replay that knows of none counts everyone as observed from their first line.
    var start = ObservationStart.known(nil)

    init(_ simulated: SimulatedPolicy, symbols: Symbols, keepingAsks: Bool, horizonDays: Int? = nil) {
        self.simulated = simulated
        self.horizonDays = horizonDays
        self.symbols = symbols
        asks = keepingAsks ? [] : nil
        reached = Array(repeating: false, count: simulated.policy.triggers.count)
        listensToLaunches = simulated.policy.listens(to: Trigger.launchEvent)
        var strings: [String: String] = [Trigger.launchEvent: Trigger.launchEvent]
        for trigger in simulated.policy.triggers {
            for text in [trigger.event, trigger.id] + (trigger.scenes?.value ?? []) where strings[text] == nil {
                strings[text] = text
            }
        }
        policyStrings = strings
    }

    /// Replays `events` (one person's, in time order) and counts them into `tally`. `initial`,
    /// when given, is the state to start from instead of a fresh one (a scenario's `state`).
    mutating func replay(
        _ events: UnsafeBufferPointer<TimelineEvent>, person: String, into tally: inout SimulationTally,
        from initial: ReviewState? = nil
    ) {
        guard let first = events.first else { return }
        // A local copy, once per person: passed from `self`, which the replay also changes, the
        // policy would be copied for every call.
        let policy = simulated.policy
        let renames = policy.hasRenames ? policy.renamed : nil
        var (state, versions) = VersionTracker.start(events, person: person, symbols: symbols, from: initial)
        if let pinned = watch?.pinned { state.experiments[pinned.experiment] = pinned.exposure }
        // One moment, changed in place from line to line rather than built and destroyed each time.
        var moment = Moment(time: first.localTime)
        for index in reached.indices { reached[index] = false }
        var blockers: UInt32 = 0
        // The person's blocked moments by blocker (a bit of `blockers` each), added to the tally
        // once the person is replayed: lanes on the stack, not the tally's array, which each
        // moment's change would check for a second owner.
        var blockedMoments = SIMD32<Int>()
        // The blockers of the last moment whose count passed (or, a trigger listening, that the
        // kill switch blocked: a policy that is off checks no count).
        var lastReachedBlockers: UInt32?
        var firstAsk: Timestamp?
        // Under an experiment, whether the person is held out, until their exposure is found.
        let experiment = policy.experiment
        let assignment = experiment.map { $0.assignment(of: state) }
        let heldOut = assignment.map { $0.arm == nil } ?? false
        let armName = assignment.map { experiment!.armName($0.arm) }
        var exposed = experiment == nil || state.userID == nil
        // Under an experiment, whether the person was exposed (counted so), and asked at or after it.
        var counted = (exposed: false, asked: false)

        for event in events {
            if let version = versions.change(at: event) {
                Transition.update(&state, to: version, at: event.time, policy: policy)
            }
            switch event.kind {
            case .install, .update, .want: continue
            case .launch:
                if !listensToLaunches {
                    // No trigger listens: recorded as `applyUnheard` records it, with no moment built.
                    Transition.applyUnheardLaunch(at: event.localTime, to: &state, policy: policy)
                    tally.moments += 1
                    continue
                }
                moment.subject = .event(Trigger.launchEvent)
                moment.source = event.source ?? .launch
            case .event:
                // A line of an old event name is a moment of the new one (Semantics §14.4).
                let written = name(event.name)
                let name = renames?.event(written) ?? written
                if !listens(to: event),
                    Transition.applyUnheard(event: name, at: event.localTime, to: &state, policy: policy)
                {
                    tally.moments += 1
                    continue
                }
                moment.subject = .event(name)
                moment.source = event.source ?? Moment.defaultSource(event: moment.event)
            case .trigger:
                // Not decided, whatever the policy: a policy that is off would block it by
                // `enabled` before the evaluator looks at the trigger's id.
                guard knows(trigger: event.name, in: policy) else {
                    tally.unknownTriggerMoments += 1
                    continue
                }
                moment.subject = .trigger(name(event.name))
                moment.source = event.source ?? Moment.defaultSource(event: nil)
            case .response, .flag, .attribute:
                Self.set(event, symbols: symbols, in: &state)
                continue
            }
            moment.time = event.localTime
            moment.scene = event.scene == TimelineEvent.none ? nil : name(event.scene)
            moment.channel = event.channel
            let listened = listens(to: event)
            if Transition.applyUnheard(moment, to: &state, policy: policy, listened: listened) {
                // No trigger listens: it cannot ask, and what it records needs no decision.
                tally.moments += 1
                continue
            }
            do {
                try Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)
            } catch {
                tally.unknownTriggerMoments += 1
                continue
            }
            tally.moments += 1
            // A readout's watch finds the exposure itself, with every arm's decision at hand.
            if watch != nil {
                watch!.observe(state: state, moment: moment)
            } else if !exposed, let experiment,
                Evaluator.isExposure(experiment, heldOut: heldOut, state: state, moment: moment)
            {
                exposed = true
                counted.exposed = true
                tally.peopleExposed += 1
            }
            for index in verdict.countsPassed { reached[index] = true }
            if !verdict.isAllowed,
                !verdict.countsPassed.isEmpty || (listened && verdict.blockers & Self.enabledBit != 0)
            {
                lastReachedBlockers = verdict.blockers
            }
            if verdict.isAllowed {
                // Not `osQuota.map { … state … }`: a closure that captures the state makes the
                // compiler copy the whole state on every moment.
                var pastQuota = false
                if let quota = simulated.osQuota { pastQuota = isPast(quota, at: event.time, in: state) }
                tally.asks += 1
                if experiment != nil {
                    if !counted.exposed {
                        tally.asksBeforeExposure += 1
                    } else if !counted.asked {
                        counted.asked = true
                        tally.exposedPeopleAsked += 1
                    }
                }
                tally.asksByWeek[SimulationTally.week(of: event.time), default: 0] += 1
                if pastQuota { tally.asksPastOSQuota += 1 }
                let trigger = verdict.passingTrigger.map { policy.triggers[$0].id }
                if let index = verdict.passingTrigger { tally.asksByTrigger[index] += 1 }
                if firstAsk == nil { firstAsk = event.time }
                asks?.append(
                    AskRecord(
                        person: person, time: event.time, trigger: trigger, policy: policy.name,
                        digest: policy.digest, pastOSQuota: pastQuota, arm: armName,
                        variant: simulated.variant?.name))
            } else if !verdict.unheard && (policy.enabled.value || listened) {
                tally.blockedMoments += 1
                let blocked = verdict.blockers
                blockers |= blocked
                var bits = blocked
                while bits != 0 {
                    blockedMoments[bits.trailingZeroBitCount] += 1
                    bits &= bits - 1
                }
            }
            Transition.apply(verdict, of: moment, to: &state, policy: policy)
        }

        tally.people += 1
        if firstAsk != nil {
            tally.peopleAsked += 1
        } else if let lastReachedBlockers {
            // The first blocker in evaluation order (Blocker.allCases is that order); a blocked
            // moment always has one, `trigger` at the least.
            let first = lastReachedBlockers == 0 ? Blocker.trigger.index : lastReachedBlockers.trailingZeroBitCount
            tally.neverAsked[SimulationTally.NeverAsked.index(of: Blocker.allCases[first])] += 1
        } else {
            tally.neverAsked[SimulationTally.NeverAsked.neverReached] += 1
        }
        let last = events[events.count - 1].time
        if tally.latest.map({ $0 < last }) ?? true { tally.latest = last }
        if tally.earliest.map({ $0 > first.time }) ?? true { tally.earliest = first.time }
        tally.count(
            SimulationTally.FirstSeenPerson(
                first: first.time,
                firstAskDay: firstAsk.map { Int(min(max(0, ($0 - state.installedAt).seconds / 86_400), 36_500)) },
                askedWithin: horizonDays.map { days in
                    firstAsk.map { ($0 - first.time).seconds < Int64(days) * 86_400 } ?? false
                } ?? false),
            start: start, horizon: horizonDays != nil)
        var bits = blockers
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            tally.blockedBy[index].people += 1
            tally.blockedBy[index].moments += blockedMoments[index]
            bits &= bits - 1
        }
        for (index, wasReached) in reached.enumerated() where !wasReached { tally.neverReached[index] += 1 }
    }

    /// The kill switch's bit among a verdict's blockers.
    private static let enabledBit: UInt32 = 1 << UInt32(Blocker.enabled.index)

    /// Whether an ask at `now` comes when the OS has already shown its quota in the window.
    private func isPast(_ quota: AskLimit, at now: Timestamp, in state: ReviewState) -> Bool {
        var inWindow = 0
        for ask in state.asks {
            if let per = quota.per, ask.at <= now - per { continue }
            inWindow += 1
        }
        return inWindow >= quota.count
    }

    /// Whether a trigger of the policy listens to an event line's moment (`true` for a named
    /// trigger, which is no event), worked out once per name.
    private mutating func listens(to event: TimelineEvent) -> Bool {
        switch event.kind {
        case .launch: return listensToLaunches
        case .event:
            let index = Int(event.name)
            if index >= listenedNames.count {
                listenedNames.append(contentsOf: repeatElement(0, count: index + 1 - listenedNames.count))
            }
            if listenedNames[index] == 0 {
                let name = simulated.policy.renamed.event(symbols[event.name])
                listenedNames[index] = simulated.policy.listens(to: name) ? 2 : 1
            }
            return listenedNames[index] == 2
        default: return true
        }
    }

    /// Whether the policy has the trigger a `trigger` line names, worked out once per name.
    private mutating func knows(trigger name: Symbols.ID, in policy: Policy) -> Bool {
        let index = Int(name)
        if index >= knownTriggers.count {
            knownTriggers.append(contentsOf: repeatElement(0, count: index + 1 - knownTriggers.count))
        }
        if knownTriggers[index] == 0 { knownTriggers[index] = policy.triggerIndex(id: symbols[name]) == nil ? 1 : 2 }
        return knownTriggers[index] == 2
    }

    /// The name of symbol `id`: the policy's own string when the policy has the name.
    private mutating func name(_ id: Symbols.ID) -> String {
        let index = Int(id)
        if index >= names.count { names.append(contentsOf: repeatElement(nil, count: index + 1 - names.count)) }
        if let name = names[index] { return name }
        let text = symbols[id]
        let name = policyStrings[text] ?? text
        names[index] = name
        return name
    }

    /// Changes the state as a `response`, `flag` or `attribute` line says (a response is the
    /// review's), as `record --respond` and a scenario's `set` do.
    static func set(_ event: TimelineEvent, symbols: Symbols, in state: inout ReviewState) {
        switch event.kind {
        case .response: state = Transition.respond(state, ResponseKind.allCases[Int(event.value)], at: event.time)
        case .flag: state.flags[symbols[event.name]] = event.value == 1
        case .attribute: state.attributes[symbols[event.name]] = attribute(event, symbols: symbols)
        default: break
        }
    }

    /// An `attribute` line's value.
    private static func attribute(_ event: TimelineEvent, symbols: Symbols) -> AttributeValue {
        switch event.valueKind {
        case .bool: .bool(event.value == 1)
        case .number: Double(symbols[event.value]).map(AttributeValue.number) ?? .string(symbols[event.value])
        case .string, .none: .string(symbols[event.value])
        }
    }
}
