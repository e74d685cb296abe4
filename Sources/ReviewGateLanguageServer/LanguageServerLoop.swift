@_spi(ReviewGateTools) import ReviewGateFiles

/// Runs a ``LanguageServer`` on standard input and output: reads what arrives, answers each
/// message, and publishes diagnostics once the input has been quiet for ``quiet`` milliseconds, so
/// that a burst of changes is diagnosed once, after its last change.
package enum LanguageServerLoop {
    /// How long the input stays quiet before changed documents are diagnosed.
    package static let quiet = 50

    /// Serves until `exit` or the end of input; the exit code (0 after `shutdown` and `exit`).
    package static func run(_ server: LanguageServer, input: Int32 = 0, output: Int32 = 1) -> Int32 {
        var framing = MessageFraming()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if server.hasPending && !SystemCalls.hasInput(input, within: quiet) {
                guard send(server.publishPending(), to: output) else { return 1 }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(input, into: $0) }
            // The client went away without `exit`: 1, as LSP says for an exit without `shutdown`.
            guard count > 0 else { return server.exitCode ?? 1 }
            framing.append(buffer[0..<count])
            while let frame = framing.next() {
                guard send(server.receive(frame), to: output) else { return 1 }
                if let code = server.exitCode { return code }
            }
        }
    }

    /// Writes messages, each framed; whether they all went.
    private static func send(_ messages: [String], to output: Int32) -> Bool {
        for message in messages {
            let framed = MessageFraming.frame(message)
            guard framed.withUnsafeBytes({ SystemCalls.writeAll(output, $0) }) else { return false }
        }
        return true
    }
}
