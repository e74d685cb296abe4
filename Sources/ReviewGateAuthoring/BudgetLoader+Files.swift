@_spi(ReviewGateTools) import ReviewGate

extension BudgetLoader {
    /// Loads the budget at `path` and its policies. Throws every error found, in the budget and in
    /// its policies (each with a note at the prompt that names it).
    @_spi(ReviewGateTools) public func load(path: String) throws(DiagnosticError) -> Result {
        var inclusions: [String: PolicyLoader.Inclusion] = [:]
        let root = try policies.merged(path: path, chain: [], inclusions: &inclusions, as: .budget)
        return try load(root, inclusions: inclusions)
    }

    /// Loads the budget whose document, its `extends` merged, is `root`: a variant's, edited from a
    /// loaded budget's ``Result/document``. Each prompt's policy is the one `kept` has for it (the
    /// budget's as loaded, read once for every variant; a compiled budget's too), else read from the
    /// file it names, relative to the file that names it.
    package func load(
        document root: DocumentNode, keeping kept: [(prompt: String, result: PolicyLoader.Result)]
    ) throws(DiagnosticError) -> Result {
        try load(root, inclusions: [:], keeping: Dictionary(kept, uniquingKeysWith: { first, _ in first }))
    }

    /// Loads the budget whose document is `root`; `inclusions` notes where a merged base said what,
    /// and `kept` holds policies already loaded, by prompt.
    private func load(
        _ root: DocumentNode, inclusions: [String: PolicyLoader.Inclusion],
        keeping kept: [String: PolicyLoader.Result] = [:]
    ) throws(DiagnosticError) -> Result {
        if CompiledBudget.isCompiled(root) {
            return try Self.linted(CompiledBudget.decode(root, digest: policies.digest))
        }
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
            guard let written = prompts[index].policyPath else { continue }
            let name = prompts[index].name
            if let result = kept[name] {
                prompts[index].policy = result.policy
                results.append((name, result))
                continue
            }
            guard let at = written.location else { continue }
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
        if let digest = policies.digest { result.budget.digest = digest(CompiledBudget(result).digestedBytes) }
        return result
    }

    /// A compiled budget's result with the warnings its YAML's would have: the budget's lint, and
    /// each policy's.
    static func linted(_ result: Result) -> Result {
        var result = result
        result.warnings = BudgetLint.warnings(for: result.budget)
        for index in result.policyResults.indices {
            result.policyResults[index].result.warnings = PolicyLint.warnings(
                for: result.policyResults[index].result.policy, compiled: true)
        }
        return result
    }
}

extension PolicyLoader.Kind {
    /// Budget files (Semantics §12).
    static let budget = PolicyLoader.Kind(
        name: "budget", format: .budget, formatKey: BudgetDecoder.formatKey, file: .budget
    ) {
        ExtendsMerge.mergeBudget($0, under: $1)
    }
}
