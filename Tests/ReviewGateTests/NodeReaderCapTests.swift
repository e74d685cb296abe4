import Testing

@testable import ReviewGate

/// Past what a reader keeps, errors are counted and their messages never built: a list of a
/// hundred thousand bad items costs no more than one of a thousand.
@Suite struct NodeReaderCapTests {
    @Test func messagesPastTheCapAreCountedNotBuilt() {
        var reader = NodeReader()
        var built = 0
        func message() -> String {
            built += 1
            return "bad item"
        }
        for _ in 0..<(NodeReader.keepLimit + 500) { reader.error(message(), at: nil) }
        #expect(built == NodeReader.keepLimit)
        #expect(reader.diagnostics.count == NodeReader.keepLimit)
        #expect(reader.uncounted == 500)
        #expect(reader.hasErrors)
        let failure = reader.failure
        #expect(failure.errorCount == NodeReader.keepLimit + 500)
        #expect(failure.diagnostics.count == DiagnosticError.reportLimit)
        #expect(failure.omitted == NodeReader.keepLimit + 500 - DiagnosticError.reportLimit)
    }

    @Test func aSuggestionIsLookedForOnlyAmongNamesOfNearlyTheSameLength() {
        #expect(Suggestion.closest(to: "cooldwn", in: ["cooldown", "c", "a-much-longer-name"]) == "cooldown")
        #expect(
            Suggestion.closest(to: String(repeating: "x", count: 65), in: [String(repeating: "x", count: 65)]) == nil)
    }
}
