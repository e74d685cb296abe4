import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateTestSupport

/// Budget updates for the remote-update tests (Semantics §12), as ``UpdateFiles`` has policy updates:
/// each with the refusal the acceptance path must give it (`nil`: accepted), made once per run with
/// fresh keys. The budget has an external `paywall` and a `review` decided by ``UpdateFiles/yaml(count:extra:)``.
package struct BudgetUpdateFiles: Sendable {
    /// The team's key, which the app trusts.
    package let key: UpdateSigningKey
    /// Another team's key.
    package let otherKey: UpdateSigningKey
    /// The compiled budget the app ships: its review needs `done` at least 3 times.
    package let shipped: [UInt8]
    /// An update: its review needs `done` once.
    package let good: [UInt8]
    /// Another good update: its review needs `done` twice.
    package let other: [UInt8]
    /// The policy files of the same team (``UpdateFiles``), for the kind mismatches.
    package let policies: UpdateFiles
    /// Every case: a name, the bytes, and the refusal expected of an app at version 1.0 (`nil`: accepted).
    package let cases: [(name: String, bytes: [UInt8], refusal: UpdateRefusal.Reason?)]

    /// A budget whose review policy (`review.yaml`) asks after `count` donations of `done`, with
    /// extra YAML for the policy.
    package static func yaml(count: Int, policyExtra: String = "") -> (budget: String, policy: String) {
        (
            """
            reviewgate_budget: 1
            name: remote-budget
            prompts:
              paywall: {priority: 80}
              review: {priority: 50, policy: review.yaml}
            limits:
              - {max: 2, per: 1d}
            """,
            UpdateFiles.yaml(count: count, extra: policyExtra)
        )
    }

    /// The compiled text of a budget and its policy (written to a folder of their own and loaded as
    /// `reviewgate compile` loads them, file names relative to it), with its name and digest.
    package static func compiled(_ files: (budget: String, policy: String)) throws -> (
        text: String, name: String, digest: String
    ) {
        let folder = try Repository.temporaryFolder()
        try files.budget.write(to: folder.appending(path: "remote.budget.yaml"), atomically: true, encoding: .utf8)
        try files.policy.write(to: folder.appending(path: "review.yaml"), atomically: true, encoding: .utf8)
        let loader = BudgetLoader(
            policies: PolicyLoader(reading: Fixtures.documents.reader, digest: CompiledDigest.sha256))
        let result = try loader.load(path: folder.appending(path: "remote.budget.yaml").path)
        let digest = result.budget.digest ?? ""
        return (CompiledBudget(result).text(digest: digest, filesRelativeTo: folder.path), result.budget.name, digest)
    }

    /// A compiled budget signed with `key` as `kind` at `signedAt`, after `edit` changed its text
    /// (name and digest as compiled).
    package static func signed(
        _ files: (budget: String, policy: String), key: UpdateSigningKey, signedAt: Timestamp = UpdateFiles.signedAt,
        kind: SignedUpdate.Kind = .budget, edit: (String) -> String = { $0 }
    ) throws -> [UInt8] {
        let (text, name, digest) = try compiled(files)
        return Array(
            try SignedUpdate(
                compiled: Array(edit(text).utf8), name: name, digest: digest, signedAt: signedAt, key: key, kind: kind
            ).text.utf8)
    }

    /// Makes the files, with fresh keys (the policy files' too).
    package init() throws {
        policies = try UpdateFiles()
        key = policies.key
        otherKey = policies.otherKey
        shipped = Array(try Self.compiled(Self.yaml(count: 3)).text.utf8)
        good = try Self.signed(Self.yaml(count: 1), key: key)
        other = try Self.signed(Self.yaml(count: 2), key: key)
        let goodText = String(decoding: good, as: UTF8.self)
        let replacing = UpdateFiles.replacing
        let key = self.key
        // The good update's compiled text with `old` replaced by `new`, then signed.
        func signedEditing(_ old: String, _ new: String, policyExtra: String = "") throws -> [UInt8] {
            try Self.signed(Self.yaml(count: 1, policyExtra: policyExtra), key: key) { replacing($0, old, new) }
        }
        // The compiled bytes of another budget under the good one's signature and key id.
        let forged = try SignedUpdate(
            compiled: Array(try Self.compiled(Self.yaml(count: 7)).text.utf8), name: "remote-budget", digest: "",
            signedAt: UpdateFiles.signedAt, key: UpdateSigningKey(), kind: .budget
        ).text
        let body = { (text: String) in
            text.split(separator: "\n").first { $0.contains("\"compiled\"") }.map(String.init) ?? ""
        }
        // A policy's compiled text, signed as a budget: only an app's own misuse of the API makes one.
        let policySignedAsBudget = try UpdateFiles.compiled(UpdateFiles.yaml(count: 1))
        // Past the 1 MB a signed file may have: blank space after the JSON.
        let tooLarge = good + Array(repeating: UInt8(ascii: " "), count: 1 << 20)
        cases = [
            ("good.json", good, nil),
            ("other.json", other, nil),
            ("unsigned.json", shipped, .unsigned),
            ("signed-policy.json", policies.good, .wrongKind),
            ("compiled-policy.json", policies.shipped, .wrongKind),
            (
                "policy-signed-as-budget.json",
                Array(
                    try SignedUpdate(
                        compiled: Array(policySignedAsBudget.text.utf8), name: policySignedAsBudget.name,
                        digest: policySignedAsBudget.digest, signedAt: UpdateFiles.signedAt, key: key, kind: .budget
                    ).text.utf8), .wrongKind
            ),
            ("truncated.json", Array(good.prefix(good.count / 2)), .unreadable),
            ("too-large.json", tooLarge, .unreadable),
            ("wrong-key.json", try Self.signed(Self.yaml(count: 1), key: otherKey), .unknownKey),
            (
                "tampered-budget.json", Array(goodText.replacingFirst(body(goodText), with: body(forged)).utf8),
                .badSignature
            ),
            (
                "tampered-name.json",
                Array(replacing(goodText, "\"name\": \"remote-budget\"", "\"name\": \"remote-budget2\"").utf8),
                .mismatch
            ),
            (
                "newer-envelope.json",
                Array(replacing(goodText, "\"reviewgate_signed\": 1", "\"reviewgate_signed\": 2").utf8), .newerFormat
            ),
            (
                "newer-compiled-budget.json",
                try signedEditing("\"reviewgate_compiled_budget\": 1", "\"reviewgate_compiled_budget\": 2"),
                .newerFormat
            ),
            (
                "newer-compiled-policy.json",
                try signedEditing("\"reviewgate_compiled\": 1", "\"reviewgate_compiled\": 2"), .newerFormat
            ),
            (
                "newer-budget.json", try signedEditing("\"reviewgate_budget\": 1", "\"reviewgate_budget\": 2"),
                .newerLanguage
            ),
            ("newer-language.json", try signedEditing("\"reviewgate\": 1", "\"reviewgate\": 2"), .newerLanguage),
            (
                "newer-library.json",
                try signedEditing(
                    "\"library_version\": \"0.1\"", "\"library_version\": \"99.0\"",
                    policyExtra: "requires: {library_version: \"0.1\"}"), .libraryTooOld
            ),
            (
                "newer-app.json",
                try Self.signed(Self.yaml(count: 1, policyExtra: "requires: {app_version: \"2.0\"}"), key: key),
                .appTooOld
            ),
            (
                "same-app.json",
                try Self.signed(Self.yaml(count: 1, policyExtra: "requires: {app_version: \"1.0\"}"), key: key), nil
            ),
            ("errors.json", try signedEditing("\"priority\": 80", "\"priority\": 800"), .invalid),
            ("edited-digest.json", try signedEditing("\"max\": 2", "\"max\": 5"), .invalid),
            ("edited-policy.json", try signedEditing("\"at_least\": 1", "\"at_least\": 5"), .invalid),
        ]
    }
}
