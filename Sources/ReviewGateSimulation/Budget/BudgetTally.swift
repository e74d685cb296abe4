@_spi(ReviewGateTools) import ReviewGate

/// What a replay under a budget counted (Semantics §12), per prompt in the budget's order: as sums that
/// add up across partitions of people, like ``SimulationTally``.
package struct BudgetTally: Sendable, Hashable {
    /// Why the budget held a prompt back, in the order of ``Prompt/heldBackBy``: the ids of the
    /// budget's checks. A replay holds no lease, so `lease` stays 0 there.
    package static let reasons = ReplayArbitration.reasons

    /// One prompt's counts.
    package struct Prompt: Sendable, Hashable {
        /// Moments its policy allowed (or, for an external prompt, that wanted it): its candidacies.
        package var candidates = 0
        /// Moments it was granted, and shown (a replay shows every granted prompt at once).
        package var granted = 0
        /// People it was granted to at least once.
        package var peopleGranted = 0
        /// Candidacies the budget blocked.
        package var heldBack = 0
        /// Of those, by each failed check, in ``BudgetTally/reasons`` order (a moment may fail several).
        package var heldBackBy = Array(repeating: 0, count: BudgetTally.reasons.count)
        /// Grants that came after another prompt had held the prompt back (since its last grant):
        /// outranked it, or was shown within a gap or a limit's span that held it.
        package var delayed = 0
        /// Those grants by whole days waited, from the first moment another prompt held it back.
        package var delayDays: [Int] = []
        /// The seconds those grants waited, in all.
        package var delaySeconds: Int64 = 0
        /// People for whom another prompt held the prompt back, with no grant after (the ask was lost).
        package var lost = 0
        /// For an external prompt: moments that wanted it, and people who did (without the budget,
        /// each would have shown it).
        package var wanted = 0
        /// People who wanted an external prompt at least once.
        package var peopleWanting = 0

        /// The mean days a delayed grant waited; `nil` when none was delayed.
        package var meanDelayDays: Double? {
            delayed == 0 ? nil : Double(delaySeconds) / 86_400 / Double(delayed)
        }

        mutating func add(_ other: Prompt) {
            candidates += other.candidates
            granted += other.granted
            peopleGranted += other.peopleGranted
            heldBack += other.heldBack
            for index in heldBackBy.indices { heldBackBy[index] += other.heldBackBy[index] }
            delayed += other.delayed
            SimulationTally.add(other.delayDays, to: &delayDays)
            delaySeconds += other.delaySeconds
            lost += other.lost
            wanted += other.wanted
            peopleWanting += other.peopleWanting
        }
    }

    /// People replayed.
    package var people = 0
    /// Moments arbitrated (launches, events, triggers, wants).
    package var moments = 0
    /// `trigger` lines naming a trigger no policy of the budget has, and `want` lines naming no
    /// external prompt of it: not arbitrated.
    package var unknownMoments = 0
    /// Each prompt's counts, in the budget's order.
    package var prompts: [Prompt]

    /// An empty tally for a budget of `prompts` prompts.
    package init(prompts: Int) {
        self.prompts = Array(repeating: Prompt(), count: prompts)
    }

    /// Adds another part's counts (of the same budget).
    package mutating func add(_ other: BudgetTally) {
        people += other.people
        moments += other.moments
        unknownMoments += other.unknownMoments
        for index in prompts.indices where index < other.prompts.count { prompts[index].add(other.prompts[index]) }
    }
}
