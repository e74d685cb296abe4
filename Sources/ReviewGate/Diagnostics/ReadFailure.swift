/// An error of reading a file (not of what is inside it) that can say so as a diagnostic: the
/// files module's `FileError` is one. The library, which opens no file, reports any such error
/// from a ``PolicyLoader/DocumentReader`` through this.
package protocol ReadFailure: Error {
    /// What went wrong, without the path: `no such file`.
    var message: String { get }
    /// The error as a diagnostic at the file's first line.
    var diagnostic: Diagnostic { get }
}

extension DiagnosticError {
    /// Any error of a ``PolicyLoader/DocumentReader`` as diagnostics: its own, a
    /// ``ReadFailure``'s, or its description.
    package init(reading error: any Error) {
        switch error {
        case let error as DiagnosticError: self = error
        case let error as ReadFailure:
            var diagnostic = error.diagnostic
            diagnostic.kind = .unreadableFile
            self.init([diagnostic])
            isUnreadable = true
        default: self.init([.error("\(error)", at: nil)])
        }
    }
}
