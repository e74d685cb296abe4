@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@testable import ReviewGateSimulation

/// The JSON Lines scanner finds a plain string value in one search and reads any other the long
/// way: escapes, control characters, multi-byte characters and bad bytes give the text, or the
/// problem and its column, that the long way gives.
@Suite("simulate: JSON Lines strings")
struct JSONLineStringTests {
    /// What a line's `user` value reads as: its text, or a problem at a column.
    enum Read: Equatable, CustomStringConvertible {
        case text(String)
        case problem(String, column: Int)

        var description: String {
            switch self {
            case .text(let text): "text \(text.debugDescription)"
            case .problem(let message, let column): "\(message) at column \(column)"
            }
        }
    }

    static let cases: [(bytes: [UInt8], read: Read)] = [
        (Array(#"{"user":"abc"}"#.utf8), .text("abc")),
        (Array(#"{"user":""}"#.utf8), .text("")),
        (Array(#"{"user":"a\"b"}"#.utf8), .text("a\"b")),
        (Array(#"{"user":"a\u0041\\"}"#.utf8), .text("aA\\")),
        (Array(#"{"user":"é and ü"}"#.utf8), .text("é and ü")),
        (Array(#"{"user":"a"#.utf8) + [0x7F] + Array(#"b"}"#.utf8), .text("a\u{7F}b")),
        (
            Array(#"{"user":"a"#.utf8) + [0x1F] + Array(#"b"}"#.utf8),
            .problem("a control character must be escaped in a string", column: 11)
        ),
        (
            Array(#"{"user":"a"#.utf8) + [0x09] + Array(#"b"}"#.utf8),
            .problem("a control character must be escaped in a string", column: 11)
        ),
        (Array(#"{"user":"a"#.utf8) + [0xFF] + Array(#""}"#.utf8), .problem("invalid UTF-8", column: 11)),
        (Array(#"{"user":"a"#.utf8) + [0xC3] + Array(#""}"#.utf8), .problem("invalid UTF-8", column: 11)),
        (Array(#"{"user":"a\x"}"#.utf8), .problem("unknown escape in a string", column: 11)),
        (Array(#"{"user":""#.utf8), .problem("a string is not closed", column: 9)),
        (Array(#"{"user":"abcdefghijklmnop"#.utf8), .problem("a string is not closed", column: 9)),
        (Array(#"{"user":"abc" "#.utf8), .problem("expected , or } after a value", column: 15)),
    ]

    @Test("each string value reads as it should", arguments: cases.indices)
    func read(index: Int) {
        let (bytes, expected) = Self.cases[index]
        var fields = LineFields()
        var unknown = UnknownColumns()
        let read = bytes.withUnsafeBufferPointer { line -> Read in
            fields.reset(line)
            do throws(LineProblem) {
                try JSONLineScanner.scan(line, into: &fields, unknown: &unknown)
                return .text(fields.text(.user))
            } catch {
                return .problem(error.message, column: error.column)
            }
        }
        #expect(read == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }

    /// Pieces of a string value: plain text, every escape, a surrogate pair and lone halves,
    /// control characters, multi-byte characters, and bytes that are not UTF-8.
    static let pieces: [[UInt8]] =
        [
            "a", "Z9_", " ", #"\""#, #"\\"#, #"\/"#, #"\b\f\n\r\t"#, #"\u0041"#, #"\u00e9"#, #"\ud83d\ude00"#,
            #"\ud83d"#, #"\ude00"#, #"\u12"#, #"\x"#, "é", "😀", "\u{7F}",
        ].map { Array($0.utf8) }
        + [[0x01], [0x1F], [0x09], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    /// The fast reading of a `user` value is checked against the core's JSON reader, which reads
    /// policies and reports: on strings made of random pieces, both read the same text, or both refuse.
    @Test("a string value reads as the core's JSON reader reads it, or both refuse it")
    func agreesWithTheCoreReader() throws {
        var random = SplitMix(seed: 23)
        var read = 0
        var refused = 0
        for _ in 0..<4000 {
            var value: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) { value += Self.pieces.randomElement(using: &random)! }
            let line = Array(#"{"user":""#.utf8) + value + Array(#""}"#.utf8)
            var fields = LineFields()
            var unknown = UnknownColumns()
            let fast = line.withUnsafeBufferPointer { bytes -> String? in
                fields.reset(bytes)
                do throws(LineProblem) {
                    try JSONLineScanner.scan(bytes, into: &fields, unknown: &unknown)
                    return fields.text(.user)
                } catch {
                    return nil
                }
            }
            let core = (try? JSONReader().loadDocument(line, file: "line.json"))?["user"]?.string
            #expect(fast == core, "\(String(decoding: line, as: UTF8.self).debugDescription) \(line)")
            if core == nil { refused += 1 } else { read += 1 }
        }
        // Both kinds of string are met often.
        #expect(read > 500 && refused > 500, "\(read) read, \(refused) refused")
    }
}
