import Foundation
import ReviewGateTestSupport

/// The public YAML test suite's cases, read from `../shared/yaml-test-suite` beside the repository.
struct YAMLTestSuiteCase: CustomStringConvertible, Sendable {
    let id: String
    let directory: URL

    var description: String { id }
    var input: [UInt8] { [UInt8]((try? Data(contentsOf: directory.appending(path: "in.yaml"))) ?? Data()) }
    var isError: Bool { FileManager.default.fileExists(atPath: directory.appending(path: "error").path) }
    var json: String? { try? String(contentsOf: directory.appending(path: "in.json"), encoding: .utf8) }
    var title: String {
        ((try? String(contentsOf: directory.appending(path: "==="), encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The suite's folder: `REVIEWGATE_YAML_TEST_SUITE`, else `../shared/yaml-test-suite` from the repository.
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["REVIEWGATE_YAML_TEST_SUITE"] {
            return URL(filePath: path)
        }
        return Repository.shared("yaml-test-suite")
    }()

    /// Every case folder holding an `in.yaml` (some cases have numbered sub-cases).
    static let all: [YAMLTestSuiteCase] = {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: root.path) else { return [] }
        var cases: [YAMLTestSuiteCase] = []
        for name in names.sorted() {
            let folder = root.appending(path: name)
            if manager.fileExists(atPath: folder.appending(path: "in.yaml").path) {
                cases.append(YAMLTestSuiteCase(id: name, directory: folder))
            } else if let subs = try? manager.contentsOfDirectory(atPath: folder.path) {
                for sub in subs.sorted() where manager.fileExists(atPath: folder.appending(path: "\(sub)/in.yaml").path)
                {
                    cases.append(YAMLTestSuiteCase(id: "\(name)/\(sub)", directory: folder.appending(path: sub)))
                }
            }
        }
        return cases
    }()
}

/// Splits a stream of concatenated JSON texts (the suite's `in.json` of a multi-document case).
enum JSONStream {
    static func values(_ text: String) -> [String] {
        var values: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if depth == 0 {
                        values.append(current)
                        current = ""
                    }
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                current.append(character)
            case "{", "[":
                depth += 1
                current.append(character)
            case "}", "]":
                depth -= 1
                current.append(character)
                if depth == 0 {
                    values.append(current)
                    current = ""
                }
            case _ where character.isWhitespace:
                if depth == 0, !current.isEmpty {
                    values.append(current)
                    current = ""
                } else if depth > 0 {
                    current.append(character)
                }
            default: current.append(character)
            }
        }
        if !current.isEmpty { values.append(current) }
        return values
    }

    /// A canonical text of a JSON value: parsed and written again with sorted keys.
    static func canonical(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
