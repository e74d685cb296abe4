/// Arbitration (Semantics §12): a pure function of the budget, its policies, the state, the moment and
/// the wanted external prompts. It reads no clock and changes nothing.
public enum Arbiter {
    /// A moment or a wanted prompt that the budget does not have.
    public struct UsageError: Error, Sendable, CustomStringConvertible {
        /// The message for the person.
        public var description: String

        /// An error with this message.
        package init(description: String) {
            self.description = description
        }
    }

    /// Decides which prompt, if any, may interrupt at `moment`: each policy prompt whose policy
    /// decides the moment (its triggers listen to the event, have the trigger id, or, for a
    /// moment with neither and no wanted prompts, all of them), and each external prompt in
    /// `wanted`. The budget checks every candidate its policy allows; of those that pass, the one
    /// of highest priority (then file order) is granted, and every other is blocked by `budget`.
    public static func arbitrate(
        _ budget: Budget, state: ReviewState, moment: Moment, wanted: [String] = []
    ) throws(UsageError) -> Arbitration {
        try arbitrate(budget, state: state, moment: moment, wanted: wanted, promising: true)
    }

    /// ``arbitrate(_:state:moment:wanted:)``; without `promising`, no loser's `next_eligible_at` is
    /// worked out (most of an arbitration's cost), as a replay that reports none needs. The prompts
    /// in `excluding` are no candidates (a prompter has no presenter for them), though their
    /// policies still count donations as the budget's do.
    package static func arbitrate(
        _ budget: Budget, state: ReviewState, moment: Moment, wanted: [String], promising: Bool,
        excluding: Set<String> = []
    ) throws(UsageError) -> Arbitration {
        for name in wanted {
            guard let prompt = budget.prompt(named: name) else {
                let names = budget.externalPrompts
                throw UsageError(
                    description:
                        "the budget has no prompt \"\(Quote.prefix(name))\"\(Suggestion.phrase(for: name, in: budget.prompts.map(\.name))) (its external prompts: \(names.isEmpty ? "none" : Suggestion.list(names)))"
                )
            }
            guard prompt.policy == nil else {
                throw UsageError(
                    description:
                        "\(name) is decided by its policy (\(prompt.policyPath?.value ?? "")), not wanted: name a moment (an event or a trigger) for it; --want names external prompts"
                )
            }
        }
        if let trigger = moment.trigger, !budget.policies.contains(where: { $0.trigger(id: trigger) != nil }) {
            throw UsageError(
                description:
                    "no policy of the budget has the trigger \"\(Quote.prefix(trigger))\"\(Suggestion.phrase(for: trigger, in: budget.policies.flatMap { $0.triggers.map(\.id) }))"
            )
        }
        // The policies of a budget share one `renamed` (Semantics §14.4): an old event's moment is the
        // new event's, and the state is read with old names as new ones.
        let renamed = budget.renamed
        let (state, moment) = renamed.isEmpty ? (state, moment) : (renamed.view(of: state), renamed.moment(moment))
        // Each wanted prompt once, in the order first named.
        var seen = Set<String>()
        let wantedInOrder = wanted.filter { seen.insert($0).inserted }
        let wanted = seen
        // Worked out when a candidate first needs the budget's checks: at most moments every
        // policy blocks the moment itself and nothing is wanted, and none does.
        var shownNow: Shown?
        func shown() -> Shown {
            if let shownNow { return shownNow }
            let made = Shown(state, budget, at: moment)
            shownNow = made
            return made
        }
        var candidates: [Arbitration.Candidate] = []
        for prompt in budget.prompts where !excluding.contains(prompt.name) {
            if let policy = prompt.policy {
                guard decides(policy, moment, wanted: wanted) else { continue }
                let decision: Decision
                do {
                    decision = try Evaluator.evaluate(policy, viewedState: state, moment: moment)
                } catch {
                    // Another policy has the trigger; this one does not decide the moment.
                    continue
                }
                candidates.append(
                    Arbitration.Candidate(
                        prompt: prompt.name, priority: prompt.priority.value, decision: decision,
                        checks: decision.isAllowed ? checks(prompt, budget, shown(), at: moment) : [],
                        isGranted: false,
                        location: prompt.location))
            } else if wanted.contains(prompt.name) {
                candidates.append(
                    Arbitration.Candidate(
                        prompt: prompt.name, priority: prompt.priority.value, decision: nil,
                        checks: checks(prompt, budget, shown(), at: moment), isGranted: false,
                        location: prompt.location))
            }
        }
        // Highest priority first, then file order: the first that passes is granted.
        let ranked = candidates.indices.sorted {
            candidates[$0].priority != candidates[$1].priority
                ? candidates[$0].priority > candidates[$1].priority : $0 < $1
        }
        let passing = ranked.filter {
            (candidates[$0].decision?.isAllowed ?? true) && candidates[$0].failedChecks.isEmpty
        }
        if let winner = passing.first {
            candidates[winner].isGranted = true
            for index in passing.dropFirst() {
                candidates[index].checks.append(
                    BudgetCheck(
                        kind: .outranked(by: candidates[winner].prompt, priority: candidates[winner].priority),
                        passed: false, passesAt: nil, location: candidates[winner].location))
            }
        }
        let granted = passing.first.map { candidates[$0].prompt }
        for index in candidates.indices where promising && !candidates[index].isGranted {
            if let decision = candidates[index].decision, !decision.isAllowed {
                candidates[index].nextEligibleAt = decision.nextEligibleAt
            } else if let prompt = budget.prompt(named: candidates[index].prompt) {
                candidates[index].nextEligibleAt = promisedTime(
                    for: prompt, budget, state, moment: moment, after: granted)
            }
        }
        return Arbitration(moment: moment, wanted: Array(wantedInOrder), candidates: candidates)
    }

