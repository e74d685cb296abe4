@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateLanguageServer
import Testing

/// Changes are only marked: a burst of them is diagnosed once, for the last text (Semantics §17).
@Suite struct CoalescingTests {
    @Test("1,000 changes, then quiet: one publication, of the last version's diagnostics")
    func burst() throws {
        let server = TranscriptTests.server()
        _ = server.receive(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        let uri = "file:///burst/policy.yaml"
        func text(_ count: Int) -> String {
            JSONWriter().string(.string("reviewgate: 1\nname: burst\ntriggers:\n  done: {at_least: \(count)}\n"))
        }
        let open =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","version":0,"text":\#(text(0))}}}"#
        #expect(server.receive(Array(open.utf8)).isEmpty)
        for version in 1...1000 {
            // Version 1000 leaves at_least at 0, an error; every other version is valid.
            let count = version == 1000 ? 0 : version
            let change =
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":\#(text(count))}]}}"#
            #expect(server.receive(Array(change.utf8)).isEmpty)
        }
        let published = server.publishPending()
        #expect(published.count == 1)
        let message = try #require(published.first)
        #expect(message.contains(#""version":1000"#))
        #expect(message.contains("at_least must be at least 1; found 0"))
        #expect(server.publishPending().isEmpty)
    }
}
