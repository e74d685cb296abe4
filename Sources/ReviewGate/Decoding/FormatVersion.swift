/// A file's format version key (`reviewgate`, `reviewgate_state`, `reviewgate_scenario`) and the
/// one refusal of a file written for a newer version than this reviewgate reads. It is asked
/// before anything else in the file is judged, so that a newer file is not buried in unknown keys.
package struct FormatVersion: Sendable {
    /// The file, as the message names it: `this policy`.
    package let file: String
    /// What the number is called: `language version`, `format`.
    package let name: String
    /// The newest version this reviewgate reads.
    package let supported: Int

    /// A format version key's reader.
    package init(file: String, name: String, supported: Int) {
        self.file = file
        self.name = name
        self.supported = supported
    }

    /// Policy files (Semantics §2).
    package static let policy = FormatVersion(
        file: "this policy", name: "language version", supported: PolicyDecoder.languageVersion)
    /// State files (Semantics §3).
    static let state = FormatVersion(file: "this state file", name: "format", supported: StateDecoder.formatVersion)

    /// The refusal, when `node` holds a whole number above ``supported``.
    package func refusal(_ node: DocumentNode?) -> Diagnostic? {
        guard let node, case .int(let version)? = node.scalar?.value, version > supported else { return nil }
        return .error(
            "\(file) needs a newer reviewgate: it uses \(name) \(version), and this reviewgate reads \(name) \(supported)",
            at: node.location)
    }
}
