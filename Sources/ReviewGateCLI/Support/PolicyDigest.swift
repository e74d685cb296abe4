import Crypto
import ReviewGate

/// The digest that names a policy (SPEC §9): SHA-256 of its canonical form, `sha256:` and hex,
/// through swift-crypto. Every policy the command line loads is hashed with it, and a compiled
/// policy whose digest does not match is refused.
enum PolicyDigest {
    /// SHA-256 of canonical bytes, as `sha256:` and 64 lowercase hex digits.
    static let sha256: PolicyLoader.Digest = { bytes in
        let hex = Array("0123456789abcdef".utf8)
        var text = "sha256:"
        for byte in SHA256.hash(data: bytes) {
            text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
            text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
        }
        return text
    }
}
