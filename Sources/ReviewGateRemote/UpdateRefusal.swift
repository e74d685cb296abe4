@_spi(ReviewGateTools) import ReviewGate

/// Why a policy (or budget) update was refused: a reason a program can act on, and diagnostics a person reads
/// (`file:line:column: error: message`, as `reviewgate verify` prints them). The app keeps deciding
/// with the policy it had.
public struct UpdateRefusal: Error, Sendable, CustomStringConvertible {
    /// The kinds of refusal, in the order the acceptance path meets them: a stable id (`bad_signature`)
    /// that a later version may add to without breaking a `switch` in an app (compare with `==`).
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The id `reviewgate verify` prints: `bad_signature`.
        public let rawValue: String

        /// The reason with this id.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The id.
        public var description: String { rawValue }

        /// The bytes are not a signed policy: not JSON, truncated, a key missing or unknown.
        public static let unreadable = Reason(rawValue: "unreadable")
        /// A compiled policy that is not signed (sign it with `reviewgate compile --sign KEY`).
        public static let unsigned = Reason(rawValue: "unsigned")
        /// A newer signed or compiled form than this library reads.
        public static let newerFormat = Reason(rawValue: "newer_format")
        /// Signed by a key the app does not trust.
        public static let unknownKey = Reason(rawValue: "unknown_key")
        /// A budget where a policy is expected, or a policy where a budget is (Semantics §12).
        public static let wrongKind = Reason(rawValue: "wrong_kind")
        /// The signature does not verify: the bytes were changed after signing, or signed otherwise.
        public static let badSignature = Reason(rawValue: "bad_signature")
        /// A newer policy language than this library reads.
        public static let newerLanguage = Reason(rawValue: "newer_language")
        /// The policy's `requires.library_version` is newer than this library.
        public static let libraryTooOld = Reason(rawValue: "library_too_old")
        /// The policy has errors.
        public static let invalid = Reason(rawValue: "invalid")
        /// The envelope's `name` or `digest` is not the policy's.
        public static let mismatch = Reason(rawValue: "mismatch")
        /// The policy's `requires.app_version` is newer than the app.
        public static let appTooOld = Reason(rawValue: "app_too_old")
        /// Signed before the update the app keeps: an old file served again.
        public static let older = Reason(rawValue: "older")
        /// The policy was good but could not be kept on disk.
        public static let notKept = Reason(rawValue: "not_kept")
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
