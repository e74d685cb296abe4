/// Loads a budget file with its `extends` chain and the policy of each of its prompts, and checks
/// what holds across them (Semantics §12): each policy decides the prompt that names it, the policies
/// share one state's counts, and the lease outlasts every presentation delay. The core holds what
/// a compiled budget's reader needs (``Result``, ``acrossPolicies(_:)``); loading files is
/// `ReviewGateAuthoring`'s.
@_spi(ReviewGateTools) public struct BudgetLoader: Sendable {
    /// How the budget's files and its policies are read, and their digests worked out.
    @_spi(ReviewGateTools) public var policies: PolicyLoader

    /// Creates a loader that reads files as `policies` does.
    @_spi(ReviewGateTools) public init(policies: PolicyLoader) {
        self.policies = policies
    }

    /// A validated budget with its policies, and the warnings a reviewer would raise about it.
    @_spi(ReviewGateTools) public struct Result: Sendable {
        /// The budget, its prompts' policies loaded.
        @_spi(ReviewGateTools) public var budget: Budget
        /// Warnings about the budget and about each of its policies.
        @_spi(ReviewGateTools) public var warnings: [Diagnostic]
        /// The budget's document, its `extends` merged.
        @_spi(ReviewGateTools) public var document: DocumentNode
        /// Each policy's loaded result, by prompt name, in the budget's order.
        @_spi(ReviewGateTools) public var policyResults: [(prompt: String, result: PolicyLoader.Result)]

        /// A loaded budget, its warnings, its document and its policies' results.
        package init(
            budget: Budget, warnings: [Diagnostic], document: DocumentNode,
            policyResults: [(prompt: String, result: PolicyLoader.Result)]
        ) {
            self.budget = budget
            self.warnings = warnings
            self.document = document
            self.policyResults = policyResults
        }
    }

    /// Whether a document is a budget (it has `reviewgate_budget`) or a compiled one, rather than
    /// a policy.
    @_spi(ReviewGateTools) public static func isBudget(_ root: DocumentNode) -> Bool {
        BudgetDecoder.isBudget(root) || CompiledBudget.isCompiled(root)
    }

    /// What must hold across the budget's policies: each decides its own prompt, they count alike
    /// and by one version key (they share one state), and the lease outlasts each one's delay.
    package static func acrossPolicies(_ budget: Budget) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        var first: (prompt: BudgetPrompt, policy: Policy)?
        for prompt in budget.prompts {
            guard let policy = prompt.policy, let path = prompt.policyPath else { continue }
            if policy.prompt != prompt.name {
                let written = policy.promptLocation == nil ? " (no prompt: key, so review)" : ""
                errors.append(
                    .error(
                        "prompt \(prompt.name)'s policy \(Quote.prefix(path.value)) decides the prompt \"\(policy.prompt)\"\(written): write prompt: \(prompt.name) in the policy, or name the entry \(policy.prompt)",
                        at: path.location))
            }
            if !budget.ownRenames.isEmpty, policy.renamed.prompts != budget.ownRenames.prompts {
                errors.append(
                    .error(
                        "\(Quote.prefix(path.value)) renames prompts unlike the budget (renamed.prompts): the budget's renames hold for all its policies, so each must rename them alike (Semantics §14.4)",
                        at: path.location))
            }
            if let first {
                let theirs = first.policy
                if theirs.counting.whileBlocked != policy.counting.whileBlocked
                    || theirs.counting.resetOnNewVersion != policy.counting.resetOnNewVersion
                {
                    errors.append(
                        .error(
                            "\(Quote.prefix(path.value)) sets counting unlike \(Quote.prefix(first.prompt.policyPath?.value ?? "")) (while_blocked \(policy.counting.whileBlocked) against \(theirs.counting.whileBlocked), reset_on_new_version \(policy.counting.resetOnNewVersion) against \(theirs.counting.resetOnNewVersion)): the policies of one budget share one state's counts, so they must count alike",
                            at: path.location))
                }
                if theirs.renamed != policy.renamed {
                    errors.append(
                        .error(
                            "\(Quote.prefix(path.value)) renames unlike \(Quote.prefix(first.prompt.policyPath?.value ?? "")): the policies of one budget share one state's history, so they must rename alike (Semantics §14.4)",
                            at: path.location))
                }
                if theirs.app.versionKey != policy.app.versionKey {
                    errors.append(
                        .error(
                            "\(Quote.prefix(path.value)) has version_key \(policy.app.versionKey.rawValue) and \(Quote.prefix(first.prompt.policyPath?.value ?? "")) has \(theirs.app.versionKey.rawValue): the policies of one budget share one state's version, so they must name it alike",
                            at: path.location))
                }
            } else {
                first = (prompt, policy)
            }
            // An experiment's arm may present later than the policy (Semantics §13): the longest counts.
            let delay = ([policy.presentation.delay] + (policy.experiment?.arms.map(\.policy.presentation.delay) ?? []))
                .max()!
            if delay >= budget.lease.value {
                errors.append(
                    .error(
                        "the lease (\(budget.lease.value)\(budget.lease.location == nil ? ", the default" : "")) must be longer than \(Quote.prefix(path.value))'s presentation.delay (\(delay)): a lease that lapses before the prompt shows lets another prompt in",
                        at: budget.lease.location ?? path.location))
            }
        }
        return errors
    }
}
