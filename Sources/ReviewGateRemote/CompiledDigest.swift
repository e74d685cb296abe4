import Crypto
@_spi(ReviewGateTools) import ReviewGate

/// The digest that names a policy or a budget (Semantics §9, §12): SHA-256, `sha256:` and hex,
/// through swift-crypto (CryptoKit on Apple platforms). Hand it to `CompiledPolicy.load(_:file:digest:)`
/// or `CompiledBudget.load(_:file:digest:)` to check a compiled file's digest with it rather than
/// with the core's portable SHA-256 (the same digest).
public enum CompiledDigest {
    /// SHA-256 of the bytes a digest is taken of (a policy's canonical form, or a budget with its
    /// policies' digests), as `sha256:` and 64 lowercase hex digits.
    public static let sha256: @Sendable (_ digestedBytes: [UInt8]) -> String = { bytes in
        "sha256:" + hex(SHA256.hash(data: bytes))
    }

    /// Bytes as lowercase hex digits.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = ""
        for byte in bytes {
            text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
            text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0xF)]))
        }
        return text
    }
}
