import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateTestSupport
import Testing

/// Semantics §9 *Compatibility*: what every release from 0.4.0 compiled and signed from its shipped
/// policies, budgets and experiments loads with today's library, keeps its digest, verifies, and
/// decides every shipped scenario step as that release did (``CompatibilityFolder``).
@Suite struct CompatibilityTests {
    /// This release's folder is recorded by running the code when it is missing (never under CI),
    /// and recording fails, so that the new baseline is read before it is kept. A folder that
    /// exists is never written again: it is what its release wrote. Between releases (`0.6.0-dev`)
    /// there is no folder to record, and every folder is of an earlier release.
    @Test func thisReleaseHasItsFolder() throws {
        guard LibraryVersion.isRelease else {
            let newest = try #require(CompatibilityFolder.releases().last.flatMap { AppVersionNumber($0) })
            #expect(
                newest < LibraryVersion.current,
                "a folder of \(newest) is not of a release before \(LibraryVersion.text)")
            #expect(!FileManager.default.fileExists(atPath: CompatibilityFolder.folder(LibraryVersion.text).path))
            return
        }
        let folder = CompatibilityFolder.folder(LibraryVersion.text)
        guard !FileManager.default.fileExists(atPath: folder.path) else { return }
        guard ProcessInfo.processInfo.environment["CI"] == nil else {
            Issue.record("\(folder.path) is missing; run the tests outside CI to record it")
            return
        }
        try CompatibilityFolder.record(LibraryVersion.text)
        Issue.record("recorded \(folder.path): read it, then run again")
    }

    /// The files of a release's folder, repository-relative to the folder, by kind.
    struct Contents {
        var compiled: [String] = []
        var signed: [String] = []
        var scenarios: [String] = []
        var decisions: [String] = []
        /// The state files its `record` wrote (`states/`), from 0.5.0 on.
        var states: [String] = []
        var other: [String] = []

        init(_ release: String) throws {
            let folder = CompatibilityFolder.folder(release)
            let all = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: folder.appending(path: path).path, isDirectory: &isFolder)
                return exists && !isFolder.boolValue
            }
            for path in all.sorted() {
                switch path {
                case _ where path.hasPrefix("states/"): states.append(path)
                case _ where path.hasSuffix(".signed.json"): signed.append(path)
                case _ where path.hasSuffix(".json"): compiled.append(path)
                case _ where path.hasSuffix(".scenario.yaml"): scenarios.append(path)
                case _ where path.hasSuffix(".decisions.txt"): decisions.append(path)
                default: other.append(path)
                }
            }
        }
    }

    static func bytes(_ release: String, _ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: CompatibilityFolder.folder(release).appending(path: path)))
    }

    @Test(arguments: CompatibilityFolder.releases())
    func everyFileOfAReleaseHasItsPair(_ release: String) throws {
        let contents = try Contents(release)
        #expect(contents.other.isEmpty, "files the tests do not check: \(contents.other)")
        #expect(contents.compiled.map(CompatibilityFolder.signedName) == contents.signed)
        #expect(contents.scenarios.map(CompatibilityFolder.decisionsName) == contents.decisions)
        #expect(contents.compiled.count >= 10, "\(contents.compiled)")
        #expect(contents.scenarios.count >= 10, "\(contents.scenarios)")
    }

    /// Each compiled policy and budget loads through the app's API (`load`) with the digest it was
    /// written with, and its canonical form, written again from what was read, hashes to it.
    @Test(arguments: CompatibilityFolder.releases())
    func compiledFilesLoadAndKeepTheirDigests(_ release: String) throws {
        let contents = try Contents(release)
        var budgets = 0
        for path in contents.compiled {
            let bytes = try Self.bytes(release, path)
            let root = try JSONReader().loadDocument(bytes, file: path)
            let written = try #require(root["digest"]?.string, "\(path)")
            if CompiledBudget.isCompiled(root) {
                budgets += 1
                #expect(try CompiledBudget.load(bytes, file: path).digest == written, "\(path)")
                let result = try CompiledBudget.decode(root, digest: CompiledDigest.sha256)
                #expect(CompiledDigest.sha256(CompiledBudget(result).digestedBytes) == written, "\(path)")
                for (prompt, policy) in result.policyResults {
                    #expect(
                        CompiledDigest.sha256(CompiledPolicy(policy).digestedBytes) == policy.policy.digest,
                        "\(path): \(prompt)")
                }
            } else {
                #expect(try CompiledPolicy.load(bytes, file: path).digest == written, "\(path)")
                let result = try CompiledPolicy.loadResult(bytes, file: path, digest: CompiledDigest.sha256)
                #expect(CompiledDigest.sha256(CompiledPolicy(result).digestedBytes) == written, "\(path)")
            }
        }
        #expect(budgets >= 3, "\(contents.compiled)")
    }

    /// Each signed file verifies with the test key and is accepted as a remote update, holding its
    /// compiled file's very bytes and digest.
    @Test(arguments: CompatibilityFolder.releases())
    func signedFilesVerifyAndHoldTheirCompiledFiles(_ release: String) throws {
        let key = try UpdatePublicKey(String(contentsOf: CompatibilityFolder.publicKey, encoding: .utf8))
        let acceptance = UpdateAcceptance(keys: [key], appVersion: nil)
        let contents = try Contents(release)
        for path in contents.signed {
            let bytes = try Self.bytes(release, path)
            let compiledPath = String(path.dropLast(".signed.json".count)) + ".json"
            let compiled = try Self.bytes(release, compiledPath)
            let compiledRoot = try JSONReader().loadDocument(compiled, file: compiledPath)
            let signed: SignedUpdate
            let digest: String?
            if CompiledBudget.isCompiled(compiledRoot) {
                let accepted = try acceptance.checkBudget(bytes, file: path).get()
                (signed, digest) = (accepted.signed, accepted.budget.digest)
            } else {
                let accepted = try acceptance.check(bytes, file: path).get()
                (signed, digest) = (accepted.signed, accepted.policy.digest)
            }
            let holdsTheCompiledBytes = signed.compiled == compiled
            #expect(holdsTheCompiledBytes, "\(path)")
            #expect(digest == compiledRoot["digest"]?.string, "\(path)")
            #expect(signed.digest == digest, "\(path)")
        }
    }

    /// On a build channel whose value is `decide` (Semantics §16.1), every step of every scenario
    /// decides, with the release's compiled policy or budget, as it did in production under that
    /// release.
    @Test(arguments: CompatibilityFolder.releases())
    func aChannelThatDecidesDecidesAsProductionDid(_ release: String) throws {
        let contents = try Contents(release)
        let folder = CompatibilityFolder.folder(release)
        for path in contents.scenarios {
            let recorded = try String(
                contentsOf: folder.appending(path: CompatibilityFolder.decisionsName(path)), encoding: .utf8)
            for channel in [Channel.testFlight, .development] {
                let run = try ScenarioDecisions.run(folder.appending(path: path).path, decidingOn: channel)
                let decidesAsRecorded = run.text == recorded
                #expect(decidesAsRecorded, "\(path) on \(channel.rawValue) decides otherwise than in production")
            }
        }
        #expect(contents.scenarios.count >= 6)
    }

    /// Every state file a release's `record` wrote (Semantics §3, §16.5: the fields added since are
    /// optional) reads with today's library with no diagnostic, and today's writer writes it back
    /// byte for byte: a state without the later fields is written as that release wrote it.
    @Test(arguments: CompatibilityFolder.releases().filter { AppVersionNumber($0)! >= AppVersionNumber("0.5.0")! })
    func statesReadAndAreWrittenAsTheReleaseWroteThem(_ release: String) throws {
        let contents = try Contents(release)
        #expect(contents.states.count == 3, "\(contents.states)")
        for path in contents.states {
            let file = CompatibilityFolder.folder(release).appending(path: path)
            let text = try String(contentsOf: file, encoding: .utf8)
            let state = try StateDecoder.decode(Fixtures.documents.reader(file.path), versionKey: nil)
            #expect(state.deviceID == nil && state.asks.allSatisfy { $0.device == nil })
            #expect(StateEncoder.encode(state, as: StateEncoder.Format(path: path)) == text, "\(path)")
        }
    }

    /// Every scenario step decides, with the release's compiled policy or budget, as it did under
    /// that release, and every expectation of the scenario holds.
    @Test(arguments: CompatibilityFolder.releases())
    func scenarioStepsDecideAsTheyDid(_ release: String) throws {
        let contents = try Contents(release)
        let folder = CompatibilityFolder.folder(release)
        for path in contents.scenarios {
            let run = try ScenarioDecisions.run(folder.appending(path: path).path)
            let failures = run.result.failures.map(\.message)
            #expect(failures.isEmpty, "\(path)")
            let recorded = try String(
                contentsOf: folder.appending(path: CompatibilityFolder.decisionsName(path)), encoding: .utf8)
            let diff = LineDiff.unified(old: recorded, new: run.text).joined(separator: "\n")
            let decidesAsRecorded = run.text == recorded
            #expect(decidesAsRecorded, "\(path) decides otherwise (- recorded, + today):\n\(diff)")
        }
    }
}
