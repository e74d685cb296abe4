@_spi(ReviewGateTools) import ReviewGate

/// A policy or a budget, loaded from one file that its keys tell apart (a budget's
/// `reviewgate_budget`, a compiled budget's `reviewgate_compiled_budget`): what
/// `reviewgate compile` and the build plugin compile, one path for both.
@_spi(ReviewGateTools) public enum PolicyOrBudget: Sendable {
    /// A policy, with the document it was decoded from.
    case policy(PolicyLoader.Result)
    /// A budget, with its policies.
    case budget(BudgetLoader.Result)

    /// Loads the file at `path` through `loader`, read once: as a budget when its keys say so or
    /// `namedAsBudget` (the build plugin's `*.budget.yaml`, whose errors are then a budget's), else
    /// as a policy.
    @_spi(ReviewGateTools) public static func load(
        path: String, with loader: PolicyLoader, namedAsBudget: Bool = false
    ) throws(DiagnosticError) -> PolicyOrBudget {
        let document = try? loader.readDocument(path)
        let loader = loader.reading(document, as: path)
        if namedAsBudget || document.map(BudgetLoader.isBudget) ?? false {
            return .budget(try BudgetLoader(policies: loader).load(path: path))
        }
        return .policy(try loader.load(path: path))
    }

    /// The policy's or the budget's name.
    @_spi(ReviewGateTools) public var name: String {
        switch self {
        case .policy(let result): result.policy.name
        case .budget(let result): result.budget.name
        }
    }

    /// The policy's or the budget's digest (`""` when the loader hashed nothing).
    @_spi(ReviewGateTools) public var digest: String {
        switch self {
        case .policy(let result): result.policy.digest ?? ""
        case .budget(let result): result.budget.digest ?? ""
        }
    }

    /// The warnings a reviewer would raise: the policy's, or the budget's and each of its policies'.
    @_spi(ReviewGateTools) public var warnings: [Diagnostic] {
        switch self {
        case .policy(let result): result.warnings
        case .budget(let result): result.warnings
        }
    }

    /// The compiled text, checked to read back as this very policy or budget (its digests
    /// checked with `digest`, by default the core's SHA-256). With `root` (a folder), file names
    /// are written relative to it; `file` names the text in a diagnostic about its JSON.
    @_spi(ReviewGateTools) public func checkedText(
        filesRelativeTo root: String?, file: String, digest: PolicyLoader.Digest? = nil
    ) throws(DiagnosticError) -> String {
        switch self {
        case .policy(let result):
            try CompiledPolicy.checkedText(of: result, filesRelativeTo: root, file: file, digest: digest)
        case .budget(let result):
            try CompiledBudget.checkedText(of: result, filesRelativeTo: root, file: file, digest: digest)
        }
    }
}

extension PolicyLoader {
    /// This loader, with `document` (when read) standing for the file at `path`: a file is read
    /// once, when what it is was told from its keys first, and standard input cannot be read twice.
    @_spi(ReviewGateTools) public func reading(_ document: DocumentNode?, as path: String) -> PolicyLoader {
        guard let document else { return self }
        let read = readDocument
        return PolicyLoader(reading: { other in other == path ? document : try read(other) }, digest: digest)
    }
}
