/// An input that cannot be used, with every problem found in it (errors first).
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// The most diagnostics one report carries; the rest are counted, not listed.
    public static let reportLimit = 50

    /// The problems, in the order found, at most ``reportLimit`` of them.
    public var diagnostics: [Diagnostic]

    /// Creates an error from one or more diagnostics.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = Array(diagnostics.prefix(Self.reportLimit))
    }

    /// Creates an error from a single message at a location.
    public init(_ message: String, at location: SourceLocation?) {
        self.init([.error(message, at: location)])
    }

    /// Every diagnostic, one per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
