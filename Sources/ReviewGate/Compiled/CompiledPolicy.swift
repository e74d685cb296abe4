/// A compiled policy (Semantics §9): what an app carries in place of the YAML, read with the core's
/// JSON reader alone.
///
/// One JSON document: `reviewgate_compiled` (this format's version), `digest` (SHA-256 of the
/// canonical policy bytes, as `sha256:` and 64 hex digits), `policy` (the merged policy, `extends`
/// resolved, keys in Semantics §2's order, every default of the keys 0.4.0 knew written out, a key added
/// later only when the policy sets it) and `locations` (where each setting was written in the YAML:
/// by file, then by JSON Pointer into `policy`, `[line, column]`, and for a mapping's value its
/// key's then its own), so that an explanation on a device cites `policies/app.yaml:14` as the
/// YAML one does.
///
/// ```swift
/// let bytes = try Array(Data(contentsOf: Bundle.main.url(forResource: "app", withExtension: "json")!))
/// let policy = try CompiledPolicy.load(bytes, file: "app.json")
/// ```
public struct CompiledPolicy: Sendable {
    /// The version of the compiled form this library reads and writes.
    @_spi(ReviewGateTools) public static let formatVersion = 1
    /// The key that marks a document as a compiled policy, holding ``formatVersion``.
    @_spi(ReviewGateTools) public static let formatKey = "reviewgate_compiled"

    /// The canonical policy and where each of its settings was written.
    package let canonical: CanonicalPolicy

    /// The compiled form of a loaded policy (`result.document` is the merged tree it was decoded from).
    @_spi(ReviewGateTools) public init(_ result: PolicyLoader.Result) {
        canonical = CanonicalPolicy(document: result.document, policy: result.policy)
    }

    /// The bytes the digest is taken of: the canonical policy as compact JSON (no spaces, keys in
    /// the order written), UTF-8.
    @_spi(ReviewGateTools) public var digestedBytes: [UInt8] {
        Array(JSONWriter().string(canonical.policy).utf8)
    }

    /// The digest of ``digestedBytes`` with the core's portable SHA-256 (``PortableSHA256``):
    /// `sha256:` and 64 hex digits, what `reviewgate compile` writes.
    @_spi(ReviewGateTools) public var digest: String {
        PortableSHA256.policyDigest(digestedBytes)
    }

    /// Whether a document is a compiled policy: it has ``formatKey`` and no `reviewgate` (a YAML
    /// policy with a stray `reviewgate_compiled` is a policy with an unknown key).
    @_spi(ReviewGateTools) public static func isCompiled(_ root: DocumentNode) -> Bool {
        root[formatKey] != nil && root["reviewgate"] == nil
    }

    /// What is newer in a compiled policy than this library reads.
    package enum Newer: Sendable {
        /// The compiled form's `reviewgate_compiled`.
        case format
        /// The policy language's `reviewgate`.
        case language
        /// The policy's `requires.library_version`.
        case library
    }

    /// What refuses a compiled policy's document before its settings are judged: a newer compiled
    /// form, language or library (than `library`) than this one, with the refusal; `nil` when none
    /// is newer.
    package static func newer(_ root: DocumentNode, library: AppVersionNumber = LibraryVersion.current) -> (
        Newer, Diagnostic
    )? {
        if let refusal = CompiledPolicyDecoder.format.refusal(root[formatKey]) { return (.format, refusal) }
        guard let policy = root["policy"] else { return nil }
        if let refusal = FormatVersion.policy.refusal(policy["reviewgate"]) { return (.language, refusal) }
        if let refusal = PolicyDecoder.libraryRefusal(policy, library: library) { return (.library, refusal) }
        return nil
    }

    /// Reads a compiled policy from its bytes (a bundle resource, a download): the JSON reader, the
    /// settings back at their YAML locations, and the same validation as the YAML. `file` names the
    /// bytes in diagnostics about the JSON itself. The policy read is written in canonical form again
    /// and hashed, and a file whose `digest` is not that hash (edited after compiling) is refused,
    /// naming both digests. `digest` is the SHA-256 to hash with (CryptoKit's, say); without one, the
    /// core's own.
    public static func load(
        _ bytes: [UInt8], file: String, digest: (@Sendable (_ digestedBytes: [UInt8]) -> String)? = nil
    ) throws(DiagnosticError) -> Policy {
        try loadResult(bytes, file: file, digest: digest).policy
    }

    /// ``load(_:file:digest:)``, with the settings' YAML locations: what `reviewgate compile` and
    /// the tests compare.
    @_spi(ReviewGateTools) public static func loadResult(
        _ bytes: [UInt8], file: String, digest: PolicyLoader.Digest? = nil
    ) throws(DiagnosticError) -> PolicyLoader.Result {
        try decode(JSONReader().loadDocument(bytes, file: file), digest: digest)
    }

    /// Decodes a compiled policy's document (see ``CompiledPolicyDecoder``) and checks its digest:
    /// the digested bytes of what was read (its canonical policy), hashed with `digest` (by default the core's portable
    /// SHA-256), must be the file's `digest`.
    @_spi(ReviewGateTools) public static func decode(_ root: DocumentNode, digest: PolicyLoader.Digest? = nil)
        throws(DiagnosticError)
        -> PolicyLoader.Result
    {
        let result = try CompiledPolicyDecoder.decode(root)
        if let given = result.policy.digest {
            let computed = (digest ?? PortableSHA256.policyDigest)(CompiledPolicy(result).digestedBytes)
            guard computed == given else {
                throw DiagnosticError(
                    "the compiled policy's digest \(given) is not that of its policy (\(computed)): it was edited after compiling; compile the YAML again",
                    at: root["digest"]?.location ?? root.location, advice: .compileAgain)
            }
        }
        return result
    }
}
