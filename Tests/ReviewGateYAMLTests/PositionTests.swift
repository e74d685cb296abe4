@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite struct PositionTests {
    private let yaml = """
        name: demo
        triggers:
          done:
            at_least: 4
            scenes: [Main, "Other"]
        """

    @Test func nodesKnowTheirLineAndColumn() throws {
        let root = try YAMLLoader().loadDocument(Array(yaml.utf8), file: "p.yaml")
        #expect(root.location == SourceLocation(file: "p.yaml", line: 1, column: 1))
        #expect(root["name"]?.location.description == "p.yaml:1:7")
        let done = try #require(root["triggers"]?["done"])
        #expect(done.location.description == "p.yaml:4:5")
        #expect(done["at_least"]?.location.description == "p.yaml:4:15")
        let scenes = try #require(done["scenes"]?.sequence)
        #expect(scenes.map(\.location.column) == [14, 20])
        let key = try #require(root.mapping?.last?.key)
        #expect(key.location.description == "p.yaml:2:1")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try YAMLLoader().loadDocument(Array("é: ü\nx: 1".utf8), file: "u.yaml")
        #expect(root["é"]?.location.column == 4)
    }

    @Test func syntaxErrorHasItsPosition() {
        let error = #expect(throws: DiagnosticError.self) {
            try YAMLLoader().load("a: 1\nb: [1, 2\nc: 3\n", file: "s.yaml")
        }
        let location = error?.diagnostics.first?.location
        #expect(location?.file == "s.yaml")
        #expect(location?.line == 3)  // where libyaml finds the list unclosed
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() {
        let bytes = Array("a: 1\nbc: ".utf8) + [0xC3, 0x28]
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(bytes, file: "b.yaml") }
        #expect(error?.diagnostics.first?.location?.description == "b.yaml:2:5")
        #expect(error?.diagnostics.first?.message.contains("invalid UTF-8") == true)
    }

    /// libyaml's reader reports only a byte offset; it becomes a line and a column in characters.
    @Test func readerErrorOffsetBecomesLineAndColumn() {
        let bytes = Array("a: 1\nb: \"é".utf8) + [0x01, 0x22, 0x0A]
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(bytes, file: "r.yaml") }
        #expect(error?.diagnostics.first?.location?.description == "r.yaml:2:6")
        #expect(error?.diagnostics.first?.message == "control characters are not allowed")
    }

    @Test func indentationTabIsNamed() {
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load("a:\n\tb: 1\n", file: "t.yaml") }
        #expect(error?.diagnostics.first?.location?.description == "t.yaml:2:1")
        #expect(error?.diagnostics.first?.message.contains("tab") == true)
    }

    @Test func severalDocumentsAreRefusedByLoadDocument() {
        let error = #expect(throws: DiagnosticError.self) {
            try YAMLLoader().loadDocument(Array("a: 1\n---\nb: 2\n".utf8), file: "d.yaml")
        }
        #expect(error?.diagnostics.first?.location?.line == 3)
        #expect((try? YAMLLoader().load("a: 1\n---\nb: 2\n", file: "d.yaml").count) == 2)
    }
}

/// A UTF-8 byte order mark is skipped (issue 9, defect 6): block-style files read, columns stay right.
@Suite struct ByteOrderMarkTests {
    @Test func aBlockStyleFileAfterAByteOrderMarkReads() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("reviewgate: 1\nname: bom\nlist:\n  - a\n".utf8)
        let root = try YAMLLoader().loadDocument(bytes, file: "bom.yaml")
        #expect(root["name"]?.string == "bom")
        #expect(root["reviewgate"]?.location == SourceLocation(file: "bom.yaml", line: 1, column: 13))
        #expect(root["list"]?.sequence?.first?.location == SourceLocation(file: "bom.yaml", line: 4, column: 5))
    }

    @Test func anErrorOnTheFirstLineHasTheEditorsColumn() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("reviewgate: one\nname: x\n".utf8)
        let root = try YAMLLoader().loadDocument(bytes, file: "bom.yaml")
        let error = #expect(throws: DiagnosticError.self) { try PolicyLoader.decode(root) }
        #expect(error?.diagnostics.first?.location == SourceLocation(file: "bom.yaml", line: 1, column: 13))
    }
}
