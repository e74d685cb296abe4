@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateYAML

/// A document the client has open: its text as the client last sent it, and what the server
/// worked out from that text (kept until the text changes).
struct OpenDocument {
    /// The client's name for it.
    let uri: String
    /// The path the library reads it as: the URI's path, or the URI itself for another scheme.
    let path: String
    /// The text, by line.
    var text: DocumentText {
        didSet {
            parsed = nil
            isChecked = false
        }
    }
    /// The client's version of the text.
    var version: Int
    /// The files the last check read, normalized: a change to one of them diagnoses this again.
    var reads: Set<String> = []
    /// The last diagnostics worked out, for code actions.
    var diagnostics: [Diagnostic] = []
    /// What the last check says of the problems it found past the fifty it lists (Semantics §7).
    var omitted: String?
    /// Whether ``diagnostics`` are of the text as it is.
    var isChecked = false

    /// The text's node tree (when it reads as one document) and its spans.
    private(set) var parsed: Parsed?

    /// What the text reads as.
    struct Parsed {
        /// The document, or why the text does not read as one.
        var read: Result<DocumentNode, DiagnosticError>
        /// The document, when the text reads as one.
        var root: DocumentNode? { try? read.get() }
        /// Where each node ends.
        var spans: NodeSpans
        /// What the document is, by its first key.
        var kind: DocumentCheck.Kind?
    }

    init(uri: String, text: String, version: Int) {
        self.uri = uri
        path = FileURI.path(uri).map(PathArithmetic.normalize) ?? uri
        self.text = DocumentText(text)
        self.version = version
    }

    /// The text's nodes and spans, read once per text.
    mutating func parse(_ files: DocumentFiles) -> Parsed {
        if let parsed { return parsed }
        let bytes = Array(text.text.utf8)
        let read = Result { () throws(DiagnosticError) in try files.document(bytes, path: path) }
        let parsed = Parsed(
            read: read, spans: YAMLLoader().spans(bytes), kind: (try? read.get()).map(DocumentCheck.Kind.init))
        self.parsed = parsed
        return parsed
    }

    /// The LSP range of a place in this document: from its start to the end of the node there.
    func range(_ location: SourceLocation, spans: NodeSpans) -> LSPRange {
        let end = spans.end(from: NodeSpans.Position(location))
        return LSPRange(
            start: text.position(line: location.line, column: location.column),
            end: text.position(line: end.line, column: end.column))
    }
}
