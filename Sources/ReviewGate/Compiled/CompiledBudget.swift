/// A compiled budget (Semantics §12): a budget and the compiled policies of its prompts in one JSON
/// document an app carries, read with the core's JSON reader alone.
///
/// `reviewgate_compiled_budget` (this format's version), `digest` (SHA-256 of
/// `{"budget":…,"policies":{prompt: digest,…}}` as compact JSON), `budget` (the budget file's settings,
/// `extends` resolved, keys as written), `locations` (where each of them was written in the YAML, as
/// a compiled policy's), and `policies` (each prompt's compiled policy, by prompt name). The same
/// YAML always compiles to the same bytes.
public struct CompiledBudget: Sendable {
    /// The version of the compiled budget this library reads and writes.
    @_spi(ReviewGateTools) public static let formatVersion = 1
    /// The key that marks a document as a compiled budget, holding ``formatVersion``.
    @_spi(ReviewGateTools) public static let formatKey = "reviewgate_compiled_budget"
    /// The keys of a compiled budget.
    static var keys: [String] { LanguageCatalogue.section(.compiledBudget, "").keys }

    /// The loaded budget this compiles.
    package let result: BudgetLoader.Result

    /// The compiled form of a loaded budget.
    @_spi(ReviewGateTools) public init(_ result: BudgetLoader.Result) {
        self.result = result
    }

    /// The bytes the digest is taken of: `{"budget":…,"policies":{"review":"sha256:…",…}}` as
    /// compact JSON, UTF-8. Each policy's digest covers its canonical policy, so this covers all.
    @_spi(ReviewGateTools) public var digestedBytes: [UInt8] {
        let policies = result.policyResults.map { (key: $0.prompt, value: JSONValue.string($0.result.policy.digest)) }
        return Array(
            JSONWriter().string(.object([("budget", result.document.jsonValue), ("policies", .object(policies))])).utf8)
    }

    /// Whether a document is a compiled budget.
    @_spi(ReviewGateTools) public static func isCompiled(_ root: DocumentNode) -> Bool {
        root[formatKey] != nil
    }

    /// What refuses a compiled budget's document before its settings are judged: a newer compiled
    /// form or budget format than this library reads, or a policy of it with a newer compiled form,
    /// language or library (than `library`), with the refusal (noting the prompt); `nil` when none is.
    package static func newer(_ root: DocumentNode, library: AppVersionNumber = LibraryVersion.current) -> (
        CompiledPolicy.Newer, Diagnostic
    )? {
        if let refusal = FormatVersion.compiledBudget.refusal(root[formatKey]) { return (.format, refusal) }
        if let refusal = FormatVersion.budget.refusal(root["budget"]?[BudgetDecoder.formatKey]) {
            return (.language, refusal)
        }
        guard case .mapping(let entries)? = root["policies"]?.content else { return nil }
        for entry in entries {
            guard let (newer, found) = CompiledPolicy.newer(entry.value, library: library) else { continue }
            var refusal = found
            refusal.notes.append(.init("in the policy of prompt \(entry.key.string ?? "")", at: entry.key.location))
            return (newer, refusal)
        }
        return nil
    }

    /// Reads a compiled budget from its bytes (a bundle resource, a download) with its policies,
    /// validated as the YAML is. The digest of each policy and the budget's are worked out again from
    /// what was read, and a file edited after compiling is refused, naming both digests. `digest` is
    /// the SHA-256 to hash with (CryptoKit's, say); without one, the core's own.
    public static func load(
        _ bytes: [UInt8], file: String, digest: (@Sendable (_ digestedBytes: [UInt8]) -> String)? = nil
    ) throws(DiagnosticError) -> Budget {
        try decode(JSONReader().loadDocument(bytes, file: file), digest: digest).budget
    }

