import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite("FileStateStore: the store record uses, as an app would use it")
struct FileStateStoreTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    @Test(
        "a missing file without an initial state is a FileError, a file that does not parse a DiagnosticError; nothing is written"
    )
    func errors() throws {
        let folder = try Self.folder()
        let store = FileStateStore(path: "\(folder)/none.yaml", versionKey: .short, documents: Fixtures.documents)
        let missing = #expect(throws: FileError.self) { try store.update { $0.launches += 1 } }
        #expect(missing?.reason == .notFound)
        #expect(missing?.path == "\(folder)/none.yaml")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/none.yaml"))

        try "launches: [".write(toFile: "\(folder)/bad.yaml", atomically: true, encoding: .utf8)
        let bad = FileStateStore(path: "\(folder)/bad.yaml", versionKey: .short, documents: Fixtures.documents)
        #expect(throws: DiagnosticError.self) { try bad.update { $0.launches += 1 } }
        #expect(try String(contentsOfFile: "\(folder)/bad.yaml", encoding: .utf8) == "launches: [")
    }

    @Test("a change that throws, or changes nothing, writes nothing; the file's mode and opening comments stay")
    func unchangedAndThrowing() throws {
        let folder = try Self.folder()
        let path = "\(folder)/s.yaml"
        let text = "# keep me\n# and me\nreviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\napp: {short: \"1\"}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let store = FileStateStore(path: path, versionKey: .short, documents: Fixtures.documents)

        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.update { state in
                state.launches = 9
                throw Refused()
            }
        }
        try store.update { _ in }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)

        try store.update { $0.launches = 2 }
        let rewritten = try String(contentsOfFile: path, encoding: .utf8)
        #expect(rewritten.hasPrefix("# keep me\n# and me\nreviewgate_state: 1\n"))
        #expect(rewritten.contains("launches: 2\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!FileManager.default.fileExists(atPath: store.temporaryPath))
    }
}

/// `record` through a symbolic link writes the file it links to, atomically, in that file's folder
/// (issue 9, defect 7).
@Suite struct SymlinkedStateTests {
    @Test func aLinkedStateIsWrittenThroughTheLink() throws {
        let folder = try FileStateStoreTests.folder()
        try FileManager.default.createDirectory(atPath: "\(folder)/real", withIntermediateDirectories: true)
        try Fixtures.baseState.write(toFile: "\(folder)/real/state.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: "\(folder)/link.yaml", withDestinationPath: "real/state.yaml")
        let store = FileStateStore(path: "\(folder)/link.yaml", versionKey: .short, documents: Fixtures.documents)
        try store.update { $0.launches += 1 }
        let kind = try FileManager.default.attributesOfItem(atPath: "\(folder)/link.yaml")[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(try store.load().launches == 1)
        let target = try String(contentsOfFile: "\(folder)/real/state.yaml", encoding: .utf8)
        #expect(target.contains("launches: 1"))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/real/state.yaml.lock"))
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/link.yaml.lock"))
    }
}

/// An app without libyaml reads JSON files with the core's reader.
@Suite struct JSONOnlyFilesTests {
    @Test func jsonStatesReadAndYAMLIsRefusedWithAdvice() throws {
        let documents = DocumentFiles.jsonOnly
        let state = try StateDecoder.decode(
            documents.document(atPath: Repository.path("policies/examples/three-week-rule.state.json")),
            versionKey: .build)
        let bytes = try FileBytes.read(
            Repository.path("policies/examples/three-week-rule.state.json"), maxBytes: 1 << 20)
        let viaYAML = try StateDecoder.decode(YAMLLoader().loadDocument(bytes, file: "s.json"), versionKey: .build)
        #expect(state == viaYAML)
        let refused = #expect(throws: DiagnosticError.self) {
            try documents.document(atPath: Repository.path("policies/treaty.yaml"))
        }
        // The app's words name no command; the remedy is the same one the command line names.
        #expect(refused?.diagnostics.first?.message.hasSuffix("compile a YAML policy") == true)
        #expect(refused?.diagnostics.first?.advice == .compileAgain)
    }
}
