import Crypto
@_spi(ReviewGateTools) import ReviewGate

#if canImport(FoundationEssentials)
    // Base64 only: on Linux, FoundationEssentials spares a binary full Foundation and its ICU data.
    import FoundationEssentials
#else
    import Foundation
#endif

/// A team's Ed25519 public key, which an app trusts for policy and budget updates: `ed25519:` and the 32-byte
/// key in base64, as `reviewgate keygen` writes it in `NAME.pub`.
///
/// ```swift
/// let key = try UpdatePublicKey("ed25519:3q2+7w...")
/// ```
public struct UpdatePublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The key.
    let key: Curve25519.Signing.PublicKey
    /// The key's id: the first 8 hex digits of the SHA-256 of its 32 bytes, written in every file
    /// it signs, so that an app that trusts several keys (while one replaces another) knows which.
    public let id: String
    /// The key as text, `ed25519:` and base64.
    public var description: String { UpdateKeyText.publicPrefix + key.rawRepresentation.base64EncodedString() }

    /// Reads a key from its text, `ed25519:` and base64; a `#` line before it (as in `NAME.pub`) is
    /// skipped.
    public init(_ text: String) throws(DiagnosticError) {
        let raw = try UpdateKeyText.bytes(text, prefix: UpdateKeyText.publicPrefix, what: "public key")
        do {
            key = try Curve25519.Signing.PublicKey(rawRepresentation: raw)
        } catch {
            throw DiagnosticError("the public key is not an Ed25519 key (32 bytes)", at: nil)
        }
        id = Self.id(of: key)
    }

    init(_ key: Curve25519.Signing.PublicKey) {
        self.key = key
        id = Self.id(of: key)
    }

    /// Whether `signature` is this key's over `message`.
    func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        key.isValidSignature(signature, for: message)
    }

    static func id(of key: Curve25519.Signing.PublicKey) -> String {
        String(CompiledDigest.hex(SHA256.hash(data: key.rawRepresentation)).prefix(8))
    }

    /// Equal when the keys are.
    public static func == (lhs: UpdatePublicKey, rhs: UpdatePublicKey) -> Bool {
        lhs.key.rawRepresentation == rhs.key.rawRepresentation
    }

    /// Hashes the key's bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key.rawRepresentation)
    }
}

/// A team's Ed25519 private key, which signs policy and budget updates (`reviewgate compile --sign`). It
/// belongs in a CI secret or a password manager, never in the repository or the app.
public struct UpdateSigningKey: Sendable {
    let key: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() {
        key = Curve25519.Signing.PrivateKey()
    }

    /// Reads a key from its text, `ed25519-private:` and base64, as `reviewgate keygen` writes it in
    /// `NAME.key`; `#` lines are skipped.
    public init(_ text: String) throws(DiagnosticError) {
        if (try? UpdateKeyText.bytes(text, prefix: UpdateKeyText.publicPrefix, what: "")) != nil {
            throw DiagnosticError(
                "this is a public key (ed25519:...); signing needs the private key (ed25519-private:...)", at: nil)
        }
        let raw = try UpdateKeyText.bytes(text, prefix: UpdateKeyText.privatePrefix, what: "private key")
        do {
            key = try Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        } catch {
            throw DiagnosticError("the private key is not an Ed25519 key (32 bytes)", at: nil)
        }
    }

    /// The public key that checks this key's signatures.
    public var publicKey: UpdatePublicKey { UpdatePublicKey(key.publicKey) }

    /// The key as text, `ed25519-private:` and base64.
    public var text: String { UpdateKeyText.privatePrefix + key.rawRepresentation.base64EncodedString() }

    /// The signature of `message`.
    func signature(of message: [UInt8]) throws -> [UInt8] {
        Array(try key.signature(for: message))
    }
}

/// The text form of keys: a prefix naming the kind, then base64; `#` comment lines around it.
enum UpdateKeyText {
    static let publicPrefix = "ed25519:"
    static let privatePrefix = "ed25519-private:"

    /// The key's bytes from the first line that is not blank or a `#` comment.
    static func bytes(_ text: String, prefix: String, what: String) throws(DiagnosticError) -> [UInt8] {
        let line =
            text.split(whereSeparator: \.isNewline).map(trimmed).first { !$0.isEmpty && !$0.hasPrefix("#") } ?? ""
        guard line.hasPrefix(prefix), let raw = Data(base64Encoded: String(line.dropFirst(prefix.count))) else {
            let found = line.isEmpty ? "nothing" : "\"\(line.prefix(24))\(line.count > 24 ? "…" : "")\""
            throw DiagnosticError(
                "a \(what) must be \(prefix) and base64, as reviewgate keygen writes it; found \(found)", at: nil)
        }
        return Array(raw)
    }

    /// A line without the blank space around it.
    private static func trimmed(_ line: Substring) -> Substring {
        let start = line.drop(while: \.isWhitespace)
        guard let last = start.lastIndex(where: { !$0.isWhitespace }) else { return start[start.endIndex...] }
        return start[...last]
    }
}
