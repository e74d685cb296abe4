#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Musl)
    @preconcurrency import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place that talks to the C library: every system call the files module and the
/// command line make, in Swift terms, so that no other file needs the platform's module.
package enum SystemCalls {
    /// What is at a path.
    package enum Kind: Sendable {
        case file(size: Int)
        case folder
        case other
    }

    /// The last system call's error number.
    package static var lastError: SystemError { SystemError(number: errno) }

    /// The error numbers that callers tell apart.
    package enum Errno {
        package static let notFound = ENOENT
        package static let accessDenied = EACCES
        package static let notPermitted = EPERM
        package static let isFolder = EISDIR
        package static let noSpace = ENOSPC
        package static let quota = EDQUOT
        package static let readOnly = EROFS
        package static let notAFolder = ENOTDIR
        package static let exists = EEXIST
    }

    /// The system's text for an error number.
    package static func describe(_ number: Int32) -> String {
        String(cString: strerror(number))
    }

    // MARK: Paths

    /// What is at `path` (following links, or not with `followingLinks: false`), or the error number.
    package static func kind(of path: String, followingLinks: Bool = true) -> Result<Kind, SystemError> {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            return .failure(SystemError(number: errno))
        }
        return .success(kind(info))
    }

    private static func kind(_ info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .file(size: Int(info.st_size))
        default: .other
        }
    }

    /// Whether the process may read the file at `path`.
    package static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// The permission bits of the file at `path`, if it exists.
    package static func permissions(of path: String) -> UInt32? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt32(info.st_mode & 0o7777) : nil
    }

    /// The file a path names once every symbolic link on the way is followed (absolute), or
    /// `nil` when there is no such file.
    package static func resolvingLinks(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in a folder, without `.` and `..`; empty when it cannot be read.
    package static func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Renames `from` over `to` in one step.
    package static func rename(_ from: String, to: String) -> Bool {
        #if canImport(Glibc)
            Glibc.rename(from, to) == 0
        #elseif canImport(Musl)
            Musl.rename(from, to) == 0
        #else
            Darwin.rename(from, to) == 0
        #endif
    }

    /// Removes a file.
    package static func remove(_ path: String) {
        unlink(path)
    }

    /// Creates a folder (mode 0755), its missing parents first; whether it exists afterwards.
    package static func makeFolder(_ path: String) -> Bool {
        if case .success(.folder) = kind(of: path) { return true }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            _ = makeFolder(String(path[..<slash]))
        }
        if mkdir(path, 0o755) == 0 { return true }
        let failure = errno
        if case .success(.folder) = kind(of: path) { return true }
        // mkdir's reason, not the check's: "permission denied", not "no such file".
        errno = failure
        return false
    }

    // MARK: Descriptors

    /// Opens a file for reading.
    package static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }

    /// Opens (creating) a file for writing from its start, with `mode` as its permissions.
    package static func openForWriting(_ path: String, mode: UInt32) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(mode))
        // The given permissions, not the umask's.
        if descriptor >= 0 { _ = fchmod(descriptor, mode_t(mode)) }
        return descriptor
    }

    /// Creates a file that must not exist yet, with exactly `mode` (not the umask's) from its first
    /// instant; -1 when it exists or cannot be made.
    package static func createExclusive(_ path: String, mode: UInt32) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode & 0o600))
        if descriptor >= 0 { _ = fchmod(descriptor, mode_t(mode)) }
        return descriptor
    }

    /// Opens (creating) a lock file.
    package static func openLockFile(_ path: String) -> Int32 {
        open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
    }

    /// What an open descriptor refers to.
    package static func kind(of descriptor: Int32) -> Kind? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? kind(info) : nil
    }

    /// Maps the first `count` bytes of an open file for reading, to be read once from start to
    /// end; `nil` when the file cannot be mapped (a pipe, a device, an empty file).
    package static func mapForReading(_ descriptor: Int32, count: Int) -> UnsafeRawBufferPointer? {
        // MAP_FAILED, (void *)-1, which Darwin's module does not name.
        guard count > 0, let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        _ = posix_madvise(address, count, POSIX_MADV_SEQUENTIAL)
        return UnsafeRawBufferPointer(start: address, count: count)
    }

    /// Tells the system that the whole pages within `bytes`, part of what ``mapForReading(_:count:)``
    /// mapped, will not be read again: they leave the process's memory (the file's cache keeps them).
    package static func release(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let page = pageSize
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + bytes.count) / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED)
    }

    /// Maps in, at once, the pages of `bytes` (part of what ``mapForReading(_:count:)`` mapped) that
    /// are about to be read, so that reading them takes no page fault each (Linux 5.14's
    /// `MADV_POPULATE_READ`; elsewhere, or on an older kernel, a hint or nothing).
    package static func prefetch(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let page = pageSize
        let start = Int(bitPattern: base) / page * page
        let length = Int(bitPattern: base) + bytes.count - start
        #if os(Linux)
            let populateRead: Int32 = 22  // MADV_POPULATE_READ, which Glibc's headers may not name
            if madvise(UnsafeMutableRawPointer(bitPattern: start), length, populateRead) == 0 { return }
        #endif
        _ = posix_madvise(UnsafeMutableRawPointer(bitPattern: start), length, POSIX_MADV_WILLNEED)
    }

    /// The size of a page of memory, which ``prefetch(_:)`` and ``release(_:)`` round to.
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Unmaps what ``mapForReading(_:count:)`` mapped.
    package static func unmap(_ bytes: UnsafeRawBufferPointer) {
        _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Reads up to `count` bytes; retries on interruption. Negative on error.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #elseif canImport(Musl)
                let count = Musl.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Writes all of `bytes`; retries on interruption. Whether it all went.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #elseif canImport(Musl)
                let count = Musl.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #else
                let count = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Flushes a file to stable storage: `F_FULLFSYNC` where it exists (Darwin's `fsync` stops at
    /// the drive's cache), else `fsync`.
    package static func flush(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Flushes a folder's entries (a rename is durable only then); failures are ignored, as some
    /// file systems cannot.
    package static func flushFolder(_ path: String) {
        let folder = open(path, O_RDONLY | O_CLOEXEC)
        guard folder >= 0 else { return }
        _ = flush(folder)
        close(folder)
    }

    /// Takes an exclusive `flock`, waiting for it; retries on interruption.
    package static func lockExclusively(_ descriptor: Int32) -> Bool {
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Tries for an exclusive `flock` without waiting: `true` when taken, `false` when another
    /// holds it, `nil` on any other failure (``lastError`` says which); retries on interruption.
    package static func tryLockExclusively(_ descriptor: Int32) -> Bool? {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            if errno != EINTR { return nil }
        }
        return true
    }

    /// Whether `descriptor` has input to read (or its end) within `milliseconds`; retries on
    /// interruption. A failed `poll` says there is input, so that the read after it reports the error.
    package static func hasInput(_ descriptor: Int32, within milliseconds: Int) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let count = poll(&entry, 1, Int32(milliseconds))
            if count < 0 && errno == EINTR { continue }
            return count != 0
        }
    }

    /// Sleeps the calling thread for at least `milliseconds`.
    package static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// Closes a descriptor.
    package static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
            _ = Musl.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    // MARK: The process

    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// An environment variable's value, or `nil` when it is not set.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// How many processors are online, at least 1.
    package static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// A clock that only goes forward, in nanoseconds from some start: for rates and times left.
    package static func monotonicClock() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Whether standard output (1) or standard error (2) is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Writes text to standard error, after flushing standard output so that lines keep their order.
    package static func writeStandardError(_ text: String) {
        fflush(nil)
        var text = text
        text.withUTF8 { _ = writeAll(2, UnsafeRawBufferPointer($0)) }
    }

    /// The wall clock, in nanoseconds since 1970.
    package static func wallClock() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// The machine's UTC offset at an instant, in seconds east of UTC (its time zone's, daylight
    /// saving included): the offset of a moment the command line dates by the clock (Semantics §14.2).
    package static func utcOffset(atNanoseconds nanoseconds: Int64) -> Int {
        var seconds = time_t(nanoseconds / 1_000_000_000)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// Ends the process with a code, flushing output first.
    package static func exit(_ code: Int32) -> Never {
        fflush(nil)
        #if canImport(Glibc)
            Glibc.exit(code)
        #elseif canImport(Musl)
            Musl.exit(code)
        #else
            Darwin.exit(code)
        #endif
    }
}

/// A failed system call's error number.
package struct SystemError: Error, Sendable {
    /// `errno` after the call.
    package var number: Int32

    /// The error of `errno` `number`.
    package init(number: Int32) { self.number = number }
}
