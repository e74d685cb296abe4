@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// The variants of a budget that `--vary` options ask for (Semantics §12): every combination of their
/// values, in odometer order as ``PolicyVariants`` makes a policy's, each loaded and validated as a
/// budget file is, before any input is read. A path is the budget's keys, a list's entry by its
/// index from 0 (`gaps.1.min`); `prompts.NAME.` followed by anything but a prompt's own keys
/// (`priority`, `policy`, `ignores_budget`) is a setting of that prompt's policy, varied as
/// `--vary` varies a policy (`prompts.review.guards.cooldown`). Each variant keeps the policies the
/// budget was loaded with (no file read again), so a compiled budget varies as its YAML does.
package enum BudgetVariants {
    /// The top-level keys a variant may not change: a variant is the same budget with other settings.
    static let fixedKeys: Set<String> = ["name", "extends", BudgetDecoder.formatKey]

    /// Every combination of `varied`'s values applied to `loaded` (read from `path`), each loaded
    /// again by `loader` (its policies read relative to the budget's file, digested when the
    /// loader digests). Throws every error found, each once, `with --vary SETTINGS: ...`.
    package static func make(
        _ loaded: BudgetLoader.Result, path: String, varying varied: [PolicyVariants.Varied], loader: BudgetLoader
    ) throws(DiagnosticError) -> Made {
        var seenPaths: Set<[String]> = []
        for item in varied where !seenPaths.insert(item.option.path).inserted {
            throw DiagnosticError(
                "--vary \(item.option.pathText) is given twice: give its values in one --vary", at: nil)
        }
        guard !varied.isEmpty, varied.allSatisfy({ !$0.values.isEmpty }) else {
            return Made(variants: [], warnings: [])
        }
        let count = varied.reduce(1) { product, item in min(product * item.values.count, PolicyVariants.maximum + 1) }
        if count > PolicyVariants.maximum {
            let sizes = varied.map { String($0.values.count) }.joined(separator: " × ")
            throw DiagnosticError(
                "--vary makes \(sizes) variants, more than \(PolicyVariants.maximum): vary fewer settings or fewer values at once",
                at: nil)
        }
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var told: Set<String> = []
        // A warning the budget as written raises is not a variant's.
        for warning in loaded.warnings { told.insert(key(warning)) }
        var variants: [SimulatedBudget] = []
        for number in 0..<count {
            let (indices, variant) = PolicyVariants.combination(number, of: varied)
            do {
                let edits = varied.indices.map { (varied[$0].option.path, varied[$0].values[indices[$0]]) }
                let result = try apply(edits, to: loaded, loader: loader)
                for var warning in result.warnings where told.insert(key(warning)).inserted {
                    warning.message = "with --vary \(variant.name): \(warning.message)"
                    warnings.append(warning)
                }
                var simulated = SimulatedBudget(result.budget, path: path)
                simulated.variant = variant
                variants.append(simulated)
            } catch {
                for var diagnostic in error.diagnostics where diagnostic.severity == .error {
                    diagnostic.message = "with --vary \(variant.name): \(diagnostic.message)"
                    if told.insert(key(diagnostic)).inserted { errors.append(diagnostic) }
                }
                if errors.count >= 50 { break }
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(Array(errors.prefix(50))) }
        return Made(variants: variants, warnings: warnings)
    }

    /// The variants, each ready to replay, and the warnings a variant raises that the budget as
    /// written does not (each `with --vary SETTINGS: ...`).
    package struct Made: Sendable {
        /// The variants, in odometer order.
        package var variants: [SimulatedBudget]
        /// New warnings.
        package var warnings: [Diagnostic]
    }

    /// A diagnostic's place and message, to say each once.
    private static func key(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location.map(String.init(describing:)) ?? "") \(diagnostic.message)"
    }

    /// `loaded` with each edit applied: the budget's own settings to its document, loaded again;
    /// then each prompt's policy settings to that policy's document, decoded again.
    static func apply(
        _ edits: [([String], DocumentNode)], to loaded: BudgetLoader.Result, loader: BudgetLoader
    ) throws(DiagnosticError) -> BudgetLoader.Result {
        var budgetEdits: [([String], DocumentNode)] = []
        var policyEdits: [(prompt: String, path: [String], value: DocumentNode)] = []
        for (path, value) in edits {
            // A variant changes the budget's prompts; it never adds one.
            if path.count >= 2, path[0] == "prompts", !loaded.budget.prompts.contains(where: { $0.name == path[1] }) {
                let names = loaded.budget.prompts.map(\.name).joined(separator: ", ")
                throw DiagnosticError(
                    "prompts.\(path[1]): the budget has no prompt \(path[1]) (its prompts: \(names)); a variant cannot add one",
                    at: loaded.document["prompts"]?.location ?? loaded.document.location)
            }
            if path.count >= 3, path[0] == "prompts", !BudgetDecoder.promptKeys.contains(path[2]) {
                policyEdits.append((path[1], Array(path.dropFirst(2)), value))
            } else if fixedKeys.contains(path[0]) {
                throw DiagnosticError(
                    "a variant cannot change \(path[0]): it is the same budget with other settings",
                    at: loaded.document[path[0]]?.location ?? loaded.document.location)
            } else {
                budgetEdits.append((path, value))
            }
        }
        var result = loaded
        if !budgetEdits.isEmpty {
            var document = loaded.document
            for (path, value) in budgetEdits { document = try PolicyEdit.set(value, at: path, in: document) }
            // The policies as loaded, but a prompt's whose `policy` names another file.
            let renamed = Set(budgetEdits.compactMap { $0.0.count == 3 && $0.0[2] == "policy" ? $0.0[1] : nil })
            result = try loader.load(
                document: document, keeping: loaded.policyResults.filter { !renamed.contains($0.prompt) })
        }
        guard !policyEdits.isEmpty else { return result }
        var prompts = result.budget.prompts
        for edit in policyEdits {
            guard let index = prompts.firstIndex(where: { $0.name == edit.prompt }),
                let at = result.policyResults.firstIndex(where: { $0.prompt == edit.prompt })
            else {
                let names = result.policyResults.map(\.prompt).joined(separator: ", ")
                throw DiagnosticError(
                    "prompts.\(edit.prompt): the budget has no prompt \(edit.prompt) with a policy (its prompts with one: \(names))",
                    at: result.document["prompts"]?.location ?? result.document.location)
            }
            let document = try PolicyEdit.apply(edit.value, at: edit.path, to: result.policyResults[at].result.document)
            let policy = try PolicyLoader.decode(document)
            result.policyResults[at].result = policy
            result.warnings += policy.warnings
            prompts[index].policy = policy.policy
        }
        result.budget.prompts = prompts
        let across = BudgetLoader.acrossPolicies(result.budget)
        if !across.isEmpty { throw DiagnosticError(across) }
        if let digest = loader.policies.digest { result.budget.digest = digest(CompiledBudget(result).digestedBytes) }
        return result
    }
}
