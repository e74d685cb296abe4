import ReviewGate

/// An exclusive `flock` on a lock file, held until the value ends (``release()`` or the end of its
/// scope, a thrown error included) or the process does: the kernel drops it with the process, so a
/// killed writer never leaves a stale lock.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    /// Creates the lock file if needed and waits for the lock.
    init(path: String) throws(FileError) {
        let descriptor = SystemCalls.openLockFile(path)
        guard descriptor >= 0 else {
            throw FileError("cannot open the lock file", path: path, system: SystemCalls.lastError)
        }
        guard SystemCalls.lockExclusively(descriptor) else {
            let error = FileError("cannot be locked", path: path, system: SystemCalls.lastError)
            SystemCalls.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    /// Releases the lock now.
    consuming func release() {}

    deinit {
        SystemCalls.close(descriptor)
    }
}
