/// Loads a policy file with its `extends` chain, merges it, decodes and validates it.
///
/// The library never opens a parser: reading a file into nodes is handed in as ``readDocument``
/// (`ReviewGateFiles` reads files from disk through a parser it is given). The core holds what a
/// compiled policy's reader needs (``Result``, ``decodeWithoutLint(_:)``); loading files, following
/// `extends` and the lint warnings are `ReviewGateAuthoring`'s, so that an app does not link them.
@_spi(ReviewGateTools) public struct PolicyLoader: Sendable {
    /// Reads the single document of the file at a path; throws a ``DiagnosticError`` for what is
    /// inside the file, or any other error (`ReviewGateFiles`' `FileError`) when it cannot be read.
    @_spi(ReviewGateTools) public typealias DocumentReader = @Sendable (_ path: String) throws -> DocumentNode

    /// Hashes the bytes a digest is taken of (``CompiledPolicy/digestedBytes``, ``CompiledBudget/digestedBytes``) to the digest,
    /// `sha256:` and 64 hex digits. The core links no cryptography: the caller hands SHA-256 in.
    @_spi(ReviewGateTools) public typealias Digest = @Sendable (_ digestedBytes: [UInt8]) -> String

    /// How files are read.
    @_spi(ReviewGateTools) public var readDocument: DocumentReader
    /// How digests are worked out: a compiled policy's `digest` is checked with it (by default with
    /// the core's portable SHA-256: an edited file is refused), and with it a YAML policy's is worked
    /// out too, so that every policy loaded has one.
    @_spi(ReviewGateTools) public var digest: Digest?

    /// Creates a loader that reads documents with `readDocument`, hashing with `digest` when given.
    @_spi(ReviewGateTools) public init(reading readDocument: @escaping DocumentReader, digest: Digest? = nil) {
        self.readDocument = readDocument
        self.digest = digest
    }

    /// A validated policy and the warnings a reviewer would raise about it.
    @_spi(ReviewGateTools) public struct Result: Sendable {
        /// The policy.
        @_spi(ReviewGateTools) public var policy: Policy
        /// Warnings: the policy works, but a reviewer would flag these.
        @_spi(ReviewGateTools) public var warnings: [Diagnostic]
        /// The document the policy was decoded from: the file's tree with its `extends` merged
        /// (what ``CompiledPolicy`` compiles).
        @_spi(ReviewGateTools) public var document: DocumentNode

        /// A loaded policy, its warnings and its document.
        package init(policy: Policy, warnings: [Diagnostic], document: DocumentNode) {
            self.policy = policy
            self.warnings = warnings
            self.document = document
        }
    }

    /// Decodes and validates an already-read policy document, without the lint warnings a reviewer
    /// would raise (`ReviewGateAuthoring`'s `decode` adds them): what a compiled policy's reader runs.
    package static func decodeWithoutLint(_ root: DocumentNode) throws(DiagnosticError) -> Result {
        var decoder = PolicyDecoder()
        guard let policy = decoder.decode(root) else {
            throw DiagnosticError(decoder.reader.diagnostics, alsoFound: decoder.reader.uncounted)
        }
        return Result(policy: policy, warnings: [], document: root)
    }
}
