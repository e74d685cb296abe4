@_spi(ReviewGateTools) import ReviewGate

/// DocumentScalar resolution by the YAML 1.2 core schema, and the standard `!!` tags.
enum CoreSchema {
    static let tagPrefix = DocumentNode.standardTagPrefix

    /// Resolves a plain (unquoted, untagged) scalar: null, bool, int, float, else string.
    static func resolvePlain(_ text: String) -> ScalarValue {
        if let value = null(text) ?? bool(text) ?? int(text) ?? float(text) { return value }
        return .string(text)
    }

    /// Resolves a scalar with an explicit tag; `nil` when the text does not fit the tag.
    static func resolve(_ text: String, tag: String) -> ScalarValue? {
        switch tag {
        case tagPrefix + "str": return .string(text)
        case tagPrefix + "null": return null(text)
        case tagPrefix + "bool": return bool(text)
        case tagPrefix + "int": return int(text)
        case tagPrefix + "float":
            if let value = float(text) { return value }
            if case .int(let value)? = int(text) { return .float(Double(value)) }
            return nil
        default: return .string(text)  // `!` and application tags: the text as written.
        }
    }

    private static func null(_ text: String) -> ScalarValue? {
        switch text {
        case "", "~", "null", "Null", "NULL": .null
        default: nil
        }
    }

    private static func bool(_ text: String) -> ScalarValue? {
        switch text {
        case "true", "True", "TRUE": .bool(true)
        case "false", "False", "FALSE": .bool(false)
        default: nil
        }
    }

    private static func int(_ text: String) -> ScalarValue? {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty else { return nil }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
            let digits = String(decoding: utf8[2...], as: UTF8.self)
            if utf8[1] == UInt8(ascii: "x"), utf8[2...].allSatisfy(\.isHexDigit) {
                return Int(digits, radix: 16).map(ScalarValue.int) ?? .float(Double(hex: digits))
            }
            if utf8[1] == UInt8(ascii: "o"), utf8[2...].allSatisfy({ (0x30...0x37).contains($0) }) {
                return Int(digits, radix: 8).map(ScalarValue.int) ?? .float(Double(octal: digits))
            }
        }
        var body = utf8[...]
        if let first = body.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { body = body.dropFirst() }
        guard !body.isEmpty, body.allSatisfy(\.isDecimalDigit) else { return nil }
        // Beyond Int's range the value is still a number: keep it as a float rather than fail.
        return Int(text).map(ScalarValue.int) ?? Double(text).map(ScalarValue.float)
    }

    private static func float(_ text: String) -> ScalarValue? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var bytes = Array(text.utf8)[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let integer = bytes.prefix(while: \.isDecimalDigit)
        bytes = bytes.dropFirst(integer.count)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: \.isDecimalDigit).count
            bytes = bytes.dropFirst(fraction)
            if integer.isEmpty, fraction == 0 { return nil }
        } else if integer.isEmpty {
            return nil
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            let exponent = bytes.prefix(while: \.isDecimalDigit).count
            guard exponent > 0 else { return nil }
            bytes = bytes.dropFirst(exponent)
        }
        guard bytes.isEmpty else { return nil }
        // Swift's parser does not take "1." or ".5" with a sign in every spelling; normalise.
        var normalized = text
        if normalized.hasSuffix(".") { normalized += "0" }
        normalized = normalized.replacingOccurrences(".e", "0.e")
        return Double(normalized).map(ScalarValue.float)
    }
}

extension UInt8 {
    fileprivate var isDecimalDigit: Bool { (0x30...0x39).contains(self) }
    fileprivate var isHexDigit: Bool {
        isDecimalDigit || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}

extension Double {
    fileprivate init(hex digits: String) { self = digits.reduce(0) { $0 * 16 + Double(Int(String($1), radix: 16)!) } }
    fileprivate init(octal digits: String) { self = digits.reduce(0) { $0 * 8 + Double(Int(String($1), radix: 8)!) } }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
