/// Writes ``JSONValue``s as text: compact on one line, or indented for people.
@_spi(ReviewGateTools) public struct JSONWriter: Sendable {
    /// Whether to break objects and arrays over lines, two spaces an indent.
    @_spi(ReviewGateTools) public var pretty: Bool
    /// Whether, when pretty, an array of scalars stays on one line: `[7, 1, 7, 13]`.
    @_spi(ReviewGateTools) public var inlineScalarArrays: Bool

    /// Creates a writer.
    @_spi(ReviewGateTools) public init(pretty: Bool = false, inlineScalarArrays: Bool = false) {
        self.pretty = pretty
        self.inlineScalarArrays = inlineScalarArrays
    }

    /// The JSON text of a value, without a trailing newline.
    @_spi(ReviewGateTools) public func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, to: &out)
        return out
    }

    private func write(_ value: JSONValue, indent: Int, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .double(let number):
            if number.isNaN {
                out += "\".nan\""
            } else if number.isInfinite {
                out += number < 0 ? "\"-.inf\"" : "\".inf\""
            } else {
                out += NumberText.shortest(number)
            }
        case .number(let text): out += text
        case .string(let text): Self.quote(text, to: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            if pretty && inlineScalarArrays && items.allSatisfy(\.isScalar) {
                out += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { out += ", " }
                    write(item, indent: indent, to: &out)
                }
                out += "]"
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(indent + 1, to: &out)
                write(item, indent: indent + 1, to: &out)
            }
            newline(indent, to: &out)
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                newline(indent + 1, to: &out)
                Self.quote(member.key, to: &out)
                out += pretty ? ": " : ":"
                write(member.value, indent: indent + 1, to: &out)
            }
            newline(indent, to: &out)
            out += "}"
        }
    }

    private func newline(_ indent: Int, to out: inout String) {
        guard pretty else { return }
        out += "\n"
        for _ in 0..<indent { out += "  " }
    }

    /// Appends `text` as a JSON string literal.
    package static func quote(_ text: String, to out: inout String) {
        out += "\""
        // Most strings (names, times, versions) need no escape: appended whole, not scalar by scalar.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
