import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

/// The policy an app holds: an update that passes decides from the next decision on and is kept; a
/// refused one changes nothing; a kept one that no longer passes gives way to the shipped one.
@Suite struct RemotePolicyTests {
    static let files = Result { try UpdateFiles() }
    static let state = "reviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\napp: {short: \"1.0\"}\n"
    /// The first `done`: the shipped policy (3 needed) blocks it, the good update (1 needed) allows it.
    static let moment = Moment(time: .utc(Fixtures.time("2026-02-01T00:00:00Z")), event: "done")

    static func remote(_ files: UpdateFiles, keptAt path: String) throws -> RemotePolicy {
        try RemotePolicy(
            shipped: files.shipped, keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion, keptAt: path)
    }

    static func decide(_ remote: RemotePolicy) throws -> Bool {
        try Evaluator.evaluate(remote.policy, state: Fixtures.state(state), moment: moment).isAllowed
    }

    static func keptPath() throws -> String {
        try Repository.temporaryFolder().appending(path: "Application Support/review-policy.json").path
    }

    /// The remote-updates guide's example, line for line (DocumentationTests checks that they agree).
    @Test func readmeExample() throws {
        let files = try Self.files.get()
        let policyBytes = files.shipped
        let teamKey = files.key.publicKey.description
        let version = UpdateFiles.appVersion
        let keptPath = try Self.keptPath()
        let store = FileStateStore(
            path: try Repository.temporaryFolder().appending(path: "state.json").path, versionKey: .short,
            initialState: ReviewState(installedAt: Fixtures.time("2026-01-01T00:00:00Z"), app: version),
            documents: .jsonOnly)
        let moment = Self.moment
        let wrongKey = try #require(files.cases.first { $0.name == "wrong-key.json" }).bytes
        let downloads = [
            (files.good, "https://example.com/review.json"), (wrongKey, "https://example.com/review.json"),
        ]
        var logged: [String] = []
        var allowed: [Bool] = []
        func log(_ text: String) { logged.append(text) }

        // As the README writes it.
        let remote = try RemotePolicy(
            shipped: policyBytes, keys: [try UpdatePublicKey(teamKey)], appVersion: version, keptAt: keptPath)
        if let refusal = remote.keptRefusal { log("kept policy not used: \(refusal)") }
        for (downloaded, url) in downloads {
            let recording = try store.donate(moment, policy: remote.policy)
            allowed.append(recording.isAllowed)
            switch remote.offer(downloaded, file: url) {
            case .accepted(let policy): log("now running \(policy.name) \(policy.digest ?? "")")
            case .unchanged: break
            case .refused(let refusal): log("update refused: \(refusal)")
            }
        }

        // The shipped policy needs 3 donations; the update, accepted after the first, needs 1.
        #expect(allowed == [false, true])
        #expect(logged.count == 2)
        #expect(logged.first == "now running remote \(remote.policy.digest ?? "")")
        #expect(
            logged.last?.hasPrefix("update refused: unknown_key: https://example.com/review.json:5:13: error:") == true)
    }

    @Test func aGoodUpdateDecidesNextAndIsKept() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let remote = try Self.remote(files, keptAt: path)
        #expect(remote.origin == .shipped)
        #expect(try !Self.decide(remote))

        guard case .accepted(let policy) = remote.offer(files.good) else {
            Issue.record("the good update was not accepted")
            return
        }
        #expect(policy.digest == remote.policy.digest)
        #expect(remote.origin == .updated)
        #expect(try Self.decide(remote))
        #expect(try FileBytes.read(path, maxBytes: 1 << 20) == files.good)
        guard case .unchanged = remote.offer(files.good) else {
            Issue.record("the same update again was not unchanged")
            return
        }

        // The next launch starts from the kept update.
        let next = try Self.remote(files, keptAt: path)
        #expect(next.origin == .kept)
        #expect(next.keptRefusal == nil)
        #expect(next.policy.digest == policy.digest)
        #expect(try Self.decide(next))
    }

    @Test func aRefusedUpdateChangesNothing() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let remote = try Self.remote(files, keptAt: path)
        _ = remote.offer(files.good)
        let digest = remote.policy.digest
        for (name, bytes, expected) in files.cases where expected != nil {
            guard case .refused(let refusal) = remote.offer(bytes, file: name) else {
                Issue.record("\(name) was not refused")
                continue
            }
            #expect(refusal.reason == expected, "\(name)")
            #expect(remote.policy.digest == digest, "\(name) changed the running policy")
            #expect(try Self.decide(remote), "\(name)")
            #expect(try FileBytes.read(path, maxBytes: 1 << 20) == files.good, "\(name) changed the kept file")
        }
    }

    /// A kept update this app can no longer run (a downgrade to an older app or library, a damaged
    /// file) gives way to the shipped policy, and says why.
    @Test(arguments: ["newer-app.json", "newer-library.json", "truncated.json", "tampered-policy.json"])
    func aKeptUpdateThatNoLongerPassesFallsBackToTheShipped(_ name: String) throws {
        let files = try Self.files.get()
        let entry = try #require(files.cases.first { $0.name == name })
        let path = try Self.keptPath()
        try FileManager.default.createDirectory(
            at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(entry.bytes).write(to: URL(filePath: path))
        let remote = try Self.remote(files, keptAt: path)
        #expect(remote.origin == .shipped)
        #expect(remote.keptRefusal?.reason == entry.refusal)
        #expect(try !Self.decide(remote))
        // A good update then replaces it.
        guard case .accepted = remote.offer(files.good) else {
            Issue.record("the good update was not accepted")
            return
        }
        #expect(try Self.remote(files, keptAt: path).origin == .kept)
    }

    /// The same policy signed again with a new key (a key replaced) is kept, so that an app that
    /// later drops the old key still reads what it keeps.
    @Test func theSamePolicySignedWithANewKeyIsKept() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let newKey = UpdateSigningKey()
        let resigned = try UpdateFiles.signed(UpdateFiles.yaml(count: 1), key: newKey)
        let both = try RemotePolicy(
            shipped: files.shipped, keys: [files.key.publicKey, newKey.publicKey],
            appVersion: UpdateFiles.appVersion, keptAt: path)
        guard case .accepted = both.offer(files.good) else { throw Failure("the good update was refused") }
        guard case .accepted = both.offer(resigned) else { throw Failure("the re-signed update was refused") }
        #expect(try FileBytes.read(path, maxBytes: 1 << 20) == resigned)
        let newOnly = try RemotePolicy(
            shipped: files.shipped, keys: [newKey.publicKey], appVersion: UpdateFiles.appVersion, keptAt: path)
        #expect(newOnly.origin == .kept)
    }

    /// A file signed before the one kept (an old file served again) is refused; one signed at the
    /// same time or later is taken.
    @Test func anUpdateSignedBeforeTheKeptOneIsRefused() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let remote = try Self.remote(files, keptAt: path)
        let earlier = try UpdateFiles.signed(
            UpdateFiles.yaml(count: 2), key: files.key, signedAt: Fixtures.time("2026-10-01T00:00:00Z"))
        // Nothing kept yet: an early file is fine.
        guard case .accepted = remote.offer(earlier) else { throw Failure("the first update was refused") }
        guard case .accepted = remote.offer(files.good) else { throw Failure("the later update was refused") }
        guard case .refused(let refusal) = remote.offer(earlier) else { throw Failure("the older file was taken") }
        #expect(refusal.reason == .older)
        #expect(
            refusal.diagnostics[0].message.hasPrefix("signed at 2026-10-01T00:00:00Z, before the policy this app keeps")
        )
        // After a restart too.
        let next = try Self.remote(files, keptAt: path)
        guard case .refused = next.offer(earlier) else { throw Failure("the older file was taken after a restart") }
        guard case .unchanged = next.offer(files.good) else { throw Failure("the kept file again was not unchanged") }
    }

    @Test func anUpdateThatCannotBeKeptIsRefused() throws {
        let files = try Self.files.get()
        // The kept file's folder is a file.
        let blocker = try Repository.temporaryFolder().appending(path: "file")
        try Data("x".utf8).write(to: blocker)
        let remote = try Self.remote(files, keptAt: blocker.appending(path: "review.json").path)
        guard case .refused(let refusal) = remote.offer(files.good) else { throw Failure("the update was kept") }
        #expect(refusal.reason == .notKept)
        #expect(remote.origin == .shipped)
        #expect(try !Self.decide(remote))
    }

    @Test func aKeptFileThatCannotBeReadIsSaidToBe() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let remote = try Self.remote(files, keptAt: path)
        #expect(remote.origin == .shipped)
        #expect(remote.keptRefusal?.reason == .unreadable)
    }

    @Test func leftoversOfAKilledWriteAreRemoved() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let folder = URL(filePath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let leftover = folder.appending(path: "review-policy.json.reviewgate-tmp-4242")
        let other = folder.appending(path: "notes.txt")
        try Data("{".utf8).write(to: leftover)
        try Data("mine".utf8).write(to: other)
        _ = try Self.remote(files, keptAt: path)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
    }

    @Test func aShippedPolicyThatDoesNotLoadIsAnError() throws {
        let files = try Self.files.get()
        #expect(throws: DiagnosticError.self) {
            try RemotePolicy(
                shipped: Array("{}".utf8), keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion,
                keptAt: try Self.keptPath())
        }
    }
}

/// A test's failure, with what went wrong.
struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
