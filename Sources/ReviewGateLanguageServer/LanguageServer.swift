@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateYAML

/// `reviewgate lsp` (Semantics §17): a language server for every file kind ReviewGate reads, as a
/// function from the client's messages to the server's. It does no input or output of its own:
/// ``LanguageServerLoop`` feeds it standard input and writes what it returns, and the tests feed it
/// transcripts. Changes only mark a document; its diagnostics are published by ``publishPending()``,
/// which the loop calls once the input has been quiet, so a burst of changes is diagnosed once.
package final class LanguageServer {
    /// What the server is given from outside.
    package struct Environment: Sendable {
        /// Checks a compiled policy's digest (the command line's SHA-256), if at all.
        package var digest: PolicyLoader.Digest?
        /// The time a policy's example state is decided at, when its comment names none.
        package var clock: @Sendable () -> Timestamp
        /// The release, for `initialize`'s `serverInfo`.
        package var version: String

        /// Creates an environment.
        package init(digest: PolicyLoader.Digest?, clock: @escaping @Sendable () -> Timestamp, version: String) {
            self.digest = digest
            self.clock = clock
            self.version = version
        }
    }

    /// JSON-RPC's and LSP's error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
    }

    let environment: Environment
    /// Files read as the command line reads them: YAML through libyaml, JSON through the core's reader.
    let files = DocumentFiles(parse: YAMLLoader().loadDocument)
    /// The open documents, by URI.
    var documents: [String: OpenDocument] = [:]
    /// Open documents to diagnose, in the order they changed.
    var pending: [String] = []
    /// The folder the client opened, when it said.
    var root: String?
    /// Names used in the workspace's files, for completion and hover; read when first needed.
    var workspaceNames: WorkspaceNames?
    /// Whether the client takes a watcher registered at run time (its `initialize` said so).
    private var watchesOnRequest = false
    private var state = Lifecycle.starting

    private enum Lifecycle {
        case starting, running, shuttingDown
    }

    /// The exit code, once the client has sent `exit`: 0 after `shutdown`, else 1.
    package private(set) var exitCode: Int32?

    /// Creates a server.
    package init(environment: Environment) {
        self.environment = environment
    }

    /// Whether documents changed since their diagnostics were last published.
    package var hasPending: Bool { !pending.isEmpty }

    /// Answers one frame of input: the messages to send, each a JSON text.
    package func receive(_ frame: MessageFraming.Frame) -> [String] {
        switch frame {
        case .problem(let why): return [Self.error(id: .null, .parseError, why)]
        case .content(let bytes): return receive(bytes)
        }
    }

    /// Answers one message's content.
    package func receive(_ content: [UInt8]) -> [String] {
        let message: DocumentNode
        do {
            message = try JSONReader(limits: DocumentLimits(maxBytes: MessageFraming.maxContent, maxDepth: 64))
                .loadDocument(content, file: "message")
        } catch {
            let first = error.diagnostics.first?.message ?? "not JSON"
            return [Self.error(id: .null, .parseError, "the message is not JSON: \(first)")]
        }
        guard message.mapping != nil else {
            return [Self.error(id: .null, .invalidRequest, "a message is a JSON object; found \(message.summary)")]
        }
        let id = message["id"]
        let method = message["method"]?.string
        guard let method else {
            // A response to a request of ours (the watcher's registration), or an object that is no message.
            if message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: Self.id(id) ?? .null, .invalidRequest, "a message without a method")]
        }
        guard let id else { return notification(method, params: message["params"]) }
        guard let requestID = Self.id(id) else {
            return [Self.error(id: .null, .invalidRequest, "a request id is a number or a string")]
        }
        return request(method, id: requestID, params: message["params"])
    }

    private func request(_ method: String, id: JSONValue, params: DocumentNode?) -> [String] {
        switch (state, method) {
        case (.starting, "initialize"):
            state = .running
            root = (params?["rootUri"]?.string).flatMap(FileURI.path) ?? params?["rootPath"]?.string
            if root == nil, let first = params?["workspaceFolders"]?.sequence?.first?["uri"]?.string {
                root = FileURI.path(first)
            }
            let watching = params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]
            watchesOnRequest = watching?["dynamicRegistration"]?.scalar?.value == .bool(true)
            return [Self.response(id: id, capabilities)]
        case (.starting, _):
            return [Self.error(id: id, .serverNotInitialized, "the server is not initialized: send initialize first")]
        case (.shuttingDown, _):
            return [Self.error(id: id, .invalidRequest, "the server is shutting down: only exit is taken")]
        case (.running, "initialize"):
            return [Self.error(id: id, .invalidRequest, "the server is already initialized")]
        case (.running, "shutdown"):
            state = .shuttingDown
            return [Self.response(id: id, .null)]
        case (.running, _):
            let answer: Result<JSONValue, InvalidParams>
            switch method {
            case "textDocument/hover": answer = hover(params)
            case "textDocument/completion": answer = completion(params)
            case "textDocument/codeAction": answer = codeActions(params)
            case "textDocument/definition": answer = definition(params)
            case "textDocument/documentSymbol": answer = documentSymbols(params)
            case "textDocument/inlayHint": answer = inlayHints(params)
            default: return [Self.error(id: id, .methodNotFound, "reviewgate lsp does not answer \(method)")]
            }
            switch answer {
            case .success(let result): return [Self.response(id: id, result)]
            case .failure(let problem): return [Self.error(id: id, .invalidParams, problem.message)]
            }
        }
    }

    /// Parameters a request cannot be answered from.
    struct InvalidParams: Error {
        var message: String
    }

    private func notification(_ method: String, params: DocumentNode?) -> [String] {
        if method == "exit" {
            exitCode = state == .shuttingDown ? 0 : 1
            return []
        }
        guard state == .running else { return [] }
        switch method {
        case "initialized":
            // Once: a second `initialized` must not register the same id again.
            defer { watchesOnRequest = false }
            return watchesOnRequest ? [Self.watcherRegistration] : []
        case "textDocument/didOpen": return open(params)
        case "textDocument/didChange": return change(params)
        case "textDocument/didClose": return close(params)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles": return saved(params)
        default: return []  // `$/cancelRequest`, `$/setTrace` and the rest: nothing to do.
        }
    }

    /// What the server answers, for `initialize`.
    private var capabilities: JSONValue {
        .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string("utf-16")),
                    (
                        "textDocumentSync",
                        .object([
                            ("openClose", .bool(true)), ("change", .int(1)),
                            ("save", .object([("includeText", .bool(false))])),
                        ])
                    ),
                    ("hoverProvider", .bool(true)),
                    ("completionProvider", .object([("triggerCharacters", .array([.string(":"), .string(" ")]))])),
                    ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                    ("definitionProvider", .bool(true)),
                    ("documentSymbolProvider", .bool(true)),
                    ("inlayHintProvider", .bool(true)),
                ])
            ),
            ("serverInfo", .object([("name", .string("reviewgate")), ("version", .string(environment.version))])),
        ])
    }

    /// Asks the client to tell the server when a file the language reads changes on disk, so that an
    /// open file that extends or names one that is not open is diagnosed again. The client's answer,
    /// a response, is taken as any response is: without a word.
    private static let watcherRegistration: String = {
        let watcher = JSONValue.object([("globPattern", .string("**/*.{yaml,yml,json}"))])
        let registration = JSONValue.object([
            ("id", .string("reviewgate-files")), ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", .array([watcher]))])),
        ])
        return JSONWriter().string(
            .object([
                ("jsonrpc", .string("2.0")), ("id", .string("reviewgate-watch")),
                ("method", .string("client/registerCapability")),
                ("params", .object([("registrations", .array([registration]))])),
            ])
        )
    }()

    /// A request's `id` as sent back: a number or a string.
    private static func id(_ node: DocumentNode?) -> JSONValue? {
        switch node?.scalar?.value {
        case .int(let number)?: .int(number)
        case .string(let text)?: .string(text)
        default: nil
        }
    }

    static func response(id: JSONValue, _ result: JSONValue) -> String {
        JSONWriter().string(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> String {
        JSONWriter().string(
            .object([
                ("jsonrpc", .string("2.0")), ("id", id),
                ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))])),
            ]))
    }

    static func notification(_ method: String, _ params: JSONValue) -> String {
        JSONWriter().string(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }
}
