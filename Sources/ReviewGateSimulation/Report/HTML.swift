/// A piece of the HTML page (`simulate --html`) as markup. Text reaches it only escaped
/// (``init(text:)``: a name, a path, a message, a figure), markup only as a literal of this module's
/// source (`"<br>"`, never interpolated: `HTML` takes no interpolation) or from the elements built
/// here, so that no text from an input can reach the page unescaped.
struct HTML: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The markup.
    private(set) var markup: String

    /// Markup written in this module's source.
    init(stringLiteral markup: StaticString) {
        self.markup = markup.description
    }

    /// `text`, escaped: safe in an element's content and in a quoted attribute (`&`, `<`, `>`, `"`
    /// and `'` written as character references).
    init(text: String) {
        markup = Self.escaped(text)
    }

    private init(markup: String) {
        self.markup = markup
    }

    /// The markup.
    var description: String { markup }

    /// The one escaping of text for the page.
    private static func escaped(_ text: String) -> String {
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

    /// One piece after the other.
    static func + (first: HTML, second: HTML) -> HTML { HTML(markup: first.markup + second.markup) }

    /// Appends a piece.
    static func += (first: inout HTML, second: HTML) { first.markup += second.markup }

    /// `<name attributes>content</name>`; the attributes' values are text, escaped here.
    static func element(_ name: String, _ attributes: [(String, String)] = [], _ content: HTML) -> HTML {
        HTML(markup: "<\(name)\(attributeText(attributes))>\(content.markup)</\(name)>")
    }

    /// `<name attributes/>`: an element without content (SVG's `rect`, `line`).
    static func empty(_ name: String, _ attributes: [(String, String)]) -> HTML {
        HTML(markup: "<\(name)\(attributeText(attributes))/>")
    }

    /// ` key="value"` for each attribute, its value escaped.
    private static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// A figure as the page shows it, in an element `tag` whose text starts with it (`12,345`,
    /// `41.2%`, `-`; a tooltip's `12 asks in the week of ...`), marked with where the JSON report has
    /// it, so that a reader (or a test) can pair every figure on the page with the report's.
    static func figure(_ path: FigurePath, _ shown: String, tag: String = "span") -> HTML {
        element(tag, [("data-figure", path.text)], HTML(text: shown))
    }

    /// The JSON report as data in the page (never run): `<` written as `\u003c`, so that no text in
    /// it can close the element, which JSON reads back as the same string.
    static func data(_ json: String) -> HTML {
        HTML(
            markup: "<script type=\"application/json\" id=\"report\">"
                + FigurePath.replacing("<", with: "\\u003c", in: json) + "</script>")
    }
}

extension Sequence where Element == HTML {
    /// The pieces one after the other, `separator` between them.
    func joined(separator: HTML = "") -> HTML {
        var out: HTML = ""
        for (index, piece) in enumerated() {
            if index > 0 { out += separator }
            out += piece
        }
        return out
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
            let escaped = Self.replacing("\"", with: "\\\"", in: Self.replacing("\\", with: "\\\\", in: key))
            return "\"" + escaped + "\""
        }.joined(separator: ".")
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

    /// What a key may hold unquoted.
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".unicodeScalars)
}
