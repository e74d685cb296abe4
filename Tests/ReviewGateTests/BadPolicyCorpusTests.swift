import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// Every file of `Fixtures/bad-policies` is refused, with a diagnostic at each `# expect: LINE:COL
/// fragment` its header lists.
@Suite struct BadPolicyCorpusTests {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/bad-policies")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }
            .sorted()
    }

    @Test func corpusIsThere() {
        #expect(Self.files.count >= 25)
    }

    @Test(arguments: files)
    func policyIsRefusedAtTheRightPlace(_ name: String) throws {
        let path = Self.folder.appending(path: name).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expectations = text.split(separator: "\n").compactMap {
            line -> (line: Int, column: Int, fragment: String)? in
            guard line.hasPrefix("# expect: ") else { return nil }
            let rest = line.dropFirst("# expect: ".count)
            let position = rest.prefix { $0 != " " }.split(separator: ":").compactMap { Int($0) }
            return (position[0], position[1], String(rest.drop { $0 != " " }.dropFirst()))
        }
        #expect(!expectations.isEmpty, "\(name) has no # expect: line")
        let diagnostics: [Diagnostic]
        do {
            _ = try PolicyLoader.files(Fixtures.documents).load(path: path)
            diagnostics = []
        } catch {
            diagnostics = error.diagnostics
        }
        #expect(!diagnostics.isEmpty, "\(name) was accepted")
        for expected in expectations {
            // A diagnostic, or one of its notes, at that place saying that.
            let places = diagnostics.flatMap {
                [($0.location, $0.message)] + $0.notes.map { ($0.location, $0.message) }
            }
            let match = places.contains { location, message in
                location?.file == path && location?.line == expected.line && location?.column == expected.column
                    && message.contains(expected.fragment)
            }
            #expect(
                match,
                "\(name): no diagnostic at \(expected.line):\(expected.column) saying \"\(expected.fragment)\"; got:\n\(diagnostics.map(\.description).joined(separator: "\n"))"
            )
        }
    }
}
