@_spi(ReviewGateTools) import ReviewGate

/// A document's text by line, and the conversion between the library's places (1-based lines,
/// columns in Unicode scalars) and LSP's (0-based lines, characters in UTF-16 code units).
struct DocumentText: Sendable {
    /// The whole text.
    let text: String
    /// Each line, without its line break (`\n`, `\r\n` or `\r`).
    let lines: Lines

    /// A text's lines, found by one scan of its bytes for line feeds: a 1 MB document's every
    /// change is split again, so no line is copied.
    struct Lines: RandomAccessCollection, Sendable {
        /// The text the lines are in.
        let text: String
        /// Where each line starts, and (last) the text's end.
        let bounds: [String.Index]

        var startIndex: Int { 0 }
        var endIndex: Int { bounds.count - 1 }

        subscript(index: Int) -> Substring {
            let utf8 = text.utf8
            let start = bounds[index]
            var end = bounds[index + 1]
            if index + 1 < endIndex { end = utf8.index(before: end) }  // the line feed
            if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            return text[start..<end]
        }
    }

    /// Splits `text` into lines.
    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        let utf8 = text.utf8
        var bounds = [utf8.startIndex]
        text.utf8.withContiguousStorageIfAvailable { bytes in
            // A line ends at `\n`, `\r\n` or a lone `\r`, as in YAML and in LSP.
            for offset in bytes.indices
            where bytes[offset] == 0x0A
                || (bytes[offset] == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A))
            {
                bounds.append(utf8.index(utf8.startIndex, offsetBy: offset + 1))
            }
        }
        bounds.append(utf8.endIndex)
        lines = Lines(text: text, bounds: bounds)
    }

    /// The line at 0-based `index`, empty past the end.
    func line(_ index: Int) -> Substring {
        lines.indices.contains(index) ? lines[index] : ""
    }

    /// LSP's position of a 1-based line and scalar column.
    func position(line: Int, column: Int) -> LSPPosition {
        let text = self.line(line - 1).unicodeScalars
        var units = 0
        for scalar in text.prefix(max(0, column - 1)) { units += scalar.utf16.count }
        // A column past the line's end (libyaml's end of a last line) stays past it.
        let beyond = max(0, column - 1 - text.count)
        return LSPPosition(line: max(0, line - 1), character: units + beyond)
    }

    /// The 1-based line and scalar column of an LSP position (a character inside a surrogate
    /// pair is the pair's scalar; past the line's end, the end).
    func place(_ position: LSPPosition) -> (line: Int, column: Int) {
        let text = self.line(position.line).unicodeScalars
        var units = 0
        var column = 1
        for scalar in text {
            if units + scalar.utf16.count > position.character { break }
            units += scalar.utf16.count
            column += 1
        }
        return (position.line + 1, column)
    }

    /// The text of a 0-based line up to an LSP character.
    func prefix(_ position: LSPPosition) -> Substring {
        let line = self.line(position.line)
        let (_, column) = place(position)
        return Substring(line.unicodeScalars.prefix(column - 1))
    }

    /// The text with `range` replaced by `new` (an incremental change).
    func replacing(_ range: LSPRange, with new: String) -> String {
        func offset(_ position: LSPPosition) -> String.Index {
            guard position.line < lines.count else { return text.endIndex }
            let line = lines[position.line]
            let (_, column) = place(position)
            return line.unicodeScalars.index(line.startIndex, offsetBy: column - 1)
        }
        let from = offset(range.start)
        let to = max(from, offset(range.end))
        return String(text[..<from]) + new + String(text[to...])
    }
}

/// A 0-based line and UTF-16 character.
struct LSPPosition: Sendable, Hashable, Comparable {
    var line: Int
    var character: Int

    static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }

    /// The position in a message's `position` (or `start`, `end`) member.
    init?(_ node: DocumentNode?) {
        guard case .int(let line)? = node?["line"]?.scalar?.value,
            case .int(let character)? = node?["character"]?.scalar?.value, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A range of LSP positions, its end not included.
struct LSPRange: Sendable, Hashable {
    var start: LSPPosition
    var end: LSPPosition

    var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }

    /// The range in a message's `range` member.
    init?(_ node: DocumentNode?) {
        guard let start = LSPPosition(node?["start"]), let end = LSPPosition(node?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    /// Whether it holds `position` (its end included, where a cursor after a word is).
    func contains(_ position: LSPPosition) -> Bool { start <= position && position <= end }

    /// Whether two ranges share a position.
    func overlaps(_ other: LSPRange) -> Bool { start <= other.end && other.start <= end }
}
