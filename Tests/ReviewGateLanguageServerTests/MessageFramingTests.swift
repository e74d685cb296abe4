@_spi(ReviewGateTools) import ReviewGateLanguageServer
import Testing

/// The base protocol's framing: whole messages from bytes however they arrive, and problems (not
/// crashes or endless waits) from bytes that are no frame.
@Suite struct MessageFramingTests {
    static func frames(_ chunks: [String]) -> [MessageFraming.Frame] {
        var framing = MessageFraming()
        var out: [MessageFraming.Frame] = []
        for chunk in chunks {
            framing.append(Array(chunk.utf8))
            while let frame = framing.next() { out.append(frame) }
        }
        return out
    }

    static func content(_ text: String) -> MessageFraming.Frame { .content(Array(text.utf8)) }

    @Test("two messages in one read, and one split across reads, come out whole")
    func split() {
        let one = String(decoding: MessageFraming.frame(#"{"a":1}"#), as: UTF8.self)
        let two = String(decoding: MessageFraming.frame(#"{"b":"é"}"#), as: UTF8.self)
        #expect(Self.frames([one + two]) == [Self.content(#"{"a":1}"#), Self.content(#"{"b":"é"}"#)])
        let whole = one + two
        for cut in 1..<whole.utf8.count {
            let bytes = Array(whole.utf8)
            var framing = MessageFraming()
            var out: [MessageFraming.Frame] = []
            for part in [bytes[..<cut], bytes[cut...]] {
                framing.append(part)
                while let frame = framing.next() { out.append(frame) }
            }
            #expect(out.count == 2, "cut at \(cut)")
        }
    }

    @Test("Content-Length is read case-insensitively, beside other headers and around spaces")
    func headers() {
        let frame = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  7 \r\n\r\n{\"a\":1}"
        #expect(Self.frames([frame]) == [Self.content(#"{"a":1}"#)])
    }

    @Test("a header without a usable length is a problem, and the next message still reads")
    func badLength() {
        let next = String(decoding: MessageFraming.frame("{}"), as: UTF8.self)
        for header in [
            "Content-Length: x\r\n\r\n", "Content-Length: -3\r\n\r\n", "X: 1\r\n\r\n",
            "Content-Length: 99999999999999\r\n\r\n",
        ] {
            let frames = Self.frames([header + next])
            #expect(frames.count == 2, "\(header.debugDescription)")
            if case .problem = frames.first {} else { Issue.record("\(header.debugDescription): \(frames)") }
            #expect(frames.last == Self.content("{}"))
        }
    }

    @Test("a message over 64 MiB is skipped unread, and what follows it reads")
    func tooLarge() {
        var framing = MessageFraming()
        framing.append(Array("Content-Length: \(MessageFraming.maxContent + 1)\r\n\r\n".utf8))
        guard case .problem(let why)? = framing.next() else { return #expect(Bool(false)) }
        #expect(why.contains("over the limit"))
        let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
        for _ in 0..<64 {
            framing.append(chunk)
            #expect(framing.next() == nil)
        }
        framing.append([0x20] + MessageFraming.frame("{}"))
        #expect(framing.next() == Self.content("{}"))
    }

    @Test("8 KiB without a header's end is a problem, not a wait")
    func noHeaderEnd() {
        let frames = Self.frames([String(repeating: "x", count: 9000)])
        #expect(frames.count == 1)
        if case .problem(let why)? = frames.first { #expect(why.contains("no header end")) }
    }

    @Test("a partial message waits for the rest")
    func partial() {
        #expect(Self.frames(["Content-Length: 10\r\n\r\n{\"a\""]).isEmpty)
        #expect(Self.frames(["Content-Len"]).isEmpty)
    }
}
