/// The base protocol's framing (LSP 3.17): `Content-Length: N`, other header lines, an empty line,
/// then N bytes of JSON. Bytes go in as they arrive, whole messages come out; any bytes at all
/// give messages or framing problems, never a crash or an endless wait for a header.
package struct MessageFraming {
    /// What the bytes so far hold next.
    package enum Frame: Equatable {
        /// A message's content: the bytes of one JSON value.
        case content([UInt8])
        /// A header that cannot be used, with why; the header block is skipped, and so is the
        /// content it announced when it said how long that is.
        case problem(String)
    }

    /// The longest header block read: past it, bytes with no empty line are not a header.
    package static let maxHeader = 8 * 1024
    /// The largest content taken (64 MiB): a larger one is skipped unread, and answered as a problem.
    package static let maxContent = 64 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// Content still to skip, of a message too large to take.
    private var skipping = 0

    /// An empty framing, before any bytes.
    package init() {}

    /// Adds the bytes that arrived.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or `nil` until more bytes arrive.
    package mutating func next() -> Frame? {
        if skipping > 0 {
            let skipped = min(skipping, buffer.count - start)
            start += skipped
            skipping -= skipped
            if skipping > 0 { return nil }
        }
        guard start < buffer.count else { return nil }
        guard let end = headerEnd() else {
            guard buffer.count - start > Self.maxHeader else { return nil }
            // No empty line in 8 KiB: not a header. Skip to the next line that could start one.
            let next = buffer[(start + 1)...].firstIndex(of: UInt8(ascii: "C")) ?? buffer.count
            start = next
            return .problem("no header end (an empty line) in \(Self.maxHeader) bytes")
        }
        let header = String(decoding: buffer[start..<end.headerEnd], as: UTF8.self)
        start = end.contentStart
        guard let length = Self.contentLength(header) else {
            return .problem("a header without a valid Content-Length: \(header.prefix(80).debugDescription)")
        }
        guard length <= Self.maxContent else {
            skipping = length
            return .problem("a message of \(length) bytes, over the limit of \(Self.maxContent)")
        }
        guard buffer.count - start >= length else {
            start = end.headerStart
            return nil
        }
        let content = Array(buffer[start..<(start + length)])
        start += length
        compact()
        return .content(content)
    }

    /// Where the header block at `start` ends (before its empty line) and its content starts.
    private func headerEnd() -> (headerStart: Int, headerEnd: Int, contentStart: Int)? {
        let limit = min(buffer.count, start + Self.maxHeader + 4)
        var index = start
        while index + 3 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return (start, index, index + 4)
            }
            index += 1
        }
        return nil
    }

    /// The value of a header block's `Content-Length`, case-insensitively, when it is a number.
    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            guard line[..<colon].lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            let digits = value.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
            guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber)
            else { return nil }
            return Int(String(digits))
        }
        return nil
    }

    /// Drops the bytes already read once they are most of the buffer.
    private mutating func compact() {
        guard start > 64 * 1024, start * 2 > buffer.count else { return }
        buffer.removeFirst(start)
        start = 0
    }

    /// The frame of `content`: its header and its bytes, as a server writes a message.
    package static func frame(_ content: String) -> [UInt8] {
        Array("Content-Length: \(content.utf8.count)\r\n\r\n".utf8) + Array(content.utf8)
    }
}
