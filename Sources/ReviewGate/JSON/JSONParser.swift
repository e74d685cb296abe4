/// The recursive-descent parser behind ``JSONReader``: one pass over valid UTF-8 bytes, a cursor
/// that turns byte offsets into lines and columns as it moves forward (so a long single line costs
/// no more than a short one), and the first syntax error thrown at its place. Duplicate keys are
/// collected, every one reported, after the value is read.
struct JSONParser {
    /// The bytes, valid UTF-8.
    let input: UnsafeBufferPointer<UInt8>
    private let file: String
    private let maxDepth: Int
    /// The byte read next.
    var index = 0
    private var depth = 0
    /// Duplicate keys found so far.
    private var problems: [Diagnostic] = []
    /// Duplicate keys found past the report limit: counted, not described.
    private var unlisted = 0
    /// The position cursor: a byte offset and its line and column.
    private var cursor = (offset: 0, line: 1, column: 1)

    init(input: UnsafeBufferPointer<UInt8>, file: String, maxDepth: Int) {
        self.input = input
        self.file = file
        self.maxDepth = maxDepth
    }

    /// The one value of the input, and nothing after it but whitespace.
    mutating func document() throws(DiagnosticError) -> DocumentNode {
        skipWhitespace()
        guard index < input.count else { throw error("the file is empty: a JSON value was expected") }
        let node = try value()
        skipWhitespace()
        if index < input.count {
            throw error("\(found()) after the JSON value: a file holds one value (a trailing comma or a second value?)")
        }
        if !problems.isEmpty { throw DiagnosticError(problems, alsoFound: unlisted) }
        return node
    }

    // MARK: Values

    private mutating func value() throws(DiagnosticError) -> DocumentNode {
        let start = location()
        switch input[index] {
        case UInt8(ascii: "{"): return try object(at: start)
        case UInt8(ascii: "["): return try array(at: start)
        case UInt8(ascii: "\""):
            let text = try string()
            return DocumentNode(
                .scalar(DocumentScalar(text: text, style: .doubleQuoted, value: .string(text))), at: start)
        case UInt8(ascii: "t"): return try literal("true", .bool(true), at: start)
        case UInt8(ascii: "f"): return try literal("false", .bool(false), at: start)
        case UInt8(ascii: "n"): return try literal("null", .null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(at: start)
        default: throw error("\(found()) where a JSON value was expected")
        }
    }

    private mutating func object(at start: SourceLocation) throws(DiagnosticError) -> DocumentNode {
        try enter()
        index += 1
        var entries: [MappingEntry] = []
        // Duplicate keys: a search of the few entries of most objects, a dictionary past eight.
        var seen: [String: SourceLocation]?
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return DocumentNode(.mapping(entries), at: start)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw error("\(found()) where a key was expected: keys are strings in double quotes")
            }
            let keyStart = location()
            let key = try string()
            let keyNode = DocumentNode(
                .scalar(DocumentScalar(text: key, style: .doubleQuoted, value: .string(key))), at: keyStart)
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw error("\(found()) after the key \"\(Quote.prefix(key))\": expected ':'")
            }
            index += 1
            skipWhitespace()
            guard index < input.count else {
                throw error("the file ends where the value of \"\(Quote.prefix(key))\" was expected")
            }
            let value = try value()
            let first = seen.map { $0[key] } ?? entries.first { $0.key.scalar?.text == key }?.key.location
            if first != nil, problems.count >= DiagnosticError.reportLimit {
                unlisted += 1
            } else if let first {
                problems.append(
                    .error(
                        "duplicate key \"\(Quote.prefix(key))\": it is already set at line \(first.line)", at: keyStart,
                        notes: [.init("first set here", at: first)], kind: .duplicateKey))
            } else {
                entries.append(MappingEntry(key: keyNode, value: value))
                if seen != nil {
                    seen![key] = keyStart
                } else if entries.count == 8 {
                    seen = Dictionary(
                        entries.map { ($0.key.scalar?.text ?? "", $0.key.location) }, uniquingKeysWith: { a, _ in a })
                }
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { throw error("a comma before '}': JSON has no trailing commas") }
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw error("\(found()) after a member: expected ',' or '}'") }
            index += 1
            depth -= 1
            return DocumentNode(.mapping(entries), at: start)
        }
    }

    private mutating func array(at start: SourceLocation) throws(DiagnosticError) -> DocumentNode {
        try enter()
        index += 1
        var elements: [DocumentNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return DocumentNode(.sequence(elements), at: start)
        }
        while true {
            skipWhitespace()
            guard index < input.count else { throw error("the file ends inside a list: expected a value and ']'") }
            elements.append(try value())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { throw error("a comma before ']': JSON has no trailing commas") }
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw error("\(found()) after a list element: expected ',' or ']'") }
            index += 1
            depth -= 1
            return DocumentNode(.sequence(elements), at: start)
        }
    }

    /// One level deeper, refused past the depth limit with the YAML loader's message.
    private mutating func enter() throws(DiagnosticError) {
        guard depth < maxDepth else {
            throw DiagnosticError("nesting deeper than \(maxDepth) levels (the nesting limit)", at: location()).kind(
                .limit)
        }
        depth += 1
    }

    private mutating func literal(
        _ word: StaticString, _ value: ScalarValue, at start: SourceLocation
    ) throws(DiagnosticError) -> DocumentNode {
        let count = word.utf8CodeUnitCount
        guard index + count <= input.count,
            (0..<count).allSatisfy({ input[index + $0] == word.utf8Start[$0] })
        else { throw error("\(found()) where a JSON value was expected (true, false and null are lowercase)") }
        index += count
        let text = "\(word)"
        return DocumentNode(.scalar(DocumentScalar(text: text, style: .plain, value: value)), at: start)
    }

    // MARK: Input

    private func peek(_ byte: UInt8) -> Bool {
        index < input.count && input[index] == byte
    }

    private mutating func skipWhitespace() {
        while index < input.count {
            switch input[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// What is at the index, for messages: `'x'`, or the end of the file.
    func found() -> String {
        guard index < input.count else { return "the end of the file" }
        let byte = input[index]
        if byte < 0x20 || byte == 0x7F { return "the control character U+\(Self.hex(UInt32(byte)))" }
        // The whole character, which may be several bytes.
        var end = index + 1
        while end < input.count, input[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: input[index..<end]), as: UTF8.self))'"
    }

    /// Four uppercase hexadecimal digits: `0009`, `D800`.
    static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return (0..<4).reversed().map { String(digits[Int(value >> (UInt32($0) * 4) & 0xF)]) }.joined()
    }

    /// An error at the index.
    mutating func error(_ message: String) -> DiagnosticError {
        DiagnosticError(message, at: location()).kind(.yamlSyntax)
    }

    /// The line and column of the index, moving the cursor forward to it (positions asked for only
    /// grow, so every byte is counted once); a CR LF pair is one break, as a lone CR is.
    mutating func location() -> SourceLocation {
        let target = min(index, input.count)
        if target < cursor.offset { cursor = (0, 1, 1) }
        var (offset, line, column) = cursor
        while offset < target {
            let byte = input[offset]
            if byte == 0x0A || (byte == 0x0D && !(offset + 1 < input.count && input[offset + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D, byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        cursor = (offset, line, column)
        return SourceLocation(file: file, line: line, column: column)
    }
}