    /// Decodes a compiled budget's document: the budget back at its YAML locations, each prompt's
    /// compiled policy (its digest checked), what must hold across them, and the budget's digest,
    /// each hashed with `digest` (by default the core's portable SHA-256).
    @_spi(ReviewGateTools) public static func decode(_ root: DocumentNode, digest: PolicyLoader.Digest? = nil)
        throws(DiagnosticError) -> BudgetLoader.Result
    {
        let digest = digest ?? PortableSHA256.policyDigest
        if let refusal = FormatVersion.compiledBudget.refusal(root[formatKey]) { throw DiagnosticError([refusal]) }
        var reader = NodeReader()
        guard let fields = reader.fields(root, "the compiled budget", LanguageCatalogue.section(.compiledBudget, ""))
        else { throw reader.failure }
        reader.require(keys, in: fields, "the compiled budget")
        if let node = fields[formatKey] { _ = reader.int(node, formatKey, minimum: 1) }
        let given = fields["digest"].flatMap { reader.string($0, "digest") }
        if let given, !CompiledPolicyDecoder.isDigest(given) {
            reader.error(
                "digest must be \"sha256:\" and 64 lowercase hex digits; found \"\(Quote.prefix(given))\"",
                at: fields["digest"]?.location)
        }
        let places = fields["locations"].map { CompiledPolicyDecoder.readPlaces($0, &reader) } ?? [:]
        guard !reader.hasErrors, let budgetNode = fields["budget"], let policiesNode = fields["policies"],
            let given
        else { throw reader.failure }
        let document = placed(budgetNode, pointer: "", places: places)
        var decoder = BudgetDecoder()
        guard var budget = decoder.decode(document) else {
            throw DiagnosticError(decoder.reader.diagnostics, alsoFound: decoder.reader.uncounted)
        }
        var results: [(prompt: String, result: PolicyLoader.Result)] = []
        // Changed here and assigned once: the budget's name index is rebuilt on each assignment.
        var prompts = budget.prompts
        for index in prompts.indices where prompts[index].policyPath != nil {
            let name = prompts[index].name
            guard let node = policiesNode[name] else {
                throw DiagnosticError(
                    "the compiled budget has no compiled policy for prompt \(name); compile the budget again",
                    at: policiesNode.location, advice: .compileAgain)
            }
            let loaded = try CompiledPolicy.decode(node, digest: digest)
            prompts[index].policy = loaded.policy
            results.append((name, loaded))
        }
        budget.prompts = prompts
        let errors = BudgetLoader.acrossPolicies(budget)
        if !errors.isEmpty { throw DiagnosticError(errors) }
        budget.digest = given
        let result = BudgetLoader.Result(
            budget: budget, warnings: [], document: document, policyResults: results)
        let computed = digest(CompiledBudget(result).digestedBytes)
        guard computed == given else {
            throw DiagnosticError(
                "the compiled budget's digest \(given) is not that of its budget and policies (\(computed)): it was edited after compiling; compile the YAML again",
                at: fields["digest"]?.location ?? root.location, advice: .compileAgain)
        }
        return result
    }

    /// The budget's tree with each node at its YAML place; a node with no place keeps its place in
    /// the JSON. Pointers past ``CompiledPolicyDecoder/maxPointer`` are not looked up.
    package static func placed(
        _ node: DocumentNode, pointer: String, places: [String: CompiledPolicyDecoder.Place]
    ) -> DocumentNode {
        var node = node
        if let place = places[pointer] { node.location = place.value }
        switch node.content {
        case .scalar: break
        case .sequence(let items):
            node.content = .sequence(items.enumerated().map { placed($1, pointer: "\(pointer)/\($0)", places: places) })
        case .mapping(let entries):
            node.content = .mapping(
                entries.map { entry in
                    let name = entry.key.string ?? ""
                    guard pointer.utf8.count + name.utf8.count < CompiledPolicyDecoder.maxPointer else { return entry }
                    let child = "\(pointer)/\(CanonicalPolicy.escape(name))"
                    var key = entry.key
                    if let at = places[child]?.key { key.location = at }
                    return MappingEntry(key: key, value: placed(entry.value, pointer: child, places: places))
                })
        }
        return node
    }
}

extension FormatVersion {
    /// Compiled budgets (Semantics §12).
    static let compiledBudget = FormatVersion(
        file: "this compiled budget", name: "format", supported: CompiledBudget.formatVersion)
}
