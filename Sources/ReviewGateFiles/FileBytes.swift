@_spi(ReviewGateTools) import ReviewGate

/// Reads whole files, refusing one over a size limit before reading it.
public enum FileBytes {
    /// The bytes of the file at `path`, at most `maxBytes` of them.
    public static func read(_ path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        let descriptor = SystemCalls.openForReading(path)
        guard descriptor >= 0 else { throw FileError(reading: path, system: SystemCalls.lastError) }
        defer { SystemCalls.close(descriptor) }
        switch SystemCalls.kind(of: descriptor) {
        case .folder?: throw FileError(.isFolder, path: path, message: "is a folder, not a file")
        case .file(let size)? where size > maxBytes: throw tooLarge(path, size: size, limit: maxBytes)
        case nil: throw FileError(reading: path, system: SystemCalls.lastError)
        default: break
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(descriptor, into: $0) }
            if count < 0 { throw FileError(reading: path, system: SystemCalls.lastError) }
            if count == 0 { break }
            bytes += buffer[0..<count]
            // A file that grows while read (or a device) is still held to the limit.
            if bytes.count > maxBytes { throw tooLarge(path, size: nil, limit: maxBytes) }
        }
        return bytes
    }

    /// Standard input, whole, at most `maxBytes` of it (a pre-commit hook's `git show :policy.yaml |`).
    package static func readStandardInput(maxBytes: Int) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(0, into: $0) }
            if count < 0 { throw FileError(reading: "<stdin>", system: SystemCalls.lastError) }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            if bytes.count > maxBytes { throw tooLarge("<stdin>", size: nil, limit: maxBytes) }
        }
    }

    /// Throws when there is no readable file at `path`, without reading it.
    package static func checkReadable(_ path: String) throws(FileError) {
        switch SystemCalls.kind(of: path) {
        case .failure(let error): throw FileError(reading: path, system: error)
        case .success(.folder): throw FileError(.isFolder, path: path, message: "is a folder, not a file")
        case .success: break
        }
        guard SystemCalls.isReadable(path) else {
            throw FileError(.permissionDenied, path: path, message: "cannot be read (permission denied)")
        }
    }

    private static func tooLarge(_ path: String, size: Int?, limit: Int) -> FileError {
        FileError(.tooLarge, path: path, message: DocumentLimits.sizeMessage(size: size, limit: limit), limit: limit)
    }
}
