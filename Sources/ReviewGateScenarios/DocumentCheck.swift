@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// What `reviewgate validate` checks in one document, and what `reviewgate lsp` diagnoses: the
/// document as its first key says it is, with the files it names.
package enum DocumentCheck {
    /// What a document is, told by its first key.
    package enum Kind: String, Sendable, Hashable {
        /// `reviewgate_state`: a state file.
        case state
        /// `reviewgate_budget` or a compiled budget.
        case budget
        /// `reviewgate_scenario`, or a scenario the build plugin compiled: a scenario, with the
        /// policy it tests.
        case scenario
        /// `reviewgate_person`: a person's record across devices (Semantics §16.5).
        case person
        /// Anything else: a policy (YAML with its `extends`, or compiled).
        case policy

        /// The kind of `root`, by the language's table of first keys (``LanguageFile/init(firstKey:)``).
        package init(_ root: DocumentNode) {
            self =
                switch LanguageFile(firstKey: root.mapping?.first?.key.string ?? "") {
                case .state: .state
                case .budget, .compiledBudget: .budget
                case .scenario, .compiledScenario: .scenario
                case .person: .person
                case .policy, .compiledPolicy, .cohort: .policy
                }
        }
    }

    /// Checks `root`, read from `path`, as what its first key says it is, reading the files it
    /// names through `loader` (which hands back `root` for `path`); the warnings, or every problem.
    package static func check(_ root: DocumentNode, path: String, loader: PolicyLoader) throws(DiagnosticError)
        -> [Diagnostic]
    {
        let loader = loader.reading(root, as: path)
        switch Kind(root) {
        case .state:
            _ = try StateDecoder.decode(root, versionKey: nil)
            return []
        case .person:
            _ = try PersonRecord.decode(root)
            return []
        case .budget:
            return try BudgetLoader(policies: loader).load(path: path).warnings
        case .scenario:
            return try ScenarioRunner(documents: loader.readDocument, goldens: .disk, digest: loader.digest)
                .load(path: path).warnings
        case .policy:
            // A YAML policy's digest stamps what is loaded; a check has no use for it, and working it
            // out (the canonical form, then SHA-256) took a third of a 1 MB policy's check. A compiled
            // policy's digest is still checked.
            var loader = loader
            if !CompiledPolicy.isCompiled(root) { loader.digest = nil }
            return try loader.load(path: path).warnings
        }
    }
}
