@_spi(ReviewGateTools) import ReviewGate

/// A file that could not be read or written: the system's answer, kept apart from the
/// `DiagnosticError`s about what is inside a file, so that an app can tell "disk full" from
/// "state invalid" without reading text.
public struct FileError: ReadFailure, Sendable, CustomStringConvertible {
    /// Why, in the terms an app acts on: a stable id (`disk_full`) that a later version may add to
    /// without breaking a `switch` in an app (compare with `==`).
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The id: `disk_full`.
        public let rawValue: String

        /// The reason with this id.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The id.
        public var description: String { rawValue }

        /// Nothing is at the path.
        public static let notFound = Reason(rawValue: "not_found")
        /// The process may not read or write it.
        public static let permissionDenied = Reason(rawValue: "permission_denied")
        /// The path is a folder where a file was wanted.
        public static let isFolder = Reason(rawValue: "is_folder")
        /// The file is larger than the limit it is read with (``FileError/limit``).
        public static let tooLarge = Reason(rawValue: "too_large")
        /// A file is where a folder of the path should be.
        public static let notAFolder = Reason(rawValue: "not_a_folder")
        /// The file system is mounted read-only.
        public static let readOnly = Reason(rawValue: "read_only")
        /// The disk (or the quota) is full.
        public static let diskFull = Reason(rawValue: "disk_full")
        /// Another process held the state's lock for longer than the store waits.
        public static let lockTimeout = Reason(rawValue: "lock_timeout")
        /// Any other failure of the system; ``FileError/errorNumber`` says which.
        public static let failed = Reason(rawValue: "failed")
    }

    /// Why.
    public var reason: Reason
    /// The file concerned.
    public var path: String
    /// The system's error number (`errno`), when the system gave one.
    public var errorNumber: Int32?
    /// What happened, for a person, without the path: `no such file`.
    public var message: String
    /// The size limit, in bytes, of a file that is ``Reason/tooLarge``.
    public var limit: Int?

    /// Creates an error.
    public init(_ reason: Reason, path: String, errorNumber: Int32? = nil, message: String, limit: Int? = nil) {
        self.reason = reason
        self.path = path
        self.errorNumber = errorNumber
        self.message = message
        self.limit = limit
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
            case SystemCalls.Errno.readOnly: .readOnly
            case SystemCalls.Errno.notAFolder: .notAFolder
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
