/// Hints for libyaml's messages whose cause is common and known, from the lines around the error:
/// an unquoted `: ` inside a value, `key:value` without a space, and a line indented off its
/// mapping. libyaml's own words stay in the message; the hint says what to change.
enum YAMLHint {
    /// A hint for a problem at a 1-based line and column (and libyaml's context line, when it gives
    /// one), or `nil` when the cause is not clear.
    static func hint(for problem: String, line: Int, column: Int, contextLine: Int?, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard line >= 1 else { return nil }
        // libyaml may stop just past the last line.
        let current = line <= lines.count ? lines[line - 1] : ""
        let previous = (0..<min(line - 1, lines.count)).last { isContent(lines[$0]) }.map { ($0 + 1, lines[$0]) }
        switch problem {
        case "mapping values are not allowed in this context":
            // The key's `: `, before the one libyaml stopped at: the value has a `: ` of its own.
            let before = current.prefix(max(0, column - 1))
            if let separator = colonSpace(in: before) {
                let key = before[..<separator].trimmingSpaces
                let value = current[current.index(separator, offsetBy: 2)...].trimmingSpaces
                return "a value that contains \": \" must be quoted: \(key): \"\(value)\""
            }
            guard let (number, above) = previous else { return nil }
            if let (key, value) = keyWithoutSpace(above) {
                return "line \(number) reads \"\(above.trimmingSpaces)\": YAML needs a space after a key's colon "
                    + "(\(key): \(value)), so it read that line as text and this one as more of it"
            }
            if indentation(current) > indentation(above) {
                return indentedMore(line: current, than: above, number: number)
            }
            return nil
        case "could not find expected ':'":
            // libyaml took a line for a key and found no `: ` after it.
            guard let contextLine, contextLine >= 1, contextLine <= lines.count,
                let (key, value) = keyWithoutSpace(lines[contextLine - 1])
            else { return nil }
            return "line \(contextLine) reads \"\(lines[contextLine - 1].trimmingSpaces)\": YAML needs a space after a "
                + "key's colon (\(key): \(value))"
        case "did not find expected key":
            if let hint = apostropheInSingleQuotes(current, column: column) { return hint }
            guard let (number, above) = previous, indentation(current) != indentation(above) else { return nil }
            if indentation(current) > indentation(above) {
                return indentedMore(line: current, than: above, number: number)
            }
            return "this line is indented \(indentation(current)) spaces, which lines up with no mapping above it; "
                + "keys of one mapping start in the same column"
        default:
            return nil
        }
    }

    /// The message for a quoted value that is never closed: where its quote opened, and how to
    /// write a quote inside one.
    static func unclosedQuote(line: Int, column: Int, in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let opening = line <= lines.count ? lines[line - 1].dropFirst(column - 1).first : nil
        var message = "the quoted value that opens here is never closed"
        if opening == "'" {
            message += ": end it with ' on its line; inside single quotes, write a ' as '' ('it''s')"
        } else {
            message += ": end it with \" on its line; inside double quotes, write a \" as \\\""
        }
        return message
    }

    /// A single-quoted value that an apostrophe ended early (`description: 'it's great'`, where
    /// libyaml reads `'it'` and stops at `s`): how to write the apostrophe.
    private static func apostropheInSingleQuotes(_ line: Substring, column: Int) -> String? {
        let before = line.prefix(max(0, column - 1))
        guard before.hasSuffix("'"), let separator = colonSpace(in: before) else { return nil }
        let value = line[line.index(separator, offsetBy: 2)...].trimmingSpaces
        guard value.hasPrefix("'"), value.count > 2 else { return nil }
        let inner = value.dropFirst().hasSuffix("'") ? value.dropFirst().dropLast() : value.dropFirst()
        let doubled = String(inner.flatMap { $0 == "'" ? ["'", "'"] : [$0] })
        return "the single-quoted value ends at the ' in column \(before.count): inside single quotes, write a ' "
            + "as '' ('\(doubled)'), or use double quotes (\"\(inner)\")"
    }

    private static func indentedMore(line: Substring, than above: Substring, number: Int) -> String {
        "this line is indented more than line \(number) above it (\(indentation(line)) spaces against "
            + "\(indentation(above))); keys of one mapping start in the same column, and a key's children "
            + "are indented under it"
    }

    /// Where the first `: ` in a text starts.
    private static func colonSpace(in text: Substring) -> Substring.Index? {
        text.indices.first {
            text[$0] == ":" && text.index(after: $0) < text.endIndex && text[text.index(after: $0)] == " "
        }
    }

    /// Whether a line holds more than spaces and a comment.
    private static func isContent(_ line: Substring) -> Bool {
        let text = line.trimmingSpaces
        return !text.isEmpty && !text.hasPrefix("#")
    }

    private static func indentation(_ line: Substring) -> Int {
        line.prefix { $0 == " " }.count
    }

    /// `key:value` with no space after the colon, as the whole line (after a `- `): the key and value.
    private static func keyWithoutSpace(_ line: Substring) -> (Substring, Substring)? {
        var text = line.trimmingSpaces
        if text.hasPrefix("- ") { text = text.dropFirst(2).trimmingSpaces }
        guard colonSpace(in: text) == nil, let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            return nil
        }
        let key = text[..<colon]
        let value = text[text.index(after: colon)...]
        guard !value.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "_.-".contains($0) }) else {
            return nil
        }
        return (key, value)
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        let text = self
        let start = text.firstIndex { $0 != " " } ?? text.endIndex
        let end = text.lastIndex { $0 != " " }.map(text.index(after:)) ?? start
        return text[start..<end]
    }
}
