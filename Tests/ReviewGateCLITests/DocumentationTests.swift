import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// Every example in the documentation (the README, `CONTRIBUTING.md` and every page under
/// `Documentation/`) runs and shows its real output:
///
/// - a block of `$ ` commands runs each `reviewgate` command in a copy of `policies/` and `schemas/`
///   (one copy per page) and compares what it prints (stderr, then stdout) with the lines under it,
///   where a line `...` stands for any lines and `…` in a line for any text (a fresh key's id);
///   `$ cat FILE` shows a file: a shipped file must be those lines, any other is written from them
///   for the commands after it on the page;
/// - a `sh` block's `reviewgate` commands run and do not fail with 2;
/// - a `yaml` block is a shipped file byte for byte, or a file that validates (its `extends:
///   base.yaml` is the first policy of *Writing a policy*); a block of a transcript step is in a
///   shipped golden;
/// - a command synopsis names only options its command has;
/// - the Swift examples are the ones `ReadmeAppExampleTests`, `OwnStorageTests`,
///   `RemotePolicyTests` and `SimulationRequestTests` compile and run, line for line, each on one
///   page only (the fragments of an app's manifest and its presenters, marked `swift Package.swift`,
///   `swift UIKit` and `swift SwiftUI`, build on Apple platforms only);
/// - every link between the pages reaches a page, and a heading of it when it names one.
@Suite("Documentation examples")
struct DocumentationTests {
    typealias Block = DocumentationPages.Block

    static let blocks = DocumentationPages.blocks

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

    @Test func thePagesHaveExamples() {
        #expect(DocumentationPages.paths.count >= 20)
        #expect(Self.blocks.count > 60)
        #expect(Self.blocks.filter { $0.lines.contains { $0.hasPrefix("$ ") } }.count >= 20)
    }

