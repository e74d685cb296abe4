import ReviewGate

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a lock file, held until ``release()`` or the process ends (the kernel
/// drops it with the process, so a killed writer never leaves a stale lock).
struct FileLock {
    private let descriptor: Int32

    /// Creates the lock file if needed and waits for the lock. `subject` is the file the lock
    /// guards, where an error is reported.
    init(path: String, for subject: String) throws(DiagnosticError) {
        let at = SourceLocation(file: subject, line: 1, column: 1)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw DiagnosticError("cannot open the lock file \(path): \(String(cString: strerror(errno)))", at: at)
        }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let message = "cannot lock \(path): \(String(cString: strerror(errno)))"
            close(descriptor)
            throw DiagnosticError(message, at: at)
        }
        self.descriptor = descriptor
    }

    /// Releases the lock.
    func release() {
        close(descriptor)
    }
}
