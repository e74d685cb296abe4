/// One `--vary PATH=V1,V2,...` (Semantics §10 *What-if in one pass*): a path of policy keys, and the
/// values to try there, in the order given, each as written (YAML flow values, read by the caller).
package struct VaryOption: Sendable, Hashable {
    /// The path's keys: `["triggers", "app.open", "at_least"]` for `triggers."app.open".at_least`.
    package var path: [String]
    /// The values as written, trimmed: `["7d", "{count: 2, per: 30d}"]`.
    package var values: [String]

    /// The most keys a path has (Semantics §7: a document is at most 64 deep).
    package static let longestPath = 64

    /// Why an argument is not `PATH=V1,V2,...`.
    package struct SyntaxError: Error, Sendable, Hashable {
        /// What is wrong, naming the argument.
        package var message: String
    }

    /// The option `argument` holds: the path up to the first `=` outside quotes, then the values,
    /// split at commas outside `[]`, `{}` and quotes.
    package init(parsing argument: String) throws(SyntaxError) {
        let characters = Array(argument)
        var keys: [String] = []
        var key = ""
        var quoted = false
        var index = 0
        var sawEquals = false
        func fail(_ message: String) -> SyntaxError {
            SyntaxError(message: "--vary \(Self.shown(argument)): \(message)")
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "\"" {
                guard key.isEmpty, !quoted else { throw fail("a key in quotes is quoted whole: \"app.open\"") }
                guard let close = characters[index...].firstIndex(of: "\"") else {
                    throw fail("a key's quote is not closed")
                }
                key = String(characters[index..<close])
                guard !key.isEmpty else { throw fail("a key in the path is empty") }
                quoted = true
                index = close + 1
                guard index < characters.count, characters[index] == "." || characters[index] == "=" else {
                    throw fail("a key in quotes ends at a . or the =")
                }
                continue
            }
            if character == "." || character == "=" {
                guard !key.isEmpty else {
                    throw fail("a key in the path is empty: give PATH=V1,V2 with keys such as guards.cooldown")
                }
                keys.append(key)
                key = ""
                quoted = false
                if character == "=" {
                    sawEquals = true
                    break
                }
                continue
            }
            guard !quoted else { throw fail("a key in quotes ends at a . or the =") }
            key.append(character)
        }
        guard sawEquals else {
            throw fail("give PATH=V1,V2,... (such as guards.cooldown=7d,30d); found no =")
        }
        let values = Self.split(String(characters[index...]))
        guard !values.isEmpty else { throw fail("give at least one value after the =") }
        if let empty = values.firstIndex(where: \.isEmpty) {
            throw fail("value \(empty + 1) is empty (write null to remove the setting)")
        }
        var seen: Set<String> = []
        if let repeated = values.first(where: { !seen.insert($0).inserted }) {
            throw fail("the value \(Self.shown(repeated)) is given twice")
        }
        guard keys.count <= Self.longestPath else {
            throw fail("a path has at most \(Self.longestPath) keys, as a policy is at most that deep")
        }
        path = keys
        self.values = values
    }

    /// The path as written on the command line: keys joined by `.`, a key that holds a `.`, a
    /// quote, a space or an `=` in quotes.
    package var pathText: String { Self.text(ofPath: path) }

    /// `keys` as a path is written: joined by `.`, a key that holds a `.`, a quote, a space or an
    /// `=` in quotes.
    package static func text(ofPath keys: some Sequence<String>) -> String {
        keys.map { key in
            key.contains { ".=\"' ,".contains($0) } ? "\"\(key)\"" : key
        }.joined(separator: ".")
    }

    /// The keys of a path as written (`triggers."app.open".at_least` is three), read as the
    /// option reads them; the whole text as one key when it is not a path.
    package static func keys(ofPath text: String) -> [String] {
        (try? VaryOption(parsing: text + "=_"))?.path ?? [text]
    }

    /// `PATH=V`, how a variant names one setting.
    package func setting(_ value: Int) -> String { Variant.Setting(path: pathText, value: values[value]).text }

    /// Splits at commas outside `[]`, `{}` and quotes; each piece trimmed of spaces.
    static func split(_ text: String) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var depth = 0
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                piece.append(character)
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "[", "{": depth += 1
            case "]", "}": depth = max(0, depth - 1)
            case "," where depth == 0:
                pieces.append(piece.trimmingSpaces)
                piece = ""
                continue
            default: break
            }
            piece.append(character)
        }
        pieces.append(piece.trimmingSpaces)
        return pieces
    }

    /// An argument in messages, cut short when very long.
    static func shown(_ argument: String) -> String {
        argument.count > 200 ? String(argument.prefix(200)) + "…" : argument
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
