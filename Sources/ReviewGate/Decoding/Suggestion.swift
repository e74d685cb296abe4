/// "Did you mean" for near misses: the closest known name within an edit distance of 2.
package enum Suggestion {
    /// The longest name a suggestion is looked for: no known name is near anything longer, and the
    /// distance takes time in the product of the lengths.
    static let longestName = 64

    /// The closest candidate to `name` within distance 2, if any.
    package static func closest(to name: String, in candidates: [String]) -> String? {
        guard name.utf8.count <= longestName else { return nil }
        let scalars = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            // The distance is at least the difference in length: most candidates need no table.
            let length = candidate.unicodeScalars.count
            guard abs(length - scalars.count) <= 2 else { continue }
            let distance = editDistance(scalars, Array(candidate.unicodeScalars))
            if distance <= 2, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `; did you mean "x"?` or nothing.
    package static func phrase(for name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance, with a transposition counting as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// `a, b or c` for messages.
    package static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
