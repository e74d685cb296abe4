@_spi(ReviewGateTools) import ReviewGate

/// A budget under simulation (Semantics §12): the budget, and each of its prompts' policies alone,
/// which a run replays beside it on the same people for the report's "without the budget" figures.
public struct SimulatedBudget: Sendable {
    /// The budget.
    package let budget: Budget
    /// Where it was read from, for the report.
    package let path: String
    /// Each policy prompt's policy, alone, in the budget's prompt order.
    package let policies: [SimulatedPolicy]
    /// For each prompt (in the budget's order), the index of its policy in ``policies``; `nil`
    /// for an external prompt.
    package let policyIndex: [Int?]
    /// Each prompt's index, by name.
    package let promptIndex: [String: Int]
    /// Whether each moment is arbitrated the lean way (``ReplayArbitration``), as every budget that
    /// ``ReplayArbitration/isLean(_:)`` is; `false` arbitrates each through the arbiter itself, the
    /// reference the tests and the fuzzer hold the lean way to.
    package var arbitratesLean: Bool
    /// Whether a line no policy reads, with nothing wanted, is recorded without arbitrating it
    /// (``Transition/applyUnread(_:to:budget:)``); `false` arbitrates every line, the reference the
    /// tests and the fuzzer hold the replay to.
    package var skipsUnread = true
    /// Under `--vary`, the settings that make this variant; `nil` for the budget as written.
    package var variant: Variant?

    /// Prepares `budget`, read from `path`.
    public init(_ budget: Budget, path: String) {
        self.budget = budget
        self.path = path
        var policies: [SimulatedPolicy] = []
        var policyIndex: [Int?] = []
        for prompt in budget.prompts {
            guard let policy = prompt.policy else {
                policyIndex.append(nil)
                continue
            }
            policyIndex.append(policies.count)
            policies.append(SimulatedPolicy(policy, path: prompt.policyPath?.value ?? path))
        }
        self.policies = policies
        self.policyIndex = policyIndex
        promptIndex = Dictionary(
            budget.prompts.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        arbitratesLean = ReplayArbitration.isLean(budget)
    }
}

extension SimulatedBudget {
    /// For each prompt, the rows of its policy's experiment (the holdout and each arm); `nil` for a
    /// prompt whose policy runs none.
    package var armCounts: [Int?] {
        budget.prompts.map { prompt in prompt.policy?.experiment.map { $0.arms.count + 1 } }
    }

    /// The budget with every policy replayed as if its `app.version_key` were `key` (`--version-key`).
    package func replaying(versionKey key: VersionKey) -> SimulatedBudget {
        var budget = budget
        for index in budget.prompts.indices {
            budget.prompts[index].policy = budget.prompts[index].policy?.withVersionKey(key)
        }
        var replaying = SimulatedBudget(budget, path: path)
        replaying.arbitratesLean = replaying.arbitratesLean && arbitratesLean
        replaying.skipsUnread = skipsUnread
        replaying.variant = variant
        return replaying
    }
}
