import ReviewGate

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Scenario files on disk: finding them, and a runner that reads them (and golden transcripts).
public enum ScenarioFiles {
    /// The name ending that marks a scenario file.
    public static let suffix = ".scenario.yaml"

    /// The largest golden transcript read: far above the 1 MiB of a policy, since a long scenario's
    /// transcript grows with its steps.
    public static let maxGoldenBytes = 64 << 20

    /// The scenario files at `paths`, sorted: a file is taken as given; a folder is searched
    /// recursively for `*.scenario.yaml`, skipping hidden folders (`.git`, `.build`, `.build-*`)
    /// and links to folders.
    public static func find(in paths: [String]) throws(DiagnosticError) -> [String] {
        var found: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw DiagnosticError("no such file or folder", at: SourceLocation(file: path, line: 1, column: 1))
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                found += search(path).sorted()
            } else {
                found.append(path)
            }
        }
        return found
    }

    private static func search(_ folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(".") { continue }
            let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                found += search(path)
            } else if name.hasSuffix(suffix) {
                found.append(path)
            }
        }
        return found
    }
}

extension ScenarioRunner {
    /// A runner that reads scenario and policy files as YAML from disk, and golden transcripts
    /// beside them (written atomically by `--update`).
    public static func files(limits: YAMLLimits = .default) -> ScenarioRunner {
        ScenarioRunner(
            documents: { path throws(DiagnosticError) in try YAMLFile.document(atPath: path, limits: limits) },
            goldens: GoldenFiles(
                read: { path throws(DiagnosticError) in
                    guard AtomicFile.exists(path) else { return nil }
                    let bytes = try YAMLFile.bytes(atPath: path, limits: YAMLLimits(maxBytes: ScenarioFiles.maxGoldenBytes))
                    return String(decoding: bytes, as: UTF8.self)
                },
                write: { path, text throws(DiagnosticError) in
                    try AtomicFile.write(text, to: path, via: "\(path).reviewgate-tmp-\(getpid())")
                }))
    }
}
