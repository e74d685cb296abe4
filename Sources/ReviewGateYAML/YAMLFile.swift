import ReviewGate

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads YAML files from disk into nodes, refusing an oversized file before reading it.
public enum YAMLFile {
    /// The bytes of the file at `path`, or a diagnostic at `path:1:1` saying why not.
    public static func bytes(atPath path: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> [UInt8] {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw DiagnosticError(errno == ENOENT ? "no such file" : "cannot be read: \(String(cString: strerror(errno)))", at: start)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw DiagnosticError("cannot be read", at: start) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw DiagnosticError("is a folder, not a file", at: start) }
        if Int(info.st_size) > limits.maxBytes {
            throw DiagnosticError(
                "the file is \(info.st_size) bytes, over the limit of \(limits.maxBytes) bytes (1 MiB)", at: start)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DiagnosticError("cannot be read: \(String(cString: strerror(errno)))", at: start)
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            // A file that grows while read (or a device) is still held to the limit.
            if bytes.count > limits.maxBytes {
                throw DiagnosticError("the file is over the limit of \(limits.maxBytes) bytes (1 MiB)", at: start)
            }
        }
        return bytes
    }

    /// Throws when there is no readable file at `path` (without reading it).
    public static func checkReadable(_ path: String) throws(DiagnosticError) {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var info = stat()
        guard stat(path, &info) == 0 else { throw DiagnosticError("no such file", at: start) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw DiagnosticError("is a folder, not a file", at: start) }
        guard access(path, R_OK) == 0 else { throw DiagnosticError("cannot be read (permission denied)", at: start) }
    }

    /// The single YAML document of the file at `path`.
    public static func document(atPath path: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> Node {
        try YAMLLoader(limits: limits).loadDocument(bytes(atPath: path, limits: limits), file: path)
    }
}

extension PolicyLoader {
    /// A loader that reads policy files (and their `extends`) from disk as YAML.
    public static func yamlFiles(limits: YAMLLimits = .default) -> PolicyLoader {
        PolicyLoader { path throws(DiagnosticError) in try YAMLFile.document(atPath: path, limits: limits) }
    }
}
