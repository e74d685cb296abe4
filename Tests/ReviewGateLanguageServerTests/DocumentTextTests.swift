import Testing

@testable import ReviewGateLanguageServer

/// A document's lines and the conversion between the library's columns (Unicode scalars) and
/// LSP's characters (UTF-16 code units), as a client's edits need them.
@Suite struct DocumentTextTests {
    @Test("a line ends at \\n, \\r\\n or a lone \\r; the break is not in the line")
    func lineBreaks() {
        #expect(Array(DocumentText("a\nb\r\nc\rd\n").lines) == ["a", "b", "c", "d", ""])
        #expect(Array(DocumentText("").lines) == [""])
        #expect(Array(DocumentText("\r\n\r\n").lines) == ["", "", ""])
        #expect(Array(DocumentText("x\r").lines) == ["x", ""])
        #expect(Array(DocumentText("é😀\ny").lines) == ["é😀", "y"])
        #expect(DocumentText("a\n").line(7) == "")
    }

    @Test("an emoji is one column and two characters; a position inside it is its scalar's")
    func positions() {
        let text = DocumentText("k: 😀x\r\nz: 1\n")
        #expect(text.position(line: 1, column: 5) == LSPPosition(line: 0, character: 5))  // x
        #expect(text.place(LSPPosition(line: 0, character: 5)) == (1, 5))
        #expect(text.place(LSPPosition(line: 0, character: 4)) == (1, 4))  // inside the pair
        #expect(text.place(LSPPosition(line: 0, character: 99)) == (1, 6))  // past the end: the end
        #expect(text.position(line: 2, column: 4) == LSPPosition(line: 1, character: 3))
    }

    @Test("a ranged change replaces UTF-16 ranges, across lines and CRLF breaks")
    func replacing() {
        let text = DocumentText("k: 😀x\r\nz: 1\n")
        let x = LSPRange(start: LSPPosition(line: 0, character: 5), end: LSPPosition(line: 0, character: 6))
        #expect(text.replacing(x, with: "y") == "k: 😀y\r\nz: 1\n")
        let across = LSPRange(start: LSPPosition(line: 0, character: 3), end: LSPPosition(line: 1, character: 1))
        #expect(text.replacing(across, with: "Q") == "k: Q: 1\n")
        let end = LSPRange(start: LSPPosition(line: 2, character: 0), end: LSPPosition(line: 2, character: 0))
        #expect(text.replacing(end, with: "w: 2\n") == "k: 😀x\r\nz: 1\nw: 2\n")
    }
}
