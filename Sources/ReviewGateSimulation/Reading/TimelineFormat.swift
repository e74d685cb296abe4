/// How a timeline file is written.
package enum TimelineFormat: String, Sendable, CaseIterable {
    /// JSON Lines: one object per line.
    case jsonl
    /// CSV with a header line naming the columns.
    case csv

    /// The format a file's name says: `.jsonl`, `.ndjson` or `.json` for JSON Lines, `.csv` for CSV
    /// (a trailing `.gz` is not read: decompress first); `nil` when the name does not tell.
    package static func of(path: String) -> TimelineFormat? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".json") { return .jsonl }
        if lowered.hasSuffix(".csv") { return .csv }
        return nil
    }
}
