import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateFuzzEntries
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// What fuzzing found stays fixed: every regression input in `Fuzz/regressions/TARGET/` is replayed
/// through the reader it crashed or hung, and the amplification inputs of `Fuzz/amplify.py` (well
/// inside Semantics §7's limits, far more work than their size) are answered, each stopped by the limit
/// it names or by the cap on what is reported. (Their time and memory in a release build:
/// `Fuzz/amplification.sh`.)
@Suite(.serialized) struct FuzzReplayTests {
    static let amplified: URL? = {
        guard let folder = try? Repository.temporaryFolder(),
            let run = try? Command.run("python3", [Repository.path("Fuzz/amplify.py"), folder.path]), run.status == 0
        else { return nil }
        return folder
    }()

    static func files(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    @Test(arguments: FuzzTarget.allCases)
    func regressionInputsAreAnswered(_ target: FuzzTarget) throws {
        let folder = Repository.root.appending(path: "Fuzz/regressions/\(target.rawValue)")
        #expect(FileManager.default.fileExists(atPath: folder.path))
        for file in Self.files(in: folder) {
            // A crash ends the test run; a return is the answer.
            target.run(Array(try Data(contentsOf: file)))
        }
    }

    /// Aliases that stand for much text are stopped by the alias expansion limit, which says so.
    @Test(arguments: [
        "policy/never-on-aliases.yaml", "policy/duplicate-alias-keys.yaml", "policy/unknown-alias-keys.yaml",
        "state/asks-aliases.yaml", "state/events-alias-keys.yaml", "scenario/steps-aliases.yaml",
        "scenario/trigger-aliases.yaml",
    ])
    func aliasesOfLongTextMeetTheLimit(_ name: String) throws {
        let file = try #require(Self.amplified).appending(path: name)
        let error = try #require(throws: DiagnosticError.self) {
            try YAMLLoader().loadDocument(Array(try Data(contentsOf: file)), file: name)
        }
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics[0].message.hasSuffix("bytes of text (the alias expansion limit)"))
    }

    /// Past the report cap, problems are counted, not described: every one is in the count, fifty
    /// are listed, and none quotes more than a short prefix of what the file holds.
    @Test func problemsPastTheCapAreCounted() throws {
        let folder = try #require(Self.amplified)
        let duplicates = try #require(throws: DiagnosticError.self) {
            try JSONReader().loadDocument(
                Array(try Data(contentsOf: folder.appending(path: "compiled/duplicate-keys.json"))), file: "d.json")
        }
        #expect(duplicates.errorCount == 119_999)
        #expect(duplicates.diagnostics.count == DiagnosticError.reportLimit)

        let names = folder.appending(path: "policy/never-on-long-names.yaml")
        let root = try YAMLLoader().loadDocument(Array(try Data(contentsOf: names)), file: "n.yaml")
        let error = try #require(throws: DiagnosticError.self) { try PolicyLoader.decode(root) }
        #expect(error.errorCount == 12_000)
        #expect(error.diagnostics.count == DiagnosticError.reportLimit)
        #expect(error.diagnostics.allSatisfy { $0.message.count < 300 }, "\(error.diagnostics[0].message)")

        // Inside the alias text budget, every alias reaches the decoder: counted past the cap.
        let short = folder.appending(path: "policy/never-on-short-aliases.yaml")
        let aliased = try YAMLLoader().loadDocument(Array(try Data(contentsOf: short)), file: "s.yaml")
        let many = try #require(throws: DiagnosticError.self) { try PolicyLoader.decode(aliased) }
        #expect(many.errorCount == 16_001)
        #expect(many.diagnostics.count == DiagnosticError.reportLimit)
    }
}

/// Every amplification input of `Fuzz/amplify.py` (up to 1 MiB each, far more work than its size),
/// read by its fuzz target in the debug build: a slow suite, skipped by `swift test --skip SlowTests`.
@Suite struct AmplificationReplaySlowTests {
    @Test(arguments: FuzzTarget.allCases)
    func amplificationInputsAreRefusedOrRead(_ target: FuzzTarget) throws {
        let folder = try #require(FuzzReplayTests.amplified, "Fuzz/amplify.py did not run").appending(
            path: target.rawValue)
        let files = FuzzReplayTests.files(in: folder)
        #expect(!files.isEmpty)
        for file in files {
            let accepted = target.run(Array(try Data(contentsOf: file)))
            // Only the 10,000 valid triggers and the lists of 10,000 waits are a policy, the 10,000
            // days of use a state, the 15,000 moments a timeline, the 6,000 prompts a budget, and the
            // 100,000 values a --vary (of which 8 are tried), and the language server's framed
            // messages (each answered): the rest are refused.
            #expect(
                accepted
                    == [
                        "many-triggers.json", "many-waits.yaml", "active-days.json", "one-person.jsonl",
                        "many-prompts-and-gaps.yaml", "many-values.txt", "many-frames.txt", "deep-message.txt",
                    ]
                    .contains(file.lastPathComponent),
                "\(file.lastPathComponent)")
        }
    }

}
