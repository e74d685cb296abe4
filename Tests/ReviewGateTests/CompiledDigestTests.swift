@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// Semantics §9 *An app checks what it loads*: loading a compiled policy or budget from bytes works its
/// digest out again (with the core's portable SHA-256 when no hash is handed in) and refuses a
/// file edited after compiling, naming both digests.
@Suite struct CompiledDigestTests {
    /// The `sha256:` digests a message names, in order.
    static func digests(in message: String) -> [String] {
        var found: [String] = []
        var rest = Substring(message)
        while let start = rest.range(of: "sha256:") {
            let digest = rest[start.lowerBound...].prefix(7 + 64)
            let hex = digest.utf8.dropFirst(7)
            if hex.count == 64, hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) {
                found.append(String(digest))
            }
            rest = rest[start.upperBound...]
        }
        return found
    }

    /// The `digest` a compiled text was written with.
    static func written(_ text: String) throws -> String {
        try #require(try JSONReader().loadDocument(text, file: "c.json")["digest"]?.string)
    }

    /// `at_least: 4` made `2` in Apple's sample compiled: refused by `load` with no hash handed in,
    /// naming the digest written and the digest of the policy the file now holds, which is that of
    /// the YAML edited the same way.
    @Test func anEditedCompiledPolicyIsRefusedNamingBothDigests() throws {
        let yaml = try String(contentsOfFile: Repository.path("policies/apple-sample.yaml"), encoding: .utf8)
        let compile = { (yaml: String) in
            Fixtures.compiledText(try PolicyLoader.decode(Fixtures.document(yaml, file: "policies/apple-sample.yaml")))
        }
        let text = try compile(yaml)
        let written = try Self.written(text)
        #expect(try CompiledPolicy.load(Array(text.utf8), file: "app.json").digest == written)

        let edited = text.replacingOccurrences(of: "\"at_least\": 4", with: "\"at_least\": 2")
        #expect(edited != text)
        let error = try #require(throws: DiagnosticError.self) {
            try CompiledPolicy.load(Array(edited.utf8), file: "app.json")
        }
        let message = try #require(error.diagnostics.first?.message)
        let editedYAML = yaml.replacingOccurrences(of: "at_least: 4", with: "at_least: 2")
        #expect(editedYAML != yaml)
        #expect(Self.digests(in: message) == [written, try Self.written(compile(editedYAML))], "\(message)")
        #expect(message.contains("it was edited after compiling"))
        #expect(error.diagnostics.first?.location == SourceLocation(file: "app.json", line: 3, column: 13))
        // A hash handed in is used in place of the core's, and refuses it as well.
        let other: PolicyLoader.Digest = { _ in "sha256:" + String(repeating: "0", count: 64) }
        #expect(throws: DiagnosticError.self) {
            try CompiledPolicy.load(Array(text.utf8), file: "a.json", digest: other)
        }
    }

    static let budgets = BudgetLoader(
        policies: PolicyLoader(reading: Fixtures.documents.reader, digest: PortableSHA256.policyDigest))

    /// A compiled budget edited in one of its policies (`at_least: 4` of its review) or in the
    /// budget itself (a priority) is refused by `load` with no hash handed in, naming the digest
    /// written (the policy's, or the budget's) and another; the unedited one loads with its digest.
    @Test func anEditedCompiledBudgetIsRefusedNamingBothDigests() throws {
        let result = try Self.budgets.load(path: Repository.path("policies/budget/calm-app.budget.yaml"))
        let text = CompiledBudget(result).text(digest: try #require(result.budget.digest))
        #expect(try CompiledBudget.load(Array(text.utf8), file: "b.json").digest == result.budget.digest)
        let review = result.policyResults.first { $0.prompt == "review" }?.result.policy.digest
        for (from, to, digest) in [
            ("\"at_least\": 4", "\"at_least\": 2", review),
            ("\"priority\": 80", "\"priority\": 90", result.budget.digest),
        ] {
            let edited = text.replacingOccurrences(of: from, with: to)
            #expect(edited != text)
            let error = try #require(throws: DiagnosticError.self) {
                try CompiledBudget.load(Array(edited.utf8), file: "b.json")
            }
            let message = try #require(error.diagnostics.first?.message)
            let named = Self.digests(in: message)
            #expect(named.count == 2 && named.first == digest && named.last != digest, "\(message)")
            #expect(message.contains("it was edited after compiling"))
        }
    }
}
