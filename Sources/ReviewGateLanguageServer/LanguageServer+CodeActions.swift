@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

extension LanguageServer {
    /// `textDocument/codeAction`: for each diagnostic in the range (or at a diagnostic the client
    /// sends in its context), its did-you-mean as a quick fix,
    /// and for a lint warning, its id added to `lint: {allow: [...]}`.
    func codeActions(_ params: DocumentNode?) -> Result<JSONValue, InvalidParams> {
        guard let uri = params?["textDocument"]?["uri"]?.string, let range = LSPRange(params?["range"]) else {
            return .failure(InvalidParams(message: "expected textDocument.uri and a range"))
        }
        guard var document = documents[uri] else { return .success(.array([])) }
        if pending.contains(uri) || !document.isChecked { _ = diagnose(&document) }
        let parsed = document.parse(files)
        documents[uri] = document
        let sent = (params?["context"]?["diagnostics"]?.sequence ?? []).compactMap { LSPRange($0["range"]) }
        var actions: [JSONValue] = []
        for diagnostic in document.diagnostics {
            guard let location = diagnostic.location, PathArithmetic.normalize(location.file) == document.path else {
                continue
            }
            let at = document.range(location, spans: parsed.spans)
            // The range asked about, or a diagnostic the client sends with it (Neovim sends the line's).
            guard at.overlaps(range) || sent.contains(where: at.overlaps) else { continue }
            let lsp = lspDiagnostic(diagnostic, in: document, spans: parsed.spans)
            if let meant = diagnostic.didYouMean {
                actions.append(
                    Self.action(
                        "Change to \(meant)", uri: uri, edits: [Self.edit(at, meant)], diagnostic: lsp, preferred: true)
                )
            }
            if diagnostic.severity == .warning, let rule = diagnostic.code,
                let edit = Self.allowEdit(rule, in: document, root: parsed.root, spans: parsed.spans)
            {
                actions.append(
                    Self.action("Allow \(rule) in this file (lint: allow)", uri: uri, edits: [edit], diagnostic: lsp))
            }
        }
        return .success(.array(actions))
    }

    /// The edit that adds `rule` to the file's `lint.allow`: into its flow list, after its block
    /// list's last item, under a `lint` without `allow`, or as a new `lint` at the end.
    static func allowEdit(_ rule: String, in document: OpenDocument, root: DocumentNode?, spans: NodeSpans)
        -> JSONValue?
    {
        let text = document.text
        guard let lint = root?.mapping?.first(where: { $0.key.string == "lint" }) else {
            let last = text.lines.count - 1
            let end = text.position(line: last + 1, column: text.lines[last].unicodeScalars.count + 1)
            let newline = text.lines[last].isEmpty ? "" : "\n"
            return edit(LSPRange(start: end, end: end), "\(newline)lint: {allow: [\(rule)]}\n")
        }
        guard let allow = lint.value.mapping?.first(where: { $0.key.string == "allow" }) else {
            guard lint.value.mapping != nil || lint.value.scalar?.value == .null else { return nil }
            if lint.value.scalar != nil {
                // `lint:` with nothing under it.
                let line = lint.key.location.line
                let end = text.position(line: line, column: text.lines[line - 1].unicodeScalars.count + 1)
                return edit(LSPRange(start: end, end: end), " {allow: [\(rule)]}")
            }
            let indent = String(repeating: " ", count: lint.value.location.column - 1)
            let at = text.position(line: lint.value.location.line, column: 1)
            if text.line(lint.value.location.line - 1).unicodeScalars.count < lint.value.location.column { return nil }
            return edit(LSPRange(start: at, end: at), "\(indent)allow: [\(rule)]\n")
        }
        guard let items = allow.value.sequence else { return nil }
        if let last = items.last {
            let end = spans.end(from: NodeSpans.Position(last.location))
            if last.location.line != allow.key.location.line {
                // A block list: a line like the last item's.
                let line = text.line(last.location.line - 1)
                let dashes = line.prefix { $0 == " " || $0 == "-" }
                let at = text.position(line: last.location.line + 1, column: 1)
                return edit(LSPRange(start: at, end: at), "\(dashes)\(rule)\n")
            }
            let at = text.position(line: end.line, column: end.column)
            return edit(LSPRange(start: at, end: at), ", \(rule)")
        }
        // An empty flow list `[]`: inside its brackets.
        let open = text.position(line: allow.value.location.line, column: allow.value.location.column + 1)
        return edit(LSPRange(start: open, end: open), rule)
    }

    static func edit(_ range: LSPRange, _ new: String) -> JSONValue {
        .object([("range", range.json), ("newText", .string(new))])
    }

    private static func action(
        _ title: String, uri: String, edits: [JSONValue], diagnostic: JSONValue, preferred: Bool = false
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("title", .string(title)), ("kind", .string("quickfix")), ("diagnostics", .array([diagnostic])),
        ]
        if preferred { members.append(("isPreferred", .bool(true))) }
        members.append(("edit", .object([("changes", .object([(uri, .array(edits))]))])))
        return .object(members)
    }
}
