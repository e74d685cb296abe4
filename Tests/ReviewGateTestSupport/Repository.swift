import Foundation

/// Where the tests find the repository's files and make their own.
package enum Repository {
    /// The repository's root (this file is `Tests/ReviewGateTestSupport/Repository.swift`).
    package static let root = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path under the root.
    package static func path(_ relative: String) -> String {
        root.appending(path: relative).path
    }

    /// `../shared/NAME` beside the repository, where the public conformance suites are.
    package static func shared(_ name: String) -> URL {
        root.appending(path: "../shared/\(name)").standardized
    }

    /// A program this package builds (`reviewgate`, `RemoteKeepProbe`), beside the test bundle in the
    /// build folder SwiftPM used.
    package static func built(_ name: String) -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return root.appending(path: ".build/debug/\(name)")
    }

    /// A fresh temporary folder for a test's files.
    package static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
