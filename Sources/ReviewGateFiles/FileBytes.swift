import ReviewGate

/// Reads whole files, refusing one over a size limit before reading it.
public enum FileBytes {
    /// The bytes of the file at `path`, at most `maxBytes` of them.
    public static func read(_ path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        let descriptor = Platform.openForReading(path)
        guard descriptor >= 0 else { throw FileError(reading: path, system: Platform.lastError) }
        defer { Platform.close(descriptor) }
        switch Platform.kind(of: descriptor) {
        case .folder?: throw FileError(.isFolder, path: path, message: "is a folder, not a file")
        case .file(let size)? where size > maxBytes: throw tooLarge(path, size: size, limit: maxBytes)
        case nil: throw FileError(reading: path, system: Platform.lastError)
        default: break
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Platform.read(descriptor, into: $0) }
            if count < 0 { throw FileError(reading: path, system: Platform.lastError) }
            if count == 0 { break }
            bytes += buffer[0..<count]
            // A file that grows while read (or a device) is still held to the limit.
            if bytes.count > maxBytes { throw tooLarge(path, size: nil, limit: maxBytes) }
        }
        return bytes
    }

    /// Standard input, whole, at most `maxBytes` of it (a pre-commit hook's `git show :policy.yaml |`).
    public static func readStandardInput(maxBytes: Int) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Platform.read(0, into: $0) }
            if count < 0 { throw FileError(reading: "<stdin>", system: Platform.lastError) }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            if bytes.count > maxBytes { throw tooLarge("<stdin>", size: nil, limit: maxBytes) }
        }
    }

    /// Throws when there is no readable file at `path`, without reading it.
    public static func checkReadable(_ path: String) throws(FileError) {
        switch Platform.kind(of: path) {
        case .failure(let error): throw FileError(reading: path, system: error)
        case .success(.folder): throw FileError(.isFolder, path: path, message: "is a folder, not a file")
        case .success: break
        }
        guard Platform.isReadable(path) else {
            throw FileError(.permissionDenied, path: path, message: "cannot be read (permission denied)")
        }
    }

    private static func tooLarge(_ path: String, size: Int?, limit: Int) -> FileError {
        FileError(.tooLarge(limit: limit), path: path, message: DocumentLimits.sizeMessage(size: size, limit: limit))
    }
}
