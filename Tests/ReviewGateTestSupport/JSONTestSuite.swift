import Foundation

/// JSONTestSuite's parsing cases (Nicolas Seriot, MIT), read from `../shared/json-test-suite`
/// beside the repository, or the folder in `REVIEWGATE_JSON_TEST_SUITE`.
package enum JSONTestSuite {
    /// One case: its file name (`y_`, `n_` or `i_` first) and bytes.
    package struct Case: Sendable, CustomStringConvertible {
        /// The file name.
        package var name: String
        /// The bytes.
        package var bytes: [UInt8]
        /// The file name, for test output.
        package var description: String { name }
    }

    /// The folder of the parsing cases.
    package static var folder: URL {
        if let path = ProcessInfo.processInfo.environment["REVIEWGATE_JSON_TEST_SUITE"] {
            return URL(filePath: path).appending(path: "test_parsing")
        }
        return Repository.shared("json-test-suite").appending(path: "test_parsing")
    }

    /// Every case, by name; empty when the suite is not there.
    package static let cases: [Case] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            (try? Data(contentsOf: folder.appending(path: name))).map { Case(name: name, bytes: Array($0)) }
        }
    }()
}
