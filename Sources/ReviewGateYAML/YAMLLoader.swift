@_spi(ReviewGateTools) import ReviewGate

/// Reads YAML (and so JSON) through the system libyaml into nodes that know where they came from.
///
/// ```swift
/// let documents = try YAMLLoader().load(bytes, file: "policies/apple-sample.yaml")
/// ```
/// Every error is a `DiagnosticError` whose diagnostics say `file:line:column`. Inputs beyond
/// `DocumentLimits` are refused before they cost time or memory.
@_spi(ReviewGateTools) public struct YAMLLoader: Sendable {
    /// The limits this loader enforces.
    @_spi(ReviewGateTools) public var limits: DocumentLimits

    /// Creates a loader with the given limits (Semantics §7's by default).
    @_spi(ReviewGateTools) public init(limits: DocumentLimits = .default) {
        self.limits = limits
    }

    /// Every document of a YAML stream, in order: an empty input has none.
    @_spi(ReviewGateTools) public func load(_ bytes: [UInt8], file: String) throws(DiagnosticError) -> [DocumentNode] {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard bytes.count <= limits.maxBytes else {
            throw .unreadable(DocumentLimits.sizeMessage(size: bytes.count, limit: limits.maxBytes), at: start)
        }
        // A UTF-8 byte order mark, which YAML allows and Windows editors write, is skipped: libyaml
        // would refuse a block-style document after it, and editors do not count it as a column.
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let result: Result<[DocumentNode], DiagnosticError> = bytes.withUnsafeBufferPointer { whole in
            let input = UnsafeBufferPointer(rebasing: whole[bom...])
            if let offset = ByteText.firstInvalidUTF8(in: input) {
                let location = ByteText.location(ofByte: offset, in: input, file: file)
                return .failure(
                    .unreadable("invalid UTF-8 at byte \(offset + bom): YAML files must be UTF-8 text", at: location))
            }
            var builder = TreeBuilder(limits: limits)
            return Result { () throws(DiagnosticError) in
                try builder.build(from: LibYAMLEventReader(input: input, file: file))
            }
        }
        return try result.get()
    }

    /// Every document of a YAML string.
    @_spi(ReviewGateTools) public func load(_ text: String, file: String) throws(DiagnosticError) -> [DocumentNode] {
        try load(Array(text.utf8), file: file)
    }

    /// The single document of a file; an empty file or several documents are errors.
    @_spi(ReviewGateTools) public func loadDocument(_ bytes: [UInt8], file: String) throws(DiagnosticError)
        -> DocumentNode
    {
        let documents = try load(bytes, file: file)
        guard let first = documents.first else {
            throw DiagnosticError(
                "the file is empty: expected a YAML mapping", at: SourceLocation(file: file, line: 1, column: 1))
        }
        if documents.count > 1 {
            throw DiagnosticError(
                "the file holds \(documents.count) YAML documents; expected one", at: documents[1].location)
        }
        return first
    }
}
