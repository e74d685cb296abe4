@_spi(ReviewGateTools) import ReviewGate

extension PolicyLoader {
    /// Loads the policy at `path`, following `extends` (Semantics §2 *Extending a policy*). Throws
    /// every error found (at most 50); an error in a value from a base file is at the base's line,
    /// with a note at each `extends` that pulled it in.
    @_spi(ReviewGateTools) public func load(path: String) throws(DiagnosticError) -> Result {
        var inclusions: [String: Inclusion] = [:]
        let root = try merged(path: path, chain: [], inclusions: &inclusions, as: .policy)
        if CompiledPolicy.isCompiled(root) {
            var result = try CompiledPolicy.decode(root, digest: digest)
            result.warnings = PolicyLint.warnings(for: result.policy, compiled: true)
            return result
        }
        do {
            var result = try Self.decode(root)
            if let digest { result.policy.digest = digest(CompiledPolicy(result).digestedBytes) }
            return result
        } catch {
            var error = error
            error.addNotes(inclusions)
            throw error
        }
    }

    /// Decodes an already-read policy document (no `extends` is followed; a compiled policy is
    /// read by ``CompiledPolicy/decode(_:)``).
    @_spi(ReviewGateTools) public static func decode(_ root: DocumentNode) throws(DiagnosticError) -> Result {
        var decoder = PolicyDecoder()
        guard let policy = decoder.decode(root) else {
            // The warnings that still apply are shown with the errors.
            let warnings = decoder.partial.map { PolicyLint.warnings(for: $0, complete: false) } ?? []
            throw DiagnosticError(decoder.reader.diagnostics + warnings, alsoFound: decoder.reader.uncounted)
        }
        return Result(policy: policy, warnings: PolicyLint.warnings(for: policy), document: root)
    }

    /// Where a base file is pulled in: the `extends` that names it, and how it names it.
    struct Inclusion {
        var location: SourceLocation
        var reference: String
        /// What the file is: `policy`, `budget`.
        var kind = "policy"
    }

    /// What kind of file an `extends` chain is made of: its format version key and how a file lies
    /// on top of its base.
    struct Kind: Sendable {
        /// The kind, as a message names it: `policy`.
        var name: String
        /// The format version every file of the chain is asked for first.
        var format: FormatVersion
        /// The key that holds it.
        var formatKey: String
        /// The kind in the language catalogue, whose `extends` the chain follows.
        var file: LanguageFile
        /// `child` on top of `base`.
        var merge: @Sendable (_ base: DocumentNode, _ child: DocumentNode) -> DocumentNode

        /// Policies (Semantics §2 *Extending a policy*).
        static let policy = Kind(name: "policy", format: .policy, formatKey: "reviewgate", file: .policy) {
            ExtendsMerge.merge($0, under: $1)
        }
    }

    /// One note per `extends` between a base file's diagnostic and the policy loaded.
    static func notes(for location: SourceLocation?, _ inclusions: [String: Inclusion]) -> [Diagnostic.Note] {
        var notes: [Diagnostic.Note] = []
        var file = location?.file
        while let current = file, let inclusion = inclusions[current], notes.count < inclusions.count {
            notes.append(
                .init(
                    "in the \(inclusion.kind) this one extends, \(Quote.prefix(inclusion.reference, limit: 200))",
                    at: inclusion.location))
            file = inclusion.location.file
        }
        return notes
    }

    /// The file's tree with its `extends` base merged under it (``ExtendsMerge``).
    func merged(
        path: String, chain: [String], inclusions: inout [String: Inclusion], by inclusion: Inclusion? = nil,
        as kind: Kind
    ) throws(DiagnosticError) -> DocumentNode {
        let root = try read(path, namedBy: inclusion)
        if let inclusion, CompiledPolicy.isCompiled(root) || CompiledBudget.isCompiled(root) {
            throw DiagnosticError(
                "extends names \(inclusion.reference), a compiled \(kind.name): extend the YAML it was compiled from",
                at: inclusion.location)
        }
        // Each file of the chain is asked: the merge keeps only the last file's version.
        if let refusal = kind.format.refusal(root[kind.formatKey]) { throw DiagnosticError([refusal]) }
        KeyAudit.current?.record("extends", in: LanguageCatalogue.section(kind.file, ""))
        guard let extendsNode = root["extends"] else { return root }
        guard let relative = extendsNode.string, !relative.isEmpty else {
            throw DiagnosticError(
                "extends must be the relative path of another policy; found \(extendsNode.summary)",
                at: extendsNode.location)
        }
        let basePath = PathArithmetic.resolve(relative, from: path)
        let here = chain + [PathArithmetic.normalize(path)]
        if here.contains(basePath) {
            let cycle = (here.drop { $0 != basePath } + [basePath]).joined(separator: " → ")
            throw DiagnosticError("extends makes a cycle: \(cycle)", at: extendsNode.location)
        }
        let inclusion = Inclusion(location: extendsNode.location, reference: relative, kind: kind.name)
        inclusions[basePath] = inclusion
        let base: DocumentNode
        do {
            base = try merged(path: basePath, chain: here, inclusions: &inclusions, by: inclusion, as: kind)
        } catch {
            // Each problem inside the base says where this file pulls it in.
            var error = error
            for index in error.diagnostics.indices
            where error.diagnostics[index].location?.file != PathArithmetic.normalize(path) {
                error.diagnostics[index].notes.append(
                    .init("in the \(kind.name) this one extends, \(relative)", at: extendsNode.location))
            }
            throw error
        }
        return kind.merge(base, root)
    }

    /// A file's document; a file that cannot be read is an error at the `extends` that names it,
    /// or at the file itself when it is the policy asked for.
    private func read(_ path: String, namedBy inclusion: Inclusion?) throws(DiagnosticError) -> DocumentNode {
        do {
            return try readDocument(path)
        } catch let error as ReadFailure where inclusion != nil {
            let named = inclusion!.reference == path ? path : "\(inclusion!.reference) (\(path))"
            throw DiagnosticError(
                "extends names \(named), which cannot be read: \(error.message)", at: inclusion!.location)
        } catch {
            throw DiagnosticError(reading: error)
        }
    }
}

extension DiagnosticError {
    /// Adds to each diagnostic a note per `extends` between its file and the file loaded.
    mutating func addNotes(_ inclusions: [String: PolicyLoader.Inclusion]) {
        for index in diagnostics.indices {
            diagnostics[index].notes += PolicyLoader.notes(for: diagnostics[index].location, inclusions)
        }
    }
}
