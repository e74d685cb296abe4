/// Pieces of the HTML page (`simulate --html`), every text from an input escaped on its way in.
enum HTML {
    /// `text` safe in an element's content and in a quoted attribute: `&`, `<`, `>`, `"` and `'`
    /// written as character references.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// `<name attributes>content</name>`; `content` is HTML already, the attributes' values are escaped here.
    static func element(_ name: String, _ attributes: [(String, String)] = [], _ content: String) -> String {
        "<\(name)\(attributeText(attributes))>\(content)</\(name)>"
    }

    /// ` key="value"` for each attribute, its value escaped.
    static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// A figure as the page shows it, in an element `tag` whose text starts with it (`12,345`,
    /// `41.2%`, `-`; a tooltip's `12 asks in the week of ...`), marked with where the JSON report has
    /// it, so that a reader (or a test) can pair every figure on the page with the report's.
    static func figure(_ path: FigurePath, _ shown: String, tag: String = "span") -> String {
        element(tag, [("data-figure", path.text)], escaped(shown))
    }

    /// `text` with every `character` written as `replacement`.
    static func replacing(_ character: Character, with replacement: String, in text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for each in text {
            if each == character { out += replacement } else { out.append(each) }
        }
        return out
    }

    /// The JSON report as data in the page (never run): `<` written as `\u003c`, so that no text in
    /// it can close the element, which JSON reads back as the same string.
    static func data(_ json: String) -> String {
        "<script type=\"application/json\" id=\"report\">"
            + replacing("<", with: "\\u003c", in: json) + "</script>"
    }
}

/// Where a figure is in the JSON report: keys from the root, dot-separated (`policy.people_asked`,
/// `policy.arms.1.asks`, a list's item by its index); a key that is not only letters, digits, `_`
/// and `-` is quoted (`policy.asks_by_trigger."app.open"`), as `--vary` paths are. A last key
/// `"A..B"` of a sparse count (`people_by_day`, `asks_by_week`) is the sum of its members from `A`
/// to `B`: a histogram's bin of days, or a bar of several weeks.
package struct FigurePath: Sendable, Hashable {
    /// The keys, unquoted.
    package var keys: [String]

    /// The path of `keys`.
    package init(_ keys: String...) { self.keys = keys }

    /// This path with more keys.
    package func appending(_ more: String...) -> FigurePath {
        var path = self
        path.keys += more
        return path
    }

    /// This path with the key of the members from `first` to `last`, or of `first` alone when they are one.
    package func appending(from first: String, to last: String) -> FigurePath {
        appending(first == last ? first : first + ".." + last)
    }

    /// The path as the page writes it.
    package var text: String {
        keys.map { key in
            guard key.isEmpty || !key.unicodeScalars.allSatisfy({ Self.plain.contains($0) }) else { return key }
            let escaped = HTML.replacing("\"", with: "\\\"", in: HTML.replacing("\\", with: "\\\\", in: key))
            return "\"" + escaped + "\""
        }.joined(separator: ".")
    }

    /// What a key may hold unquoted.
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".unicodeScalars)
}
