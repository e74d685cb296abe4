@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite("JSONReader: JSON into node trees, without C or Foundation")
struct JSONReaderTests {
    private func load(_ text: String) throws(DiagnosticError) -> DocumentNode {
        try JSONReader().loadDocument(text, file: "j.json")
    }

    private func error(_ text: String) -> Diagnostic? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    @Test func valuesResolveAsYAMLWouldReadThem() throws {
        let root = try load(
            #"{"a": 1, "b": -0.5, "c": 1e2, "d": "x\u00e9\n", "e": [true, false, null], "f": 12345678901234567890}"#)
        #expect(root["a"]?.scalar?.value == .int(1))
        #expect(root["b"]?.scalar?.value == .float(-0.5))
        #expect(root["c"]?.scalar?.value == .float(100))
        #expect(root["d"]?.scalar?.value == .string("xé\n"))
        #expect(root["d"]?.scalar?.style == .doubleQuoted)
        #expect(root["e"]?.sequence?.map { $0.scalar?.value } == [.bool(true), .bool(false), .null])
        // Past Int64: the nearest double, as YAML would read it.
        #expect(root["f"]?.scalar?.value == .float(Double("12345678901234567890")!))
    }

    @Test func nodesKnowTheirLineAndColumnInCharacters() throws {
        let root = try load("{\n  \"é\": [1,\r\n    \"ü\"],\n  \"k\": {}\n}")
        #expect(root.location.description == "j.json:1:1")
        let entry = try #require(root.mapping?.first)
        #expect(entry.key.location.description == "j.json:2:3")
        #expect(entry.value.location.description == "j.json:2:8")
        #expect(entry.value.sequence?[1].location.description == "j.json:3:5")
        #expect(root["k"]?.location.description == "j.json:4:8")
    }

    @Test func surrogatePairsJoinAndLoneHalvesAreRefused() throws {
        #expect(try load(#""\ud83d\ude00""#).string == "😀")
        #expect(error(#""\ud800""#)?.message.contains("surrogate") == true)
        #expect(error(#""\udc00x""#)?.location?.column == 8)
    }

    @Test func everyDuplicateKeyIsAnErrorNamingTheFirst() {
        let diagnostics: [Diagnostic]
        do {
            _ = try load("{\"a\": 1,\n \"a\": 2,\n \"b\": {\"c\": 1, \"c\": 2}}")
            diagnostics = []
        } catch {
            diagnostics = error.diagnostics
        }
        #expect(
            diagnostics.map(\.description) == [
                "j.json:2:2: error: duplicate key \"a\": it is already set at line 1\nj.json:1:2: note: first set here",
                "j.json:3:16: error: duplicate key \"c\": it is already set at line 3\nj.json:3:8: note: first set here",
            ])
    }

    @Test(arguments: [
        ("[1,]", "j.json:1:4: error: a comma before ']': JSON has no trailing commas"),
        ("{\"a\" 1}", "j.json:1:6: error: '1' after the key \"a\": expected ':'"),
        ("[01]", "j.json:1:2: error: a number with a leading zero: JSON writes 0 alone, or 0.5"),
        ("[True]", "j.json:1:2: error: 'T' where a JSON value was expected"),
        (
            "\"a\tb\"",
            "j.json:1:3: error: the control character U+0009 in a string: write it as an escape such as \\n or \\u0009"
        ),
        (
            "{} {}",
            "j.json:1:4: error: '{' after the JSON value: a file holds one value (a trailing comma or a second value?)"
        ),
        ("", "j.json:1:1: error: the file is empty: a JSON value was expected"),
        ("[\"é", "j.json:1:4: error: the file ends inside a string: a closing '\"' is missing"),
    ])
    func syntaxErrorsSayWhatAndWhere(_ text: String, _ expected: String) {
        #expect(error(text)?.description == expected)
    }

