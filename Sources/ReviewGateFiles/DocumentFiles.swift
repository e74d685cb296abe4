@_spi(ReviewGateTools) import ReviewGate

/// Reads documents from disk into node trees: a `.json` file through the core's `JSONReader`,
/// any other through a parser handed in. This module links no YAML parser, so an app without
/// libyaml links it too (``jsonOnly`` reads compiled policies and JSON states). The command line
/// hands in `ReviewGateYAML`'s loader, `DocumentFiles.yaml`.
public struct DocumentFiles: Sendable {
    /// Turns a file's bytes into its single document; `file` names it in diagnostics.
    @_spi(ReviewGateTools) public typealias Parse =
        @Sendable (_ bytes: [UInt8], _ file: String) throws(DiagnosticError) -> DocumentNode

    /// How the bytes of a file that is not `.json` become a document (the YAML loader).
    @_spi(ReviewGateTools) public var parse: Parse
    /// The largest file read (Semantics §7: 1 MiB).
    public var maxBytes: Int

    /// Creates a reader of files through `parse`, refusing files over `maxBytes`.
    @_spi(ReviewGateTools) public init(maxBytes: Int = DocumentLimits.default.maxBytes, parse: @escaping Parse) {
        self.maxBytes = maxBytes
        self.parse = parse
    }

    /// Files read with the JSON reader alone: a file that is not `.json` is refused, with the advice
    /// to compile it.
    public static let jsonOnly = DocumentFiles { bytes, file throws(DiagnosticError) in
        throw DiagnosticError(
            "this reader takes JSON only (a compiled policy, a JSON state): compile a YAML policy",
            at: SourceLocation(file: file, line: 1, column: 1), advice: .compileAgain)
    }

    /// The document of a file's bytes: JSON for a `.json` path, else through ``parse``.
    @_spi(ReviewGateTools) public func document(_ bytes: [UInt8], path: String) throws(DiagnosticError) -> DocumentNode
    {
        if path.hasSuffix(".json") { return try JSONReader().loadDocument(bytes, file: path) }
        return try parse(bytes, path)
    }

    /// The single document of the file at `path`; a file that cannot be read is a diagnostic at
    /// its first line.
    @_spi(ReviewGateTools) public func document(atPath path: String) throws(DiagnosticError) -> DocumentNode {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: maxBytes)
        } catch {
            throw DiagnosticError(reading: error)
        }
        return try document(bytes, path: path)
    }

    /// The reading function that `PolicyLoader` and `ScenarioRunner` take: it throws a
    /// ``FileError`` for a file that cannot be read, so that an `extends` can say which one.
    @_spi(ReviewGateTools) public var reader: PolicyLoader.DocumentReader {
        { path in try document(FileBytes.read(path, maxBytes: maxBytes), path: path) }
    }
}

extension PolicyLoader {
    /// A loader that reads policy files (and their `extends`) from disk.
    @_spi(ReviewGateTools) public static func files(_ documents: DocumentFiles) -> PolicyLoader {
        PolicyLoader(reading: documents.reader)
    }
}
