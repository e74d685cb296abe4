import Testing

@testable import ReviewGateSimulation

/// The JSON Lines scanner's fast path for keys: each column's plainly written key is known from
/// its bytes, and a key that only starts like one is read the slow way, as any other.
@Suite("simulate: JSON Lines keys")
struct JSONLineKeyTests {
    @Test("each column's key word is its name and a closing quote, little-endian", arguments: TimelineColumn.allCases)
    func keyWords(column: TimelineColumn) {
        let bytes = Array((column.name + "\"").utf8)
        let key = JSONLineScanner.plainKey(column)
        #expect(key.count == bytes.count)
        #expect(key.word == bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// The fast path skips a key `plainColumn` finds no column in as no column's
    /// (`JSONLineFastPath.skipUnknown`): every column's key and its closing quote fit in the eight
    /// bytes it reads, and it finds each, whatever follows.
    @Test("plainColumn finds every column's key in the eight bytes after its quote", arguments: TimelineColumn.allCases)
    func plainColumnFindsEveryKey(column: TimelineColumn) {
        #expect(column.name.utf8.count <= 7)
        for after in [":", " ", ",", "x"] {
            let bytes = Array((column.name + "\"" + after + "........").utf8.prefix(8))
            let word = bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let found = JSONLineScanner.plainColumn(word)
            #expect(found?.column == column && found?.count == column.name.utf8.count + 1)
        }
        #expect(Array(column.name.utf8).withUnsafeBufferPointer { TimelineColumn.named($0) } == column)
    }

    @Test("keys that look like a column's are told apart from it")
    func nearKeys() throws {
        var fields = LineFields()
        var unknown = UnknownColumns()
        let line = Array(#"{"users":1,"tim":2,"types":"x","sourced":3,"sc\u0065ne":"Home","type":"launch"}"#.utf8)
        try line.withUnsafeBufferPointer { (bytes) throws(LineProblem) in
            fields.reset(bytes)
            try JSONLineScanner.scan(bytes, into: &fields, unknown: &unknown)
            // The fields point into the line: looked at while it is there.
            #expect(fields.kind(.scene) == .string && fields.text(.scene) == "Home")
            #expect(fields.text(.type) == "launch")
        }
        #expect(unknown.fresh.map(\.name) == ["users", "tim", "types", "sourced"])
        #expect(!fields.isGiven(.user) && !fields.isGiven(.time) && !fields.isGiven(.source))
    }
}
