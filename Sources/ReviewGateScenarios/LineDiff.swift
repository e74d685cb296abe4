@_spi(ReviewGateTools) import ReviewGate

/// A unified diff of two texts by lines, for a golden mismatch: `@@ -a,b +c,d @@` hunks with
/// two lines of context, `-` for the old (golden) side and `+` for the new (this run). As git
/// names a hunk's function, a hunk names the heading it is under (a transcript's `step 3, at ...`),
/// the last line before it in the old text for which `heading` gives a name.
package enum LineDiff {
    /// The most cells of the longest-common-subsequence table; beyond it the changed middle is
    /// shown as a whole, removed then added, so that a huge transcript cannot stall a test run.
    static let tableLimit = 4_000_000
    static let context = 2

    package static func unified(old: String, new: String, heading: (Substring) -> String? = { _ in nil }) -> [String] {
        let a = lines(old)
        let b = lines(new)
        let edits = script(a, b)
        var output: [String] = []
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { $0.kind != " " }) else { break }
            // A hunk runs from `context` lines before a change to `context` lines after the last
            // change that is no more than 2 × context lines from the next.
            let start = max(index, firstChange - context)
            var end = firstChange
            var cursor = firstChange
            while cursor < edits.count {
                if edits[cursor].kind != " " {
                    end = cursor
                    cursor += 1
                } else if cursor - end <= 2 * context {
                    cursor += 1
                } else {
                    break
                }
            }
            let stop = min(edits.count, end + context + 1)
            let hunk = edits[start..<stop]
            let oldStart = hunk.first.map(\.oldLine) ?? 0
            let newStart = hunk.first.map(\.newLine) ?? 0
            let oldCount = hunk.filter { $0.kind != "+" }.count
            let newCount = hunk.filter { $0.kind != "-" }.count
            // The heading before the hunk's first change, in the golden's text.
            let named = a[..<min(a.count, max(0, edits[firstChange].oldLine - 1))].lazy.reversed().compactMap(heading)
                .first
            output.append(
                "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@" + (named.map { " \($0)" } ?? ""))
            output += hunk.map { "\($0.kind)\($0.text)" }
            index = stop
        }
        return output
    }

    private struct Edit {
        var kind: Character
        var text: Substring
        var oldLine: Int
        var newLine: Int
    }

    private static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The edit script: common prefix and suffix kept, the middle by longest common subsequence.
    private static func script(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])

        var kinds: [Character] = Array(repeating: " ", count: prefix)
        kinds += middle(middleA, middleB)
        kinds += Array(repeating: " ", count: suffix)

        var edits: [Edit] = []
        var i = 0
        var j = 0
        for kind in kinds {
            switch kind {
            case "-":
                edits.append(Edit(kind: "-", text: a[i], oldLine: i + 1, newLine: j + 1))
                i += 1
            case "+":
                edits.append(Edit(kind: "+", text: b[j], oldLine: i + 1, newLine: j + 1))
                j += 1
            default:
                edits.append(Edit(kind: " ", text: a[i], oldLine: i + 1, newLine: j + 1))
                i += 1
                j += 1
            }
        }
        return edits
    }

    /// `-`, `+` and ` ` for the middle parts, by a longest-common-subsequence table.
    private static func middle(_ a: [Substring], _ b: [Substring]) -> [Character] {
        guard !a.isEmpty, !b.isEmpty, a.count * b.count <= tableLimit else {
            return Array(repeating: "-", count: a.count) + Array(repeating: "+", count: b.count)
        }
        let width = b.count + 1
        var table = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i * width + j] =
                    a[i] == b[j]
                    ? table[(i + 1) * width + j + 1] + 1
                    : max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        var kinds: [Character] = []
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                kinds.append(" ")
                i += 1
                j += 1
            } else if table[(i + 1) * width + j] >= table[i * width + j + 1] {
                kinds.append("-")
                i += 1
            } else {
                kinds.append("+")
                j += 1
            }
        }
        kinds += Array(repeating: "-", count: a.count - i) + Array(repeating: "+", count: b.count - j)
        return kinds
    }
}
