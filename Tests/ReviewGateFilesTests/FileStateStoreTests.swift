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

    @Test("the README's example: a compiled policy, a JSON state; donate, present, record the ask, an answer")
    func readmeExample() throws {
        let folder = try Self.folder()
        let statePath = "\(folder)/review-state.json"
        // The bundle's resource: what the build plugin compiles (the CLI adds the real digest).
        let compiled = try PolicyLoader.files(Fixtures.documents).load(
            path: Repository.path("policies/apple-sample.yaml"))
        let policyBytes = Array(CompiledPolicy(compiled).text(digest: Fixtures.digest).utf8)
        var now = Timestamp(rfc3339: "2026-01-05T09:00:00Z")!
        let (short, build) = ("1.0", "1")
        let analyticsID = "app-instance-4f1c"
        var events: [[String: String]] = []
        var shown: [Timestamp] = []
        func send(_ parameters: [String: String]) { events.append(parameters) }
        // The first allowed moment's person leaves the scene during the delay; the second stays.
        func presentReview(after delay: TimeSpan) -> Bool {
            shown.append(now)
            return shown.count > 1
        }

        // As the README writes it.
        let policy = try CompiledPolicy.load(policyBytes, file: "review-policy.json")
        let version = AppVersion(short: short, build: build)
        let store = FileStateStore(
            path: statePath,
            initialState: ReviewState(userID: analyticsID, installedAt: now, app: version))
        try store.update(to: version, at: now, policy: policy)
        for hour in 1...5 {
            now = now + TimeSpan(seconds: 3600 * Int64(hour))
            let recording = try store.donate(
                Moment(now: now, event: "process_completed", scene: "ProcessCompleted"), policy: policy)
            send(DecisionEvent(recording.decision, policy: policy).parameters)
            if recording.isAllowed, presentReview(after: policy.presentation.delay) {
                try store.asked(recording.decision, at: now)
            }
        }
        try store.respond(.later, at: now)

        // The 4th and 5th completions are allowed; only the 5th was shown, so only it is an ask.
        #expect(events.map { $0["decision"] } == ["block", "block", "block", "allow", "allow"])
        #expect(events.allSatisfy { $0["policy_digest"] == Fixtures.digest })
        #expect(shown.count == 2)
        let state = try store.load()
        #expect(state.userID == analyticsID, "a rollout buckets this person by the app's analytics id")
        #expect(state.events["process_completed"]?.count == 5)
        #expect(state.asks.map(\.at) == [now])
        #expect(state.asks.map(\.build) == ["1"])
        #expect(state.responses.map(\.kind) == [.later])
        #expect(try String(contentsOfFile: statePath, encoding: .utf8).hasPrefix("{"))
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
