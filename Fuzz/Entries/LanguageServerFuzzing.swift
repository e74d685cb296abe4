@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateLanguageServer

/// The `lsp` fuzz target: a language server fed the fuzzer's bytes three ways.
enum LanguageServerFuzzing {
    /// A server on a fixed clock, initialized, with no workspace folder (nothing read from disk).
    static func server() -> LanguageServer {
        let server = LanguageServer(
            environment: .init(digest: nil, clock: { Timestamp(nanosecondsSince1970: 0) }, version: "fuzz"))
        let replies = server.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
        precondition(replies.count == 1, "initialize is answered once")
        return server
    }

    /// Feeds `bytes` as a stream, as a message and as a document; whether any frame held a message.
    static func run(_ bytes: [UInt8]) -> Bool {
        var framing = MessageFraming()
        let stream = server()
        // In pieces, as a pipe delivers them: a frame split anywhere reads the same.
        var offset = 0
        var frames = 0
        while offset < bytes.count {
            let size = 1 + Int(bytes[offset] % 64)
            framing.append(bytes[offset..<min(bytes.count, offset + size)])
            offset += size
            while let frame = framing.next() {
                if case .content = frame { frames += 1 }
                _ = stream.receive(frame)
            }
        }
        _ = stream.publishPending()
        _ = server().receive(bytes)
        document(bytes)
        return frames > 0
    }

    /// The bytes as an open policy's text, asked about at places drawn from them.
    static func document(_ bytes: [UInt8]) {
        let server = server()
        let text = JSONWriter().string(.string(String(decoding: bytes, as: UTF8.self)))
        let uri = "file:///fuzz/policy.yaml"
        let open =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","version":1,"text":\#(text)}}}"#
        _ = server.receive(Array(open.utf8))
        _ = server.publishPending()
        let lines = max(1, bytes.filter { $0 == 0x0A }.count + 1)
        for index in 0..<4 {
            let line = Int(bytes.isEmpty ? 0 : bytes[index % bytes.count]) % (lines + 1)
            let character = Int(bytes.isEmpty ? 0 : bytes[(index * 7) % bytes.count]) % 40
            let position = #""position":{"line":\#(line),"character":\#(character)}"#
            let range = #""range":{"start":{"line":0,"character":0},"end":{"line":\#(line),"character":\#(character)}}"#
            for (method, params) in [
                ("textDocument/hover", position), ("textDocument/completion", position),
                ("textDocument/definition", position),
                ("textDocument/codeAction", range + #","context":{"diagnostics":[]}"#),
                ("textDocument/inlayHint", range), ("textDocument/documentSymbol", #""x":0"#),
            ] {
                let request =
                    #"{"jsonrpc":"2.0","id":\#(index),"method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)"},\#(params)}}"#
                let replies = server.receive(Array(request.utf8))
                precondition(replies.count == 1, "\(method) is answered once")
            }
        }
    }
}
