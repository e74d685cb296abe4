import ReviewGate

/// A file that could not be read or written: the system's answer, kept apart from the
/// ``DiagnosticError``s about what is inside a file, so that an app can tell "disk full" from
/// "state invalid" without reading text.
public struct FileError: ReadFailure, Sendable, CustomStringConvertible {
    /// Why, in the terms an app acts on.
    public enum Reason: Sendable, Hashable {
        /// Nothing is at the path.
        case notFound
        /// The process may not read or write it.
        case permissionDenied
        /// The path is a folder where a file was wanted.
        case isFolder
        /// The file is larger than the limit it is read with.
        case tooLarge(limit: Int)
        /// The disk (or the quota) is full.
        case diskFull
        /// Any other failure of the system; ``FileError/errorNumber`` says which.
        case failed
    }

    /// Why.
    public var reason: Reason
    /// The file concerned.
    public var path: String
    /// The system's error number (`errno`), when the system gave one.
    public var errorNumber: Int32?
    /// What happened, for a person, without the path: `no such file`.
    public var message: String

    /// Creates an error.
    public init(_ reason: Reason, path: String, errorNumber: Int32? = nil, message: String) {
        self.reason = reason
        self.path = path
        self.errorNumber = errorNumber
        self.message = message
    }

    /// A file that could not be read: `no such file` when it does not exist, else the system's words.
    package init(reading path: String, system: SystemError) {
        self.init("cannot be read", path: path, system: system)
        if reason == .notFound { message = "no such file" }
    }

    /// An error from a failed system call: the reason from its error number, and a message of
    /// `doing` (`cannot be written: …`) and the system's words.
    package init(_ doing: String, path: String, system: SystemError) {
        let reason: Reason =
            switch system.number {
            case SystemCalls.Errno.notFound: .notFound
            case SystemCalls.Errno.accessDenied, SystemCalls.Errno.notPermitted: .permissionDenied
            case SystemCalls.Errno.isFolder: .isFolder
            case SystemCalls.Errno.noSpace, SystemCalls.Errno.quota: .diskFull
            default: .failed
            }
        self.init(
            reason, path: path, errorNumber: system.number, message: "\(doing): \(SystemCalls.describe(system.number))")
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    /// The error as a diagnostic at the file's first line, the form every command prints.
    public var diagnostic: Diagnostic {
        .error(message, at: SourceLocation(file: path, line: 1, column: 1))
    }
}
