/// Path arithmetic for `extends` and scenario files, without touching the file system.
package enum PathArithmetic {
    /// `relative` resolved against the folder of `file`; absolute paths stay as they are.
    package static func resolve(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        return normalize(directory(of: file) + "/" + relative)
    }

    /// The folder part of a path (`.` for a bare file name).
    package static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// The path with `.` and `name/..` removed, so that two spellings of a file compare equal.
    package static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` relative to the folder `root`, with `..` where it lies outside (`../shared/base.yaml`);
    /// unchanged when one is absolute and the other is not.
    package static func relative(_ path: String, to root: String) -> String {
        let (path, root) = (normalize(path), normalize(root))
        guard path.hasPrefix("/") == root.hasPrefix("/") else { return path }
        let pathParts = path.split(separator: "/")
        let rootParts = root == "." ? [] : root.split(separator: "/")
        var shared = 0
        while shared < min(pathParts.count, rootParts.count), pathParts[shared] == rootParts[shared] { shared += 1 }
        let ups = Array(repeating: "..", count: rootParts.count - shared)
        return (ups + pathParts[shared...].map(String.init)).joined(separator: "/")
    }
}
