import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateTestSupport

/// Policy updates for the remote-update tests, each with the refusal the acceptance path must give
/// it (`nil`: accepted), made once per run with fresh keys. The library's tests offer them to a
/// ``RemotePolicy``; the command line's run `reviewgate verify` on them and compare.
package struct UpdateFiles: Sendable {
    /// The team's key, which the app trusts.
    package let key: UpdateSigningKey
    /// Another team's key.
    package let otherKey: UpdateSigningKey
    /// The compiled policy the app ships: `done` at least 3 times.
    package let shipped: [UInt8]
    /// An update: `done` at least once.
    package let good: [UInt8]
    /// Another good update: `done` at least twice.
    package let other: [UInt8]
    /// Every case: a name, the bytes, and the refusal expected of an app at version 1.0 (`nil`: accepted).
    package let cases: [(name: String, bytes: [UInt8], refusal: UpdateRefusal.Reason?)]

    /// When the cases were signed (all at once, so that an app takes them in any order).
    package static let signedAt = Timestamp(rfc3339: "2026-11-01T09:00:00Z")!

    /// The app version the cases are judged for.
    package static let appVersion = AppVersion(short: "1.0", build: "1")

    /// A policy asking after `count` donations of `done`, with extra top-level YAML.
    package static func yaml(count: Int, extra: String = "") -> String {
        """
        reviewgate: 1
        name: remote
        app: {platform: android}
        triggers:
          done: {at_least: \(count)}
        \(extra)
        """
    }

    /// The compiled text of a YAML policy, with its name and digest.
    package static func compiled(_ yaml: String) throws -> (text: String, name: String, digest: String) {
        let result = try PolicyLoader.decode(Fixtures.document(yaml, file: "policies/remote.yaml"))
        let compiled = CompiledPolicy(result)
        let digest = CompiledDigest.sha256(compiled.digestedBytes)
        return (compiled.text(digest: digest), result.policy.name, digest)
    }

    /// A compiled text signed with `key` at `signedAt`, after `edit` changed its text (name and
    /// digest as compiled).
    package static func signed(
        _ yaml: String, key: UpdateSigningKey, signedAt: Timestamp = signedAt, edit: (String) -> String = { $0 }
    ) throws -> [UInt8] {
        let (text, name, digest) = try compiled(yaml)
        return Array(
            try SignedUpdate(
                compiled: Array(edit(text).utf8), name: name, digest: digest, signedAt: signedAt, key: key
            ).text.utf8)
    }

    /// Makes the files, with fresh keys.
    package init() throws {
        key = UpdateSigningKey()
        otherKey = UpdateSigningKey()
        shipped = Array(try Self.compiled(Self.yaml(count: 3)).text.utf8)
        good = try Self.signed(Self.yaml(count: 1), key: key)
        other = try Self.signed(Self.yaml(count: 2), key: key)
        let goodText = String(decoding: good, as: UTF8.self)
        let replacing = Self.replacing
        let key = self.key
        // The good update's compiled text with `old` replaced by `new`, then signed.
        func signedEditing(_ old: String, _ new: String, extra: String = "") throws -> [UInt8] {
            try Self.signed(Self.yaml(count: 1, extra: extra), key: key) { replacing($0, old, new) }
        }
        cases = [
            ("good.json", good, nil),
            ("other.json", other, nil),
            ("unsigned.json", shipped, .unsigned),
            ("not-json.json", Array("reviewgate: 1\nname: remote\n".utf8), .unreadable),
            ("truncated.json", Array(good.prefix(good.count / 2)), .unreadable),
            ("empty.json", [], .unreadable),
            ("wrong-key.json", try Self.signed(Self.yaml(count: 1), key: otherKey), .unknownKey),
            (
                "forged-key-id.json",
                Array(
                    replacing(
                        String(decoding: try Self.signed(Self.yaml(count: 1), key: otherKey), as: UTF8.self),
                        otherKey.publicKey.id, key.publicKey.id
                    ).utf8), .badSignature
            ),
            (
                "tampered-policy.json",
                try Self.tamperedPayload(Self.yaml(count: 1), key: key), .badSignature
            ),
            (
                "tampered-name.json", Array(replacing(goodText, "\"name\": \"remote\"", "\"name\": \"remote2\"").utf8),
                .mismatch
            ),
            (
                "newer-envelope.json",
                Array(replacing(goodText, "\"reviewgate_signed\": 1", "\"reviewgate_signed\": 2").utf8), .newerFormat
            ),
            (
                "newer-compiled.json",
                try signedEditing("\"reviewgate_compiled\": 1", "\"reviewgate_compiled\": 2"), .newerFormat
            ),
            (
                "newer-language.json",
                try signedEditing("\"reviewgate\": 1", "\"reviewgate\": 2"), .newerLanguage
            ),
            (
                "newer-library.json",
                try signedEditing(
                    "\"library_version\": \"0.1\"", "\"library_version\": \"99.0\"",
                    extra: "requires: {library_version: \"0.1\"}"), .libraryTooOld
            ),
            (
                // A hash version of a later release (Semantics §13 *Hash versions*): never a fallback.
                "newer-hash.json",
                try signedEditing(
                    "\"hash\": \"v2\"", "\"hash\": \"v3\"", extra: "rollout: {percent: 50, salt: r, hash: v2}"),
                .libraryTooOld
            ),
            (
                "newer-app.json",
                try Self.signed(Self.yaml(count: 1, extra: "requires: {app_version: \"2.0\"}"), key: key), .appTooOld
            ),
            (
                "same-app.json",
                try Self.signed(Self.yaml(count: 1, extra: "requires: {app_version: \"1.0\"}"), key: key), nil
            ),
            (
                "errors.json",
                try signedEditing("\"at_least\": 1", "\"at_least\": -1"), .invalid
            ),
            (
                "edited-digest.json",
                try signedEditing("\"at_least\": 1", "\"at_least\": 5"), .invalid
            ),
        ]
    }

    /// `text` with its first `old` replaced by `new`, which it must have.
    static func replacing(_ text: String, _ old: String, _ new: String) -> String {
        precondition(text.contains(old), "the compiled text has no \(old)")
        return text.replacingFirst(old, with: new)
    }

    /// The indices of the bytes of `bytes` that, each alone with bit 0 flipped, give bytes that
    /// `accepts`: none, for a signed file.
    package static func flipsAccepted(_ bytes: [UInt8], accepts: ([UInt8]) -> Bool) -> [Int] {
        bytes.indices.filter { index in
            var flipped = bytes
            flipped[index] ^= 1
            return accepts(flipped)
        }
    }

    /// A good update whose compiled bytes were changed after signing (`at_least` 1 → 7), base64
    /// and all, as an attacker on the path could.
    static func tamperedPayload(_ yaml: String, key: UpdateSigningKey) throws -> [UInt8] {
        let (text, name, digest) = try compiled(yaml)
        let signed = try SignedUpdate(
            compiled: Array(text.utf8), name: name, digest: digest, signedAt: signedAt, key: key)
        let forged = try SignedUpdate(
            compiled: Array(text.replacingFirst("\"at_least\": 1", with: "\"at_least\": 7").utf8), name: name,
            digest: digest, signedAt: signedAt, key: UpdateSigningKey())
        // The forged body under the genuine signature and key id.
        let genuine = signed.text
        let body = { (text: String) in
            text.split(separator: "\n").first { $0.contains("\"compiled\"") }.map(String.init) ?? ""
        }
        return Array(genuine.replacingFirst(body(genuine), with: body(forged.text)).utf8)
    }
}

extension String {
    /// The string with the first `old` replaced by `new`.
    func replacingFirst(_ old: String, with new: String) -> String {
        guard let range = range(of: old) else { return self }
        return replacingCharacters(in: range, with: new)
    }
}
