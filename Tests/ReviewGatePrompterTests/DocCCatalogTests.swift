import Foundation
import ReviewGateTestSupport
import Testing

/// Every `swift` block of the DocC catalog is compiled and run by a test, as the documentation's are
/// (`DocumentationTests.theSwiftExamplesAreTheOnesTheTestsRun`): each block's info string names the test
/// file that runs it, whose source holds every line of the block that is not a comment or an
/// import, spaces ignored. Blocks that build on Apple platforms alone are listed apart, with why.
@Suite("DocC: the catalog's examples are the ones the tests run")
struct DocCCatalogTests {
    /// A block of an article.
    struct Block {
        var file: String
        var block: CodeBlocks.Block
        var info: String { block.info.trimmingCharacters(in: .whitespaces) }
        var line: Int { block.line }
    }

    static let catalog = Repository.root.appending(path: "Sources/ReviewGatePrompter/ReviewGatePrompter.docc")

    /// The test file that runs the blocks of each info string.
    static let examples = [
        "swift overview": "DocCGettingStartedTests.swift",
        "swift getting-started": "DocCGettingStartedTests.swift",
        "swift moments": "DocCGettingStartedTests.swift",
        "swift budget": "DocCBudgetTests.swift",
        "swift want": "DocCBudgetTests.swift",
        "swift experiment": "DocCExperimentTests.swift",
        "swift events": "DocCAnalyticsEventsTests.swift",
        "swift remote": "DocCRemoteUpdatesTests.swift",
        "swift errors": "DocCErrorsAndRecoveryTests.swift",
        "swift app-test": "DocCTestingYourIntegrationTests.swift",
        "swift scenario-test": "DocCTestingYourIntegrationTests.swift",
        "swift debug-menu": "DocCDebugMenuTests.swift",
        "swift devices": "DocCSeveralDevicesTests.swift",
    ]

    /// Blocks no test here can compile or run, and why.
    static let exempt = [
        "swift Package.swift": "a fragment of an app's manifest, which SwiftPM reads in the app's package",
        "swift UIKit": "UIKit and StoreKit build on Apple platforms alone",
        "swift SwiftUI": "SwiftUI builds on Apple platforms alone",
        "swift iCloud": "NSUbiquitousKeyValueStore is iCloud's, on Apple platforms alone",
        "swift Bundle": "an app's or a package target's bundle holds the plugin's resource; a test bundle has none",
    ]

    /// Every fenced block of every article, with the info string after its opening fence.
    static func blocks() throws -> [Block] {
        let names = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        var blocks: [Block] = []
        for name in names.sorted() {
            let text = try String(contentsOf: catalog.appending(path: name), encoding: .utf8)
            blocks += CodeBlocks.parse(text).map { Block(file: name, block: $0) }
        }
        return blocks
    }

    @Test("every block has an info string; every swift block is run by a test or exempt, with why")
    func everyBlockIsNamed() throws {
        let blocks = try Self.blocks()
        #expect(blocks.filter { $0.info.hasPrefix("swift") }.count >= 15)
        for block in blocks {
            #expect(!block.info.isEmpty, "\(block.file):\(block.line): a block without an info string")
            guard block.info.hasPrefix("swift") else { continue }
            #expect(
                Self.examples[block.info] != nil || Self.exempt[block.info] != nil,
                "\(block.file):\(block.line): `\(block.info)` names no test (DocCCatalogTests.examples) and is not exempt"
            )
        }
        let used = Set(blocks.map(\.info))
        for info in Array(Self.examples.keys) + Array(Self.exempt.keys) {
            #expect(used.contains(info), "no block of the catalog is `\(info)`: remove it from DocCCatalogTests")
        }
    }

    @Test("each swift block's lines are in the test that runs it", arguments: examples.sorted { $0.key < $1.key })
    func theExamplesAreTheOnesTheTestsRun(_ info: String, _ file: String) throws {
        let examples = try Self.blocks().filter { $0.info == info }
        #expect(!examples.isEmpty)
        let test = try String(
            contentsOf: Repository.root.appending(path: "Tests/ReviewGatePrompterTests/\(file)"), encoding: .utf8)
        for example in examples {
            let missing = CodeBlocks.linesMissing(from: test, in: example.block)
            #expect(missing.isEmpty, "\(example.file):\(example.line): \(missing) not in \(file)")
        }
    }
}
