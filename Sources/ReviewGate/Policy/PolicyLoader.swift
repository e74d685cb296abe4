/// Loads a policy file with its `extends` chain, merges it, decodes and validates it.
///
/// The library never opens a parser: reading a file into nodes is handed in as ``source``
/// (`ReviewGateYAML` provides one that reads YAML files from disk).
public struct PolicyLoader: Sendable {
    /// Reads the single document of the file at a path.
    public typealias DocumentSource = @Sendable (_ path: String) throws(DiagnosticError) -> DocumentNode

    /// How files are read.
    public var source: DocumentSource

    /// Creates a loader that reads documents through `source`.
    public init(source: @escaping DocumentSource) {
        self.source = source
    }

    /// A validated policy and the warnings a reviewer would raise about it.
    public struct Result: Sendable {
        /// The policy.
        public var policy: Policy
        /// Warnings: the policy works, but a reviewer would flag these.
        public var warnings: [Diagnostic]
    }

    /// Loads the policy at `path`, following `extends`. Throws every error found (at most 50).
    public func load(path: String) throws(DiagnosticError) -> Result {
        let root = try merged(path: path, chain: [])
        return try Self.decode(root)
    }

    /// Decodes an already-read policy document (no `extends` is followed).
    public static func decode(_ root: DocumentNode) throws(DiagnosticError) -> Result {
        var decoder = PolicyDecoder()
        guard let policy = decoder.decode(root) else {
            throw DiagnosticError(decoder.reader.diagnostics.sortedByLocation())
        }
        return Result(policy: policy, warnings: PolicyLint.warnings(for: policy))
    }

    /// The file's tree with its `extends` base merged under it: mappings merge key by key, lists
    /// and scalars replace.
    private func merged(path: String, chain: [String]) throws(DiagnosticError) -> DocumentNode {
        let root = try source(path)
        // Each file of the chain is asked: the merge keeps only the last file's version.
        if let refusal = FormatVersion.policy.refusal(root["reviewgate"]) { throw DiagnosticError([refusal]) }
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
        let base: DocumentNode
        do {
            base = try merged(path: basePath, chain: here)
        } catch {
            // Each problem of the base says where this file pulls it in.
            var base = error
            for index in base.diagnostics.indices {
                base.diagnostics[index].notes.append(
                    .init("in the policy this one extends, \(relative)", at: extendsNode.location))
            }
            throw base
        }
        var result = Self.merge(base, under: root)
        if case .mapping(let entries) = result.content {
            result.content = .mapping(entries.filter { $0.key.string != "extends" })
        }
        return result
    }

    /// `over` on top of `base`: keys of both mappings merge recursively; anything else replaces.
    static func merge(_ base: DocumentNode, under over: DocumentNode) -> DocumentNode {
        guard let baseEntries = base.mapping, let overEntries = over.mapping else { return over }
        var result: [MappingEntry] = []
        var used = Set<String>()
        for entry in baseEntries {
            if let key = entry.key.string, let replacement = overEntries.first(where: { $0.key.string == key }) {
                used.insert(key)
                result.append(MappingEntry(key: replacement.key, value: merge(entry.value, under: replacement.value)))
            } else {
                result.append(entry)
            }
        }
        result += overEntries.filter { !used.contains($0.key.string ?? "") || $0.key.string == nil }
        return DocumentNode(.mapping(result), at: over.location, tag: over.tag)
    }
}
