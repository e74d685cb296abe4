import ReviewGate

/// Reads documents from disk into node trees, through a parser handed in: this module reads files
/// and holds no parser, so an app without libyaml links it too. The command line hands in
/// `ReviewGateYAML`'s loader:
///
/// ```swift
/// let documents = DocumentFiles { bytes, file throws(DiagnosticError) in
///     try YAMLLoader().loadDocument(bytes, file: file)
/// }
/// let policy = try PolicyLoader.files(documents).load(path: "policies/app.yaml").policy
/// ```
public struct DocumentFiles: Sendable {
    /// Turns a file's bytes into its single document; `file` names it in diagnostics.
    public typealias Parse = @Sendable (_ bytes: [UInt8], _ file: String) throws(DiagnosticError) -> DocumentNode

    /// How a file's bytes become a document.
    public var parse: Parse
    /// The largest file read (SPEC §7: 1 MiB).
    public var maxBytes: Int

    /// Creates a reader of files through `parse`, refusing files over `maxBytes`.
    public init(maxBytes: Int = DocumentLimits.default.maxBytes, parse: @escaping Parse) {
        self.maxBytes = maxBytes
        self.parse = parse
    }

    /// The single document of the file at `path`; a file that cannot be read is a diagnostic at
    /// its first line.
    public func document(atPath path: String) throws(DiagnosticError) -> DocumentNode {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: maxBytes)
        } catch {
            throw DiagnosticError(reading: error)
        }
        return try parse(bytes, path)
    }

    /// The reading function that ``PolicyLoader`` and ``ScenarioRunner`` take: it throws a
    /// ``FileError`` for a file that cannot be read, so that an `extends` can say which one.
    public var source: PolicyLoader.DocumentSource {
        { path in try parse(FileBytes.read(path, maxBytes: maxBytes), path) }
    }
}

extension PolicyLoader {
    /// A loader that reads policy files (and their `extends`) from disk.
    public static func files(_ documents: DocumentFiles) -> PolicyLoader {
        PolicyLoader(source: documents.source)
    }
}
