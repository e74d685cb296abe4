@_spi(ReviewGateTools) import ReviewGate

/// An exclusive `flock` on a lock file, held until the value ends (``release()`` or the end of its
/// scope, a thrown error included) or the process does: the kernel drops it with the process, so a
/// killed writer never leaves a stale lock.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    /// Creates the lock file if needed and waits for the lock: for as long as it takes, or for at
    /// most `timeout`, after which it throws a ``FileError/Reason/lockTimeout`` error.
    init(path: String, timeout: Duration? = nil) throws(FileError) {
        let descriptor = SystemCalls.openLockFile(path)
        guard descriptor >= 0 else {
            throw FileError("cannot open the lock file", path: path, system: SystemCalls.lastError)
        }
        let locked: Bool? =
            if let timeout { Self.poll(descriptor, for: timeout) } else { SystemCalls.lockExclusively(descriptor) }
        guard locked == true else {
            let error =
                locked == nil
                ? FileError("cannot be locked", path: path, system: SystemCalls.lastError)
                : FileError(
                    .lockTimeout, path: path, message: "another process held the lock for longer than \(timeout!)")
            SystemCalls.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    /// Tries for the lock every few milliseconds until `timeout` has passed on the monotonic
    /// clock: whether it was taken (`nil`: the system refused).
    private static func poll(_ descriptor: Int32, for timeout: Duration) -> Bool? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            guard let taken = SystemCalls.tryLockExclusively(descriptor) else { return nil }
            if taken { return true }
            if clock.now >= deadline { return false }
            SystemCalls.sleep(milliseconds: 5)
        }
    }

    /// Releases the lock now.
    consuming func release() {}

    deinit {
        SystemCalls.close(descriptor)
    }
}
