@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSchemas

extension LanguageServer {
    /// `textDocument/completion`: after `key: `, the values the key takes (its choices, or the
    /// workspace's event or prompt names); else the keys the mapping at the cursor takes, read
    /// from the lines above by their indentation, so a document that does not read yet still gets them.
    func completion(_ params: DocumentNode?) -> Result<JSONValue, InvalidParams> {
        guard let (uri, position) = Self.textPosition(params) else { return .failure(Self.noPosition) }
        guard let document = documents[uri] else { return .success(.null) }
        let file = CatalogueLookup.file(of: document)
        let line = document.text.prefix(position)
        let context = IndentedPath(lines: document.text.lines, line: position.line, prefix: line)
        var items: [JSONValue]
        if let key = context.valueOf {
            items = valueItems(file: file, path: context.path + [key])
        } else {
            let present = Set(context.siblings)
            items = CatalogueLookup.keys(file, in: context.path).filter { !present.contains($0.name) }.map(Self.keyItem)
            if file == .policy, context.path == ["triggers"] {
                items += names().events.keys.sorted().map {
                    Self.item($0, kind: 18, detail: "an event the workspace uses")
                }
            }
        }
        return .success(.object([("isIncomplete", .bool(false)), ("items", .array(items))]))
    }

    private func valueItems(file: LanguageFile, path: [String]) -> [JSONValue] {
        if Self.isEventName(path) || (file == .policy && path.count == 3 && path[0] == "triggers" && path[2] == "event")
        {
            return names().events.keys.sorted().map { Self.item($0, kind: 18, detail: "an event the workspace uses") }
        }
        let name = path.last ?? ""
        // A step's or a policy's prompt names, and a budget gap's `after` and `before` (a scenario
        // step's `after` is a duration).
        if ["want", "commit", "release", "prompt"].contains(name)
            || (file == .budget && path.first == "gaps" && (name == "after" || name == "before"))
        {
            return names().prompts.sorted().map { Self.item($0, kind: 18, detail: "a prompt the workspace uses") }
        }
        if file == .scenario, name == "trigger" {
            return names().triggers.sorted().map {
                Self.item($0, kind: 18, detail: "a trigger of the workspace's policies")
            }
        }
        guard let key = CatalogueLookup.key(file, path) else { return [] }
        return CatalogueLookup.values(of: key).map { Self.item($0, kind: 20, detail: key.form) }
    }

    private static func keyItem(_ key: LanguageKey) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("label", .string(key.name)), ("kind", .int(10)), ("detail", .string(key.form)),
        ]
        if let words = KeyWords.markdown(key) {
            members.append(("documentation", .object([("kind", .string("markdown")), ("value", .string(words))])))
        }
        members.append(("insertText", .string("\(key.name): ")))
        return .object(members)
    }

    private static func item(_ label: String, kind: Int, detail: String) -> JSONValue {
        .object([("label", .string(label)), ("kind", .int(kind)), ("detail", .string(detail))])
    }
}

/// Where the cursor is in a document's block structure, read from its lines' indentation: the keys
/// of the mappings it is inside (`*` for a list's element), the keys already written beside it, and
/// the key whose value it is at, after `key: `.
struct IndentedPath {
    var path: [String] = []
    var siblings: [String] = []
    var valueOf: String?

    init(lines: DocumentText.Lines, line index: Int, prefix: Substring) {
        let cursorLine = Self.shape(prefix)
        if let key = cursorLine.key, cursorLine.hasValueStart { valueOf = key }
        var current = cursorLine.keyColumn
        var found: [String] = []  // innermost first
        if let dash = cursorLine.dash {
            found.append("*")
            current = dash
        }
        // Keys above in the same mapping; a new list element (`- ` on the cursor's line) has none yet.
        var siblingColumn: Int? = cursorLine.dash == nil ? cursorLine.keyColumn : nil
        for number in stride(from: min(index, lines.count) - 1, through: 0, by: -1) {
            guard current > 0 || siblingColumn != nil else { break }
            let shape = Self.shape(lines[number])
            guard let key = shape.key else { continue }
            if shape.keyColumn == siblingColumn {
                siblings.append(key)
                if shape.dash != nil { siblingColumn = nil }
            }
            if shape.keyColumn < current {
                siblingColumn = nil
                if !shape.hasValue {
                    found.append(key)
                    current = shape.keyColumn
                }
            }
            if let dash = shape.dash, dash < current {
                found.append("*")
                current = dash
            }
            if current == 0 && siblingColumn == nil { break }
        }
        path = found.reversed()
    }

    /// A line's layout: where its key starts, the column of its list dash, its key, and whether a
    /// value follows the key on the line.
    struct Shape {
        var keyColumn = 0
        var dash: Int?
        var key: String?
        var hasValue = false
        var hasValueStart = false
    }

    static func shape(_ line: Substring) -> Shape {
        var shape = Shape()
        var rest = line[...]
        var column = 0
        while true {
            let spaces = rest.prefix { $0 == " " }
            column += spaces.count
            rest = rest.dropFirst(spaces.count)
            guard rest.hasPrefix("- ") || rest == "-" else { break }
            shape.dash = column
            column += 1
            rest = rest.dropFirst()
        }
        shape.keyColumn = column
        guard !rest.hasPrefix("#"), let colon = rest.firstIndex(of: ":") else { return shape }
        let key = rest[..<colon]
        guard !key.isEmpty, !key.contains(" "), !key.hasPrefix("{"), !key.hasPrefix("[") else { return shape }
        shape.key = key.trimmingQuotes
        let after = rest[rest.index(after: colon)...]
        shape.hasValueStart = after.hasPrefix(" ")
        let value = after.trimmedSpaces
        shape.hasValue = !value.isEmpty && !value.hasPrefix("#") && !value.hasPrefix("&")
        return shape
    }
}
