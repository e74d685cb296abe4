@_spi(ReviewGateTools) import ReviewGate

/// Replaces a file's contents so that a crash at any instant leaves the old file or the new one:
/// write a temporary file in the same folder, flush it, rename it over the old one, flush the folder.
public enum AtomicFile {
    /// Writes `text` to `path` atomically, through a temporary file beside it named after this process.
    public static func write(_ text: String, to path: String) throws(FileError) {
        try write(text, to: path, via: temporary(for: path))
    }

    /// What the temporary files beside a file start with: its name and this marker.
    static let temporaryMarker = ".reviewgate-tmp-"

    /// The temporary file beside `path` that this process writes through.
    static func temporary(for path: String) -> String {
        "\(path)\(temporaryMarker)\(SystemCalls.processID)"
    }

    /// Removes the temporary files that writes of killed processes left beside `path`.
    package static func removeLeftovers(of path: String) {
        let folder = PathArithmetic.directory(of: path)
        let prefix = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "") + temporaryMarker
        for name in SystemCalls.entries(of: folder) where name.hasPrefix(prefix) {
            SystemCalls.remove(folder + "/" + name)
        }
    }

    /// Creates the folder `path` is in, and its missing parents.
    package static func createFolder(of path: String) throws(FileError) {
        let folder = PathArithmetic.directory(of: path)
        guard SystemCalls.makeFolder(folder) else {
            throw FileError(
                "cannot be written: cannot create its folder \(folder)", path: path, system: SystemCalls.lastError)
        }
    }

    /// Writes `text` to `path` through the temporary file `temporary` (same folder), keeping the
    /// old file's permissions.
    static func write(_ text: String, to path: String, via temporary: String) throws(FileError) {
        let stream = try Stream(path, via: temporary)
        stream.write(text)
        try stream.commit()
    }

    /// A file written in pieces, atomically: its text goes to a temporary file beside it (through
    /// a buffer of 1 MiB), which ``commit()`` flushes and renames over `path`. Not committed, the
    /// temporary file is removed and `path` is left as it was. For output too large to build in
    /// memory first (`simulate --asks` over millions of people).
    package final class Stream {
        private let path: String
        private let temporary: String
        private var descriptor: Int32
        private var buffer: [UInt8] = []
        private var failure: FileError?
        private var committed = false
        private static let bufferSize = 1 << 20

        /// Starts writing `path`, through a temporary file beside it named after this process.
        public convenience init(_ path: String) throws(FileError) {
            try self.init(path, via: AtomicFile.temporary(for: path))
        }

        init(_ path: String, via temporary: String) throws(FileError) {
            self.path = path
            self.temporary = temporary
            descriptor = SystemCalls.openForWriting(temporary, mode: SystemCalls.permissions(of: path) ?? 0o644)
            guard descriptor >= 0 else {
                throw FileError(
                    "cannot be written: cannot create \(temporary)", path: path, system: SystemCalls.lastError)
            }
        }

        /// Appends `text`. A write that fails is kept and thrown by ``commit()``; later text is dropped.
        public func write(_ text: String) {
            guard failure == nil else { return }
            var text = text
            text.withUTF8 { buffer.append(contentsOf: $0) }
            if buffer.count >= Self.bufferSize { drain() }
        }

        /// Flushes what was written to disk and renames it over `path`; throws the first failure.
        public func commit() throws(FileError) {
            drain()
            if failure == nil, !SystemCalls.flush(descriptor) { failure = error("flushing \(temporary)") }
            SystemCalls.close(descriptor)
            descriptor = -1
            if let failure { throw failure }
            guard SystemCalls.rename(temporary, to: path) else { throw error("renaming \(temporary) over it") }
            committed = true
            // The rename is durable only once the folder's entry is on disk.
            SystemCalls.flushFolder(PathArithmetic.directory(of: path))
        }

        deinit {
            if descriptor >= 0 { SystemCalls.close(descriptor) }
            if !committed { SystemCalls.remove(temporary) }
        }

        private func drain() {
            guard failure == nil, !buffer.isEmpty else { return }
            let complete = buffer.withUnsafeBytes { SystemCalls.writeAll(descriptor, $0) }
            if !complete { failure = error("writing \(temporary)") }
            buffer.removeAll(keepingCapacity: true)
        }

        private func error(_ doing: String) -> FileError {
            FileError("cannot be written: \(doing)", path: path, system: SystemCalls.lastError)
        }
    }

    /// Whether anything exists at `path`.
    package static func exists(_ path: String) -> Bool {
        if case .success = SystemCalls.kind(of: path) { return true }
        return false
    }
}
