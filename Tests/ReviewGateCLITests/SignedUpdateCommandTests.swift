import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

@testable import ReviewGateCLI

/// `keygen`, `compile --sign` and `verify`: the team's side of remote updates, and `verify` giving
/// the library's answer on every file.
@Suite struct SignedUpdateCommandTests {
    @Test func keygenWritesAPairAndNeverOverwrites() throws {
        let folder = try Repository.temporaryFolder()
        let result = try CLIRunner.run(["keygen", "team"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let privatePath = folder.appending(path: "team.key").path
        let attributes = try FileManager.default.attributesOfItem(atPath: privatePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let key = try UpdateSigningKey(String(contentsOfFile: privatePath, encoding: .utf8))
        let publicText = try String(contentsOf: folder.appending(path: "team.pub"), encoding: .utf8)
        #expect(try UpdatePublicKey(publicText) == key.publicKey)
        #expect(result.stdout.hasPrefix("key \(key.publicKey.id)\n"))
        #expect(result.stdout.contains("\(key.publicKey)\n"))

        let again = try CLIRunner.run(["keygen", "team"], in: folder)
        #expect(again.status == 2)
        #expect(again.stderr.contains("team.key exists; keygen never overwrites a key"))
        #expect(try UpdateSigningKey(String(contentsOfFile: privatePath, encoding: .utf8)).text == key.text)
    }

    @Test func aSignedPolicyVerifies() throws {
        let folder = try Repository.temporaryFolder()
        _ = try CLIRunner.run(["keygen", "team"], in: folder)
        let policy = Repository.path("policies/apple-sample.yaml")
        let signed = try CLIRunner.run(
            ["compile", "--sign", "team.key", policy, "-o", "apple-sample.signed.json"], in: folder)
        #expect(signed.status == 0, "\(signed.stderr)")
        let key = try UpdateSigningKey(String(contentsOf: folder.appending(path: "team.key"), encoding: .utf8))
        #expect(signed.stdout.hasSuffix(", signed with key \(key.publicKey.id))\n"))

        let verified = try CLIRunner.run(["verify", "--key", "team.pub", "apple-sample.signed.json"], in: folder)
        #expect(verified.status == 0, "\(verified.stderr)")
        let compiled = try CLIRunner.run(["compile", policy])
        let digest = try #require(compiled.stdout.split(separator: "\"").dropFirst(5).first)
        #expect(
            verified.stdout
                == "apple-sample.signed.json: would be accepted: apple-sample \(digest), signed with key \(key.publicKey.id)\n"
        )

        // Other commands say what a signed policy is for.
        let evaluate = try CLIRunner.run(
            ["evaluate", "--policy", "apple-sample.signed.json", "--state", "s.yaml"], in: folder)
        #expect(evaluate.status == 2)
        #expect(
            evaluate.stderr.hasPrefix(
                "apple-sample.signed.json:1:1: error: this is a signed policy, for remote updates: check it with reviewgate verify"
            ))

        // The key from stdin, as from a CI secret.
        let piped = try CLIRunner.runProcess(
            ["compile", "--sign", "-", policy], in: folder, input: key.text)
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("\"reviewgate_signed\": 1"))

        // The public key is not a signing key.
        let wrong = try CLIRunner.run(["compile", "--sign", "team.pub", policy], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("team.pub: this is a public key"))
    }

