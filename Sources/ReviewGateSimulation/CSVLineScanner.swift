/// Reads one CSV line (RFC 4180: commas, fields in double quotes with `""` for a quote) into
/// ``LineFields`` by the header's columns. Every value is a string; an empty one is absent. A line
/// break inside a quoted field is not supported: each line is one event.
enum CSVLineScanner {
    /// Appends each field of a line, unquoted, to `fields.storage`, and passes its index, where
    /// its bytes start in the storage and its 1-based column to `body`.
    static func split(
        _ line: UnsafeBufferPointer<UInt8>, into fields: inout LineFields,
        _ body: (_ index: Int, _ start: Int, _ position: Int, _ fields: inout LineFields) throws(LineProblem) -> Void
    ) throws(LineProblem) {
        var index = 0
        var field = 0
        while true {
            let start = fields.storage.count
            let position = index + 1
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
                fields.storage.append(contentsOf: UnsafeBufferPointer(rebasing: line[runStart..<index]))
            }
            try body(field, start, position, &fields)
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
        var columns: [TimelineColumn?] = []
        var unknown: [(name: String, column: Int)] = []
        try split(line, into: &fields) { (_, start, position, fields) throws(LineProblem) in
            let (column, name) = fields.storage.withUnsafeBufferPointer {
                let bytes = UnsafeBufferPointer(rebasing: $0[start...])
                return (TimelineColumn.named(bytes), String(decoding: bytes, as: UTF8.self))
            }
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
        try split(line, into: &fields) { (index, start, position, fields) throws(LineProblem) in
            guard index < columns.count else {
                throw LineProblem(message: "more fields than the header's \(columns.count)", column: position)
            }
            if let column = columns[index] {
                fields.set(column, kind: .string, from: start, at: position)
            } else {
                fields.storage.removeSubrange(start...)
            }
        }
    }
}
