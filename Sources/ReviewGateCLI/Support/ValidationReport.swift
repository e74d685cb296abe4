@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateYAML

/// `validate --format json`'s document: a summary per file, and every problem with its range and
/// code (Semantics §17).
struct ValidationReport {
    private var files: [JSONValue] = []
    private var diagnostics: [JSONValue] = []
    /// The bytes of files read, by name, so that standard input's spans need no second read.
    private var bytes: [String: [UInt8]] = [:]
    private var spans: [String: NodeSpans] = [:]

    /// Keeps the bytes read for `file`.
    mutating func read(_ bytes: [UInt8], as file: String) {
        self.bytes[file] = bytes
    }

    /// Adds a file's summary and its problems (warnings among them).
    mutating func add(file: String, status: String, diagnostics found: [Diagnostic], omitted: Int = 0) {
        let errors = found.filter { $0.severity == .error }.count
        files.append(
            .object([
                ("file", .string(file)), ("status", .string(status)), ("errors", .int(errors)),
                ("warnings", .int(found.count - errors)), ("omitted", .int(omitted)),
            ]))
        for diagnostic in found {
            if let other = diagnostic.location?.file, spans[other] == nil { spans[other] = Self.spans(other, bytes) }
            let known = spans
            diagnostics.append(diagnostic.jsonObject(file: file) { known[$0] ?? NodeSpans() })
        }
    }

    /// The document.
    var json: JSONValue {
        .object([("files", .array(files)), ("diagnostics", .array(diagnostics))])
    }

    private static func spans(_ file: String, _ read: [String: [UInt8]]) -> NodeSpans {
        guard let bytes = read[file] ?? (try? FileBytes.read(file, maxBytes: InputFile.documents.maxBytes)) else {
            return NodeSpans()
        }
        return YAMLLoader().spans(bytes)
    }
}
