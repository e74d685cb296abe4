import Foundation

/// The project's Markdown pages that a reader follows from the README: the README itself,
/// `CONTRIBUTING.md` and every page under `Documentation/` (the guides, the reference and the
/// semantics), whose examples the documentation tests run.
package enum DocumentationPages {
    /// Every page's path from the repository's root, the README first, then in path order.
    package static let paths: [String] = {
        let folder = Repository.root.appending(path: "Documentation")
        let pages = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") }.map { "Documentation/\($0)" }.sorted()
        return ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"] + pages
    }()

    /// A page's text; empty when it cannot be read (a test that needs it then fails on what it lacks).
    package static func text(_ path: String) -> String {
        (try? String(contentsOf: Repository.root.appending(path: path), encoding: .utf8)) ?? ""
    }

    /// A fenced block of a page.
    package struct Block: Sendable {
        /// The page's path from the root.
        package var page: String
        /// The block.
        package var block: CodeBlocks.Block

        /// The block's info string.
        package var info: String { block.info }
        /// Its lines.
        package var lines: [String] { block.lines }
        /// `Documentation/guides/ci.md:12`: where its opening fence is.
        package var place: String { "\(page):\(block.line)" }
    }

    /// Every fenced block of every page, page by page.
    package static let blocks: [Block] = paths.flatMap { page in
        CodeBlocks.parse(text(page)).map { Block(page: page, block: $0) }
    }

    /// The page that holds the policy `extends: base.yaml` examples extend: its first `yaml` block.
    package static let basePolicyPage = "Documentation/guides/writing-a-policy.md"

    /// The first `yaml` block of ``basePolicyPage``: the policy the language is taught by.
    package static var basePolicy: Block? {
        blocks.first { $0.page == basePolicyPage && $0.info == "yaml" }
    }

    /// The text of a page's section: from the line `heading` to the next heading of its level or above.
    package static func section(_ heading: String, of page: String) -> String {
        let lines = text(page).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return "" }
        let level = heading.prefix { $0 == "#" }.count
        var end = lines.endIndex
        var fenced = false
        for index in lines.indices.dropFirst(start + 1) {
            let line = lines[index]
            if line.drop(while: { $0 == " " }).hasPrefix("```") { fenced.toggle() }
            let marks = line.prefix { $0 == "#" }.count
            if !fenced, marks > 0, marks <= level, line.dropFirst(marks).first == " " {
                end = index
                break
            }
        }
        return lines[(start + 1)..<end].joined(separator: "\n")
    }
}
