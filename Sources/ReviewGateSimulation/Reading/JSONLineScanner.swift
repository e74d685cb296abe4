/// Reads one JSON Lines line, a flat object, into ``LineFields``: the known columns' values are
/// copied out (strings unescaped), unknown keys are passed to `unknown` and their values skipped.
/// It builds no tree and allocates nothing once the fields' buffer has grown.
enum JSONLineScanner {
    /// How deeply an unknown key's value may nest.
    static let maximumDepth = 64

    static func scan(
        _ line: UnsafeBufferPointer<UInt8>, into fields: inout LineFields, unknown: inout UnknownColumns
    ) throws(LineProblem) {
        var cursor = Cursor(line: line)
        cursor.skipSpace()
        guard cursor.peek == UInt8(ascii: "{") else {
            throw cursor.problem("a JSON line must be an object, {\"user\": ..., \"time\": ..., \"type\": ...}")
        }
        cursor.index += 1
        cursor.skipSpace()
        if cursor.peek == UInt8(ascii: "}") {
            cursor.index += 1
        } else {
            while true {
                cursor.skipSpace()
                guard cursor.peek == UInt8(ascii: "\"") else { throw cursor.problem("expected a key in quotes") }
                // A column's key written plainly is known from its bytes; any other is read as a string.
                var column = cursor.plainKey()
                if column == nil { column = try key(at: &cursor, into: &fields, unknown: &unknown) }
                cursor.skipSpace()
                guard cursor.peek == UInt8(ascii: ":") else { throw cursor.problem("expected : after the key") }
                cursor.index += 1
                cursor.skipSpace()
                if let column {
                    try value(of: column, at: &cursor, into: &fields)
                } else {
                    try cursor.skipValue()
                }
                cursor.skipSpace()
                if cursor.peek == UInt8(ascii: ",") {
                    cursor.index += 1
                    continue
                }
                guard cursor.peek == UInt8(ascii: "}") else { throw cursor.problem("expected , or } after a value") }
                cursor.index += 1
                break
            }
        }
        cursor.skipSpace()
        guard cursor.index == line.count else { throw cursor.problem("unexpected text after the object") }
    }

    /// A key read as a string (unescaped when it must be): its column, if it names one; an
    /// unknown one is noted.
    private static func key(
        at cursor: inout Cursor, into fields: inout LineFields, unknown: inout UnknownColumns
    ) throws(LineProblem) -> TimelineColumn? {
        let position = cursor.index + 1
        let start = fields.storage.count
        switch try cursor.string(into: &fields.storage) {
        case .line(let range):
            let bytes = UnsafeBufferPointer(rebasing: cursor.line[range])
            let column = TimelineColumn.named(bytes)
            if column == nil { unknown.note(bytes, at: position) }
            return column
        case .stored(let range):
            defer { fields.storage.removeSubrange(start...) }
            return fields.storage.withUnsafeBufferPointer {
                let bytes = UnsafeBufferPointer(rebasing: $0[range])
                let column = TimelineColumn.named(bytes)
                if column == nil { unknown.note(bytes, at: position) }
                return column
            }
        }
    }

    /// A column's key as written plainly, through its closing quote, as the bytes after its
    /// opening quote read little-endian (`user"` is `0x22_7265_7375`), and how many bytes that is.
    static func plainKey(_ column: TimelineColumn) -> (word: UInt64, count: Int) {
        switch column {
        case .user: (0x22_7265_7375, 5)
        case .time: (0x22_656D_6974, 5)
        case .type: (0x22_6570_7974, 5)
        case .name: (0x22_656D_616E, 5)
        case .scene: (0x2265_6E65_6373, 6)
        case .source: (0x22_6563_7275_6F73, 7)
        case .short: (0x2274_726F_6873, 6)
        case .build: (0x2264_6C69_7562, 6)
        case .value: (0x2265_756C_6176, 6)
        case .arm: (0x22_6D72_61, 4)
        case .channel: (0x226C_656E_6E61_6863, 8)
        }
    }

