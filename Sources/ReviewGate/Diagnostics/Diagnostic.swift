/// A problem found in an input file, at the place it is.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The input cannot be used.
        case error
        /// The input works but a reviewer would flag it.
        case warning
    }

    /// How serious it is.
    public var severity: Severity
    /// What was found and what was expected.
    public var message: String
    /// Where it is, when it is somewhere in a file.
    public var location: SourceLocation?
    /// Further lines, each with its own place (for example the first of two duplicate keys).
    public var notes: [Note]
    /// For a policy's warning, the rule that raised it, by which `lint: {allow: [...]}` silences it.
    package var rule: LintRule?
    /// What to do about it, which a front end says in its own words: the library's messages name
    /// no command, and the command line ends them with the one that does it.
    package var advice: Advice?
    /// An error's kind, where the place that raised it says (the readers do); else the kind is
    /// told from the message (``code``, in ReviewGateAuthoring).
    package var kind: DiagnosticKind?

    /// A remedy that a front end names.
    package enum Advice: Sendable, Hashable {
        /// Compile the policy's YAML again (`reviewgate compile`, or the build plugin).
        case compileAgain
        /// Write a signed policy (`reviewgate compile --sign KEY`).
        case sign
        /// Check a signed policy with its key, and decide with the policy itself (`reviewgate verify`).
        case verifySigned
        /// Say a timeline's format where its name does not (`reviewgate simulate --input-format`).
        case inputFormat
    }

    /// A secondary remark attached to a diagnostic.
    public struct Note: Sendable, Hashable {
        /// The remark.
        public var message: String
        /// Where it points.
        public var location: SourceLocation?

        /// Creates a note.
        package init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// Creates a diagnostic.
    package init(
        _ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Note] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// An error at a location.
    package static func error(
        _ message: String, at location: SourceLocation?, notes: [Note] = [], kind: DiagnosticKind? = nil
    ) -> Diagnostic {
        var diagnostic = Diagnostic(.error, message, at: location, notes: notes)
        diagnostic.kind = kind
        return diagnostic
    }

    /// A warning at a location, raised by a lint rule when it is one.
    package static func warning(
        _ message: String, at location: SourceLocation?, notes: [Note] = [], rule: LintRule? = nil
    ) -> Diagnostic {
        var diagnostic = Diagnostic(.warning, message, at: location, notes: notes)
        diagnostic.rule = rule
        return diagnostic
    }

    /// The message as shown: a lint warning's ends with its rule, `[ask_at_launch]`.
    public var displayMessage: String {
        message + (rule.map { " [\($0.rawValue)]" } ?? "")
    }

    /// `FILE:LINE:COL: error: message` (`error: message` without a place; a lint warning ends with its
    /// rule: `[ask_at_launch]`), then one `FILE:LINE:COL: note: ...` line per note.
    public var description: String {
        var lines = [Self.line(location, severity.rawValue, displayMessage)]
        for note in notes { lines.append(Self.line(note.location, "note", note.message)) }
        return lines.joined(separator: "\n")
    }

    private static func line(_ location: SourceLocation?, _ label: String, _ message: String) -> String {
        guard let location else { return "\(label): \(message)" }
        return "\(location): \(label): \(message)"
    }
}
