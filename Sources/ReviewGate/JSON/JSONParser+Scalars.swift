extension JSONParser {
    /// A string from its opening quote to past its closing one, escapes decoded. A string with no
    /// escape is read in one piece.
    mutating func string() throws(DiagnosticError) -> String {
        index += 1
        let start = index
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("\(found()) in a string: write it as an escape such as \\n or \\u0009") }
            index += 1
        }
        var decoded = Array(input[start..<index])
        while index < input.count {
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case ..<0x20:
                throw error("\(found()) in a string: write it as an escape such as \\n or \\u0009")
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw error("the file ends inside a string: a closing '\"' is missing")
    }

    /// One escape at the backslash, appended as UTF-8; a `\u` surrogate pair makes one scalar.
    private mutating func escape(into decoded: inout [UInt8]) throws(DiagnosticError) {
        guard index + 1 < input.count else { throw error("the file ends inside an escape") }
        let letter = input[index + 1]
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""): 0x22
            case UInt8(ascii: "\\"): 0x5C
            case UInt8(ascii: "/"): 0x2F
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            decoded.append(simple)
            index += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            index += 1
            throw error(
                "\(found()) after '\\' in a string: the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        var scalar = try hexQuad()
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate: its low half must follow as another \u escape.
            guard index + 1 < input.count, input[index] == UInt8(ascii: "\\"),
                input[index + 1] == UInt8(ascii: "u")
            else { throw loneSurrogate(scalar) }
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(scalar) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw loneSurrogate(scalar)
        }
        decoded.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    /// `\uXXXX` at the index: its value, the index moved past it.
    private mutating func hexQuad() throws(DiagnosticError) -> UInt32 {
        index += 2
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < input.count, let digit = Self.hexValue(input[index]) else {
                throw error("\(found()) in a \\u escape: it takes four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func loneSurrogate(_ value: UInt32) -> DiagnosticError {
        error("\\u\(Self.hex(value)) is half of a UTF-16 surrogate pair without its other half: it is no Unicode text")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number by RFC 8259's grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`:
    /// an `int` without fraction or exponent when it fits, else a `float`, as YAML's core schema
    /// reads the same text.
    mutating func number(at start: SourceLocation) throws(DiagnosticError) -> DocumentNode {
        let first = index
        func digits() -> Int {
            let from = index
            while index < input.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input[index]) {
                index += 1
            }
            return index - from
        }
        if input[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("\(found()) in a number: a digit was expected") }
        if input[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            index = integerStart
            throw error("a number with a leading zero: JSON writes 0 alone, or 0.5")
        }
        var isInteger = true
        if index < input.count, input[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits() > 0 else { throw error("\(found()) after '.' in a number: a digit was expected") }
        }
        if index < input.count, input[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("\(found()) in a number's exponent: a digit was expected") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[first..<index]), as: UTF8.self)
        let value: ScalarValue
        if isInteger, let integer = Int(text) {
            value = .int(integer)
        } else {
            // Every JSON number is a valid Swift float literal; out of range it is ±infinity or 0.
            value = .float(Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity))
        }
        return DocumentNode(.scalar(DocumentScalar(text: text, style: .plain, value: value)), at: start)
    }
}
