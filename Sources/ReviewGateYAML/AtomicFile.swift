import ReviewGate

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents so that a crash at any instant leaves the old file or the new one:
/// write a temporary file in the same folder, flush it, rename it over the old one, flush the folder.
enum AtomicFile {
    /// Writes `text` to `path` through the temporary file `temporary` (same folder).
    static func write(_ text: String, to path: String, via temporary: String) throws(DiagnosticError) {
        let at = SourceLocation(file: path, line: 1, column: 1)
        func failure(_ what: String) -> DiagnosticError {
            DiagnosticError("cannot be written: \(what): \(String(cString: strerror(errno)))", at: at)
        }
        var info = stat()
        let mode = stat(path, &info) == 0 ? mode_t(info.st_mode & 0o7777) : 0o644
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        var written = false
        defer { if !written { unlink(temporary) } }
        // The old file's permissions, not the umask's.
        _ = fchmod(descriptor, mode)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glue.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure("writing \(temporary)")
                close(descriptor)
                throw error
            }
            offset += count
        }
        guard flush(descriptor) else {
            let error = failure("flushing \(temporary)")
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure("renaming \(temporary) over it") }
        written = true
        // The rename is durable only once the folder's entry is on disk.
        let folder = open(FilePath.directory(of: path), O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            _ = flush(folder)
            close(folder)
        }
    }

    /// Whether anything exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Flushes a file to stable storage: `F_FULLFSYNC` where it exists (Darwin's `fsync` stops at the
    /// drive's cache), else `fsync`.
    private static func flush(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }
}

/// The C library's functions whose names Swift code here also uses.
private enum Glue {
    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}
