/// An input that cannot be used, with the problems found in it, each at its place.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// The most diagnostics one report carries; the rest are counted, not listed.
    package static let reportLimit = 50

    /// The problems in file order, at most fifty of them.
    public var diagnostics: [Diagnostic]
    /// How many more problems were found than are listed.
    public var omitted: Int
    /// How many errors were found, listed or not.
    public var errorCount: Int
    /// How many warnings were found, listed or not.
    public var warningCount: Int
    /// Whether the input could not be read as text at all (missing, too large, binary, not UTF-8):
    /// every command exits 2 for it, as for a file that does not exist.
    package var isUnreadable = false

    /// Creates an error from one or more diagnostics, keeping the first `reportLimit` in file order
    /// (of those a reader kept: past a thousand, the first found);
    /// `alsoFound` errors were found past what a reader keeps, and are counted only.
    package init(_ diagnostics: [Diagnostic], alsoFound: Int = 0) {
        self.diagnostics = Array(diagnostics.sortedByLocation().prefix(Self.reportLimit))
        omitted = max(0, diagnostics.count - Self.reportLimit) + alsoFound
        errorCount = diagnostics.filter { $0.severity == .error }.count + alsoFound
        warningCount = diagnostics.count + alsoFound - errorCount
    }

    /// What was found, for a file's summary line: `3 errors`, `1 error, 2 warnings`, `140 errors, 50 shown`.
    public var summary: String {
        var parts = ["\(errorCount) error\(errorCount == 1 ? "" : "s")"]
        if warningCount > 0 { parts.append("\(warningCount) warning\(warningCount == 1 ? "" : "s")") }
        if omitted > 0 { parts.append("\(diagnostics.count) shown") }
        return parts.joined(separator: ", ")
    }

    /// How many problems are not listed: `3 more problems not shown (the first 50 are)`.
    package var omittedSummary: String {
        "\(omitted) more problem\(omitted == 1 ? "" : "s") not shown (the first \(Self.reportLimit) are)"
    }

    /// Creates an error from a single message at a location.
    package init(_ message: String, at location: SourceLocation?) {
        self.init([.error(message, at: location)])
    }

    /// An error at a location, with the remedy a front end names.
    package init(_ message: String, at location: SourceLocation?, advice: Diagnostic.Advice) {
        var diagnostic = Diagnostic.error(message, at: location)
        diagnostic.advice = advice
        self.init([diagnostic])
    }

    /// An input that cannot be read as text (too large, binary, not UTF-8), at a location.
    package static func unreadable(_ message: String, at location: SourceLocation?) -> DiagnosticError {
        var error = DiagnosticError(message, at: location).kind(.unreadableFile)
        error.isUnreadable = true
        return error
    }

    /// Every diagnostic, one per line.
    public var description: String {
        (diagnostics.map(\.description) + (omitted > 0 ? ["note: \(omittedSummary)"] : [])).joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    /// The diagnostics in file order: by file, line and column (those without a place last),
    /// keeping the order found among equals.
    func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (let l?, let r?) where l != r: (l.file, l.line, l.column) < (r.file, r.line, r.column)
            case (nil, _?): false
            case (_?, nil): true
            default: a.offset < b.offset
            }
        }.map(\.element)
    }
}
