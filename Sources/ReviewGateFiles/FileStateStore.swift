@_spi(ReviewGateTools) import ReviewGate

/// A JSON state file on disk (Semantics §3) that never loses a write.
///
/// Each update holds an exclusive `flock` on a sidecar `<state>.lock` in the same folder (never on
/// the state file itself, which each write replaces), so concurrent processes take turns. The new
/// state goes to a temporary file in the same folder, is flushed to disk and renamed over the old
/// one, and the folder is flushed: a crash at any instant leaves the old file or the new one, never
/// a mix. A state file that does not parse is never overwritten.
///
/// Its methods throw a ``FileError`` when the disk fails (not found, permission, disk full) and a
/// `DiagnosticError` when the file's content is not a valid state.
public struct FileStateStore: StateStore, Sendable {
    /// The state file.
    public var path: String
    /// The policy's version key, whose version string the state must have; `nil` (an app's) to
    /// require none: each change's policy has its own, so a remote update that changes it cannot
    /// leave the store behind.
    package var versionKey: VersionKey?
    /// The state an update starts from when the file does not exist yet (an app's first launch);
    /// `nil` makes a missing file an error.
    public var initialState: ReviewState?
    /// How the state file's bytes become a document: JSON alone for an app, YAML too for the
    /// command line.
    package var documents: DocumentFiles
    /// How the file is written and read: JSON for an app's store whatever its name, else by the
    /// path's extension (the command line's YAML states).
    package var format: StateEncoder.Format
    /// How long an update waits for another process's lock before it fails with a
    /// ``FileError/Reason/lockTimeout`` error; `nil` waits for as long as it takes.
    public var lockTimeout: Duration?
    /// An app's: what an update does with a state file that cannot be decoded (Semantics §11), moving
    /// it aside and starting afresh; `nil` (the command line's) throws the file's diagnostics.
    package var recovery: StateRecovery?
    /// Whether an update makes the state file's folder first (an app's first launch).
    package var makesFolder = false

    /// A store over the JSON state file at `path`, started from `initialState` when there is none yet.
    public init(path: String, initialState: ReviewState? = nil) {
        self.init(path: path, versionKey: nil, initialState: initialState, documents: .jsonOnly)
        format = .json
    }

    /// A store over the state file at `path`, read through `documents` for a policy with
    /// `versionKey`: the command line's, for YAML states.
    package init(path: String, versionKey: VersionKey?, initialState: ReviewState? = nil, documents: DocumentFiles) {
        self.path = path
        self.versionKey = versionKey
        self.initialState = initialState
        self.documents = documents
        format = StateEncoder.Format(path: path)
    }

    /// The file that is written: the state file, or the file it links to when it is a symbolic
    /// link (a link is followed, never replaced by a file).
    package var targetPath: String { SystemCalls.resolvingLinks(path) ?? path }

    /// The sidecar file that updates lock, beside the ``targetPath``.
    package var lockPath: String { Self.lockPath(for: targetPath) }

    /// The temporary file a new state is written to before it replaces the old one, in the
    /// target's folder; only the holder of the lock writes it, so one name serves, and a crash
    /// leaves at most this one file.
    package var temporaryPath: String { Self.temporaryPath(for: targetPath) }

    private static func lockPath(for target: String) -> String { target + ".lock" }
    private static func temporaryPath(for target: String) -> String { target + ".reviewgate-tmp" }

    /// The current state. A reader needs no lock: the file is only ever replaced whole.
    public func load() throws -> ReviewState {
        try read().state
    }

    /// Reads, changes and atomically rewrites the state under the lock; writes nothing when
    /// `change` throws, or changes nothing in a file that exists (a file started from the
    /// ``initialState`` is always written).
    public func update<Result>(_ change: (inout ReviewState) throws -> Result) throws -> Result {
        let target = targetPath
        if makesFolder { try Self.makeFolder(of: target) }
        let lock = try FileLock(path: Self.lockPath(for: target), timeout: lockTimeout)
        let (old, header, created) = try recovery.map { try recoverableRead($0) } ?? read()
        var state = old
        let result = try change(&state)
        if state != old || created {
            // The library that last wrote it (Semantics §3, `written_by`).
            state.writtenBy = LibraryVersion.text
            try AtomicFile.write(
                header + StateEncoder.encode(state, as: format), to: target, via: Self.temporaryPath(for: target))
        }
        lock.release()
        return result
    }

    /// Writes the ``initialState`` when there is no state file yet; whether it did.
    public func create() throws -> Bool {
        guard initialState != nil else { return false }
        return try update { _ in !AtomicFile.exists(path) }
    }

    /// Makes the folder `path` is in, and its missing parents: an error names the folder and why
    /// it could not be made.
    private static func makeFolder(of path: String) throws(FileError) {
        let folder = PathArithmetic.directory(of: path)
        guard SystemCalls.makeFolder(folder) else {
            var system = SystemCalls.lastError
            // mkdir over a file: a file is in the way of the folder.
            if system.number == SystemCalls.Errno.exists { system = SystemError(number: SystemCalls.Errno.notAFolder) }
            throw FileError("cannot be made", path: folder, system: system)
        }
    }

    /// ``read()``, under the lock, with a state that cannot be decoded moved aside and replaced by
    /// `recovery`'s fresh state (reported to it), unless a newer reviewgate wrote it.
    private func recoverableRead(_ recovery: StateRecovery) throws -> (
        state: ReviewState, header: String, created: Bool
    ) {
        do {
            return try read()
        } catch let error as DiagnosticError {
            let bytes = try FileBytes.read(path, maxBytes: documents.maxBytes)
            switch StateFailure(of: bytes, file: path) {
            case nil: return try read()  // replaced meanwhile by a good one
            case .newerState?: throw UndecodableState(failure: .newerState, diagnostics: error)
            case let failure?:
                let movedTo = try recovery.moveAside(targetPath)
                let fresh = recovery.freshState(StateSalvage(damaged: bytes, file: path))
                recovery.didReset(StateReset(failure: failure, movedTo: movedTo, diagnostics: error))
                return (fresh, "", true)
            }
        } catch let error as FileError where error.reason == .tooLarge {
            let movedTo = try recovery.moveAside(targetPath)
            recovery.didReset(StateReset(failure: .invalid, movedTo: movedTo, diagnostics: nil))
            return (recovery.freshState(StateSalvage()), "", true)
        }
    }

    /// The decoded state, the comment lines that open the file (kept on rewrite, so a
    /// `# yaml-language-server: $schema=...` line survives), and whether it is the initial state
    /// of a file that does not exist yet.
    private func read() throws -> (state: ReviewState, header: String, created: Bool) {
        if let initialState, !AtomicFile.exists(path) { return (initialState, "", true) }
        let bytes = try FileBytes.read(path, maxBytes: documents.maxBytes)
        let root =
            format == .json
            ? try JSONReader().loadDocument(bytes, file: path) : try documents.document(bytes, path: path)
        let state = try StateDecoder.decode(root, versionKey: versionKey)
        return (state, format == .yaml ? Self.leadingComments(bytes) : "", false)
    }

    /// The file's opening lines that are comments, each with its newline.
    static func leadingComments(_ bytes: [UInt8]) -> String {
        var end = 0
        while end < bytes.count, bytes[end] == UInt8(ascii: "#") {
            guard let newline = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) else { return "" }
            end = newline + 1
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
