/// The fenced code blocks of a Markdown text (the README, a DocC article), and the check that a
/// Swift example is the code a test runs: the documentation's and the catalogs' examples are compiled and
/// run by tests that hold their lines.
package enum CodeBlocks {
    /// One fenced block: its info string (`swift app`), its lines without the fence's indent, and
    /// the 1-based line of its opening fence.
    package struct Block {
        package var info: String
        package var lines: [String]
        package var line: Int
    }

    /// Every fenced block of `text`, in order.
    package static func parse(_ text: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var indent = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    indent = raw.count - trimmed.count
                    current = Block(info: String(trimmed.dropFirst(3)), lines: [], line: index + 1)
                }
            } else if current != nil {
                current!.lines.append(String(raw.dropFirst(min(indent, raw.prefix { $0 == " " }.count))))
            }
        }
        return blocks
    }

    /// The lines of `block` (neither comments nor imports) that `source` does not hold, spaces and
    /// comments ignored so that line breaks may differ.
    package static func linesMissing(from source: String, in block: Block) -> [String] {
        let bare = { (line: Substring) in
            String(line.split(separator: "//", omittingEmptySubsequences: false)[0].filter { !$0.isWhitespace })
        }
        let code = source.split(separator: "\n").map(bare).joined()
        return block.lines.filter { line in
            let bareLine = bare(line[...])
            return !bareLine.isEmpty && !bareLine.hasPrefix("import") && !code.contains(bareLine)
        }
    }
}
