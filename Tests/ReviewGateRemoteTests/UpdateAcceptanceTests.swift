import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

/// The acceptance path refuses each bad update for its own reason, with a diagnostic at the place.
@Suite struct UpdateAcceptanceTests {
    static let files = Result { try UpdateFiles() }

    @Test func everyCaseGetsItsReason() throws {
        let files = try Self.files.get()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        for (name, bytes, expected) in files.cases {
            switch acceptance.check(bytes, file: name) {
            case .success(let accepted):
                #expect(expected == nil, "\(name) was accepted; expected \(expected?.rawValue ?? "")")
                #expect(accepted.policy.name == "remote")
            case .failure(let refusal):
                #expect(refusal.reason == expected, "\(name): \(refusal)")
                #expect(!refusal.diagnostics.isEmpty, "\(name) was refused without a diagnostic")
                #expect(refusal.diagnostics.allSatisfy { $0.severity == .error })
            }
        }
    }

    @Test func refusalsSayWhereAndWhy() throws {
        let files = try Self.files.get()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        func refusal(_ name: String) throws -> UpdateRefusal {
            let bytes = try #require(files.cases.first { $0.name == name }?.bytes)
            guard case .failure(let refusal) = acceptance.check(bytes, file: name) else {
                Issue.record("\(name) was accepted")
                throw CancellationError()
            }
            return refusal
        }
        let app = try refusal("newer-app.json").diagnostics[0]
        #expect(app.message == "the policy needs app marketing version 2.0 or later, and this app is version 1.0")
        // At the YAML's requires line, as compiled.
        #expect(app.location?.file == "policies/remote.yaml")
        #expect(app.location?.line == 6)
        let library = try refusal("newer-library.json").diagnostics[0]
        #expect(
            library.message.contains("requires.library_version is 99.0, and this is reviewgate \(LibraryVersion.text)"))
        let key = try refusal("wrong-key.json").diagnostics[0]
        #expect(key.message.contains("which this app does not trust (it trusts \(files.key.publicKey.id))"))
        #expect(key.location?.file == "wrong-key.json")
        #expect(key.location?.line == 5)
        let edited = try refusal("edited-digest.json").diagnostics[0]
        #expect(edited.message.hasSuffix("it was edited after compiling; compile the YAML again"))
        #expect(edited.advice == .compileAgain)
        // An app's refusal names no command; `reviewgate verify` adds it (SignedUpdateCommandTests).
        let unsigned = try refusal("unsigned.json").diagnostics[0]
        #expect(unsigned.message == "this compiled policy is not signed: sign it")
        #expect(unsigned.advice == .sign)
        let truncated = try refusal("truncated.json").diagnostics[0]
        #expect(truncated.location?.file == "truncated.json")
    }

    @Test func aSecondTrustedKeyAcceptsWhatItSigned() throws {
        let files = try Self.files.get()
        let signed = try UpdateFiles.signed(UpdateFiles.yaml(count: 1), key: files.otherKey)
        let both = UpdateAcceptance(
            keys: [files.key.publicKey, files.otherKey.publicKey], appVersion: UpdateFiles.appVersion)
        #expect(throws: Never.self) { try both.check(signed, file: "rotated.json").get() }
        let old = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        #expect(throws: UpdateRefusal.self) { try old.check(signed, file: "rotated.json").get() }
    }

    @Test func aKeyIDSharedByTwoTrustedKeysTriesBoth() throws {
        let files = try Self.files.get()
        // Two keys cannot be made to share an id here; the same key twice stands for the case.
        let acceptance = UpdateAcceptance(
            keys: [files.otherKey.publicKey, files.key.publicKey, files.key.publicKey], appVersion: nil)
        #expect(throws: Never.self) { try acceptance.check(files.good, file: "g.json").get() }
    }

    @Test func anOlderLibraryRefusesWhatThePolicyRequires() throws {
        let files = try Self.files.get()
        let signed = try UpdateFiles.signed(
            UpdateFiles.yaml(count: 1, extra: "requires: {library_version: \"\(LibraryVersion.current.dotted)\"}"),
            key: files.key)
        let current = UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil)
        #expect(throws: Never.self) { try current.check(signed, file: "u.json").get() }
        let older = UpdateAcceptance(
            keys: [files.key.publicKey], appVersion: nil, library: try #require(AppVersionNumber("0.1")))
        let refusal = try #require(throws: UpdateRefusal.self) { try older.check(signed, file: "u.json").get() }
        #expect(refusal.reason == .libraryTooOld)
    }

    /// A policy with an experiment (Semantics §13) is signed and accepted with its arms: the digest
    /// covers them, and the arms decide as in the YAML.
    @Test func anExperimentTravelsInAnUpdate() throws {
        let files = try Self.files.get()
        let experiment = """
            experiment:
              name: sooner
              arms:
                control: {weight: 1}
                sooner:
                  weight: 1
                  override: {triggers: {done: {at_least: 1}}}
            """
        let signed = try UpdateFiles.signed(UpdateFiles.yaml(count: 3, extra: experiment), key: files.key)
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil)
        let accepted = try acceptance.check(signed, file: "u.json").get()
        #expect(accepted.policy.experiment?.arms.map(\.name) == ["control", "sooner"])
        #expect(accepted.policy.experiment?.arms.last?.policy.trigger(id: "done")?.count.value == .atLeast(1))
        let plain = try UpdateFiles.signed(UpdateFiles.yaml(count: 3), key: files.key)
        #expect(try acceptance.check(plain, file: "p.json").get().policy.digest != accepted.policy.digest)
    }

    /// Any one byte of a signed file changed (each bit 0 flipped) is refused: nothing in the
    /// envelope is taken on trust, and base64 must be canonical.
    @Test func everyByteFlippedIsRefused() throws {
        let files = try Self.files.get()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        let accepted = UpdateFiles.flipsAccepted(files.good) { bytes in
            (try? acceptance.check(bytes, file: "flipped.json").get()) != nil
        }
        #expect(accepted.isEmpty, "accepted with byte \(accepted.prefix(5)) flipped")
    }

    /// A signature written in base64 with a stray bit in its padding decodes to the same bytes, but
    /// one signed policy has one text: it is refused.
    @Test func base64MustBeCanonical() throws {
        let files = try Self.files.get()
        let text = String(decoding: files.good, as: UTF8.self)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        // 64 bytes are 86 characters and "==": the last character carries 2 bits and 4 zero bits.
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"signature\"") })
        let encoded = try #require(line.split(separator: "\"").dropLast().last)
        var characters = Array(encoded)
        let last = characters.count - 3
        let value = try #require(alphabet.firstIndex(of: characters[last]))
        characters[last] = alphabet[value ^ 1]
        let stray = text.replacingOccurrences(of: String(encoded), with: String(characters))
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        let refusal = try #require(throws: UpdateRefusal.self) {
            try acceptance.check(Array(stray.utf8), file: "stray.json").get()
        }
        #expect(refusal.reason == .unreadable)
        #expect(refusal.diagnostics[0].message == "signature must be base64")
    }

    /// Every prefix of a signed file (a download cut short) is refused as unreadable.
    @Test func everyTruncationIsRefused() throws {
        let files = try Self.files.get()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        // The last byte is the final newline, which JSON does not need.
        for length in 0..<(files.good.count - 1) {
            guard case .failure(let refusal) = acceptance.check(Array(files.good.prefix(length)), file: "cut.json")
            else {
                Issue.record("a prefix of \(length) bytes was accepted")
                continue
            }
            #expect(refusal.reason == .unreadable, "\(length): \(refusal)")
        }
    }

    @Test func keysReadBackFromTheirText() throws {
        let key = UpdateSigningKey()
        let again = try UpdateSigningKey("# a comment\n\(key.text)\n")
        #expect(again.publicKey == key.publicKey)
        #expect(try UpdatePublicKey("# c\n\(key.publicKey)\n") == key.publicKey)
        #expect(key.publicKey.id.count == 8)
        let refusal = try #require(throws: DiagnosticError.self) { try UpdateSigningKey(key.publicKey.description) }
        #expect(refusal.diagnostics[0].message.contains("this is a public key"))
        #expect(throws: DiagnosticError.self) { try UpdatePublicKey("ed25519:AAAA") }
        #expect(throws: DiagnosticError.self) { try UpdatePublicKey("rsa:AAAA") }
    }
}
