/// Reads JSON (RFC 8259) into the same node tree as the YAML loader, with no C library and no
/// Foundation, so that an app reads compiled policies and JSON states on any platform.
///
/// Every node keeps its `line:column` (columns in Unicode scalars, as the YAML loader counts).
/// Strings are double-quoted string scalars; a number is an `int` when it has no fraction or
/// exponent and fits, else a `float`, as YAML 1.2's core schema reads the same text; `true`,
/// `false` and `null` are plain scalars. Semantics §7 holds: input over the size limit, nesting deeper
/// than the depth limit and invalid UTF-8 are refused with the YAML loader's messages, and a
/// duplicate key is an error at its second occurrence naming the first. A UTF-8 byte order mark is
/// skipped. Where RFC 8259 leaves a choice (JSONTestSuite's `i_` files), see ``JSONReader/choices``.
@_spi(ReviewGateTools) public struct JSONReader: Sendable {
    /// The bounds within which it reads.
    @_spi(ReviewGateTools) public var limits: DocumentLimits

    /// Creates a reader; the default limits are Semantics §7's.
    @_spi(ReviewGateTools) public init(limits: DocumentLimits = .default) {
        self.limits = limits
    }

    /// What this reader does where RFC 8259 lets a parser choose, one line each.
    @_spi(ReviewGateTools) public static let choices = [
        "a duplicate key is an error (Semantics §7), though RFC 8259 only advises against it",
        "a number too large for a Double reads as infinity, one too small as 0 (as YAML reads the same text)",
        "an integer beyond Int's range reads as a float",
        "an escaped lone UTF-16 surrogate (\\uD800 without its pair) is an error: it is no Unicode text",
        "input that is not UTF-8 (UTF-16, a Latin-1 byte) is an error at its byte",
        "a UTF-8 byte order mark before the value is skipped",
        "nesting deeper than the depth limit (64) is an error, as in YAML",
    ]

    /// The one JSON value in `bytes`, as a node tree; `file` names it in locations.
    @_spi(ReviewGateTools) public func loadDocument(_ bytes: [UInt8], file: String) throws(DiagnosticError)
        -> DocumentNode
    {
        guard bytes.count <= limits.maxBytes else {
            throw .unreadable(
                DocumentLimits.sizeMessage(size: bytes.count, limit: limits.maxBytes),
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let result: Result<DocumentNode, DiagnosticError> = bytes.withUnsafeBufferPointer { whole in
            let input = UnsafeBufferPointer(rebasing: whole[bom...])
            if let offset = ByteText.firstInvalidUTF8(in: input) {
                return .failure(
                    .unreadable(
                        "invalid UTF-8 at byte \(offset + bom): JSON files must be UTF-8 text",
                        at: ByteText.location(ofByte: offset, in: input, file: file)))
            }
            var parser = JSONParser(input: input, file: file, maxDepth: limits.maxDepth)
            return Result { () throws(DiagnosticError) in try parser.document() }
        }
        return try result.get()
    }

    /// The one JSON value in `text`, as a node tree.
    @_spi(ReviewGateTools) public func loadDocument(_ text: String, file: String) throws(DiagnosticError)
        -> DocumentNode
    {
        try loadDocument(Array(text.utf8), file: file)
    }
}
