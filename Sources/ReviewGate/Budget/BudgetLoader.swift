/// Loads a budget file with its `extends` chain and the policy of each of its prompts, and checks
/// what holds across them (SPEC §12): each policy decides the prompt that names it, the policies
/// share one state's counts, and the lease outlasts every presentation delay.
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
    }

    /// Whether a document is a budget (it has `reviewgate_budget`) or a compiled one, rather than
    /// a policy.
    @_spi(ReviewGateTools) public static func isBudget(_ root: DocumentNode) -> Bool {
        BudgetDecoder.isBudget(root) || CompiledBudget.isCompiled(root)
    }

    /// Loads the budget at `path` and its policies. Throws every error found, in the budget and in
    /// its policies (each with a note at the prompt that names it).
    @_spi(ReviewGateTools) public func load(path: String) throws(DiagnosticError) -> Result {
        var inclusions: [String: PolicyLoader.Inclusion] = [:]
        let root = try policies.merged(path: path, chain: [], inclusions: &inclusions, as: .budget)
        if CompiledBudget.isCompiled(root) { return try CompiledBudget.decode(root, digest: policies.digest) }
        var decoder = BudgetDecoder()
        guard var budget = decoder.decode(root) else {
            var error = DiagnosticError(decoder.reader.diagnostics, alsoFound: decoder.reader.uncounted)
            error.addNotes(inclusions)
            throw error
        }
        var diagnostics: [Diagnostic] = []
        var omitted = 0
        var results: [(prompt: String, result: PolicyLoader.Result)] = []
        // Changed here and assigned once: the budget's name index is rebuilt on each assignment.
        var prompts = budget.prompts
        // Each policy file read once, however many prompts name it; its problems said once.
        var loaded: [String: Swift.Result<PolicyLoader.Result, DiagnosticError>] = [:]
        for index in prompts.indices {
            guard let written = prompts[index].policyPath, let at = written.location else { continue }
            let name = prompts[index].name
            // Relative to the file that names it, which may be a base budget.
            let file = PathArithmetic.resolve(written.value, from: at.file)
            let first = loaded[file] == nil
            let outcome =
                loaded[file] ?? Swift.Result { () throws(DiagnosticError) in try policies.load(path: file) }
            loaded[file] = outcome
            switch outcome {
            case .success(let result):
                prompts[index].policy = result.policy
                results.append((name, result))
                if first { diagnostics += result.warnings }
            case .failure(let error) where first:
                for var diagnostic in error.diagnostics {
                    diagnostic.notes.append(.init("in the policy of prompt \(name)", at: at))
                    diagnostics.append(diagnostic)
                }
                omitted += error.omitted
            case .failure:
                continue
            }
        }
        budget.prompts = prompts
        diagnostics += Self.acrossPolicies(budget)
        let warnings = BudgetLint.warnings(for: budget)
        if omitted > 0 || diagnostics.contains(where: { $0.severity == .error }) {
            var error = DiagnosticError(diagnostics + warnings, alsoFound: omitted)
            error.addNotes(inclusions)
            throw error
        }
        var result = Result(budget: budget, warnings: diagnostics + warnings, document: root, policyResults: results)
        if let digest = policies.digest { result.budget.digest = digest(CompiledBudget(result).canonicalBytes) }
        return result
    }

    /// What must hold across the budget's policies: each decides its own prompt, they count alike
    /// and by one version key (they share one state), and the lease outlasts each one's delay.
    static func acrossPolicies(_ budget: Budget) -> [Diagnostic] {
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
                if theirs.app.versionKey != policy.app.versionKey {
                    errors.append(
                        .error(
                            "\(Quote.prefix(path.value)) has version_key \(policy.app.versionKey.rawValue) and \(Quote.prefix(first.prompt.policyPath?.value ?? "")) has \(theirs.app.versionKey.rawValue): the policies of one budget share one state's version, so they must name it alike",
                            at: path.location))
                }
            } else {
                first = (prompt, policy)
            }
            // An experiment's arm may present later than the policy (SPEC §13): the longest counts.
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

extension PolicyLoader.Kind {
    /// Budget files (SPEC §12).
    static let budget = PolicyLoader.Kind(name: "budget", format: .budget, formatKey: BudgetDecoder.formatKey) {
        ExtendsMerge.mergeBudget($0, under: $1)
    }
}
