import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateTestSupport

/// The compatibility folder (Semantics §9 *Compatibility*): `Tests/Compatibility/RELEASE/` holds what
/// each release from 0.4.0 wrote from the files it shipped under `policies/`, at the same paths:
/// `X.json` (`reviewgate compile X.yaml`) and `X.signed.json` (`reviewgate compile --sign`, with the
/// test key beside the folders) for every policy, budget and experiment, and a copy of every
/// scenario file with `NAME.decisions.txt` beside it, each step's decision under that release.
/// `CompatibilityTests` loads and decides all of them with today's library.
enum CompatibilityFolder {
    /// `Tests/Compatibility`.
    static let root = Repository.root.appending(path: "Tests/Compatibility")
    /// The private key of the test key pair that signs every release's signed files. It is checked
    /// in for this folder alone: no app trusts it.
    static let signingKey = root.appending(path: "test-only-signing.key")
    /// Its public key, which the tests verify the signed files with.
    static let publicKey = root.appending(path: "test-only-signing.pub")

    /// A release's folder.
    static func folder(_ release: String) -> URL {
        root.appending(path: release)
    }

    /// Every release with a folder, oldest first, and this library (``LibraryVersion``) even before
    /// its folder is recorded when it is a release; a version between releases (`0.6.0-dev`) has none.
    static func releases() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let found = names.filter { AppVersionNumber($0) != nil && $0.first?.isNumber == true }
        let this = LibraryVersion.isRelease ? [LibraryVersion.text] : []
        return Set(found + this).sorted { AppVersionNumber($0)! < AppVersionNumber($1)! }
    }

    /// The shipped policies, budgets and experiments, repository-relative (`policies/treaty.yaml`):
    /// every YAML file under `policies/` whose document is a policy or a budget.
    static func shippedPolicies() throws -> [String] {
        try files(under: "policies").filter { path in
            guard path.hasSuffix(".yaml"), !path.hasSuffix(".scenario.yaml") else { return false }
            let root = try Fixtures.documents.reader(Repository.path(path))
            return root["reviewgate"] != nil || BudgetLoader.isBudget(root)
        }
    }

    /// The shipped scenario files, repository-relative.
    static func shippedScenarios() throws -> [String] {
        try files(under: "policies").filter { $0.hasSuffix(".scenario.yaml") }
    }

    /// Every file under a folder of the repository, repository-relative, sorted.
    static func files(under folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: Repository.path(folder)).filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: Repository.path("\(folder)/\(path)"), isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }.map { "\(folder)/\($0)" }.sorted()
    }

    /// `X.json` for `X.yaml`: where a release's compiled file of a shipped YAML file is.
    static func compiledName(_ path: String) -> String {
        String(path.dropLast(".yaml".count)) + ".json"
    }

    /// `X.signed.json` for `X.yaml`, or for its compiled `X.json`.
    static func signedName(_ path: String) -> String {
        let stem = path.hasSuffix(".yaml") ? path.dropLast(".yaml".count) : path.dropLast(".json".count)
        return stem + ".signed.json"
    }

    /// `NAME.decisions.txt` for `NAME.scenario.yaml`.
    static func decisionsName(_ scenario: String) -> String {
        String(scenario.dropLast(".scenario.yaml".count)) + ".decisions.txt"
    }

    /// Why recording a release's folder stopped.
    struct RecordingFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// `Tests/Compatibility/state-script.txt`: each line a state file's name and the `reviewgate
    /// record` arguments that write it, in order.
    static func stateScript() throws -> [(name: String, arguments: [String])] {
        try String(contentsOf: root.appending(path: "state-script.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let words = line.split(separator: " ").map(String.init)
                return (words[0], Array(words.dropFirst()))
            }
    }

    /// Records `release`'s folder from what this build writes: each shipped file compiled and
    /// signed by `reviewgate compile`, each scenario copied with its decisions, the state files
    /// of the state script written by `reviewgate record`. Only the folder of
    /// the release being built is recorded, and only when it does not exist yet: a release's folder
    /// is what that release wrote, and is never written again.
    static func record(_ release: String) throws {
        let folder = folder(release)
        for path in try shippedPolicies() {
            let compiled = folder.appending(path: compiledName(path))
            try FileManager.default.createDirectory(
                at: compiled.deletingLastPathComponent(), withIntermediateDirectories: true)
            let signed = folder.appending(path: signedName(path))
            for arguments in [
                ["compile", path, "-o", compiled.path],
                ["compile", "--sign", signingKey.path, path, "-o", signed.path],
            ] {
                let run = try CLIRunner.run(arguments)
                guard run.status == 0 else {
                    throw RecordingFailure(
                        description: "reviewgate \(arguments.joined(separator: " ")): exit \(run.status)\n\(run.stderr)"
                    )
                }
            }
        }
        for path in try shippedScenarios() {
            let copy = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.root.appending(path: path), to: copy)
            let decisions = try ScenarioDecisions.run(copy.path).text
            try decisions.write(to: folder.appending(path: decisionsName(path)), atomically: true, encoding: .utf8)
        }
        let states = folder.appending(path: "states")
        try FileManager.default.createDirectory(at: states, withIntermediateDirectories: true)
        for (name, arguments) in try stateScript() {
            let run = try CLIRunner.run(["record", "--state", states.appending(path: name).path] + arguments)
            guard run.status != 2 else {
                throw RecordingFailure(
                    description: "reviewgate record \(arguments.joined(separator: " ")): \(run.stderr)")
            }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: states.path) where name.hasSuffix(".lock") {
            try FileManager.default.removeItem(at: states.appending(path: name))
        }
    }
}
