import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateLanguageServer
import ReviewGateTestSupport
import Testing

/// The language server's transcripts (Semantics §17): each file in `Transcripts/` is a session,
/// the client's messages (`-->`) as written by hand and the server's (`<--`) as this server sent
/// them, recorded by running it. `== quiet` stands for the input going quiet (the loop then
/// publishes diagnostics). `${ROOT}` is the repository's root both ways.
@Suite struct TranscriptTests {
    static let folder = Repository.root.appending(path: "Tests/ReviewGateLanguageServerTests/Transcripts")
    static let files =
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
        .filter { $0.hasSuffix(".lsp") }.sorted() ?? []
    static let root = Repository.root.standardizedFileURL.path(percentEncoded: false).trimmingSuffix("/")

    /// A server on a clock fixed at 2026-11-22T10:00:00Z.
    static func server() -> LanguageServer {
        LanguageServer(
            environment: .init(
                digest: nil, clock: { Timestamp(rfc3339: "2026-11-22T10:00:00Z")! }, version: "test"))
    }

    /// Plays a transcript's client lines, giving the transcript with this server's answers.
    static func play(_ text: String) -> (transcript: String, requests: Int, answered: Int) {
        let server = server()
        var out: [String] = []
        var requests = 0
        var answered = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<--") { continue }
            out.append(String(line))
            var replies: [String] = []
            if line.hasPrefix("--> ") {
                let message = line.dropFirst(4).replacingOccurrences(of: "${ROOT}", with: root)
                if message.contains("\"id\"") { requests += 1 }
                replies = server.receive(Array(message.utf8))
            } else if line == "== quiet" {
                replies = server.publishPending()
            }
            if line.hasPrefix("--> "), replies.contains(where: { $0.contains("\"id\"") }) { answered += 1 }
            out += replies.map { "<-- " + $0.replacingOccurrences(of: root, with: "${ROOT}") }
        }
        return (out.joined(separator: "\n"), requests, answered)
    }

    @Test("each transcript's answers are this server's", arguments: files)
    func transcript(_ name: String) throws {
        let url = Self.folder.appending(path: name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let played = Self.play(text)
        let outcome = Golden.check(played.transcript, against: url)
        #expect(outcome == .matches, "\(outcome)")
        #expect(played.requests > 0 || text.contains("== quiet"), "a transcript that asks nothing")
    }

    @Test("the transcripts hold at least 80 requests, each answered, and cover every method and file kind")
    func coverage() throws {
        var requests = 0
        var answered = 0
        var all = ""
        for name in Self.files {
            let text = try String(contentsOf: Self.folder.appending(path: name), encoding: .utf8)
            let played = Self.play(text)
            requests += played.requests
            answered += played.answered
            all += text
        }
        #expect(requests >= 80, "\(requests) requests")
        #expect(answered == requests, "\(answered) of \(requests) requests answered")
        let methods = [
            "initialize", "shutdown", "exit", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
            "textDocument/didSave", "workspace/didChangeWatchedFiles", "textDocument/hover",
            "textDocument/completion", "textDocument/codeAction", "textDocument/definition",
            "textDocument/documentSymbol", "textDocument/inlayHint", "textDocument/publishDiagnostics",
        ]
        for method in methods { #expect(all.contains("\"method\":\"\(method)\""), "no \(method)") }
        let kinds = [
            "policies/apple-sample.yaml", ".state.yaml", ".budget.yaml", ".scenario.yaml", "policies/treaty.json",
            "budget/limits.budget.json",
        ]
        for file in kinds {
            #expect(all.contains(file), "no transcript opens a \(file) file")
        }
    }
}

extension String {
    /// The string without `suffix` at its end.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) && self != suffix ? String(dropLast(suffix.count)) : self
    }
}