    /// The column whose key is written plainly in the eight bytes after a key's opening quote
    /// (read little-endian), and how many of them its key and closing quote take; `nil` for any
    /// other key or way of writing it.
    @inline(__always)
    static func plainColumn(_ word: UInt64) -> (column: TimelineColumn, count: Int)? {
        // The first byte, and for keys that share it the second, tell which key it could be.
        let column: TimelineColumn
        switch (UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8)) {
        case (UInt8(ascii: "u"), _): column = .user
        case (UInt8(ascii: "t"), UInt8(ascii: "i")): column = .time
        case (UInt8(ascii: "t"), _): column = .type
        case (UInt8(ascii: "n"), _): column = .name
        case (UInt8(ascii: "s"), UInt8(ascii: "c")): column = .scene
        case (UInt8(ascii: "s"), UInt8(ascii: "o")): column = .source
        case (UInt8(ascii: "s"), _): column = .short
        case (UInt8(ascii: "b"), _): column = .build
        case (UInt8(ascii: "v"), _): column = .value
        case (UInt8(ascii: "a"), _): column = .arm
        case (UInt8(ascii: "c"), _): column = .channel
        default: return nil
        }
        let key = plainKey(column)
        // `channel"` takes all eight bytes: no mask then (a shift by 64 would trap).
        let mask: UInt64 = key.count == 8 ? .max : (1 << UInt64(8 * key.count)) - 1
        guard word & mask == key.word else { return nil }
        return (column, key.count)
    }

    @inline(__always)
    private static func value(
        of column: TimelineColumn, at cursor: inout Cursor, into fields: inout LineFields
    ) throws(LineProblem) {
        let position = cursor.index + 1
        guard !fields.isGiven(column) else {
            throw cursor.problem("\"\(column.name)\" is given twice")
        }
        switch cursor.peek ?? 0 {
        case UInt8(ascii: "\""):
            // Most values are plain text, found in one search; the others are read the long way.
            if let range = cursor.plainString() {
                fields.set(column, kind: .string, inLine: range, at: position)
                return
            }
            let start = fields.storage.count
            switch try cursor.string(into: &fields.storage) {
            case .line(let range): fields.set(column, kind: .string, inLine: range, at: position)
            case .stored: fields.set(column, kind: .string, from: start, at: position)
            }
        case UInt8(ascii: "t"):
            try cursor.literal("true")
            fields.set(column, kind: .yes, inLine: 0..<0, at: position)
        case UInt8(ascii: "f"):
            try cursor.literal("false")
            fields.set(column, kind: .no, inLine: 0..<0, at: position)
        case UInt8(ascii: "n"):
            try cursor.literal("null")
            fields.set(column, kind: .absent, inLine: 0..<0, at: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try cursor.number()
            fields.set(column, kind: .number, inLine: range, at: position)
        default:
            throw cursor.problem("\"\(column.name)\" must be a string, a number, true, false or null")
        }
    }

    /// A position in the line.
    private struct Cursor {
        let line: UnsafeBufferPointer<UInt8>
        var index = 0

        var peek: UInt8? { index < line.count ? line[index] : nil }

        /// At a key's opening quote: the column whose key is written there plainly (`"user"`), the
        /// cursor moved past it; `nil`, the cursor unmoved, for any other key or way of writing it.
        @inline(__always)
        mutating func plainKey() -> TimelineColumn? {
            guard index + 9 <= line.count, let base = line.baseAddress else { return nil }
            let word = UnsafeRawPointer(base + index + 1).loadUnaligned(as: UInt64.self).littleEndian
            guard let (column, count) = JSONLineScanner.plainColumn(word) else { return nil }
            index += 1 + count
            return column
        }

        func problem(_ message: String) -> LineProblem {
            LineProblem(message: message, column: index + 1)
        }

        /// Skips JSON whitespace; a byte above a space is none, and costs one comparison.
        @inline(__always)
        mutating func skipSpace() {
            guard index < line.count, line[index] <= 0x20 else { return }
            skipSpaces()
        }

        private mutating func skipSpaces() {
            while index < line.count,
                line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D || line[index] == 0x0A
            {
                index += 1
            }
        }

        mutating func literal(_ word: StaticString) throws(LineProblem) {
            let count = word.utf8CodeUnitCount
            guard index + count <= line.count else { throw problem("expected \(word)") }
            for offset in 0..<count where line[index + offset] != word.utf8Start[offset] {
                throw problem("expected \(word)")
            }
            index += count
        }

        /// At a string's opening quote: the range of its text when it holds no escape, no control
        /// character and no byte of 0x80 and up, the cursor moved past its closing quote; `nil`,
        /// the cursor unmoved, for any other string, which ``string(into:)`` reads and checks.
        @inline(__always)
        mutating func plainString() -> Range<Int>? {
            let start = index + 1
            let end = ByteSearch.plainRun(in: line, from: start)
            guard end < line.count, line[end] == UInt8(ascii: "\"") else { return nil }
            index = end + 1
            return start..<end
        }

        /// Where a string's text is: a range of the line when it has no escape, else of the buffer.
        enum Span {
            case line(Range<Int>)
            case stored(Range<Int>)
        }

        /// A JSON number: its range in the line.
        @discardableResult
        mutating func number() throws(LineProblem) -> Range<Int> {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            guard let first = peek, (0x30...0x39).contains(first) else { throw problem("expected a digit") }
            index += 1
            if first != 0x30 { skipDigits() }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard let digit = peek, (0x30...0x39).contains(digit) else { throw problem("expected a digit") }
                skipDigits()
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard let digit = peek, (0x30...0x39).contains(digit) else { throw problem("expected a digit") }
                skipDigits()
            }
            return start..<index
        }

        private mutating func skipDigits() {
            while let byte = peek, (0x30...0x39).contains(byte) { index += 1 }
        }

        /// A JSON string, checked to be UTF-8: where it is in the line, or, when it has escapes,
        /// its unescaped text appended to `out`.
        @discardableResult
        mutating func string(into out: inout [UInt8]) throws(LineProblem) -> Span {
            let opening = index
            index += 1
            var runStart = index
            let outStart = out.count
            var copied = false
            while true {
                index = ByteSearch.plainRun(in: line, from: index)
                guard let byte = peek else {
                    index = opening
                    throw problem("a string is not closed")
                }
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    guard copied else { return .line(runStart..<index) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: line[runStart..<index]))
                    return .stored(outStart..<out.count)
                }
                if byte < 0x20 { throw problem("a control character must be escaped in a string") }
                if byte >= 0x80 {
                    try skipUTF8()
                    continue
                }
                if byte == UInt8(ascii: "\\") {
                    copied = true
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: line[runStart..<index]))
                    try escape(into: &out)
                    runStart = index
                    continue
                }
                index += 1
            }
        }

        private mutating func skipUTF8() throws(LineProblem) {
            let lead = line[index]
            let (length, lowest): (Int, UInt32) =
                switch lead {
                case 0xC2...0xDF: (2, 0x80)
                case 0xE0...0xEF: (3, 0x800)
                case 0xF0...0xF4: (4, 0x10000)
                default: (0, 0)
                }
            guard length > 0, index + length <= line.count else { throw problem("invalid UTF-8") }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length {
                let byte = line[index + offset]
                guard byte & 0xC0 == 0x80 else { throw problem("invalid UTF-8") }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
                throw problem("invalid UTF-8")
            }
            index += length
        }

        private mutating func escape(into out: inout [UInt8]) throws(LineProblem) {
            index += 1
            guard let byte = peek else { throw problem("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard peek == UInt8(ascii: "\\"), index + 1 < line.count, line[index + 1] == UInt8(ascii: "u")
                    else { throw problem("a \\u escape is half of a surrogate pair") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw problem("a \\u escape is half of a surrogate pair")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw problem("a \\u escape is half of a surrogate pair")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw problem("a \\u escape names no character") }
                out.append(contentsOf: UTF8.encode(unicode)!)
            default:
                index -= 2
                throw problem("unknown escape in a string")
            }
        }

        private mutating func hex4() throws(LineProblem) -> UInt32 {
            guard index + 4 <= line.count else { throw problem("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = line[index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: throw problem("a \\u escape needs four hex digits")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// Skips any JSON value (an unknown key's), nested at most ``maximumDepth`` deep.
        mutating func skipValue() throws(LineProblem) {
            var depth = 0
            var objects: UInt64 = 0  // bit d − 1 is set when the container at depth d is an object
            var scratch: [UInt8] = []
            while true {
                skipSpace()
                var opened = false
                switch peek ?? 0 {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let object = peek == UInt8(ascii: "{")
                    depth += 1
                    guard depth <= JSONLineScanner.maximumDepth else { throw problem("nested too deeply") }
                    let bit: UInt64 = 1 << UInt64(depth - 1)
                    objects = object ? objects | bit : objects & ~bit
                    index += 1
                    skipSpace()
                    if peek == UInt8(ascii: object ? "}" : "]") {
                        index += 1
                        depth -= 1
                    } else {
                        opened = true
                        if object { try key(&scratch) }
                    }
                case UInt8(ascii: "\""):
                    scratch.removeAll(keepingCapacity: true)
                    try string(into: &scratch)
                case UInt8(ascii: "t"): try literal("true")
                case UInt8(ascii: "f"): try literal("false")
                case UInt8(ascii: "n"): try literal("null")
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try number()
                default: throw problem("expected a value")
                }
                if opened { continue }
                // After a value: close containers, or go on to the container's next member.
                while true {
                    guard depth > 0 else { return }
                    skipSpace()
                    let object = objects & (1 << UInt64(depth - 1)) != 0
                    if peek == UInt8(ascii: object ? "}" : "]") {
                        index += 1
                        depth -= 1
                        continue
                    }
                    guard peek == UInt8(ascii: ",") else { throw problem("expected , or a closing bracket") }
                    index += 1
                    if object { try key(&scratch) }
                    break
                }
            }
        }

        private mutating func key(_ scratch: inout [UInt8]) throws(LineProblem) {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw problem("expected a key in quotes") }
            scratch.removeAll(keepingCapacity: true)
            try string(into: &scratch)
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw problem("expected : after the key") }
            index += 1
        }
    }
}
