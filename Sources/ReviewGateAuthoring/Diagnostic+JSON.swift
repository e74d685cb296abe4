@_spi(ReviewGateTools) import ReviewGate

extension Diagnostic {
    /// The diagnostic as `validate --format json` writes it (Semantics §17): `file`, `line` and
    /// `column` (1-based, in Unicode scalars), `end_line` and `end_column` (just past the node that
    /// starts there, from `spans`), `severity`, `code`, `message` (a lint warning's without its
    /// `[rule]`, which is the code), `did_you_mean` and `notes`. A problem with no place in a file
    /// is in `file` with `null` for its line and columns.
    package func jsonObject(file: String, spans: (String) -> NodeSpans) -> JSONValue {
        let place: [(key: String, value: JSONValue)]
        if let location {
            let end = spans(location.file).end(from: NodeSpans.Position(location))
            place = [
                ("file", .string(location.file)), ("line", .int(location.line)), ("column", .int(location.column)),
                ("end_line", .int(end.line)), ("end_column", .int(end.column)),
            ]
        } else {
            place = [
                ("file", .string(file)), ("line", .null), ("column", .null), ("end_line", .null), ("end_column", .null),
            ]
        }
        let notes = notes.map { note -> JSONValue in
            .object([
                ("file", .string(note.location?.file)), ("line", note.location.map { .int($0.line) } ?? .null),
                ("column", note.location.map { .int($0.column) } ?? .null), ("message", .string(note.message)),
            ])
        }
        return .object(
            place + [
                ("severity", .string(severity.rawValue)), ("code", .string(code)), ("message", .string(message)),
                ("did_you_mean", .string(didYouMean)), ("notes", .array(notes)),
            ])
    }
}
