@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios

extension LanguageServer {
    /// `textDocument/didOpen`.
    func open(_ params: DocumentNode?) -> [String] {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string
        else { return [] }
        let version = Self.int(item["version"]) ?? 0
        documents[uri] = OpenDocument(uri: uri, text: text, version: version)
        changed(uri)
        return []
    }

    /// `textDocument/didChange`: the whole text, or ranges of it, in order.
    func change(_ params: DocumentNode?) -> [String] {
        guard let uri = params?["textDocument"]?["uri"]?.string, var document = documents[uri],
            let changes = params?["contentChanges"]?.sequence
        else { return [] }
        var text = document.text
        for change in changes {
            guard let new = change["text"]?.string else { continue }
            if let range = LSPRange(change["range"]) {
                text = DocumentText(text.replacing(range, with: new))
            } else {
                text = DocumentText(new)
            }
        }
        document.text = text
        document.version = Self.int(params?["textDocument"]?["version"]) ?? document.version
        documents[uri] = document
        changed(uri)
        return []
    }

    /// `textDocument/didClose`: its diagnostics are cleared, and the file on disk is what others read.
    func close(_ params: DocumentNode?) -> [String] {
        guard let uri = params?["textDocument"]?["uri"]?.string, let document = documents.removeValue(forKey: uri)
        else { return [] }
        pending.removeAll { $0 == uri }
        dependents(of: document.path)
        return [
            Self.notification(
                "textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        ]
    }

    /// `textDocument/didSave` and `workspace/didChangeWatchedFiles`: files on disk changed, so the
    /// documents that read them are diagnosed again, and the workspace's names read again.
    func saved(_ params: DocumentNode?) -> [String] {
        var uris = (params?["changes"]?.sequence ?? []).compactMap { $0["uri"]?.string }
        if let uri = params?["textDocument"]?["uri"]?.string { uris.append(uri) }
        for uri in uris {
            let path = FileURI.path(uri).map(PathArithmetic.normalize) ?? uri
            dependents(of: path)
            if documents[uri] != nil { changed(uri) }
        }
        workspaceNames = nil
        return []
    }

    /// Marks a document to diagnose, and every open document that read it.
    private func changed(_ uri: String) {
        if !pending.contains(uri) { pending.append(uri) }
        if let path = documents[uri]?.path { dependents(of: path) }
    }

    /// Marks every open document whose last check read `path`.
    private func dependents(of path: String) {
        for (uri, document) in documents where document.reads.contains(path) && document.path != path {
            if !pending.contains(uri) { pending.append(uri) }
        }
    }

    /// Past the fifty problems listed, a notice at the first line that more were found, as
    /// `validate` ends its list (Semantics §7).
    private static func notice(_ message: String) -> JSONValue {
        let zero = LSPPosition(line: 0, character: 0)
        return .object([
            ("range", LSPRange(start: zero, end: zero).json), ("severity", .int(3)),
            ("source", .string("reviewgate")), ("message", .string(message)),
        ])
    }

    /// Diagnoses every document changed since the last call: a `textDocument/publishDiagnostics`
    /// notification each.
    package func publishPending() -> [String] {
        let uris = pending
        pending = []
        return uris.compactMap { uri in
            guard var document = documents[uri] else { return nil }
            let found = diagnose(&document)
            documents[uri] = document
            let parsed = document.parse(files)
            var items = found.map { lspDiagnostic($0, in: document, spans: parsed.spans) }
            if let omitted = document.omitted { items.append(Self.notice(omitted)) }
            return Self.notification(
                "textDocument/publishDiagnostics",
                .object([("uri", .string(uri)), ("version", .int(document.version)), ("diagnostics", .array(items))]))
        }
    }

    /// What `validate` says of the document's text (read once, for this and for the requests
    /// after it), the files it names read from the open documents first and then from disk; the
    /// files read are kept in `reads`.
    func diagnose(_ document: inout OpenDocument) -> [Diagnostic] {
        let log = ReadLog()
        let reader = overlayReader(log: log)
        let loader = PolicyLoader(reading: reader, digest: environment.digest)
        var found: [Diagnostic]
        document.omitted = nil
        do {
            let root = try document.parse(files).read.get()
            found = try DocumentCheck.check(root, path: document.path, loader: loader)
        } catch {
            found = error.diagnostics
            document.omitted = error.omitted > 0 ? error.omittedSummary : nil
        }
        document.reads = log.paths
        document.diagnostics = found.map(\.advised)
        document.isChecked = true
        return document.diagnostics
    }

    /// Reads a file from the open documents when it is one, else from disk, noting each path.
    func overlayReader(log: ReadLog?) -> PolicyLoader.DocumentReader {
        // The texts, not their bytes: only the files a check reads are turned into bytes.
        var open: [String: String] = [:]
        for document in documents.values { open[document.path] = document.text.text }
        let files = self.files
        let opened = open
        return { path in
            let normalized = PathArithmetic.normalize(path)
            log?.note(normalized)
            if let text = opened[normalized] { return try files.document(Array(text.utf8), path: path) }
            return try files.reader(path)
        }
    }

    /// A diagnostic as LSP's: at its node in this document, or, when it is in another file, at the
    /// first of its notes here (else the first line) with that file's place before its message.
    func lspDiagnostic(_ diagnostic: Diagnostic, in document: OpenDocument, spans: NodeSpans) -> JSONValue {
        var message = diagnostic.message
        let range: LSPRange
        if let location = diagnostic.location, PathArithmetic.normalize(location.file) == document.path {
            range = document.range(location, spans: spans)
        } else {
            if let location = diagnostic.location { message = "\(location): \(message)" }
            let here = diagnostic.notes.first { $0.location.map { PathArithmetic.normalize($0.file) } == document.path }
            range =
                here?.location.map { document.range($0, spans: spans) }
                ?? LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
        }
        var members: [(key: String, value: JSONValue)] = [
            ("range", range.json), ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
        ]
        if let code = diagnostic.code { members.append(("code", .string(code))) }
        members += [("source", .string("reviewgate")), ("message", .string(message))]
        let related = diagnostic.notes.compactMap { note -> JSONValue? in
            guard let location = note.location else { return nil }
            let path = PathArithmetic.normalize(location.file)
            let uri = path == document.path ? document.uri : FileURI.uri(path)
            let point: LSPPosition
            if path == document.path {
                point = document.text.position(line: location.line, column: location.column)
            } else {
                point = LSPPosition(line: max(0, location.line - 1), character: max(0, location.column - 1))
            }
            return .object([
                ("location", .object([("uri", .string(uri)), ("range", LSPRange(start: point, end: point).json)])),
                ("message", .string(note.message)),
            ])
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        if let meant = diagnostic.didYouMean { members.append(("data", .object([("did_you_mean", .string(meant))]))) }
        return .object(members)
    }

    /// An integer member.
    static func int(_ node: DocumentNode?) -> Int? {
        if case .int(let value)? = node?.scalar?.value { return value }
        return nil
    }
}

/// The paths one check read. The loader's reader is `@Sendable`, but a check runs on the server's
/// one thread from start to end: nothing reads this log while it is written.
final class ReadLog: @unchecked Sendable {
    private(set) var paths: Set<String> = []

    func note(_ path: String) { paths.insert(path) }
}
