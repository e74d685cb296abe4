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
        func failure(_ doing: String) -> FileError {
            FileError("cannot be written: \(doing)", path: path, system: Platform.lastError)
        }
        let mode = Platform.permissions(of: path) ?? 0o644
        let descriptor = Platform.openForWriting(temporary, mode: mode)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        var written = false
        defer { if !written { Platform.remove(temporary) } }
        var text = text
        let complete = text.withUTF8 { Platform.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        guard complete else {
            let error = failure("writing \(temporary)")
            Platform.close(descriptor)
            throw error
        }
        guard Platform.flush(descriptor) else {
            let error = failure("flushing \(temporary)")
            Platform.close(descriptor)
            throw error
        }
        Platform.close(descriptor)
        guard Platform.rename(temporary, to: path) else { throw failure("renaming \(temporary) over it") }
        written = true
        // The rename is durable only once the folder's entry is on disk.
        Platform.flushFolder(PathArithmetic.directory(of: path))
    }

    /// Whether anything exists at `path`.
    static func exists(_ path: String) -> Bool {
        if case .success = Platform.kind(of: path) { return true }
        return false
    }
}
