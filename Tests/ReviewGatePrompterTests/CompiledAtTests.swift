import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §9 *An app checks what it loads*: `Policy(compiledAt:)` and `Budget(compiledAt:)` refuse a
/// file edited after compiling (`at_least: 4` made `2`), naming the digest written and the one
/// worked out, and load the file as compiled.
@Suite struct CompiledAtTests {
    /// Writes `text` and `text` edited into a fresh folder: the two files' URLs.
    static func files(_ text: String, name: String) throws -> (compiled: URL, edited: URL) {
        let folder = try Repository.temporaryFolder()
        let edited = text.replacingOccurrences(of: "\"at_least\": 4", with: "\"at_least\": 2")
        #expect(edited != text)
        let urls = (folder.appending(path: "\(name).json"), folder.appending(path: "\(name)-edited.json"))
        try text.write(to: urls.0, atomically: true, encoding: .utf8)
        try edited.write(to: urls.1, atomically: true, encoding: .utf8)
        return urls
    }

    /// The message of the error that `load` throws.
    static func refusal(_ load: () throws -> Void) throws -> String {
        let error = try #require(throws: DiagnosticError.self) { try load() }
        return try #require(error.diagnostics.first?.message)
    }

    @Test func anEditedPolicyIsRefusedNamingBothDigests() throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(
            path: Repository.path("policies/apple-sample.yaml"))
        let text = Fixtures.compiledText(loaded)
        let written = CompiledPolicy(loaded).digest
        let (compiled, edited) = try Self.files(text, name: "review-policy")
        #expect(try Policy(compiledAt: compiled).digest == written)
        let message = try Self.refusal { _ = try Policy(compiledAt: edited) }
        #expect(message.hasPrefix("the compiled policy's digest \(written) is not that of its policy (sha256:"))
        #expect(!message.contains("(\(written))") && message.contains("it was edited after compiling"))
    }

    @Test func anEditedBudgetIsRefusedNamingBothDigests() throws {
        let loader = BudgetLoader(
            policies: PolicyLoader(reading: Fixtures.documents.reader, digest: PortableSHA256.policyDigest))
        let result = try loader.load(path: Repository.path("policies/budget/calm-app.budget.yaml"))
        let written = try #require(result.budget.digest)
        let (compiled, edited) = try Self.files(CompiledBudget(result).text(digest: written), name: "calm")
        #expect(try Budget(compiledAt: compiled).digest == written)
        let review = try #require(result.policyResults.first { $0.prompt == "review" }?.result.policy.digest)
        let message = try Self.refusal { _ = try Budget(compiledAt: edited) }
        #expect(message.hasPrefix("the compiled policy's digest \(review) is not that of its policy (sha256:"))
        #expect(message.contains("it was edited after compiling"))
    }
}
