import Foundation

/// Where the tests find the repository's files and make their own.
public enum Repository {
    /// The repository's root (this file is `Tests/ReviewGateTestSupport/Repository.swift`).
    public static let root = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path under the root.
    public static func path(_ relative: String) -> String {
        root.appending(path: relative).path
    }

    /// `../shared/NAME` beside the repository, where the public conformance suites are.
    public static func shared(_ name: String) -> URL {
        root.appending(path: "../shared/\(name)").standardized
    }

    /// A fresh temporary folder for a test's files.
    public static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