    /// Whether `policy` decides `moment`: it has the moment's trigger, listens to its event, or,
    /// for a moment with neither, no prompt is wanted (then every policy decides, on every trigger).
    static func decides(_ policy: Policy, _ moment: Moment, wanted: Set<String>) -> Bool {
        if let trigger = moment.trigger { return policy.trigger(id: trigger) != nil }
        if let event = moment.event { return policy.listens(to: event) }
        return wanted.isEmpty
    }

    /// What the shown prompts come to at a moment, worked out once per arbitration rather than once
    /// per candidate: each limit's check and the last prompt shown. An ask dated after `now` (a
    /// clock set back) still happened.
    struct Shown {
        var last: Ask?
        /// The asks, to find the last of one prompt: a state keeps few, and a dictionary of them
        /// built at every moment cost more than the look-ups it saved.
        var asks: [Ask]
        var limits: [BudgetCheck] = []
        /// The lease live at the moment, if any: it holds every candidate back.
        var liveLease: Lease?

        init(_ state: ReviewState, _ budget: Budget, at moment: Moment) {
            asks = state.asks
            last = Arbiter.lastAsk(in: asks)
            let sessionStart = Arbiter.sessionStart(of: state, at: moment)
            limits = budget.limits.map { check($0, state, now: moment.now, sessionStart: sessionStart) }
            liveLease = state.leases.first { $0.isLive(at: moment.now) }
        }

        /// The last prompt shown that starts `gap`: the last of all, or the last of its `after`.
        func last(starting gap: BudgetGap) -> Ask? {
            // Not `after.map { … } ?? last`: a gap after a prompt never shown has no last ask.
            guard let after = gap.after else { return last }
            return Arbiter.lastAsk(of: after, in: asks)
        }
    }

    /// The last of `asks`: of two at one time, the later in the list.
    package static func lastAsk(in asks: [Ask]) -> Ask? {
        var found: Ask?
        for ask in asks where ask.at >= (found?.at ?? ask.at) { found = ask }
        return found
    }

    /// The last of `asks` of `prompt`: of two at one time, the later in the list.
    package static func lastAsk(of prompt: String, in asks: [Ask]) -> Ask? {
        var found: Ask?
        for ask in asks where ask.prompt == prompt && ask.at >= (found?.at ?? ask.at) { found = ask }
        return found
    }

    /// When the session a session limit counts from started: at a launch, now; otherwise the
    /// state's, or, unknown, the install.
    package static func sessionStart(of state: ReviewState, at moment: Moment) -> Timestamp {
        moment.donates(Trigger.launchEvent) ? moment.now : state.sessionStartedAt ?? state.installedAt
    }

    /// The budget's checks of `prompt` at `moment`, from what `shown` found: its limits and the gaps
    /// that hold it back (unless it ignores the budget), then a live lease of any prompt.
    static func checks(
        _ prompt: BudgetPrompt, _ budget: Budget, _ shown: Shown, at moment: Moment
    ) -> [BudgetCheck] {
        let now = moment.now
        var checks: [BudgetCheck] = []
        // An external prompt's channel (Semantics §16.1); a policy's prompt is its policy's to block.
        if channelBlocks(prompt, moment.channel) {
            checks.append(
                BudgetCheck(
                    kind: .channel(moment.channel), passed: false, passesAt: nil,
                    location: prompt.channels.action(for: moment.channel, systemQuota: false).location))
        }
        if !prompt.ignoresBudget.value {
            checks += shown.limits
            for gap in budget.gaps where gap.holds(prompt.name) {
                let last = shown.last(starting: gap)
                let passed = last.map { now - $0.at >= gap.min } ?? true
                var check = BudgetCheck(
                    kind: .gap(gap, last: last), passed: passed, passesAt: passed ? nil : last.map { $0.at + gap.min },
                    location: gap.location)
                if let last { check.shownBy = .one(last.prompt) }
                checks.append(check)
            }
        }
        checks.append(
            BudgetCheck(
                kind: .lease(shown.liveLease), passed: shown.liveLease == nil, passesAt: nil,
                location: budget.lease.location))
        return checks
    }

