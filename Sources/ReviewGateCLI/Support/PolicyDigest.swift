import Crypto
import ReviewGate

/// The digest that names a policy (SPEC §9): SHA-256 of its canonical form, `sha256:` and hex.
enum PolicyDigest {
    /// The digest of a loaded policy's canonical form.
    static func of(_ result: PolicyLoader.Result) -> String {
        let hash = SHA256.hash(data: CompiledPolicy(result).canonicalBytes)
        let hex = "0123456789abcdef".utf8.map { $0 }
        var text = "sha256:"
        for byte in hash {
            text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
            text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
        }
        return text
    }

    /// The policy with its digest: worked out for a YAML policy; checked for a compiled one, whose
    /// `digest` must be that of its `policy` (else it was edited after compiling).
    static func stamped(_ result: PolicyLoader.Result, file: String) throws(DiagnosticError) -> PolicyLoader.Result {
        var result = result
        let digest = of(result)
        if let given = result.policy.digest, given != digest {
            throw DiagnosticError(
                "the compiled policy's digest \(given) is not that of its policy (\(digest)): it was edited after compiling; compile the YAML again with reviewgate compile",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        result.policy.digest = digest
        return result
    }
}
