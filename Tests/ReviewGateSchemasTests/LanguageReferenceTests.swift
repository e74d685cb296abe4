import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSchemas
import ReviewGateTestSupport
import Testing

/// The tables of keys on the policy language's reference page (`Documentation/reference/policy-language.md`),
/// and of a state's on the file formats' page, are generated from the language catalogue and its words (``LanguageCatalogue``, ``KeyWords``):
/// each key's summary and default in the page's words, in the catalogue's order. A change to a key
/// changes the page, recorded as a golden file is (read, then kept).
@Suite("Documentation: the policy language's tables, from the catalogue")
struct LanguageReferenceTests {
    static let page = Repository.root.appending(path: "Documentation/reference/policy-language.md")
    static let end = "<!-- End of the generated table. -->\n"

    /// Each table: the mappings it lists (keys written `mapping.key` when it lists two), and the
    /// heading of its second column.
    static let tables: [(mappings: [String], what: String)] = [
        ([""], "what"), (["/app"], "what"), (["/triggers/*"], "what"), (["/guards"], "passes when"),
        (["/responses"], "what"), (["/counting", "/presentation"], "what"), (["/rollout", "/experiment"], "what"),
    ]

    /// The marker before a table of `mappings`.
    static func start(_ mappings: [String]) -> String {
        let named = mappings == [""] ? "\"\"" : mappings.joined(separator: ", ")
        return
            "<!-- Generated from LanguageCatalogue (\(named)) by LanguageReferenceTests: change the catalogue, not the table. -->\n"
    }

    /// The table of `mappings`' keys of a `file`, from the catalogue and its words.
    static func table(_ file: LanguageFile, _ mappings: [String], what: String) throws -> String {
        var text = "| key | \(what) | default |\n| --- | --- | --- |\n"
        for mapping in mappings {
            for name in LanguageCatalogue.section(file, mapping).keys {
                let key = try #require(LanguageCatalogue.key(file, "\(mapping)/\(name)"))
                let words = try #require(KeyWords.of(key), "\(key.path) has no words")
                let summary = try #require(words.summary, "\(key.path) has no summary for the page")
                let written = mappings.count > 1 ? "\(mapping.dropFirst()).\(name)" : name
                let defaultWords = words.defaultWords.map { $0.isEmpty ? "" : " \($0)" } ?? ""
                text += "| `\(written)` | \(summary) |\(defaultWords) |\n"
            }
        }
        return text
    }

    @Test("Documentation/reference/policy-language.md's tables of keys are the catalogue's")
    func theTablesAreTheCatalogue() throws {
        var text = try String(contentsOf: Self.page, encoding: .utf8)
        for (mappings, what) in Self.tables {
            let from = try #require(text.range(of: Self.start(mappings)), "no table of \(mappings)")
            let to = try #require(text.range(of: Self.end, range: from.upperBound..<text.endIndex))
            text.replaceSubrange(from.upperBound..<to.lowerBound, with: try Self.table(.policy, mappings, what: what))
        }
        let outcome = Golden.check(text, against: Self.page)
        #expect(outcome == .matches, "\(outcome)")
    }

    /// The state file's and the person record's keys on the file formats' reference page, from the
    /// catalogue and its words.
    @Test(
        "Documentation/reference/file-formats.md's tables of a state's and a person record's keys are the catalogue's")
    func theStateTableIsTheCatalogue() throws {
        let page = Repository.root.appending(path: "Documentation/reference/file-formats.md")
        var text = try String(contentsOf: page, encoding: .utf8)
        for file in [LanguageFile.state, .person] {
            let start =
                "<!-- Generated from LanguageCatalogue (\(file.rawValue)) by LanguageReferenceTests: change the catalogue, not the table. -->\n"
            let from = try #require(text.range(of: start), "no table of the \(file.rawValue) keys")
            let to = try #require(text.range(of: Self.end, range: from.upperBound..<text.endIndex))
            text.replaceSubrange(from.upperBound..<to.lowerBound, with: try Self.table(file, [""], what: "what"))
        }
        let outcome = Golden.check(text, against: page)
        #expect(outcome == .matches, "\(outcome)")
    }
}
