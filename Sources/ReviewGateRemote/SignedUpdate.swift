@_spi(ReviewGateTools) import ReviewGate

#if canImport(FoundationEssentials)
    // Base64 only: on Linux, FoundationEssentials spares a binary full Foundation and its ICU data.
    import FoundationEssentials
#else
    import Foundation
#endif

/// A signed policy or budget (Semantics §9, §12): what a team publishes for remote updates, written by
/// `reviewgate compile --sign KEY`. One JSON document:
///
/// ```json
/// {
///   "reviewgate_signed": 1,
///   "name": "apple-sample",
///   "digest": "sha256:…",
///   "key_id": "1a2b3c4d",
///   "signed_at": "2026-11-23T09:00:00Z",
///   "signature": "…",
///   "compiled": "…"
/// }
/// ```
///
/// `compiled` is the compiled policy's exact bytes in base64 (for a budget, the compiled budget's:
/// `reviewgate_compiled_budget`, with `name` and `digest` the budget's), and `signature` the Ed25519
/// signature (base64) of the kind's domain, `signed_at` and a newline, then those bytes. The bytes are checked before
/// anything in them is read, so nothing an attacker wrote reaches the policy decoder; `name` and
/// `digest` are there to be read by people and tools (`jq .digest`), and are checked against the
/// policy. `signed_at` lets an app refuse a file signed before the one it keeps (an old file served
/// again).
public struct SignedUpdate: Sendable {
    /// The version of this envelope.
    public static let formatVersion = 1
    /// The key that marks a document as a signed update (a signed policy or budget).
    public static let formatKey = "reviewgate_signed"
    /// What a signed file holds.
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        /// A compiled policy (`reviewgate_compiled`).
        case policy
        /// A compiled budget with its policies (`reviewgate_compiled_budget`, Semantics §12).
        case budget

        /// `policy` or `budget`.
        public var description: String { rawValue }

