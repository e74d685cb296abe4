import Foundation
import ReviewGateTestSupport
import Testing

/// Every example in the README runs and shows its real output:
///
/// - a block of `$ ` commands runs each `reviewgate` command in a copy of `policies/` and `schemas/`
///   and compares what it prints (stderr, then stdout) with the lines under it, where a line `...`
///   stands for any lines and `…` in a line for any text (a fresh key's id); `$ cat FILE` shows a file: a shipped file must be those lines, any other
///   is written from them for the commands after it;
/// - a `sh` block's `reviewgate` commands run and do not fail with 2;
/// - a `yaml` block is a shipped file byte for byte, or a file that validates (its `extends:
///   base.yaml` is the README's first policy); a block of a transcript step is in a shipped golden;
/// - a command synopsis names only options its command has;
/// - the Swift examples are the ones `ReadmeAppExampleTests`, `OwnStorageTests`,
///   `RemotePolicyTests` and `SimulationRequestTests` compile and run, line for line (the fragments
///   of an app's manifest and its presenters, marked `swift Package.swift`, `swift UIKit` and
///   `swift SwiftUI`, build on Apple platforms only).
@Suite("README examples")
struct ReadmeTests {
    typealias Block = CodeBlocks.Block

    static let blocks: [Block] = CodeBlocks.parse(
        (try? String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)) ?? "")

    /// A copy of what the examples read, so that none of them writes into the repository.
    static func workspace() throws -> URL {
        let folder = try Repository.temporaryFolder()
        for name in ["policies", "schemas"] {
            try FileManager.default.copyItem(
                at: Repository.root.appending(path: name), to: folder.appending(path: name))
        }
        return folder
    }

    /// A command line split into words, with `\` continuations already joined; `swift run ` dropped.
    static func words(_ command: String) -> [String] {
        var words = command.split(separator: " ").map(String.init)
        if words.starts(with: ["swift", "run"]) { words.removeFirst(2) }
        return words
    }

    /// Whether `actual` matches `expected`, where an expected line `...` matches any lines.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "..." {
            return actual.indices.map { actual[$0...] }.contains { matches(expected.dropFirst(), $0) }
                || matches(expected.dropFirst(), actual[actual.endIndex...])
        }
        guard let line = actual.first, lineMatches(first, line) else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    /// Whether `line` is `expected`, where `…` stands for any text.
    static func lineMatches(_ expected: String, _ line: String) -> Bool {
        let parts = expected.components(separatedBy: "…")
        guard parts.count > 1 else { return expected == line }
        guard line.hasPrefix(parts[0]), line.dropFirst(parts[0].count).hasSuffix(parts.last!),
            line.count >= parts[0].count + parts.last!.count
        else { return false }
        var rest = line.dropFirst(parts[0].count).dropLast(parts.last!.count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    @Test func theReadmeHasExamples() {
        #expect(Self.blocks.count > 15)
        #expect(Self.blocks.filter { $0.lines.contains { $0.hasPrefix("$ ") } }.count >= 4)
    }

    @Test func sessionsPrintWhatTheReadmeShows() throws {
        let workspace = try Self.workspace()
        for block in Self.blocks where block.lines.contains(where: { $0.hasPrefix("$ ") }) {
            // Commands with the lines under each.
            var commands: [(command: String, output: [String])] = []
            for line in block.lines {
                if line.hasPrefix("$ ") {
                    commands.append((String(line.dropFirst(2)), []))
                } else if let last = commands.last, last.command.hasSuffix("\\"), last.output.isEmpty {
                    commands[commands.count - 1].command =
                        String(last.command.dropLast()) + line.trimmingCharacters(in: .whitespaces)
                } else if !commands.isEmpty {
                    commands[commands.count - 1].output.append(line)
                }
            }
            for (command, output) in commands {
                var expected = output
                while expected.last == "" { expected.removeLast() }
                let words = Self.words(command)
                if words.first == "cat", words.count == 2 {
                    let shipped = Repository.root.appending(path: words[1])
                    let text = expected.joined(separator: "\n") + "\n"
                    if FileManager.default.fileExists(atPath: shipped.path) {
                        #expect(
                            try String(contentsOf: shipped, encoding: .utf8) == text,
                            "README line \(block.line): \(words[1]) differs")
                    } else {
                        try text.write(to: workspace.appending(path: words[1]), atomically: true, encoding: .utf8)
                    }
                    continue
                }
                try #require(words.first == "reviewgate", "README line \(block.line): \(command)")
                let result = try CLIRunner.runProcess(Array(words.dropFirst()), in: workspace)
                var actual = (result.stderr + result.stdout).split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
                while actual.last == "" { actual.removeLast() }
                #expect(
                    Self.matches(expected[...], actual[...]),
                    "README line \(block.line): $ \(command)\n--- README\n\(expected.joined(separator: "\n"))\n--- actual\n\(actual.joined(separator: "\n"))"
                )
            }
        }
    }

    @Test func shellCommandsRun() throws {
        let workspace = try Self.workspace()
        for block in Self.blocks where block.info == "sh" {
            for line in block.lines {
                var input: String?
                var command = line
                // `git show :FILE | reviewgate ...`: the staged file is the file itself here.
                if let pipe = line.range(of: " | "), line.hasPrefix("git show :") {
                    let file = String(line[line.index(line.startIndex, offsetBy: 10)..<pipe.lowerBound])
                    input = try String(contentsOf: workspace.appending(path: file), encoding: .utf8)
                    command = String(line[pipe.upperBound...])
                }
                let words = Self.words(command)
                guard words.first == "reviewgate" else { continue }
                let arguments = words.dropFirst().map {
                    // The shell pattern of the CI example: the shipped policies.
                    $0 == "policies/!(*.scenario|*.state).yaml" ? "policies/apple-sample.yaml" : $0
                }
                let result = try CLIRunner.runProcess(arguments, in: workspace, input: input)
                // A validation passes; another command may block (1), never fail to run (2).
                let passed = arguments.first == "validate" ? result.status == 0 : result.status != 2
                #expect(passed, "README line \(block.line): \(line)\n\(result.stderr)")
            }
        }
    }

    @Test func yamlBlocksAreShippedFilesValidPoliciesOrTranscripts() throws {
        let workspace = try Self.workspace()
        let yamlBlocks = Self.blocks.filter { $0.info == "yaml" }
        let first = try #require(yamlBlocks.first)
        try first.lines.joined(separator: "\n").write(
            to: workspace.appending(path: "base.yaml"), atomically: true, encoding: .utf8)
        let shipped = try Self.shippedTexts()
        for block in yamlBlocks {
            let text = block.lines.joined(separator: "\n") + "\n"
            if shipped.contains(text) { continue }
            let file = workspace.appending(path: "block-\(block.line).yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try CLIRunner.runProcess(["validate", file.lastPathComponent], in: workspace)
            #expect(result.status == 0, "README line \(block.line):\n\(result.stderr)")
        }
    }

    /// *Running part of the tests* names every slow suite (`…SlowTests`, which `swift test --skip
    /// SlowTests` leaves out), and names no suite that does not exist.
    @Test func theSlowSuitesAreTheReadmes() throws {
        let tests = Repository.root.appending(path: "Tests")
        let files = (FileManager.default.enumerator(atPath: tests.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }
        var suites: Set<String> = []
        for file in files {
            let text = try String(contentsOf: tests.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("struct ") && line.contains("SlowTests") {
                let name = line.components(separatedBy: "struct ").dropFirst().first?.prefix {
                    $0.isLetter || $0.isNumber
                }
                if let name, name.hasSuffix("SlowTests") { suites.insert(String(name)) }
            }
        }
        #expect(suites.count >= 7, "\(suites)")
        let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
        let section =
            readme.components(separatedBy: "- **Running part of the tests.**").dropFirst().first?
            .components(separatedBy: "\n- **").first ?? ""
        let named = Set(
            section.split(separator: "`").map(String.init).filter {
                $0.hasSuffix("SlowTests") && $0.first?.isUppercase == true
            })
        #expect(named == suites, "README names \(named.sorted()), the tests have \(suites.sorted())")
    }

    /// *The modules* lists exactly the products of `Package.swift`, no more and no fewer.
    @Test func theModuleTableListsExactlyTheProducts() throws {
        let manifest = try String(contentsOf: Repository.root.appending(path: "Package.swift"), encoding: .utf8)
        let products = Set(
            manifest.split(separator: "\n").compactMap { line -> String? in
                guard
                    line.contains(".library(name: \"") || line.contains(".executable(name: \"")
                        || line.contains(".plugin(name: \"") && line.contains("targets:")
                else { return nil }
                return line.split(separator: "\"").dropFirst().first.map(String.init)
            })
        #expect(products.count >= 7, "\(products)")
        let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
        let table =
            readme.components(separatedBy: "### The modules").dropFirst().first?
            .components(separatedBy: "\n\n").dropFirst(2).first ?? ""
        let rows = Set(
            table.split(separator: "\n").dropFirst(2).compactMap { row in
                row.split(separator: "`").dropFirst().first.map(String.init)
            })
        #expect(rows == products, "README rows \(rows.sorted()), products \(products.sorted())")
    }

    @Test func transcriptExcerptsAreFromShippedGoldens() throws {
        let goldens = try Self.shippedTexts().filter { $0.hasPrefix("scenario: ") }
        let excerpts = Self.blocks.filter { $0.info.isEmpty && $0.lines.first?.hasPrefix("step ") == true }
        #expect(!excerpts.isEmpty)
        for block in excerpts {
            let text = block.lines.joined(separator: "\n") + "\n"
            #expect(goldens.contains { $0.contains(text) }, "README line \(block.line): no golden has this excerpt")
        }
    }

    /// The text of every file under `policies/`.
    static func shippedTexts() throws -> [String] {
        let root = Repository.root.appending(path: "policies")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.compactMap { try? String(contentsOf: root.appending(path: $0), encoding: .utf8) }
    }

    @Test func synopsesNameOnlyOptionsTheCommandHas() throws {
        for block in Self.blocks where block.info.isEmpty && block.lines.first?.hasPrefix("reviewgate ") == true {
            let command = try #require(Self.words(block.lines[0]).dropFirst().first)
            let help = try CLIRunner.runProcess([command, "--help"]).stdout
            let options = block.lines.joined(separator: " ").split(whereSeparator: { " []|".contains($0) })
                .filter { $0.hasPrefix("--") }
            #expect(!options.isEmpty)
            for option in options {
                #expect(help.contains(option), "README line \(block.line): \(command) has no \(option)")
            }
        }
    }

    /// The Swift examples and the tests that run them: `swift` is the app's path with a state file,
    /// `swift app-test` an app's own test of the prompter, `swift budget` the prompter with a budget, `swift remote` the remote-update one, `swift simulate` simulate's entry.
    static let swiftExamples = [
        "swift": "Tests/ReviewGateFilesTests/OwnStorageTests.swift",
        "swift app": "Tests/ReviewGatePrompterTests/ReadmeAppExampleTests.swift",
        "swift app-test": "Tests/ReviewGatePrompterTests/AppTestExampleTests.swift",
        "swift budget": "Tests/ReviewGatePrompterTests/ReadmeAppExampleTests.swift",
        "swift remote": "Tests/ReviewGateRemoteTests/RemotePolicyTests.swift",
        "swift simulate": "Tests/ReviewGateSimulationTests/SimulationRequestTests.swift",
    ]

    @Test(arguments: swiftExamples.sorted { $0.key < $1.key })
    func theSwiftExamplesAreTheOnesTheTestsRun(_ info: String, _ path: String) throws {
        // `swift Package.swift`, `swift UIKit` and `swift SwiftUI` are fragments of an app's manifest and presenters,
        // which build on Apple platforms alone.
        let examples = Self.blocks.filter { $0.info == info }
        #expect(examples.count == 1)
        let example = try #require(examples.first)
        let test = try String(contentsOf: Repository.root.appending(path: path), encoding: .utf8)
        let missing = CodeBlocks.linesMissing(from: test, in: example)
        #expect(missing.isEmpty, "README line \(example.line): \(missing) not in \(path)")
    }
}
