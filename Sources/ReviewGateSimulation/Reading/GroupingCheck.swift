@_spi(ReviewGateTools) import ReviewGate

/// Checks that a `--grouped` input is grouped by person (Semantics §10): it remembers the last
/// ``remembered`` people whose lines ended, by a 128-bit hash of their id, and finds a person whose
/// lines appear again after fewer than that many others. Its memory is bounded whatever the ids'
/// length and however many people there are (about 5 MB); it stops a grouped input only on a
/// hash collision.
package struct GroupingCheck {
    /// How many people whose lines ended are remembered.
    package static let remembered = 100_000

    /// A person's id hashed to 128 bits, from its UTF-8 bytes: SipHash with this run's random
    /// seed, and the symbol table's own hash beside it.
    private struct Hash: Hashable {
        var first: Int
        var second: UInt64

        init(_ id: String) {
            var id = id
            (first, second) = id.withUTF8 { bytes in
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
                return (hasher.finalize(), ByteSearch.hash(bytes))
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(first)
        }
    }

    /// The person whose lines are being read, by the reader's number for them.
    package var person = TimelineEvent.none
    private var current: Hash?
    /// The people whose lines ended, oldest first from ``next`` on once it is full.
    private var ring: [Hash] = []
    private var next = 0
    private var ended = Set<Hash>()
    /// How many people are remembered (``remembered``, or fewer in tests).
    private let capacity: Int

    /// A check that remembers `capacity` people.
    package init(remembering capacity: Int = remembered) {
        self.capacity = max(1, capacity)
    }

    /// Takes the person of the next line when it differs from ``person``: `id` is the reader's
    /// number for them and `name` their id. False when their lines had ended before.
    package mutating func begin(_ id: Symbols.ID, name: String) -> Bool {
        let hash = Hash(name)
        person = id
        // The same person under a new number (the reader forgot the others and renumbered).
        guard hash != current else { return true }
        if let current { remember(current) }
        current = hash
        return !ended.contains(hash)
    }

    private mutating func remember(_ hash: Hash) {
        if ring.count < capacity {
            ring.append(hash)
        } else {
            ended.remove(ring[next])
            ring[next] = hash
            next = (next + 1) % capacity
        }
        ended.insert(hash)
    }

    /// DuckDB's statement that groups the JSON Lines file `file` by person into `grouped.jsonl`,
    /// each person's lines in the file's order and every value as it was (times stay text).
    static func groupingSQL(_ file: String) -> String {
        """
        COPY (SELECT * EXCLUDE (line) FROM (SELECT *, row_number() OVER () AS line \
        FROM read_json('\(file)', timestampformat = 'none')) ORDER BY "user", line) TO 'grouped.jsonl';
        """
    }

    /// The error of a person whose lines appear again, at `location` in a file in `format`, with
    /// the command that groups the file (named as given, when a shell and SQL can take its name as
    /// it is).
    static func error(name: String, format: TimelineFormat, at location: SourceLocation) -> DiagnosticError {
        let plain =
            location.file != "-" && location.file.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) }
        let file = plain ? location.file : "FILE"
        let grouping =
            switch format {
            case .csv:
                "a CSV whose first column is the id is grouped by (head -n 1 \(file); tail -n +2 \(file) | sort -s -t, -k1,1) > grouped.csv"
            case .jsonl:
                "JSON Lines are grouped by DuckDB, each person's lines in the file's order: \(groupingSQL(file))"
            }
        return DiagnosticError([
            .error(
                "\(Quote.prefix(name)) appears again after other people: the input is not grouped by person",
                at: location,
                notes: [Diagnostic.Note(grouping), Diagnostic.Note("or drop --grouped, to read the input in memory")])
        ])
    }
}