    /// Whether an external prompt's `channels` block it on `channel` (no OS quota applies to one,
    /// so every channel decides unless the budget says `block`).
    package static func channelBlocks(_ prompt: BudgetPrompt, _ channel: Channel) -> Bool {
        channel != .production && prompt.policy == nil
            && prompt.channels.action(for: channel, systemQuota: false).value == .block
    }

    /// One limit's check: fewer than `max` prompts shown in its span. A rolling window's failure
    /// passes when enough of the asks in it have left it; a session's or a lifetime's never does.
    fileprivate static func check(_ limit: BudgetLimit, _ state: ReviewState, now: Timestamp, sessionStart: Timestamp)
        -> BudgetCheck
    {
        func isInSpan(_ ask: Ask) -> Bool { limit.spans(ask, now: now, sessionStart: sessionStart) }
        // Counted in one pass, with no array of the asks in the span unless a rolling window's
        // failure needs them in order.
        var shown = 0
        var oldest: Ask?
        var first: Ask?
        var onePrompt = true
        for ask in state.asks where isInSpan(ask) {
            shown += 1
            // The first of the oldest, as `min` finds it.
            if oldest == nil || ask.at < oldest!.at { oldest = ask }
            if let first { onePrompt = onePrompt && ask.prompt == first.prompt } else { first = ask }
        }
        let passed = shown < limit.max
        var passesAt: Timestamp?
        if !passed, case .rolling(let span) = limit.per {
            // The (shown − max + 1)th oldest in the window must leave it.
            let sorted = state.asks.filter(isInSpan).sorted { $0.at < $1.at }
            passesAt = sorted[shown - limit.max].at + span
        }
        var check = BudgetCheck(
            kind: .limit(limit, shown: shown, oldest: oldest), passed: passed, passesAt: passesAt,
            location: limit.location)
        if let first { check.shownBy = onePrompt ? .one(first.prompt) : .several }
        return check
    }

    /// How many times ``promisedTime(for:_:_:moment:after:)`` looks again before it gives up.
    private static let promiseAttempts = 8

    /// `next_eligible_at` of a candidate the budget blocked (Semantics §12): the earliest time at which
    /// it is allowed when arbitrated alone, on the state with the granted prompt shown now; `nil`
    /// under a live lease, when waiting cannot free it (a session or lifetime limit), or when
    /// nothing but rank held it back (the granted prompt would win the same moment again). The
    /// state and moment are the arbiter's, already read through the budget's renames.
    static func promisedTime(
        for prompt: BudgetPrompt, _ budget: Budget, _ state: ReviewState, moment: Moment, after granted: String?
    ) -> Timestamp? {
        guard !state.leases.contains(where: { $0.isLive(at: moment.now) }) else { return nil }
        var state = state
        if let granted { Transition.appendAsk(at: moment.now, trigger: nil, prompt: granted, to: &state) }
        var later = moment
        for _ in 0..<promiseAttempts {
            let failed = checks(prompt, budget, Shown(state, budget, at: later), at: later).filter { !$0.passed }
            if !failed.isEmpty {
                guard failed.allSatisfy({ $0.passesAt != nil }), let time = failed.compactMap(\.passesAt).max(),
                    time > later.now
                else { return nil }
                later.now = time
                continue
            }
            if let policy = prompt.policy {
                guard let decision = try? Evaluator.evaluate(policy, viewedState: state, moment: later) else {
                    return nil
                }
                if !decision.isAllowed {
                    guard let time = decision.nextEligibleAt, time > later.now else { return nil }
                    later.now = time
                    continue
                }
            }
            return later.now > moment.now ? later.now : nil
        }
        return nil
    }
}

extension BudgetLimit {
    /// Whether `ask` counts in this limit's span at `now`: in the rolling window, in the session
    /// that started at `sessionStart`, or ever.
    package func spans(_ ask: Ask, now: Timestamp, sessionStart: Timestamp) -> Bool {
        switch per {
        case .rolling(let span): ask.at > now - span
        case .session: ask.at >= sessionStart
        case .lifetime: true
        }
    }
}
