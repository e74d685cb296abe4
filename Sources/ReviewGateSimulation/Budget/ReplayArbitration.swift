import ReviewGate

/// A replay's arbitration: what ``Arbiter/arbitrate(_:state:moment:wanted:)`` grants and the
/// budget's checks it makes, with each policy decided into a ``Verdict`` rather than an explained
/// ``Decision``, and no `next_eligible_at`. `simulate --budget` arbitrates a timeline's every moment
/// so; its tests hold it equal to the arbiter, moment by moment.
///
/// It serves budgets whose policies rename nothing, run no experiment and count while blocked
/// (``isLean(_:)``): the arbiter's and `Transition`'s handling of those is not repeated here.
package struct ReplayArbitration {
    /// One candidate prompt, in the budget's file order.
    package struct Candidate {
        /// The prompt's index in ``Budget/prompts``.
        package var prompt: Int
        /// Whether its policy allowed the moment; `true` for a wanted external prompt.
        package var isAllowed: Bool
        /// Its policy's passing trigger, by index in the policy, when allowed.
        package var passingTrigger: Int?
        /// The kinds of the budget's checks that failed, one bit each in ``reasons`` order (as
        /// ``Arbitration/Candidate/failedChecks``' ids); none when its policy blocked.
        package var failed: UInt8 = 0
        /// Whether a failed check was another prompt's doing (``BudgetCheck/holds(byAnotherThan:)``).
        package var isHeldByAnother = false
        /// Whether it was granted.
        package var isGranted = false

        /// Whether the budget, not the policy nor the build channel, held it back.
        package var isBlockedByBudget: Bool { !isGranted && isAllowed && failed & ReplayArbitration.channel == 0 }
    }

    /// The kinds of the budget's checks (``BudgetCheck/id``), in the order of ``Candidate/failed``'s
    /// bits; `channel` last, an external prompt's build channel (Semantics §16.1), which is no budget's.
    package static let reasons = ["outranked", "gap", "limit", "lease", "channel"]
    private static let outranked = reasonBit("outranked")
    private static let gap = reasonBit("gap")
    private static let limit = reasonBit("limit")
    private static let lease = reasonBit("lease")
    private static let channel = reasonBit("channel")

    /// The bit of ``Candidate/failed`` for a kind of check (its ``BudgetCheck/id``).
    static func reasonBit(_ id: String) -> UInt8 { 1 << UInt8(reasons.firstIndex(of: id)!) }

    /// The candidates.
    package var candidates: [Candidate] = []
    /// The granted candidate's index in ``candidates``.
    package var granted: Int?

    /// Each policy's verdict, its storage reused from moment to moment.
    private var verdict = Verdict()

    /// An arbitration whose storage the next moments reuse.
    package init() {}

    /// Whether a budget's moments can be arbitrated so: none of its policies renames, runs an
    /// experiment or counts only while unblocked (`counting.while_blocked: false`).
    package static func isLean(_ budget: Budget) -> Bool {
        budget.renamed.isEmpty && budget.counting.whileBlocked && budget.policies.allSatisfy { $0.experiment == nil }
    }

    /// Arbitrates `moment` under `budget` (which ``isLean(_:)``) as the arbiter does, keeping what a
    /// replay counts; throws as the arbiter does for a want or a trigger the budget does not have.
    package mutating func arbitrate(
        _ budget: Budget, state: ReviewState, moment: Moment, wanted: String?
    ) throws(Arbiter.UsageError) {
        candidates.removeAll(keepingCapacity: true)
        granted = nil
        if let wanted {
            guard let prompt = budget.prompt(named: wanted), prompt.policy == nil else {
                // The arbiter's refusal, with its message.
                _ = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: [wanted], promising: false)
                return
            }
        }
        if let trigger = moment.trigger, !budget.policies.contains(where: { $0.trigger(id: trigger) != nil }) {
            _ = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: [], promising: false)
            return
        }
        var shown: Shown?
        for (index, prompt) in budget.prompts.enumerated() {
            if let policy = prompt.policy {
                // As `Arbiter.decides`, without a set of the wanted prompts at every moment.
                let decides =
                    if let trigger = moment.trigger {
                        policy.trigger(id: trigger) != nil
                    } else if let event = moment.event {
                        policy.listens(to: event)
                    } else {
                        wanted == nil
                    }
                guard decides else { continue }
                do {
                    try Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)
                } catch {
                    // Another policy has the trigger; this one does not decide the moment.
                    continue
                }
                var candidate = Candidate(
                    prompt: index, isAllowed: verdict.isAllowed, passingTrigger: verdict.passingTrigger)
                if verdict.isAllowed {
                    if shown == nil { shown = Shown(state, budget, at: moment) }
                    shown!.check(prompt, budget, at: moment.now, into: &candidate)
                }
                candidates.append(candidate)
            } else if prompt.name == wanted {
                if shown == nil { shown = Shown(state, budget, at: moment) }
                var candidate = Candidate(prompt: index, isAllowed: true, passingTrigger: nil)
                shown!.check(prompt, budget, at: moment.now, into: &candidate)
                if Arbiter.channelBlocks(prompt, moment.channel) { candidate.failed |= Self.channel }
                candidates.append(candidate)
            }
        }
        // Highest priority first, then file order: the first that passes is granted, and every
        // other that passed is outranked by it.
        var winner: Int?
        for index in candidates.indices where candidates[index].isAllowed && candidates[index].failed == 0 {
            guard let best = winner else {
                winner = index
                continue
            }
            if priority(index, budget) > priority(best, budget) { winner = index }
        }
        guard let winner else { return }
        candidates[winner].isGranted = true
        granted = winner
        for index in candidates.indices
        where index != winner && candidates[index].isAllowed && candidates[index].failed == 0 {
            candidates[index].failed = Self.outranked
            candidates[index].isHeldByAnother = true
        }
    }

    /// The budget's checks at one moment, as `Arbiter.Shown` and `Arbiter.checks` make them, kept
    /// as what failed and whether another prompt's asks did it rather than as ``BudgetCheck`` values.
    private struct Shown {
        /// The asks.
        let asks: [Ask]
        /// The last ask of all.
        var last: Ask?
        /// Each limit: whether it passed, and the prompts of the asks in its span.
        var limits: [(passed: Bool, shownBy: BudgetCheck.ShownBy)] = []
        /// The lease live at the moment, if any.
        var liveLease: Lease?

        init(_ state: ReviewState, _ budget: Budget, at moment: Moment) {
            asks = state.asks
            last = Arbiter.lastAsk(in: asks)
            let now = moment.now
            let sessionStart = Arbiter.sessionStart(of: state, at: moment)
            for limit in budget.limits {
                var shown = 0
                var shownBy = BudgetCheck.ShownBy.none
                for ask in asks where limit.spans(ask, now: now, sessionStart: sessionStart) {
                    shown += 1
                    switch shownBy {
                    case .none: shownBy = .one(ask.prompt)
                    case .one(let prompt) where prompt != ask.prompt: shownBy = .several
                    default: break
                    }
                }
                limits.append((shown < limit.max, shownBy))
            }
            liveLease = state.leases.first { $0.isLive(at: now) }
        }

        /// Checks `prompt` as `Arbiter.checks` does, into `candidate`'s failures.
        func check(_ prompt: BudgetPrompt, _ budget: Budget, at now: Timestamp, into candidate: inout Candidate) {
            func failed(_ reason: UInt8, by shownBy: BudgetCheck.ShownBy) {
                candidate.failed |= reason
                switch shownBy {
                case .none: break
                case .one(let shown): if shown != prompt.name { candidate.isHeldByAnother = true }
                case .several: candidate.isHeldByAnother = true
                }
            }
            if !prompt.ignoresBudget.value {
                for limit in limits where !limit.passed { failed(ReplayArbitration.limit, by: limit.shownBy) }
                for gap in budget.gaps where gap.holds(prompt.name) {
                    let last = gap.after == nil ? self.last : Arbiter.lastAsk(of: gap.after!, in: asks)
                    if let last, now - last.at < gap.min { failed(ReplayArbitration.gap, by: .one(last.prompt)) }
                }
            }
            if let liveLease {
                candidate.failed |= ReplayArbitration.lease
                if liveLease.prompt != prompt.name { candidate.isHeldByAnother = true }
            }
        }
    }

    /// Whether this arbitration decided as the arbiter's `arbitration` of the same moment: the same
    /// candidates, each allowed or not by its policy, granted or not, with the same kinds of
    /// failed budget checks and the same doer. The tests and the fuzzer hold the lean way to it.
    package func agrees(with arbitration: Arbitration, budget: Budget) -> Bool {
        guard candidates.count == arbitration.candidates.count else { return false }
        for (lean, plain) in zip(candidates, arbitration.candidates) {
            let prompt = budget.prompts[lean.prompt]
            let failed = plain.failedChecks.reduce(0) { $0 | $1.reason }
            let trigger = lean.passingTrigger.map { prompt.policy!.triggers[$0].id }
            guard prompt.name == plain.prompt, lean.isAllowed == (plain.decision?.isAllowed ?? true),
                lean.isGranted == plain.isGranted, lean.failed == failed,
                lean.isHeldByAnother == plain.failedChecks.contains(where: { $0.holds(byAnotherThan: plain.prompt) }),
                !lean.isAllowed || plain.decision == nil || trigger == plain.decision?.trigger
            else { return false }
        }
        return true
    }

    private func priority(_ candidate: Int, _ budget: Budget) -> Int {
        budget.prompts[candidates[candidate].prompt].priority.value
    }
}

extension Transition {
    /// The state after `arbitration` of `moment` under `budget`, as
    /// ``apply(_:to:budget:appendingAsk:)`` records the arbiter's: the donation counted unless its
    /// count is full, and the granted prompt's ask appended.
    package static func apply(
        _ arbitration: ReplayArbitration, of moment: Moment, to state: inout ReviewState, budget: Budget
    ) {
        donate(moment, counting: !state.isFull(for: moment), to: &state, keeping: budget.historyKept)
        guard let granted = arbitration.granted else { return }
        let candidate = arbitration.candidates[granted]
        let prompt = budget.prompts[candidate.prompt]
        appendAsk(
            at: moment.now, trigger: candidate.passingTrigger.map { prompt.policy!.triggers[$0].id },
            prompt: prompt.name, to: &state)
    }
}

extension BudgetCheck {
    /// This check's kind as a bit of ``ReplayArbitration/Candidate/failed``.
    package var reason: UInt8 { ReplayArbitration.reasonBit(id) }
}
