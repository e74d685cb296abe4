@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSchemas

extension LanguageServer {
    /// `textDocument/hover`: over a key, what the catalogue says of it; over a duration, what it
    /// means; over an event's name, where the workspace's files use it; over another value, its key.
    func hover(_ params: DocumentNode?) -> Result<JSONValue, InvalidParams> {
        guard let (uri, position) = Self.textPosition(params) else { return .failure(Self.noPosition) }
        guard let (document, found) = node(at: position, in: uri) else { return .success(.null) }
        let file = CatalogueLookup.file(of: document)
        // A list's element (`never_on: [launch]`) is told of by its list's key.
        let key =
            CatalogueLookup.key(file, found.path)
            ?? (found.path.last == "*" ? CatalogueLookup.key(file, found.path.dropLast()) : nil)
        var parts: [String] = []
        if !found.isKey, let name = found.node.string, Self.isEventName(found.path) {
            parts.append(eventHover(name))
        } else if found.isKey, found.path.count == 2, found.path[0] == "triggers", file == .policy {
            // The event a trigger counts: its `event`, else its id.
            let event = document.parsed?.root?["triggers"]?[found.path[1]]?["event"]?.string ?? found.path[1]
            parts.append("**trigger `\(found.path[1])`**: counts `\(event)`.")
            parts.append(eventHover(event))
        }
        if !found.isKey, let text = found.node.string, let span = TimeSpan(duration: text),
            key?.form.contains("duration") ?? true
        {
            parts.insert("`\(text)`: \(Self.words(span, text))", at: 0)
        }
        if let key, found.isKey || parts.isEmpty { parts.append(Self.keyHover(key)) }
        guard !parts.isEmpty else { return .success(.null) }
        let range = document.range(found.node.location, spans: document.parsedSpans)
        return .success(
            .object([
                (
                    "contents",
                    .object([("kind", .string("markdown")), ("value", .string(parts.joined(separator: "\n\n")))])
                ),
                ("range", range.json),
            ]))
    }

    /// A key's meaning, value form, default and first release, and its semantics page.
    static func keyHover(_ key: LanguageKey) -> String {
        let dotted = key.path.split(separator: "/").joined(separator: ".")
        var text = "**`\(dotted)`** (\(key.form))"
        if let words = KeyWords.markdown(key) { text += "\n\n\(words)" }
        return text + "\n\n[Semantics](\(CatalogueLookup.page(of: key)))"
    }

    /// Where the workspace's files use an event's name.
    private func eventHover(_ name: String) -> String {
        let uses = names().events[name] ?? []
        guard !uses.isEmpty else { return "event `\(name)`: no policy or scenario in the workspace uses it" }
        let lines = uses.prefix(10).map { use in
            "- \(root.map { PathArithmetic.relative(use.path, to: $0) } ?? use.path):\(use.line): \(use.role)"
        }
        let more = uses.count > 10 ? ["- and \(uses.count - 10) more"] : []
        return (["event `\(name)`:"] + lines + more).joined(separator: "\n")
    }

    /// Whether a value at `path` is an event's name: a trigger's `event`, a condition's, a step's.
    static func isEventName(_ path: [String]) -> Bool {
        path.last == "event" && (path.first == "triggers" || path.contains("when") || path.first == "steps")
    }

    /// A duration in words: `21 days`, `1 week`, `36 hours`.
    static func words(_ span: TimeSpan, _ text: String) -> String {
        let amount = text.dropLast()
        let unit: String
        switch text.last {
        case "s": unit = "second"
        case "m": unit = "minute"
        case "h": unit = "hour"
        case "d": unit = "day"
        default: unit = "week"
        }
        var said = "\(Int(amount) ?? 0) \(unit)\(amount == "1" ? "" : "s")"
        if span.spoken != text, span.spoken.contains(" ") { said += " (\(span.spoken))" }
        return said
    }

    /// The names in the workspace, read when first asked for.
    func names() -> WorkspaceNames {
        if let workspaceNames { return workspaceNames }
        var open: [String: [UInt8]] = [:]
        for document in documents.values { open[document.path] = Array(document.text.text.utf8) }
        let names = WorkspaceNames(root: root, open: open, files: files)
        workspaceNames = names
        return names
    }

    /// The open document and the node at a position in it.
    func node(at position: LSPPosition, in uri: String) -> (OpenDocument, NodeAtCursor)? {
        guard var document = documents[uri] else { return nil }
        let parsed = document.parse(files)
        documents[uri] = document
        guard let root = parsed.root else { return nil }
        let place = document.text.place(position)
        guard let found = NodeAtCursor.find(in: root, spans: parsed.spans, line: place.line, column: place.column)
        else { return nil }
        return (document, found)
    }

    /// A request's document and position.
    static func textPosition(_ params: DocumentNode?) -> (String, LSPPosition)? {
        guard let uri = params?["textDocument"]?["uri"]?.string, let position = LSPPosition(params?["position"])
        else { return nil }
        return (uri, position)
    }

    static let noPosition = InvalidParams(message: "expected textDocument.uri and a position {line, character}")
}

extension OpenDocument {
    /// The spans of the text as last parsed (none before a parse).
    var parsedSpans: NodeSpans { parsed?.spans ?? NodeSpans() }
}
