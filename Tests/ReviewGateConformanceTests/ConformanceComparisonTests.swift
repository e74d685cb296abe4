@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance
import Testing

/// How answers are compared with a kit's expectations (Semantics §18): as values, every expected
/// member at every depth, members the expectation lacks free; a run that answers no case, or answers
/// cases of another kit, does not pass.
@Suite struct ConformanceComparisonTests {
    static func json(_ text: String) throws -> JSONValue {
        try JSONReader().loadDocument(text, file: "t").jsonValue
    }

    static let kit = ConformanceKit(
        index: .object([("kit_version", .string("1.2.0"))]), policies: [], budgets: [],
        cases: [
            .evaluation: [
                ConformanceCase(
                    id: "evaluation/b-one", kind: .boundary, tags: ["policy", "experiment"], inputs: [],
                    expect: .object([
                        ("decision", .string("allow")),
                        ("experiment", .object([("arm", .string("early")), ("bucket", .int(12))])),
                    ])),
                ConformanceCase(
                    id: "evaluation/b-two", kind: .boundary, tags: ["policy"], inputs: [],
                    expect: .object([("decision", .string("block"))])),
            ]
        ])

    @Test("values: keys in any order, numbers by value, extra members free at every depth, arrays whole")
    func values() throws {
        let expected = try Self.json(#"{"a": 1, "b": {"c": [1, 2], "d": null}}"#)
        #expect(
            ConformanceValue.covers(expected, try Self.json(#"{"b": {"d": null, "c": [1.0, 2e0], "x": 1}, "a": 1}"#)))
        #expect(!ConformanceValue.covers(expected, try Self.json(#"{"a": 1, "b": {"c": [1, 2]}}"#)), "d missing")
        #expect(!ConformanceValue.covers(expected, try Self.json(#"{"a": 1, "b": {"c": [1, 2, 3], "d": null}}"#)))
        #expect(!ConformanceValue.covers(expected, try Self.json(#"{"a": "1", "b": {"c": [1, 2], "d": null}}"#)))
        #expect(ConformanceValue.equal(expected, try Self.json(#"{"b": {"d": null, "c": [1, 2]}, "a": 1.0}"#)))
        #expect(!ConformanceValue.equal(expected, try Self.json(#"{"a": 1, "b": {"c": [1, 2], "d": null, "x": 1}}"#)))
    }

    @Test("an answer with the experiment as evaluate writes it is the same; a wrong arm differs, under its tags")
    func compare() throws {
        let answers = [
            #"{"id": "evaluation/b-one", "answer": {"decision": "allow", "experiment": {"name": "e", "arm": "early", "bucket": 12, "version": 1}}}"#,
            #"{"id": "evaluation/b-two", "answer": {"decision": "allow"}}"#,
        ]
        let comparison = try ConformanceComparison(
            kit: Self.kit, answers: try answers.enumerated().map { ($0.offset + 1, try Self.json($0.element)) })
        #expect(comparison.total == .init(same: 1, differ: 1, skipped: 0))
        #expect(comparison.byTag["experiment"] == .init(same: 1, differ: 0, skipped: 0))
        #expect(comparison.byTag["policy"] == .init(same: 1, differ: 1, skipped: 0))
        #expect(comparison.differences.map(\.id) == ["evaluation/b-two"])
        #expect(comparison.differences.first?.members.map(\.key) == ["decision"])
        #expect(!comparison.passes)
    }

    @Test("answers to no case of the kit, or to cases it does not have, do not pass; a bad line is refused")
    func notPassing() throws {
        let none = try ConformanceComparison(kit: Self.kit, answers: [])
        #expect(!none.answersAny && !none.passes)
        #expect(none.total.skipped == 2)
        let other = try ConformanceComparison(
            kit: Self.kit,
            answers: [
                (1, try Self.json(#"{"id": "evaluation/b-two", "answer": {"decision": "block"}}"#)),
                (2, try Self.json(#"{"id": "evaluation/b-three", "answer": {"decision": "block"}}"#)),
            ])
        #expect(other.total.differ == 0 && other.unknownIDs == ["evaluation/b-three"] && !other.passes)
        #expect(other.text.contains("1 answer names no case of kit 1.2.0 (first: evaluation/b-three)"))
        #expect(throws: DiagnosticError.self) {
            try ConformanceComparison(kit: Self.kit, answers: [(1, try Self.json(#"{"id": "x", "answer": 3}"#))])
        }
        #expect(throws: DiagnosticError.self) {
            try JSONLines.read(Array("{}\n{}\n{}\n".utf8), file: "a.jsonl", maximumLines: 2)
        }
    }
}
