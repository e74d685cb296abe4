import ReviewGate

/// Why a policy update was refused: a reason a program can act on, and diagnostics a person reads
/// (`file:line:column: error: message`, as `reviewgate verify` prints them). The app keeps deciding
/// with the policy it had.
public struct UpdateRefusal: Error, Sendable, CustomStringConvertible {
    /// The kinds of refusal, in the order the acceptance path meets them.
    public enum Reason: String, Sendable, CaseIterable {
        /// The bytes are not a signed policy: not JSON, truncated, a key missing or unknown.
        case unreadable
        /// A compiled policy that is not signed (sign it with `reviewgate compile --sign KEY`).
        case unsigned
        /// A newer signed or compiled form than this library reads.
        case newerFormat = "newer_format"
        /// Signed by a key the app does not trust.
        case unknownKey = "unknown_key"
        /// The signature does not verify: the bytes were changed after signing, or signed otherwise.
        case badSignature = "bad_signature"
        /// A newer policy language than this library reads.
        case newerLanguage = "newer_language"
        /// The policy's `requires.library_version` is newer than this library.
        case libraryTooOld = "library_too_old"
        /// The policy has errors.
        case invalid
        /// The envelope's `name` or `digest` is not the policy's.
        case mismatch
        /// The policy's `requires.app_version` is newer than the app.
        case appTooOld = "app_too_old"
        /// Signed before the update the app keeps: an old file served again.
        case older
        /// The policy was good but could not be kept on disk.
        case notKept = "not_kept"
    }

    /// Why, for a program.
    public var reason: Reason
    /// Why, for a person: at least one error.
    public var diagnostics: [Diagnostic]

    /// A refusal with diagnostics.
    public init(_ reason: Reason, diagnostics: [Diagnostic]) {
        self.reason = reason
        self.diagnostics = diagnostics
    }

    /// A refusal with one error at a node.
    init(_ reason: Reason, _ message: String, at node: DocumentNode?, advice: Diagnostic.Advice? = nil) {
        var diagnostic = Diagnostic.error(message, at: node?.location)
        diagnostic.advice = advice
        self.init(reason, diagnostics: [diagnostic])
    }

    /// The reason and the first error: `bad_signature: app.json:5:16: error: …`.
    public var description: String {
        "\(reason.rawValue): \(diagnostics.first?.description ?? "")"
    }
}
