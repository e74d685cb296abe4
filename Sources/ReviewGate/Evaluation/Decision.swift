/// The result of evaluating a moment: allow or block, and everything that led there.
public struct Decision: Sendable {
    /// Allow or block.
    public enum Outcome: String, Sendable {
        /// The app may ask now.
        case allow
        /// It may not.
        case block
    }

    /// Allow or block.
    public package(set) var outcome: Outcome
    /// The moment decided.
    public package(set) var moment: Moment
    /// The trigger that allowed it: the first, in file order, that passed.
    public package(set) var trigger: String?
    /// The prompt decided: the policy's `prompt`, `review` unless set (Semantics §12).
    public package(set) var prompt: String = Ask.review
    /// The first candidate trigger, in file order, that passed its own checks, whether or not the
    /// guards then allowed the moment. When there is one, the other triggers' failures block nothing.
    package var passingTrigger: String?
    /// Every check made, in evaluation order: guards, responses, rollout, then triggers.
    @_spi(ReviewGateTools) public var checks: [Check]
    /// When blocked only by things that pass by waiting: the earliest time all of them pass.
    public package(set) var nextEligibleAt: Timestamp?
    /// The person's arm of the policy's experiment, and whether this is their exposure (Semantics §13);
    /// `nil` for a policy without one.
    public package(set) var experiment: ExperimentDecision?
    /// Under an experiment, how the arm presents an allowed ask (an arm may override it); `nil`
    /// for a policy without one. See ``presentation(under:)``.
    package var armPresentation: Presentation?
    /// The prompt's old names (`renamed.prompts`, Semantics §14.4), whose counters since an ask its
    /// ask sets to 0 with its own.
    package var oldPromptNames: [String] = []

    /// How an allowed ask is presented: the arm's presentation under an experiment, else `policy`'s.
    package func presentation(under policy: Policy) -> Presentation {
        armPresentation ?? policy.presentation
    }
    /// When every blocking check passes by waiting but no time was promised: the check that passes
    /// now and fails once the others pass (donations leaving a `within` window, an `at_most` age),
    /// as decided at that later time. `--explain` names it.
    package var brokenByWaiting: WaitBreak?

    /// A check that waiting breaks, and the time at which it was found failing.
    package struct WaitBreak: Sendable {
        /// The check as made at ``at``.
        package var check: Check
        /// When the others pass, and it fails.
        package var at: Timestamp
    }

    /// Whether the app may ask.
    public var isAllowed: Bool { outcome == .allow }

    /// Whether a check is one of the reasons for a block: it failed, and it is not a trigger's
    /// check while another trigger passed.
    package func isBlocking(_ check: Check) -> Bool {
        !check.passed && !(check.id.blocker == .trigger && passingTrigger != nil)
    }

    /// What blocked, in evaluation order, each once (``Blocker/trigger`` for any trigger part).
    package var blockedBy: [Blocker] {
        var blockers: [Blocker] = []
        for check in checks where isBlocking(check) && !blockers.contains(check.id.blocker) {
            blockers.append(check.id.blocker)
        }
        return blockers
    }

    /// Counts that waiting cannot fix: how many more donations of which event would pass, or
    /// that a count can never pass again. Empty when allowed; trigger counts only when no trigger passed.
    package var needs: [Need] {
        guard outcome == .block else { return [] }
        var needs: [Need] = []
        for check in checks where isBlocking(check) {
            switch (check.id, check.observed, check.required) {
            case (.trigger(.count), .donations(let count), .count(let rule, let event, _, let since)):
                // An `exactly` since the last ask passes again after the prompt's next ask (Semantics §14.1).
                let more = rule.more(after: count)
                needs.append(
                    Need(event: event, more: more, trigger: check.trigger, afterNextAsk: more == nil && since != nil))
            case (.guard(.minLaunches), .launches(let count), .minimumCount(let minimum)):
                needs.append(Need(event: Trigger.launchEvent, more: minimum - count, trigger: nil))
            case (.guard(.activeDays), .daysOfUse(let count), .activeDays(let rule)):
                // Days of use: only launches on more dates pass it (Semantics §14.2).
                var need = Need(event: Trigger.launchEvent, more: rule.count - count, trigger: nil)
                need.activeDaysWithin = rule.withinDays
                needs.append(need)
            default: continue
            }
        }
        return needs
    }
}

/// A count that waiting cannot fix.
package struct Need: Sendable, Hashable {
    /// The event to donate.
    package var event: String
    /// How many more donations would pass; `nil` when the count is past an `exactly` and can never pass again.
    package var more: Int?
    /// The trigger whose count this is (`nil` for `min_launches`).
    public var trigger: String?
    /// For days of use (Semantics §14.2): the window in days, `more` being the days of use it lacks.
    package var activeDaysWithin: Int?
    /// For a count since the last ask that is past its `exactly`: it passes again only after the
    /// prompt's next ask (Semantics §14.1), where `more` is `nil`.
    package var afterNextAsk: Bool

    /// Creates a need.
    package init(event: String, more: Int?, trigger: String?, afterNextAsk: Bool = false) {
        self.event = event
        self.more = more
        self.trigger = trigger
        self.afterNextAsk = afterNextAsk
    }
}