    /// The README is a front page: what it is, an example, the two set-up commands, install, where
    /// each reader starts and the products; the rest is on the pages it links.
    @Test func theReadmeIsAFrontPage() {
        let lines = DocumentationPages.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 50 && lines.count <= 250, "README.md has \(lines.count) lines")
        let readme = DocumentationPages.text("README.md")
        for heading in ["## Set up", "## Install", "## Start here", "## Products"] {
            #expect(readme.contains("\n\(heading)\n"), "README.md has no \(heading)")
        }
    }

    @Test(arguments: DocumentationPages.paths)
    func sessionsPrintWhatThePagesShow(_ page: String) throws {
        let workspace = try Self.workspace()
        for block in Self.blocks where block.page == page && block.lines.contains(where: { $0.hasPrefix("$ ") }) {
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
                            "\(block.place): \(words[1]) differs")
                    } else {
                        try text.write(to: workspace.appending(path: words[1]), atomically: true, encoding: .utf8)
                    }
                    continue
                }
                try #require(words.first == "reviewgate", "\(block.place): \(command)")
                let result = try CLIRunner.runProcess(Array(words.dropFirst()), in: workspace)
                var actual = (result.stderr + result.stdout).split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
                while actual.last == "" { actual.removeLast() }
                #expect(
                    Self.matches(expected[...], actual[...]),
                    "\(block.place): $ \(command)\n--- the page\n\(expected.joined(separator: "\n"))\n--- actual\n\(actual.joined(separator: "\n"))"
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
                #expect(passed, "\(block.place): \(line)\n\(result.stderr)")
            }
        }
    }

    @Test func yamlBlocksAreShippedFilesValidPoliciesOrTranscripts() throws {
        let workspace = try Self.workspace()
        let yamlBlocks = Self.blocks.filter { $0.info == "yaml" }
        let first = try #require(DocumentationPages.basePolicy)
        try first.lines.joined(separator: "\n").write(
            to: workspace.appending(path: "base.yaml"), atomically: true, encoding: .utf8)
        let shipped = try Self.shippedTexts()
        for block in yamlBlocks {
            let text = block.lines.joined(separator: "\n") + "\n"
            if shipped.contains(text) { continue }
            let file = workspace.appending(
                path: "block-\(block.page.replacingOccurrences(of: "/", with: "-"))-\(block.block.line).yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try CLIRunner.runProcess(["validate", file.lastPathComponent], in: workspace)
            #expect(result.status == 0, "\(block.place):\n\(result.stderr)")
        }
    }

    /// CONTRIBUTING's *Running part of the tests* names every slow suite (`…SlowTests`, which
    /// `swift test --skip SlowTests` leaves out), and names no suite that does not exist.
    @Test func theSlowSuitesAreContributingsList() throws {
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
        let contributing = DocumentationPages.text("CONTRIBUTING.md")
        let section =
            contributing.components(separatedBy: "- **Running part of the tests.**").dropFirst().first?
            .components(separatedBy: "\n- **").first ?? ""
        let named = Set(
            section.split(separator: "`").map(String.init).filter {
                $0.hasSuffix("SlowTests") && $0.first?.isUppercase == true
            })
        #expect(named == suites, "CONTRIBUTING.md names \(named.sorted()), the tests have \(suites.sorted())")
    }

    /// The README's *Products* lists exactly the products of `Package.swift`, no more and no fewer.
    @Test func theProductTableListsExactlyTheProducts() throws {
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
        let rows = Set(
            DocumentationPages.section("## Products", of: "README.md").split(separator: "\n")
                .filter { $0.hasPrefix("| `") }
                .compactMap { row in row.split(separator: "`").dropFirst().first.map(String.init) })
        #expect(rows == products, "README rows \(rows.sorted()), products \(products.sorted())")
    }

    @Test func transcriptExcerptsAreFromShippedGoldens() throws {
        let goldens = try Self.shippedTexts().filter { $0.hasPrefix("scenario: ") }
        let excerpts = Self.blocks.filter { $0.info.isEmpty && $0.lines.first?.hasPrefix("step ") == true }
        #expect(!excerpts.isEmpty)
        for block in excerpts {
            let text = block.lines.joined(separator: "\n") + "\n"
            #expect(goldens.contains { $0.contains(text) }, "\(block.place): no golden has this excerpt")
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
            let command = try #require(Self.words(block.lines[0]).dropFirst().first, "\(block.place)")
            let help = try CLIRunner.runProcess([command, "--help"]).stdout
            let options = block.lines.joined(separator: " ").split(whereSeparator: { " []|".contains($0) })
                .filter { $0.hasPrefix("--") }
            #expect(!options.isEmpty)
            for option in options {
                #expect(help.contains(option), "\(block.place): \(command) has no \(option)")
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
        #expect(examples.count == 1, "\(examples.map(\.place))")
        let example = try #require(examples.first)
        let test = try String(contentsOf: Repository.root.appending(path: path), encoding: .utf8)
        let missing = CodeBlocks.linesMissing(from: test, in: example.block)
        #expect(missing.isEmpty, "\(example.place): \(missing) not in \(path)")
    }
    /// Every relative link of every page reaches a file, and a heading of it when it names one
    /// (`#anchor`, as GitHub makes anchors of headings).
    @Test(arguments: DocumentationPages.paths)
    func linksReachTheirPages(_ page: String) throws {
        let folder = URL(filePath: page).deletingLastPathComponent().relativePath
        for (line, target) in Self.links(DocumentationPages.text(page)) {
            guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file =
                parts[0].isEmpty
                ? page : URL(filePath: folder == "." ? parts[0] : "\(folder)/\(parts[0])").standardized.relativePath
            let url = Repository.root.appending(path: file)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(page):\(line): \(target) reaches no file")
            if parts.count == 2, file.hasSuffix(".md") {
                let anchors = Self.anchors(DocumentationPages.text(file))
                #expect(anchors.contains(parts[1]), "\(page):\(line): \(file) has no heading #\(parts[1])")
            }
        }
    }

    /// The Markdown links of a page outside code (fenced blocks and code spans), with their lines.
    static func links(_ text: String) -> [(line: Int, target: String)] {
        var links: [(Int, String)] = []
        var fenced = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if raw.drop(while: { $0 == " " }).hasPrefix("```") { fenced.toggle() }
            guard !fenced else { continue }
            // Code spans hold no links.
            let line = raw.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = line[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                links.append((index + 1, String(after[..<close])))
                rest = after[close...]
            }
        }
        return links
    }

    /// The anchors GitHub gives a page's headings: lowercased, without punctuation, spaces as
    /// hyphens, a repeated one numbered (`-1`, `-2`).
    static func anchors(_ text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        var fenced = false
        for line in text.split(separator: "\n") {
            if line.drop(while: { $0 == " " }).hasPrefix("```") { fenced.toggle() }
            let marks = line.prefix { $0 == "#" }.count
            guard !fenced, (1...6).contains(marks), line.dropFirst(marks).first == " " else { continue }
            // A link in a heading is its text there: `[Semantics §14](…)` is `Semantics §14`.
            var heading = String(line.dropFirst(marks + 1))
            while let open = heading.range(of: "]("), let close = heading[open.upperBound...].firstIndex(of: ")") {
                heading.removeSubrange(open.lowerBound...close)
            }
            let slug = String(
                heading.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "-" || character == "_"
                        ? character : nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }
    /// Every `Semantics §N` that the code, the tests, the shipped files and the pages cite (with
    /// the *Subsection* after it, when named) is a heading of the project's own semantics pages,
    /// `Documentation/semantics/`; nothing cites the contract outside the repository.
    @Test func semanticsCitationsReachTheirSections() throws {
        var headings: [String: String] = [:]  // "§4.11" → its page's text
        let folder = Repository.root.appending(path: "Documentation/semantics")
        for page in try FileManager.default.contentsOfDirectory(atPath: folder.path) where page.hasSuffix(".md") {
            let text = DocumentationPages.text("Documentation/semantics/\(page)")
            for line in text.split(separator: "\n") where line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.drop { $0 == " " }
                guard title.hasPrefix("§"), let number = title.split(separator: " ").first else { continue }
                #expect(headings[String(number)] == nil, "\(number) is a heading of two pages")
                headings[String(number)] = text
            }
        }
        #expect(headings.count >= 30, "\(headings.keys.sorted())")
        var citations = 0
        for root in ["Sources", "Tests", "Plugins", "Fuzz", "policies", "schemas", "Documentation", "Benchmarks"] {
            let base = Repository.root.appending(path: root)
            let files = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? [])
                // What earlier releases wrote stays as they wrote it.
                .filter { !$0.contains(".build/") && !$0.hasPrefix("Compatibility/0.") }
                .filter { file in [".swift", ".md", ".yaml", ".json", ".py", ".sh"].contains { file.hasSuffix($0) } }
            for file in files where !(root == "Benchmarks" && file == "HISTORY.md") {
                guard let text = try? String(contentsOf: base.appending(path: file), encoding: .utf8) else { continue }
                let place = "\(root)/\(file)"
                if root == "Sources" || root == "Tests" {
                    // The contract cited by its name, on one line or across a comment's line break.
                    let outside = text.contains(/SPEC[\s\/]*§/)
                    #expect(!outside, "\(place) cites the contract outside the repository")
                }
                for piece in text.components(separatedBy: "Semantics §").dropFirst() {
                    let number = "§" + piece.prefix { $0.isNumber || $0 == "." }.trimmingCharacters(in: ["."])
                    // `Semantics §N`: the form, not a citation.
                    guard number != "§" else { continue }
                    citations += 1
                    guard let page = headings[number] else {
                        Issue.record("\(place) cites Semantics \(number), which no semantics page has")
                        continue
                    }
                    // `Semantics §9 *Compatibility*`, or `Semantics §9, *Compatibility*`.
                    let after = piece.drop { $0.isNumber || $0 == "." }.drop { $0 == "," || $0 == " " }
                    if after.hasPrefix("*"), let name = after.dropFirst().split(separator: "*").first,
                        !name.contains("\n")
                    {
                        #expect(page.contains("# \(name)\n"), "\(place): Semantics \(number) has no *\(name)*")
                    }
                }
            }
        }
        #expect(citations > 300)
    }
    /// Every file or folder CONTRIBUTING names exists (a name alone anywhere in the tree): from the repository's root, or from a
    /// module's folder (`Replay/SimulationTally.swift` of `Sources/ReviewGateSimulation`), so that a
    /// checklist never sends the next engineer to a file that moved.
    @Test func everyPathContributingNamesExists() throws {
        let text = DocumentationPages.text("CONTRIBUTING.md")
        let bases =
            [""]
            + (try FileManager.default.contentsOfDirectory(atPath: Repository.path("Sources"))).map {
                "Sources/\($0)/"
            }
        // A file named by its name alone is anywhere in the tree.
        var names: Set<String> = []
        for folder in ["Sources", "Tests", "Fuzz", "Benchmarks", ".ci", "Documentation", "Plugins"] {
            let found = FileManager.default.enumerator(atPath: Repository.path(folder))?.allObjects as? [String] ?? []
            for file in found where !file.contains(".build") { names.insert(String(file.split(separator: "/").last!)) }
        }
        var checked = 0
        for match in text.matches(of: /`([^`\s]+)`/) {
            let path = String(match.1)
            let extensions = [".swift", ".md", ".sh", ".py", ".json", ".txt", ".yaml"]
            guard path.contains("/") || extensions.contains(where: path.hasSuffix),
                !path.hasPrefix(".build"), !path.hasPrefix("http"), !path.hasPrefix("-"), !path.hasPrefix("/"),
                !path.contains("*"), !path.contains("…"), !path.contains("("), !path.contains("="),
                !Self.hasPlaceholder(path)
            else { continue }
            checked += 1
            let found =
                bases.contains { FileManager.default.fileExists(atPath: Repository.path($0 + path)) }
                || (!path.contains("/") && names.contains(path))
            #expect(found, "CONTRIBUTING.md names \(path), which is nowhere")
        }
        #expect(checked > 60)
    }

    /// Whether a path has a placeholder (`Tests/Compatibility/RELEASE/`, `X.Y.Z-keys.json`): a part
    /// in capitals alone, but the files named so (`README.md`, `API/`).
    static func hasPlaceholder(_ path: String) -> Bool {
        path.split(whereSeparator: { "/.-_+".contains($0) }).contains { part in
            part.allSatisfy(\.isUppercase) && !["README", "CHANGELOG", "CONTRIBUTING", "API"].contains(String(part))
        }
    }

    /// Every warning `validate` can raise has its page in `Documentation/reference/diagnostics/`,
    /// named by its id, and the folder's index links each page there.
    @Test func everyWarningHasItsPage() throws {
        let folder = "Documentation/reference/diagnostics"
        let index = DocumentationPages.text("\(folder)/README.md")
        let ids = LintRule.allCases.map(\.rawValue) + BudgetLintRule.allCases.map(\.rawValue)
        #expect(ids.count >= 19)
        for id in ids {
            let page = Repository.root.appending(path: "\(folder)/\(id).md")
            #expect(FileManager.default.fileExists(atPath: page.path), "\(id) has no page in \(folder)")
            #expect(index.contains("(\(id).md)"), "\(folder)/README.md does not link \(id).md")
        }
        let pages = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appending(path: folder).path)
        for page in pages where page.hasSuffix(".md") && page != "README.md" {
            #expect(index.contains("(\(page))"), "\(folder)/README.md does not link \(page)")
            #expect(page.hasPrefix("error-") || ids.contains(String(page.dropLast(3))), "\(page) names no warning")
        }
    }
}