    @Test func limitsAreTheYAMLLoadersWithItsMessages() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(error(deep)?.message == "nesting deeper than 64 levels (the nesting limit)")
        #expect(error(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
        let large = "\"" + String(repeating: "a", count: 1 << 20) + "\""
        #expect(error(large)?.message == "the file is 1048578 bytes, over the limit of 1048576 bytes (1 MiB)")
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8)
        #expect(throws: DiagnosticError.self) { try JSONReader().loadDocument(bytes, file: "j.json") }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(
            try JSONReader().loadDocument([0xEF, 0xBB, 0xBF] + Array("{}".utf8), file: "j.json").mapping?.isEmpty
                == true)
    }

    /// The `y_` cases with a duplicate key: valid JSON, refused by Semantics §7.
    static let duplicateKeyCases: Set = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    /// The `i_` cases that are read; every other `i_` case is refused (`JSONReader.choices` says why).
    static let implementationCasesRead: Set<String> = [
        // Numbers out of a Double's or an Int's range: ±infinity, 0, or a float.
        "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
        // A byte order mark is skipped.
        "i_structure_UTF-8_BOM_empty_object.json",
    ]

    /// JSONTestSuite: every `y_` accepted, every `n_` refused with a position, every `i_` read or
    /// refused (the choices are `JSONReader.choices`), none crashes; the figures are printed.
    @Test func conformance() throws {
        let cases = JSONTestSuite.cases
        try #require(cases.count > 300, "JSONTestSuite not found at \(JSONTestSuite.folder.path)")
        var figures = (accepted: 0, duplicates: 0, refused: 0, implementationAccepted: 0, implementationRefused: 0)
        for testCase in cases {
            let result = Result { () throws(DiagnosticError) in
                try JSONReader().loadDocument(testCase.bytes, file: testCase.name)
            }
            switch (testCase.name.prefix(2), result) {
            case ("y_", .failure(let error)) where Self.duplicateKeyCases.contains(testCase.name):
                // Semantics §7 refuses a duplicate key, which RFC 8259 only advises against.
                #expect(error.diagnostics.first?.message.hasPrefix("duplicate key") == true)
                figures.duplicates += 1
            case ("y_", .success): figures.accepted += 1
            case ("y_", .failure(let error)): Issue.record("\(testCase.name) refused: \(error)")
            case ("n_", .success): Issue.record("\(testCase.name) accepted")
            case ("n_", .failure(let error)):
                figures.refused += 1
                #expect(error.diagnostics.first?.location != nil, "\(testCase.name) refused without a position")
            case ("i_", .success):
                figures.implementationAccepted += 1
                #expect(Self.implementationCasesRead.contains(testCase.name), "\(testCase.name) read")
            case ("i_", .failure(let error)):
                figures.implementationRefused += 1
                #expect(!Self.implementationCasesRead.contains(testCase.name), "\(testCase.name) refused: \(error)")
            default: Issue.record("\(testCase.name): not a y_, n_ or i_ case")
            }
        }
        print(
            "JSONTestSuite: \(figures.accepted) y_ accepted (and \(figures.duplicates) with a duplicate key refused, as Semantics §7 says), \(figures.refused) n_ refused, i_ \(figures.implementationAccepted) read and \(figures.implementationRefused) refused, of \(cases.count)"
        )
        #expect(figures.accepted + figures.duplicates == cases.filter { $0.name.hasPrefix("y_") }.count)
        #expect(figures.duplicates == Self.duplicateKeyCases.count)
        #expect(figures.refused == cases.filter { $0.name.hasPrefix("n_") }.count)
    }
}

/// No input crashes or hangs the JSON reader: every JSONTestSuite case and the shipped JSON state,
/// mutated at random (seeded, so a failure repeats), is read or refused at a position in the file.
@Suite struct JSONMutationTests {
    static let alphabet = Array("{}[]:,\"\\u0eE.-+ \n\r\ttfn".utf8) + [0xC3, 0xFF, 0x00, 0xED, 0xA0]

    @Test func mutatedInputsAreReadOrRefusedWithPositions() throws {
        var random = SplitMix(seed: 2026)
        let shipped = try Array(
            String(contentsOfFile: Repository.path("policies/examples/three-week-rule.state.json"), encoding: .utf8)
                .utf8)
        var outcomes = (read: 0, refused: 0)
        for original in JSONTestSuite.cases.map(\.bytes) + [shipped] {
            for _ in 0..<12 {
                let bytes = Mutation.mutate(original, alphabet: Self.alphabet, using: &random)
                do {
                    let node = try JSONReader().loadDocument(bytes, file: "m.json")
                    outcomes.read += 1
                    _ = try? StateDecoder.decode(node, versionKey: .short)
                } catch {
                    outcomes.refused += 1
                    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
                    for diagnostic in error.diagnostics {
                        let line = diagnostic.location?.line ?? 0
                        #expect(line >= 1 && line <= lines + 1 && (diagnostic.location?.column ?? 0) >= 1)
                    }
                }
            }
        }
        print("JSON mutations: \(outcomes.read) read, \(outcomes.refused) refused")
        #expect(outcomes.read > 0 && outcomes.refused > 0)
    }
}
