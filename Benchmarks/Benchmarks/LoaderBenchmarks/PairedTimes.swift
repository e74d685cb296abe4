/// Raw-scan and reader times taken back to back over the same input, summarised by their medians.
///
/// The reader is the YAML loader for `loader/raw` and the JSON reader for `json/raw`; a second
/// reader (the YAML loader on the JSON) may be timed in the same iteration and reported beside it.
final class PairedTimes {
    /// What the summary calls the ratio, e.g. `loader/raw`.
    private let name: String
    /// What it calls the reader, e.g. `loader`.
    private let reader: String
    /// What it calls the second reader, if one is timed.
    private let other: String?
    private var bytes = 0
    private var events = 0
    private var raw: [Duration] = []
    private var measured: [Duration] = []
    private var ratios: [Double] = []
    private var others: [Duration] = []
    private var otherRatios: [Double] = []

    /// Pairs summarised as `name`, the reader called `reader` and a second reader, if any, `other`.
    init(name: String = "loader/raw", reader: String = "loader", other: String? = nil) {
        self.name = name
        self.reader = reader
        self.other = other
    }

    /// Records one pair of runs over `bytes` bytes holding `events` libyaml events, and the second
    /// reader's time over the same bytes in the same iteration when there is one.
    func record(bytes: Int, events: Int, raw: Duration, reader: Duration, other: Duration? = nil) {
        self.bytes = bytes
        self.events = events
        self.raw.append(raw)
        measured.append(reader)
        ratios.append(reader / raw)
        if let other {
            others.append(other)
            otherRatios.append(other / reader)
        }
    }

    /// One line: median throughput of each and the median of the per-pair ratios; then the second
    /// reader's median throughput and the median of its time ÷ the reader's.
    var summary: String {
        guard !ratios.isEmpty else { return "\(name): no runs recorded" }
        let rawRate = ByteRate.megabytesPerSecond(bytes, in: Self.median(raw))
        let readerRate = ByteRate.megabytesPerSecond(bytes, in: Self.median(measured))
        var line =
            "\(name) over \(bytes) bytes (\(events) events), median of \(ratios.count) pairs: "
            + "raw scan \(Self.format(rawRate)) MB/s, \(reader) \(Self.format(readerRate)) MB/s, "
            + "ratio \(Self.format(Self.median(ratios)))×"
        if let other, !others.isEmpty {
            let otherRate = ByteRate.megabytesPerSecond(bytes, in: Self.median(others))
            line +=
                "; \(other) \(Self.format(otherRate)) MB/s, "
                + "\(other) ÷ \(reader) \(Self.format(Self.median(otherRatios)))×"
        }
        return line
    }

    /// The lower median, as package-benchmark's p50 takes it, so the line agrees with the table.
    static func median<T: Comparable>(_ values: [T]) -> T {
        values.sorted()[(values.count - 1) / 2]
    }

    /// `value` rounded to two decimals.
    static func format(_ value: Double) -> String {
        String(Double((value * 100).rounded()) / 100)
    }
}
