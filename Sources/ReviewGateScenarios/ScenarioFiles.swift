@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// Scenario files on disk: finding them, and a runner that reads them and their golden transcripts.
public enum ScenarioFiles {
    /// The name endings that mark a scenario file.
    public static let suffixes = [".scenario.yaml", ".scenario.yml"]

    /// The scenario files at `paths`, sorted: a file is taken as given; a folder is searched
    /// recursively for `*.scenario.yaml` and `*.scenario.yml`, skipping hidden folders (`.git`, `.build`, `.build-*`)
    /// and links to folders.
    public static func find(in paths: [String]) throws(FileError) -> [String] {
        var found: [String] = []
        for path in paths {
            switch SystemCalls.kind(of: path) {
            case .failure(let error):
                if error.number == SystemCalls.Errno.notFound {
                    throw FileError(.notFound, path: path, errorNumber: error.number, message: "no such file or folder")
                }
                throw FileError(reading: path, system: error)
            case .success(.folder): found += search(path).sorted()
            case .success: found.append(path)
            }
        }
        return found
    }

    private static func search(_ folder: String) -> [String] {
        var found: [String] = []
        for name in SystemCalls.entries(of: folder) where !name.hasPrefix(".") {
            let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            switch SystemCalls.kind(of: path, followingLinks: false) {
            case .success(.folder): found += search(path)
            case .success where suffixes.contains(where: name.hasSuffix): found.append(path)
            default: continue
            }
        }
        return found
    }
}

extension ScenarioRunner {
    /// A runner that reads scenario and policy files from disk through `documents`, and golden
    /// transcripts beside them (written atomically by `.update`).
    public static func files(_ documents: DocumentFiles) -> ScenarioRunner {
        ScenarioRunner(documents: documents.reader, goldens: .disk)
    }
}
