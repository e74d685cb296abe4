@_spi(ReviewGateTools) import ReviewGate

extension CompiledBudget {
    /// The compiled document, indented, with a final newline. With `root` (a folder), file names
    /// are written relative to it, as for a compiled policy.
    @_spi(ReviewGateTools) public func text(digest: String, filesRelativeTo root: String? = nil) -> String {
        let policies = result.policyResults.map { prompt, loaded in
            (
                key: prompt,
                value: CompiledPolicy(loaded).document(digest: loaded.policy.digest ?? "", filesRelativeTo: root)
            )
        }
        let document = JSONValue.object([
            (Self.formatKey, .int(Self.formatVersion)), ("digest", .string(digest)),
            ("budget", result.document.jsonValue),
            ("locations", CompiledPolicy.locations(Self.origins(of: result.document), filesRelativeTo: root)),
            ("policies", .object(policies)),
        ])
        return JSONWriter(pretty: true, inlineScalarArrays: true).string(document) + "\n"
    }

    /// The compiled text of a loaded budget, with its digest, checked to read back (its digests
    /// checked with `digest`, by default the core's SHA-256) as this very budget: nothing is written that the library
    /// could not load. `file` names the text in a diagnostic about its JSON.
    package static func checkedText(
        of result: BudgetLoader.Result, filesRelativeTo root: String?, file: String, digest: PolicyLoader.Digest? = nil
    ) throws(DiagnosticError) -> String {
        let compiled = CompiledBudget(result)
        let text = compiled.text(digest: result.budget.digest ?? "", filesRelativeTo: root)
        let again = try decode(JSONReader().loadDocument(Array(text.utf8), file: file), digest: digest)
        guard CompiledBudget(again).digestedBytes == compiled.digestedBytes else {
            throw DiagnosticError("the compiled budget reads back as another budget", at: result.budget.location)
        }
        return text
    }

    /// Where each node of a document was written, by JSON Pointer.
    package static func origins(of root: DocumentNode) -> [CanonicalPolicy.Origin] {
        var origins: [CanonicalPolicy.Origin] = []
        func walk(_ node: DocumentNode, _ pointer: String, key: SourceLocation?) {
            origins.append(CanonicalPolicy.Origin(pointer: pointer, key: key, value: node.location))
            switch node.content {
            case .scalar: break
            case .sequence(let items):
                for (index, item) in items.enumerated() { walk(item, "\(pointer)/\(index)", key: nil) }
            case .mapping(let entries):
                for entry in entries {
                    let name = entry.key.scalar?.text ?? entry.key.keyText
                    walk(entry.value, "\(pointer)/\(CanonicalPolicy.escape(name))", key: entry.key.location)
                }
            }
        }
        walk(root, "", key: nil)
        return origins
    }
}
