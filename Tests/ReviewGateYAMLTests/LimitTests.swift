@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite struct LimitTests {
    private func message(_ bytes: [UInt8], limits: DocumentLimits = .default) -> String? {
        do {
            _ = try YAMLLoader(limits: limits).load(bytes, file: "l.yaml")
            return nil
        } catch {
            return error.diagnostics.first?.message
        }
    }

    /// Ten levels of ten aliases each: 10^10 nodes if expanded.
    static var billionLaughs: [UInt8] {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(refs)]")
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test func billionLaughsIsRefusedByTheAliasLimit() {
        #expect(message(Self.billionLaughs)?.contains("aliases expand to more than 100000 nodes") == true)
    }

    @Test func aliasLimitCanBeRaised() {
        let small = Array("a: &a [1, 2, 3]\nb: [*a, *a]\n".utf8)
        #expect(message(small, limits: DocumentLimits(maxAliasExpansion: 8)) == nil)
        #expect(message(small, limits: DocumentLimits(maxAliasExpansion: 7))?.contains("alias") == true)
    }

    @Test func deepFlowNestingIsRefused() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 200_000)
        #expect(message(deep)?.contains("nesting deeper than 64") == true)
    }

    @Test func deepBlockMappingsAreRefused() {
        var text = ""
        for depth in 0..<3000 { text += String(repeating: " ", count: depth) + "k:\n" }
        // 4.5 MB of indentation: raise the size limit so that the nesting limit is what stops it.
        let limits = DocumentLimits(maxBytes: 8 << 20)
        #expect(message(Array(text.utf8), limits: limits)?.contains("nesting deeper than 64") == true)
        let flow = String(repeating: "{k: ", count: 3000) + "v" + String(repeating: "}", count: 3000)
        #expect(message(Array(flow.utf8))?.contains("nesting deeper than 64") == true)
    }

    @Test func nestingOf64IsAccepted() {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(message(Array(ok.utf8)) == nil)
        let over = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(message(Array(over.utf8)) != nil)
    }

    @Test func aliasCannotNestDeeperThanTheLimit() {
        let inner = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let yaml = "a: &a \(inner)\nb: \(String(repeating: "[", count: 30))*a\(String(repeating: "]", count: 30))\n"
        #expect(message(Array(yaml.utf8))?.contains("nesting") == true)
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 3_000_000)
        #expect(message(big)?.contains("over the limit of 1048576 bytes") == true)
        #expect(
            message([UInt8](repeating: UInt8(ascii: "a"), count: 2000), limits: DocumentLimits(maxBytes: 1000)) != nil)
    }

    @Test func invalidUTF8IsRefused() {
        #expect(message([0x61, 0x3A, 0x20, 0xFF])?.contains("invalid UTF-8") == true)
    }
}