        /// What precedes the compiled bytes in the signed message, so that a signature made for
        /// something else with the same key is never taken for this kind's. A budget's differs from
        /// a policy's so that the kind is part of what is signed, not only read from the compiled
        /// bytes: no reader of one kind that grew lenient (a budget reader taking a bare policy as a
        /// budget of one prompt, say) could ever be handed the other kind under a valid signature,
        /// and the acceptance path tells a file of the other kind by the domain it verifies under,
        /// before reading a byte of what it holds.
        var domain: [UInt8] {
            switch self {
            case .policy: Array("reviewgate signed policy 1\n".utf8)
            case .budget: Array("reviewgate signed budget 1\n".utf8)
            }
        }
    }

    /// The keys of the envelope, in the order written.
    static let keys = [formatKey, "name", "digest", "key_id", "signed_at", "signature", "compiled"]

    /// What the file holds: for an envelope read back, the kind whose domain its signature
    /// verified under (an unverified envelope says `policy`).
    public internal(set) var kind: Kind
    /// The policy's (or budget's) name, as the envelope states it.
    public var name: String
    /// The policy's (or budget's) digest, as the envelope states it.
    public var digest: String
    /// The id of the key that signed it.
    public var keyID: String
    /// When it was signed, by the signing machine's clock.
    public var signedAt: Timestamp
    /// The signature's 64 bytes.
    var signature: [UInt8]
    /// The compiled policy's (or budget's) bytes.
    public var compiled: [UInt8]

    /// The message the signature covers, were the file of `kind`.
    func signedMessage(as kind: Kind) -> [UInt8] { Self.message(kind: kind, signedAt: signedAt, compiled: compiled) }

    static func message(kind: Kind, signedAt: Timestamp, compiled: [UInt8]) -> [UInt8] {
        kind.domain + Array("signed_at \(signedAt)\n".utf8) + compiled
    }

    /// Signs a compiled policy's bytes (as `reviewgate compile` writes them) whose policy is `name`
    /// with `digest`, at `signedAt`; with `kind` `.budget`, a compiled budget's bytes, whose budget
    /// is `name` with `digest`.
    public init(
        compiled: [UInt8], name: String, digest: String, signedAt: Timestamp, key: UpdateSigningKey,
        kind: Kind = .policy
    ) throws {
        self.kind = kind
        self.name = name
        self.digest = digest
        keyID = key.publicKey.id
        self.signedAt = signedAt
        self.compiled = compiled
        signature = try key.signature(of: Self.message(kind: kind, signedAt: signedAt, compiled: compiled))
    }

    init(name: String, digest: String, keyID: String, signedAt: Timestamp, signature: [UInt8], compiled: [UInt8]) {
        kind = .policy
        self.name = name
        self.digest = digest
        self.keyID = keyID
        self.signedAt = signedAt
        self.signature = signature
        self.compiled = compiled
    }

    /// The signed file as a JSON document, indented, with a final newline.
    public var text: String {
        let document = JSONValue.object([
            (Self.formatKey, .int(Self.formatVersion)), ("name", .string(name)), ("digest", .string(digest)),
            ("key_id", .string(keyID)), ("signed_at", .string(signedAt.description)),
            ("signature", .string(Data(signature).base64EncodedString())),
            ("compiled", .string(Data(compiled).base64EncodedString())),
        ])
        return JSONWriter(pretty: true).string(document) + "\n"
    }

    /// Whether a document is a signed policy or budget.
    @_spi(ReviewGateTools) public static func isSigned(_ root: DocumentNode) -> Bool {
        root[formatKey] != nil
    }

    /// Reads the envelope of a signed policy or budget, without judging its signature or what it holds.
    static func decode(_ root: DocumentNode) throws(UpdateRefusal) -> SignedUpdate {
        guard let entries = root.mapping else {
            throw UpdateRefusal(.unreadable, "a signed policy must be a JSON object; found \(root.summary)", at: root)
        }
        if let node = root[formatKey], case .int(let version)? = node.scalar?.value, version > formatVersion {
            throw UpdateRefusal(
                .newerFormat,
                "this signed policy needs a newer ReviewGate: it uses format \(version), and this library reads format \(formatVersion)",
                at: node)
        }
        for entry in entries where !keys.contains(entry.key.string ?? "") {
            throw UpdateRefusal(
                .unreadable,
                "unknown key \"\(Quote.prefix(entry.key.string ?? entry.key.summary))\" in a signed policy (its keys: \(keys.joined(separator: ", ")))",
                at: entry.key)
        }
        func text(_ key: String) throws(UpdateRefusal) -> (String, DocumentNode) {
            guard let node = root[key] else {
                throw UpdateRefusal(.unreadable, "the signed policy has no \(key)", at: root)
            }
            guard let text = node.string else {
                throw UpdateRefusal(.unreadable, "\(key) must be a string; found \(node.summary)", at: node)
            }
            return (text, node)
        }
        func base64(_ key: String) throws(UpdateRefusal) -> [UInt8] {
            let (value, node) = try text(key)
            // Canonical base64 only (padding, no stray bits), so that one signed policy has one text.
            guard let bytes = Data(base64Encoded: value), bytes.base64EncodedString() == value else {
                throw UpdateRefusal(.unreadable, "\(key) must be base64", at: node)
            }
            return Array(bytes)
        }
        guard case .int(formatVersion)? = root[formatKey]?.scalar?.value else {
            throw UpdateRefusal(
                .unreadable, "\(formatKey) must be \(formatVersion)", at: root[formatKey] ?? root)
        }
        let (signedAtText, signedAtNode) = try text("signed_at")
        guard let signedAt = Timestamp(rfc3339: signedAtText) else {
            throw UpdateRefusal(.unreadable, "signed_at must be an RFC 3339 time", at: signedAtNode)
        }
        let signature = try base64("signature")
        guard signature.count == 64 else {
            throw UpdateRefusal(.unreadable, "signature must be 64 bytes (Ed25519)", at: root["signature"])
        }
        return SignedUpdate(
            name: try text("name").0, digest: try text("digest").0, keyID: try text("key_id").0, signedAt: signedAt,
            signature: signature, compiled: try base64("compiled"))
    }
}
