import ReviewGate

/// Replaces a file's contents so that a crash at any instant leaves the old file or the new one:
/// write a temporary file in the same folder, flush it, rename it over the old one, flush the folder.
public enum AtomicFile {
    /// Writes `text` to `path` atomically, through a temporary file beside it named after this process.
    public static func write(_ text: String, to path: String) throws(FileError) {
        try write(text, to: path, via: "\(path).reviewgate-tmp-\(Platform.processID)")
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
    public final class Stream {
        private let path: String
        private let temporary: String
        private var descriptor: Int32
        private var buffer: [UInt8] = []
        private var failure: FileError?
        private var committed = false
        private static let bufferSize = 1 << 20

        /// Starts writing `path`, through a temporary file beside it named after this process.
        public convenience init(_ path: String) throws(FileError) {
            try self.init(path, via: "\(path).reviewgate-tmp-\(Platform.processID)")
        }

        init(_ path: String, via temporary: String) throws(FileError) {
            self.path = path
            self.temporary = temporary
            descriptor = Platform.openForWriting(temporary, mode: Platform.permissions(of: path) ?? 0o644)
            guard descriptor >= 0 else {
                throw FileError("cannot be written: cannot create \(temporary)", path: path, system: Platform.lastError)
            }
            buffer.reserveCapacity(Self.bufferSize)
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
            if failure == nil, !Platform.flush(descriptor) { failure = error("flushing \(temporary)") }
            Platform.close(descriptor)
            descriptor = -1
            if let failure { throw failure }
            guard Platform.rename(temporary, to: path) else { throw error("renaming \(temporary) over it") }
            committed = true
            // The rename is durable only once the folder's entry is on disk.
            Platform.flushFolder(PathArithmetic.directory(of: path))
        }

        deinit {
            if descriptor >= 0 { Platform.close(descriptor) }
            if !committed { Platform.remove(temporary) }
        }

        private func drain() {
            guard failure == nil, !buffer.isEmpty else { return }
            let complete = buffer.withUnsafeBytes { Platform.writeAll(descriptor, $0) }
            if !complete { failure = error("writing \(temporary)") }
            buffer.removeAll(keepingCapacity: true)
        }

        private func error(_ doing: String) -> FileError {
            FileError("cannot be written: \(doing)", path: path, system: Platform.lastError)
        }
    }

    /// Whether anything exists at `path`.
    static func exists(_ path: String) -> Bool {
        if case .success = Platform.kind(of: path) { return true }
        return false
    }
}
