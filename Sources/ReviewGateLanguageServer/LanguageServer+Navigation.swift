@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

extension LanguageServer {
    /// `textDocument/definition`: a file a document names (`extends`, a budget's `policy:`, a
    /// scenario's `policy`, `budget`, `state`, `golden`, a step's `merge`) to that file; an event or
    /// prompt name to its `renamed` entry.
    func definition(_ params: DocumentNode?) -> Result<JSONValue, InvalidParams> {
        guard let (uri, position) = Self.textPosition(params) else { return .failure(Self.noPosition) }
        guard let (document, found) = node(at: position, in: uri), let value = found.node.string else {
            return .success(.null)
        }
        let start = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
        if !found.isKey, Self.namesFile(found.path) {
            let path = PathArithmetic.resolve(value, from: document.path)
            guard documents.values.contains(where: { $0.path == path }) || SystemCalls.isReadable(path) else {
                return .success(.null)
            }
            return .success(.object([("uri", .string(FileURI.uri(path))), ("range", start.json)]))
        }
        // A renamed name: the entry in this document's `renamed` that names it, old or new.
        guard let renamed = document.parsed?.root?["renamed"], found.path.first != "renamed" else {
            return .success(.null)
        }
        for section in renamed.mapping ?? [] {
            for entry in section.value.mapping ?? [] where entry.key.string == value || entry.value.string == value {
                let range = document.range(entry.key.location, spans: document.parsedSpans)
                return .success(.object([("uri", .string(uri)), ("range", range.json)]))
            }
        }
        return .success(.null)
    }

    /// Whether a value at `path` names a file.
    private static func namesFile(_ path: [String]) -> Bool {
        switch path {
        case ["extends"], ["policy"], ["budget"], ["state"], ["golden"]: true
        case _ where path.count == 3 && path[0] == "prompts" && path[2] == "policy": true
        case _ where path.count == 3 && path[0] == "steps" && path[2] == "merge": true
        default: false
        }
    }

    /// `textDocument/documentSymbol`: the document's keys as a tree (a list's elements by their
    /// first value: a scenario's steps read `step 3: event task_done`).
    func documentSymbols(_ params: DocumentNode?) -> Result<JSONValue, InvalidParams> {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            return .failure(InvalidParams(message: "expected textDocument.uri"))
        }
        guard var document = documents[uri] else { return .success(.array([])) }
        let parsed = document.parse(files)
        documents[uri] = document
        guard let root = parsed.root else { return .success(.array([])) }
        return .success(.array(Self.symbols(of: root, depth: 0, in: document, spans: parsed.spans)))
    }

    private static func symbols(of node: DocumentNode, depth: Int, in document: OpenDocument, spans: NodeSpans)
        -> [JSONValue]
    {
        guard depth < 6 else { return [] }
        switch node.content {
        case .scalar: return []
        case .mapping(let entries):
            return entries.map { entry in
                symbol(
                    entry.key.scalar?.text ?? entry.key.keyText, detail: entry.value.scalar?.text, value: entry.value,
                    from: entry.key, depth: depth, in: document, spans: spans)
            }
        case .sequence(let items):
            return items.enumerated().map { index, item in
                let first = item.mapping?.first
                let name =
                    first.map { "\($0.key.scalar?.text ?? "")\($0.value.scalar.map { " \($0.text)" } ?? "")" }
                    ?? item.scalar?.text ?? "item"
                let label = depth == 1 && document.parsed?.kind == .scenario ? "step \(index + 1): \(name)" : name
                return symbol(label, detail: nil, value: item, from: item, depth: depth, in: document, spans: spans)
            }
        }
    }

    private static func symbol(
        _ name: String, detail: String?, value: DocumentNode, from start: DocumentNode, depth: Int,
        in document: OpenDocument, spans: NodeSpans
    ) -> JSONValue {
        let end = extent(of: value, spans: spans)
        let first = document.text.position(line: start.location.line, column: start.location.column)
        let range = LSPRange(start: first, end: max(first, document.text.position(line: end.line, column: end.column)))
        let selection = document.range(start.location, spans: spans)
        let kind: Int
        switch value.content {
        case .mapping: kind = 19  // Object
        case .sequence: kind = 18  // Array
        case .scalar: kind = 7  // Property
        }
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(name.isEmpty ? "\"\"" : name)), ("kind", .int(kind)), ("range", range.json),
            ("selectionRange", selection.json),
        ]
        if let detail { members.append(("detail", .string(detail))) }
        let children = symbols(of: value, depth: depth + 1, in: document, spans: spans)
        if !children.isEmpty { members.append(("children", .array(children))) }
        return .object(members)
    }

    /// Where a node's text ends: its last scalar's end.
    private static func extent(of node: DocumentNode, spans: NodeSpans) -> NodeSpans.Position {
        var last = node
        while true {
            switch last.content {
            case .scalar: return spans.end(from: NodeSpans.Position(last.location))
            case .sequence(let items):
                guard let item = items.last else { return spans.end(from: NodeSpans.Position(last.location)) }
                last = item
            case .mapping(let entries):
                guard let entry = entries.last else { return spans.end(from: NodeSpans.Position(last.location)) }
                last = entry.value
            }
        }
    }
}
