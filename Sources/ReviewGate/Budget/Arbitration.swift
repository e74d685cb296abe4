/// What arbitrating a moment under a budget decided (Semantics §12): every candidate prompt with its
/// policy's decision and the budget's checks, and the one granted, if any.
public struct Arbitration: Sendable {
    /// The moment arbitrated.
    public package(set) var moment: Moment
    /// The prompts the app named as wanted (external prompts).
    public package(set) var wanted: [String]
    /// Every candidate, in the budget's file order: the prompts whose policy decided the moment
    /// and the wanted external prompts.
    public package(set) var candidates: [Candidate]

    /// The granted prompt's name: at most one a moment.
    public var granted: String? { candidates.first { $0.isGranted }?.prompt }

    /// The granted candidate.
    public var grantedCandidate: Candidate? { candidates.first { $0.isGranted } }

    /// The candidate for `prompt`, if it was one.
    public func candidate(_ prompt: String) -> Candidate? { candidates.first { $0.prompt == prompt } }
}

extension Arbitration {
    /// One prompt that could interrupt at a moment: decided by its policy (unless external), then by
    /// the budget.
    public struct Candidate: Sendable {
        /// The prompt's name.
        public package(set) var prompt: String
        /// Its priority, 1–100.
        public package(set) var priority: Int
        /// Its policy's decision; `nil` for an external prompt, which only the budget decides.
        public package(set) var decision: Decision?
        /// The budget's checks, made when the policy allowed (or for an external prompt); empty when
        /// the policy blocked.
        package var checks: [BudgetCheck]
        /// Whether this prompt may interrupt now.
        public package(set) var isGranted: Bool
        /// When blocked only by what waiting frees: a time at which it is allowed alone, the granted
        /// prompt shown now; `nil` otherwise (a live lease, a session or lifetime limit).
        public package(set) var nextEligibleAt: Timestamp?
        /// Where the prompt is written in the budget file.
        package var location: SourceLocation?

        /// Whether the budget (not the policy nor the build channel) blocked it.
        public var isBlockedByBudget: Bool { !isGranted && (decision?.isAllowed ?? true) && !isBlockedByChannel }

        /// Whether the build channel blocked this external prompt (its `channels`, Semantics §16.1).
        package var isBlockedByChannel: Bool {
            checks.contains { if case .channel = $0.kind { !$0.passed } else { false } }
        }

        /// What blocked, in order: the policy's ids (guards, responses, rollout, channel, trigger),
        /// `channel` for an external prompt, or `budget`.
        public var blockedBy: [String] {
            if isGranted { return [] }
            if let decision, !decision.isAllowed { return decision.blockedBy.map(\.id) }
            return isBlockedByChannel ? [Blocker.channel.id] : ["budget"]
        }

        /// The budget's failed checks.
        package var failedChecks: [BudgetCheck] { checks.filter { !$0.passed } }
    }
}

/// One check the budget made of a candidate.
package struct BudgetCheck: Sendable {
    /// What was checked.
    package enum Kind: Sendable {
        /// A limit, with how many prompts were shown in its span and the oldest of them that counts.
        case limit(BudgetLimit, shown: Int, oldest: Ask?)
        /// A gap that holds this prompt back, with the last prompt shown that starts it.
        case gap(BudgetGap, last: Ask?)
        /// No other prompt's lease may be live; the live one, if any.
        case lease(Lease?)
        /// Another candidate that passed has a higher priority (or the same, earlier in the file).
        case outranked(by: String, priority: Int)
        /// The external prompt's `channels` block it on this build channel (Semantics §16.1).
        case channel(Channel)
    }

    /// What was checked.
    package var kind: Kind
    /// Whether it passed.
    package var passed: Bool
    /// When a failure passes by waiting alone; `nil` when it does not (or passed).
    package var passesAt: Timestamp?
    /// Where the budget writes it.
    package var location: SourceLocation?

    /// Which prompts the asks a limit counted (or a gap started from) were of.
    package enum ShownBy: Sendable, Hashable {
        /// No ask.
        case none
        /// Asks of one prompt only.
        case one(String)
        /// Asks of several prompts.
        case several
    }

    /// Which prompts the asks this check counted were of: a limit's asks in its span, a gap's last ask.
    package var shownBy: ShownBy = .none

    /// Whether another prompt than `prompt` held it back by this check: one that outranked it, held
    /// the lease, or was shown within the gap or the limit's span; not when it paces itself alone.
    package func holds(byAnotherThan prompt: String) -> Bool {
        guard !passed else { return false }
        switch kind {
        case .outranked: return true
        case .channel: return false
        case .lease(let lease): return lease.map { $0.prompt != prompt } ?? false
        case .gap, .limit:
            switch shownBy {
            case .none: return false
            case .one(let shown): return shown != prompt
            case .several: return true
            }
        }
    }

    /// The check's kind as an id: `limit`, `gap`, `lease`, `outranked`.
    package var id: String {
        switch kind {
        case .limit: "limit"
        case .gap: "gap"
        case .lease: "lease"
        case .outranked: "outranked"
        case .channel: "channel"
        }
    }
}
