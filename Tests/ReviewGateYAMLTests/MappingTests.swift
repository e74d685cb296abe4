@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite struct MappingTests {
    private func load(_ yaml: String) throws -> DocumentNode {
        try YAMLLoader().loadDocument(Array(yaml.utf8), file: "m.yaml")
    }

    @Test func mergeKeyBringsInEntriesAndExplicitKeyWins() throws {
        let root = try load(
            """
            base: &base {cooldown: 7d, max: 3}
            guards:
              <<: *base
              cooldown: 14d
            """)
        let guards = try #require(root["guards"])
        #expect(guards["cooldown"]?.string == "14d")
        #expect(guards["max"]?.scalar?.value == .int(3))
        #expect(guards.mapping?.count == 2)
    }

    @Test func mergeOfAListFirstMappingWins() throws {
        let root = try load(
            """
            a: &a {x: 1, y: 1}
            b: &b {y: 2, z: 2}
            c:
              <<: [*a, *b]
            """)
        let c = try #require(root["c"])
        #expect(c["y"]?.scalar?.value == .int(1))
        #expect(c["z"]?.scalar?.value == .int(2))
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try load("'<<': {a: 1}")
        #expect(root["<<"]?["a"] != nil)
    }

    @Test func mergeOfAScalarIsAnError() {
        let error = #expect(throws: DiagnosticError.self) { try load("a:\n  <<: 3\n") }
        #expect(error?.diagnostics.first?.location?.description == "m.yaml:2:7")
    }

    @Test func duplicateKeyIsAnErrorAtItsSecondOccurrenceNamingTheFirst() {
        let error = #expect(throws: DiagnosticError.self) { try load("a: 1\nb: 2\na: 3\n") }
        let diagnostic = error?.diagnostics.first
        #expect(diagnostic?.location?.description == "m.yaml:3:1")
        #expect(diagnostic?.message.contains("line 1") == true)
        #expect(diagnostic?.notes.first?.location?.description == "m.yaml:1:1")
    }

    @Test func everyDuplicateIsReported() {
        let error = #expect(throws: DiagnosticError.self) { try load("a: 1\na: 2\nb:\n  c: 1\n  c: 2\n") }
        #expect(error?.diagnostics.map { $0.location?.line } == [2, 5])  // in file order
    }

    @Test func keysCompareByResolvedValue() {
        #expect(throws: DiagnosticError.self) { try load("1: a\n0x1: b\n") }
        #expect((try? load("1: a\n'1': b\n")) != nil)
    }

    @Test func aliasesShareTheirAnchorsData() throws {
        let root = try load("a: &x [1, 2]\nb: *x\n")
        #expect(root["b"]?.sequence?.count == 2)
    }

    @Test func keysThatAreNotScalarsCompareByTheirData() throws {
        let error = #expect(throws: DiagnosticError.self) { try load("? {a: [1, x]}\n: 1\n? {a: [1, x]}\n: 2\n") }
        #expect(error?.diagnostics.first?.location?.description == "m.yaml:3:3")
        // A string that looks like the other key, or a nested key written otherwise, is another key.
        #expect((try? load("? {a: [1, x]}\n: 1\n? '{\"a\":[1,\"x\"]}'\n: 2\n")) != nil)
        #expect((try? load("? {{a: 1}: 2}\n: 1\n? {{a: 2}: 2}\n: 2\n? {'{a: 1}': 2}\n: 3\n")) != nil)
        #expect(throws: DiagnosticError.self) { try load("? {{a: 1}: 2}\n: 1\n? {{a: 1}: 2}\n: 2\n") }
        // A mapping key inside a key, against a string key spelt as its JSON: once the same text.
        #expect((try? load("? {{a: 1}: 2}\n: 1\n? {'{\"a\":1}': 2}\n: 2\n")) != nil)
    }

    /// A key that is a mapping whose key is a mapping, forty deep, is text that grows with its size:
    /// as JSON strings escaped once more per level, it was 2^40 backslashes (the fuzzer's finding,
    /// Fuzz/regressions/state/nested-complex-keys-escaped-per-level.yaml).
    @Test(.timeLimit(.minutes(1))) func aDeeplyNestedKeyIsTextOfItsOwnSize() throws {
        let yaml = String(repeating: "{", count: 40) + "a: 1}" + String(repeating: ": 1}", count: 39) + "\n"
        let root = try load(yaml)
        let json = JSONWriter().string(root.jsonValue)
        #expect(json.count < 40 * 10, "\(json.count) characters")
        #expect(json.hasPrefix(#"{"{{{"#))
        let one = try load("{a: [1, x]}: 2\n")
        #expect(JSONWriter().string(one.jsonValue) == #"{"{\"a\":[1,\"x\"]}":2}"#)
    }

    @Test func unknownAliasIsAnError() {
        let error = #expect(throws: DiagnosticError.self) { try load("a: *nope\n") }
        #expect(error?.diagnostics.first?.location?.description == "m.yaml:1:4")
    }
}
