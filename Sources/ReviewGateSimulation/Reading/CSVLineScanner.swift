/// Reads one CSV line (RFC 4180: commas, fields in double quotes with `""` for a quote) into
/// ``LineFields`` by the header's columns. Every value is a string; an empty one is absent. A line
/// break inside a quoted field is not supported: each line is one event.
enum CSVLineScanner {
    /// Where a field's text is: a range of the line, or of the fields' buffer (a quoted field).
    enum Span {
        case line(Range<Int>)
        case stored(Range<Int>)
    }

    /// Passes each field of a line to `body`: its index, where its text is (a quoted field's,
    /// unquoted, appended to `fields.storage`), and its 1-based column.
    static func split(
        _ line: UnsafeBufferPointer<UInt8>, into fields: inout LineFields,
        _ body: (_ index: Int, _ text: Span, _ position: Int, _ fields: inout LineFields) throws(LineProblem) -> Void
    ) throws(LineProblem) {
        var index = 0
        var field = 0
        while true {
            let start = fields.storage.count
            let position = index + 1
            let text: Span
            if index < line.count, line[index] == UInt8(ascii: "\"") {
                index += 1
                while true {
                    guard index < line.count else {
                        throw LineProblem(message: "a quoted field is not closed on its line", column: position)
                    }
                    let byte = line[index]
                    index += 1
                    if byte != UInt8(ascii: "\"") {
                        fields.storage.append(byte)
                    } else if index < line.count, line[index] == UInt8(ascii: "\"") {
                        fields.storage.append(byte)
                        index += 1
                    } else {
                        break
                    }
                }
                guard index == line.count || line[index] == UInt8(ascii: ",") else {
                    throw LineProblem(message: "expected , after a quoted field", column: index + 1)
                }
                text = .stored(start..<fields.storage.count)
            } else {
                let runStart = index
                while index < line.count, line[index] != UInt8(ascii: ",") {
                    guard line[index] != UInt8(ascii: "\"") else {
                        throw LineProblem(
                            message: "a quote inside an unquoted field; quote the whole field and double the quote",
                            column: index + 1)
                    }
                    index += 1
                }
                text = .line(runStart..<index)
            }
            try body(field, text, position, &fields)
            field += 1
            guard index < line.count else { return }
            index += 1  // the comma
        }
    }

    /// The columns a header line names, by field index (`nil` for a column simulate does not use),
    /// and the unknown names with their positions.
    static func header(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> (
        columns: [TimelineColumn?], unknown: [(name: String, column: Int)]
    ) {
        var fields = LineFields()
        fields.reset(line)
        var columns: [TimelineColumn?] = []
        var unknown: [(name: String, column: Int)] = []
        try split(line, into: &fields) { (_, text, position, fields) throws(LineProblem) in
            let named: (TimelineColumn?, String)
            switch text {
            case .line(let range):
                let bytes = UnsafeBufferPointer(rebasing: line[range])
                named = (TimelineColumn.named(bytes), String(decoding: bytes, as: UTF8.self))
            case .stored(let range):
                named = fields.storage.withUnsafeBufferPointer {
                    let bytes = UnsafeBufferPointer(rebasing: $0[range])
                    return (TimelineColumn.named(bytes), String(decoding: bytes, as: UTF8.self))
                }
            }
            let (column, name) = named
            if let column {
                guard !columns.contains(column) else {
                    throw LineProblem(message: "the header names \"\(column.name)\" twice", column: position)
                }
            } else {
                unknown.append((name, position))
            }
            columns.append(column)
        }
        return (columns, unknown)
    }

    /// Reads a data line by the header's `columns`.
    static func scan(
        _ line: UnsafeBufferPointer<UInt8>, columns: [TimelineColumn?], into fields: inout LineFields
    ) throws(LineProblem) {
        try split(line, into: &fields) { (index, text, position, fields) throws(LineProblem) in
            guard index < columns.count else {
                throw LineProblem(message: "more fields than the header's \(columns.count)", column: position)
            }
            switch (columns[index], text) {
            case (let column?, .line(let range)): fields.set(column, kind: .string, inLine: range, at: position)
            case (let column?, .stored(let range)):
                fields.set(column, kind: .string, from: range.lowerBound, at: position)
            case (nil, .stored(let range)): fields.storage.removeSubrange(range)
            case (nil, .line): break
            }
        }
    }
}