    /// `verify` runs the library's acceptance path: on every update file, the same verdict and reason.
    @Test func verifyAgreesWithTheLibraryOnEveryFile() throws {
        let files = try UpdateFiles()
        let folder = try Repository.temporaryFolder()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        for (name, bytes, expected) in files.cases {
            try Data(bytes).write(to: folder.appending(path: name))
            let library = acceptance.check(bytes, file: name)
            let result = try CLIRunner.run(
                ["verify", "--key", files.key.publicKey.description, "--app-version", "1.0", "--format", "json", name],
                in: folder)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(name)")
            switch library {
            case .success:
                #expect(expected == nil)
                #expect(result.status == 0, "\(name)")
                #expect(json["accepted"] as? Bool == true, "\(name)")
            case .failure(let refusal):
                #expect(refusal.reason == expected)
                #expect(result.status == 1, "\(name)")
                #expect(json["reason"] as? String == refusal.reason.rawValue, "\(name)")
                // The library's words, with the command that fixes it where it names a remedy.
                #expect(json["diagnostics"] as? [String] == refusal.diagnostics.map(\.advised.description), "\(name)")
                if name == "unsigned.json" {
                    #expect(
                        (json["diagnostics"] as? [String])?.first?.hasSuffix(
                            "this compiled policy is not signed: sign it with reviewgate compile --sign KEY") == true,
                        "\(json)")
                }
            }
        }
    }

    @Test func aRefusalIsPrintedAtItsPlace() throws {
        let files = try UpdateFiles()
        let folder = try Repository.temporaryFolder()
        let entry = try #require(files.cases.first { $0.name == "wrong-key.json" })
        try Data(entry.bytes).write(to: folder.appending(path: entry.name))
        let result = try CLIRunner.run(["verify", "--key", files.key.publicKey.description, entry.name], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("wrong-key.json:5:13: error: signed with key \(files.otherKey.publicKey.id)"))
        #expect(result.stderr.hasSuffix("reviewgate: wrong-key.json: would be refused (unknown_key)\n"))

        // Without --app-version the app's requirement is left, and said to be.
        let app = try #require(files.cases.first { $0.name == "newer-app.json" })
        try Data(app.bytes).write(to: folder.appending(path: app.name))
        let unchecked = try CLIRunner.run(["verify", "--key", files.key.publicKey.description, app.name], in: folder)
        #expect(unchecked.status == 0)
        #expect(unchecked.stdout.contains("note: requires.app_version 2.0 not checked; give --app-version"))
        let old = try CLIRunner.run(
            ["verify", "--key", files.key.publicKey.description, "--app-version", "short=1.9,build=200", app.name],
            in: folder)
        #expect(old.status == 1)
        #expect(
            old.stderr.contains(
                "error: the policy needs app marketing version 2.0 or later, and this app is version 1.9"))
    }

    /// `compile BUDGET --sign KEY` writes a signed budget (Semantics §12) that `verify` accepts, naming
    /// the budget, in text and in JSON.
    @Test func aSignedBudgetVerifies() throws {
        let folder = try Repository.temporaryFolder()
        _ = try CLIRunner.run(["keygen", "team"], in: folder)
        let budget = Repository.path("policies/budget/calm-app.budget.yaml")
        let signed = try CLIRunner.run(["compile", "--sign", "team.key", budget, "-o", "calm.signed.json"], in: folder)
        #expect(signed.status == 0, "\(signed.stderr)")
        let key = try UpdateSigningKey(String(contentsOf: folder.appending(path: "team.key"), encoding: .utf8))
        let compiled = try CLIRunner.run(["compile", budget])
        let digest = try #require(compiled.stdout.split(separator: "\"").dropFirst(5).first)
        #expect(signed.stdout.hasSuffix("(budget calm-app, \(digest), signed with key \(key.publicKey.id))\n"))

        let verified = try CLIRunner.run(["verify", "--key", "team.pub", "calm.signed.json"], in: folder)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(
            verified.stdout
                == "calm.signed.json: would be accepted: budget calm-app \(digest), signed with key \(key.publicKey.id)\n"
        )
        let json = try CLIRunner.run(
            ["verify", "--key", "team.pub", "--format", "json", "calm.signed.json"], in: folder)
        #expect(
            json.stdout
                == #"{"file":"calm.signed.json","accepted":true,"reason":null,"budget":"calm-app","digest":"\#(digest)","key_id":"\#(key.publicKey.id)","diagnostics":[]}"#
                + "\n")
        // The signed file holds the compiled budget, byte for byte.
        let envelope = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appending(path: "calm.signed.json")))
                as? [String: Any])
        let base64 = try #require(envelope["compiled"] as? String)
        let inside = try #require(Data(base64Encoded: base64))
        #expect(String(decoding: inside, as: UTF8.self) == compiled.stdout)
    }

    /// `verify` runs the library's acceptance path on every budget file: a budget as `RemoteBudget`
    /// checks it, and a policy (which a budget's path refuses as `wrong_kind`) as `RemotePolicy` does.
    @Test func verifyAgreesWithTheLibraryOnEveryBudgetFile() throws {
        let files = try BudgetUpdateFiles()
        let folder = try Repository.temporaryFolder()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        for (name, bytes, _) in files.cases {
            try Data(bytes).write(to: folder.appending(path: name))
            let isPolicy = ["signed-policy.json", "compiled-policy.json"].contains(name)
            let outcome =
                isPolicy
                ? acceptance.check(bytes, file: name).map { _ in () }
                : acceptance.checkBudget(bytes, file: name).map { _ in () }
            var library: UpdateRefusal?
            if case .failure(let refusal) = outcome { library = refusal }
            let result = try CLIRunner.run(
                ["verify", "--key", files.key.publicKey.description, "--app-version", "1.0", "--format", "json", name],
                in: folder)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(name)")
            #expect(result.status == (library == nil ? 0 : 1), "\(name)")
            #expect(json["reason"] as? String == library?.reason.rawValue, "\(name)")
            #expect(
                json["diagnostics"] as? [String] == (library?.diagnostics ?? []).map(\.advised.description), "\(name)")
            if library == nil { #expect(json[isPolicy ? "policy" : "budget"] as? String != nil, "\(name)") }
        }
        // Without --app-version a policy's app requirement is left, and said to be.
        let unchecked = try CLIRunner.run(
            ["verify", "--key", files.key.publicKey.description, "newer-app.json"], in: folder)
        #expect(unchecked.status == 0)
        #expect(unchecked.stdout.contains("note: requires.app_version 2.0 (remote) not checked; give --app-version"))
    }

    /// Each of `verify`'s refusals to start, alone: the rest of the command is right, so that
    /// what it refuses is what the test is named for, and its message says so.
    @Test func verifyNeedsAKey() throws {
        let folder = try Self.folderWithAFile()
        let none = try CLIRunner.run(["verify", "x.json"], in: folder)
        #expect(none.status == 2)
        #expect(none.stderr.contains("give the public key the app trusts: --key NAME.pub"), "\(none.stderr)")
    }

    @Test func verifyNeedsAWellFormedKey() throws {
        let folder = try Self.folderWithAFile()
        let short = try CLIRunner.run(["verify", "--key", "ed25519:AAAA", "x.json"], in: folder)
        #expect(short.status == 2)
        #expect(
            short.stderr == "reviewgate: error: ed25519:AAAA: the public key is not an Ed25519 key (32 bytes)\n",
            "\(short.stderr)")
        try "ed25519-private:AAAA\n".write(to: folder.appending(path: "team.pub"), atomically: true, encoding: .utf8)
        let privateKey = try CLIRunner.run(["verify", "--key", "team.pub", "x.json"], in: folder)
        #expect(privateKey.status == 2)
        #expect(
            privateKey.stderr
                == "reviewgate: error: team.pub: a public key must be ed25519: and base64, as reviewgate keygen writes it; found \"ed25519-private:AAAA\"\n",
            "\(privateKey.stderr)")
    }

    @Test func verifyNeedsAReadableFile() throws {
        let folder = try Self.folderWithAFile()
        let missing = try CLIRunner.run(["verify", "--key", Self.publicKey, "missing.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "missing.json:1:1: error: no such file\n", "\(missing.stderr)")
        #expect(missing.stdout == "")
    }

    /// The version as record takes it, or one for whichever the policy counts.
    @Test func verifyNeedsAnAppVersionItKnows() throws {
        let folder = try Self.folderWithAFile()
        let badVersion = try CLIRunner.run(
            ["verify", "--key", Self.publicKey, "--app-version", "major=3", "x.json"], in: folder)
        #expect(badVersion.status == 2)
        #expect(
            badVersion.stderr.contains("--app-version knows short and build; found \"major\""), "\(badVersion.stderr)")
    }

    /// A public key that reads, for the cases where the key is not what is wrong.
    static let publicKey = UpdateSigningKey().publicKey.description

    /// A folder with a file `x.json` (not a signed policy: with everything else right, `verify`
    /// reads it and refuses it with exit 1).
    static func folderWithAFile() throws -> URL {
        let folder = try Repository.temporaryFolder()
        try "{}\n".write(to: folder.appending(path: "x.json"), atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["verify", "--key", publicKey, "x.json"], in: folder)
        #expect(refused.status == 1, "\(refused.stderr)")
        return folder
    }

    @Test func validateJudgesRequires() throws {
        let folder = try Repository.temporaryFolder()
        let policy = { (requires: String) in
            "reviewgate: 1\nname: r\nrequires: \(requires)\ntriggers:\n  done: {at_least: 1}\n"
        }
        try policy("{library_version: \"99.0\", unknown_key: 1}").write(
            to: folder.appending(path: "newer.yaml"), atomically: true, encoding: .utf8)
        try policy("{app_version: 3.2}").write(
            to: folder.appending(path: "float.yaml"), atomically: true, encoding: .utf8)
        try policy("{app_version: \"3.x\"}").write(
            to: folder.appending(path: "bad.yaml"), atomically: true, encoding: .utf8)
        try policy("{app_version: \"3.2\", library_version: \"0.1\"}").write(
            to: folder.appending(path: "good.yaml"), atomically: true, encoding: .utf8)
        let newer = try CLIRunner.run(["validate", "newer.yaml"], in: folder)
        #expect(newer.status == 1)
        // The one refusal, before the keys a newer library would know.
        #expect(
            newer.stderr.hasPrefix(
                "newer.yaml:3:29: error: this policy needs a newer reviewgate: requires.library_version is 99.0, and this is reviewgate \(LibraryVersion.text)"
            ))
        #expect(!newer.stderr.contains("unknown key"))
        #expect(newer.stdout == "newer.yaml: 1 error\n")
        let float = try CLIRunner.run(["validate", "float.yaml"], in: folder)
        #expect(
            float.stderr.hasPrefix("float.yaml:3:25: error: requires.app_version must be a string, but YAML reads 3.2"))
        let bad = try CLIRunner.run(["validate", "bad.yaml"], in: folder)
        #expect(
            bad.stderr.hasPrefix(
                "bad.yaml:3:25: error: requires.app_version must be a dotted version such as \"3.2\"; found \"3.x\""))
        let good = try CLIRunner.run(["validate", "good.yaml"], in: folder)
        #expect(good.status == 0, "\(good.stderr)")
        let version = try CLIRunner.run(["--version"])
        #expect(version.stdout == "\(LibraryVersion.text)\n")
    }
}
