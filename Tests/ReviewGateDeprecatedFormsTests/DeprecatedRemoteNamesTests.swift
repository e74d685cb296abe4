import Foundation
import ReviewGate
import ReviewGateRemote
import Testing

/// `ReviewGateRemote`'s 0.5 names: a signed file, its keys and its digest, now `SignedUpdate`,
/// `UpdateSigningKey`, `UpdatePublicKey` and `CompiledDigest` (they serve budgets too).
@Suite("0.5's remote update names, deprecated: still compile and work")
struct DeprecatedRemoteNamesTests {
    @Test(
        "a policy signed with PolicySigningKey as a SignedPolicy, and PolicyDigest's digest, pass PolicyPublicKey's check"
    )
    func oldNames() throws {
        let file = URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../Compatibility/0.5.0/policies/apple-sample.json").standardized
        let compiled = Array(try Data(contentsOf: file))
        let policy = try CompiledPolicy.load(compiled, file: "apple-sample.json", digest: PolicyDigest.sha256)
        let key = PolicySigningKey()
        let publicKey = try PolicyPublicKey(key.publicKey.description)
        let signed: SignedPolicy = try SignedPolicy(
            compiled: compiled, name: policy.name, digest: policy.digest ?? "",
            signedAt: try #require(Timestamp(rfc3339: "2026-11-23T09:00:00Z")), key: key)
        let check = UpdateAcceptance(keys: [publicKey], appVersion: nil)
        let accepted = try check.check(Array(signed.text.utf8), file: "update.json").get()
        #expect(accepted.policy.digest == policy.digest)
        #expect(accepted.signed.keyID == publicKey.id)
        // A key of another team is refused as it always was.
        let stranger = UpdateAcceptance(keys: [PolicySigningKey().publicKey], appVersion: nil)
        #expect(throws: UpdateRefusal.self) { try stranger.check(Array(signed.text.utf8), file: "update.json").get() }
    }
}
