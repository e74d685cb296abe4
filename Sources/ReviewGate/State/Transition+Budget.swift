extension Transition {
    /// The state after a moment arbitrated under a budget (Semantics §12), its granted prompt shown at
    /// once (the command line and scenario steps have no presenter: an app's prompter records a
    /// granted prompt only once shown).
    ///
    /// - The donation is counted once for all the budget's policies, which share one state's
    ///   counts and keep times for the largest `within` of them all.
    /// - With `counting.while_blocked: false` it is not counted when no policy of the budget would
    ///   count it: each one's decision was blocked by a guard, `enabled`, `responses`, `rollout` or
    ///   the budget (which counts as a guard). A launch always counts.
    /// - The granted prompt's ask is appended, with its prompt and its policy's trigger.
    ///
    /// Returns why the donation was not counted, or `nil` when it was (or when nothing was donated).
    @discardableResult
    package static func apply(
        _ arbitration: Arbitration, to state: inout ReviewState, budget: Budget, appendingAsk: Bool = true
    ) -> Recording.Uncounted? {
        let moment = arbitration.moment
        var uncounted: Recording.Uncounted?
        if let event = moment.event {
            if state.isFull(for: moment) {
                uncounted = .atLimit
            } else if event != Trigger.launchEvent, !budget.counting.whileBlocked,
                !anyPolicyCounts(arbitration, state: state, budget: budget)
            {
                uncounted = .blockedByGuard
            }
        }
        donate(moment, counting: uncounted == nil, to: &state, keeping: budget.historyKept)
        // Exposure is decided on each policy's arms, before the budget (Semantics §13).
        for candidate in arbitration.candidates {
            guard let experiment = candidate.decision?.experiment, experiment.isExposure else { continue }
            state.experiments[experiment.name] = ExperimentExposure(
                arm: experiment.arm, version: experiment.version, exposedAt: moment.now)
        }
        if appendingAsk, let granted = arbitration.grantedCandidate {
            appendAsk(
                at: moment.now, trigger: granted.decision?.trigger, prompt: granted.prompt, to: &state,
                oldNames: budget.renamed.oldNames(ofPrompt: granted.prompt))
        }
        return uncounted
    }

    /// The state after a donation that no policy of the budget reads (``Budget/reads(_:)``, the
    /// event by its name after the budget's renames) at a moment where no prompt is wanted: what
    /// ``apply(_:to:budget:appendingAsk:)`` does with its arbitration, which has no candidate. The
    /// donation counts, unless its count is full, and nothing is asked. A replay records most lines so.
    package static func applyUnread(_ moment: Moment, to state: inout ReviewState, budget: Budget) {
        donate(moment, counting: !state.isFull(for: moment), to: &state, keeping: budget.historyKept)
    }

    /// Whether some policy of the budget would count the moment's donation under
    /// `counting.while_blocked: false`: neither a guard nor the budget blocked it. Only the policies
    /// that read the event (their triggers or conditions) have a say; one that was no candidate (a
    /// condition counts the event, no trigger listens) is decided for this. A donation that no
    /// policy reads counts, as a policy's own does when only its trigger checks block it.
    private static func anyPolicyCounts(_ arbitration: Arbitration, state: ReviewState, budget: Budget) -> Bool {
        guard let event = arbitration.moment.event else { return true }
        var read = false
        for prompt in budget.prompts {
            guard let policy = prompt.policy, policy.readEvents.contains(event) else { continue }
            read = true
            if let candidate = arbitration.candidate(prompt.name), let decision = candidate.decision {
                if !blockedByGuard(decision) && !candidate.isBlockedByBudget { return true }
            } else if let decision = try? Evaluator.decide(policy, state: state, moment: arbitration.moment),
                !blockedByGuard(decision)
            {
                return true
            }
        }
        return !read
    }
}
