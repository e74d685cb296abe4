/// How the state encoder writes a string so that it reads back as the same string: plain when
/// that is unambiguous, else double-quoted with escapes.
package enum YAMLScalarText {
    /// Words that some YAML reader takes for a boolean or null (YAML 1.1 included, so that a
    /// state file means the same to every tool that opens it), compared without case.
    private static let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]

    /// The string as a YAML scalar: plain when it is a name that starts with a letter or `_`
    /// (`pro`, `process_completed`), quoted otherwise (`"1.4.0"`, `"142"`, `"2fa_done"`, `"NO"`, `""`).
    package static func scalar(_ text: String) -> String {
        let startsWithLetter = text.unicodeScalars.first.map { $0 == "_" || $0.properties.isAlphabetic } ?? false
        if startsWithLetter, Name.isValid(text), !reserved.contains(text.lowercased()) { return text }
        return quoted(text)
    }

    /// The string in double quotes, with every character YAML does not allow raw escaped.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isPrintable(scalar): out.unicodeScalars.append(scalar)
            default: out += escape(scalar)
            }
        }
        return out + "\""
    }

    /// Escapes the characters that YAML (and libyaml) refuse raw inside JSON text's strings;
    /// JSON itself allows them, and JSON's `\u` escapes mean the same in YAML.
    package static func escapingNonPrintable(json text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isPrintable($0) && $0 != "\n" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isPrintable(scalar) || scalar == "\n" {
                out.unicodeScalars.append(scalar)
            } else {
                out += escape(scalar)
            }
        }
        return out
    }

    /// YAML 1.2's printable set (c-printable), less NEL, which libyaml treats as a line break.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: scalar.value != 0xFEFF
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        if scalar.value <= 0xFFFF { return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex }
        return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
