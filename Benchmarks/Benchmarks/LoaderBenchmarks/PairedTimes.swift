/// Raw-scan and loader times taken back to back over the same input, summarised by their medians.
final class PairedTimes {
    private var bytes = 0
    private var events = 0
    private var raw: [Duration] = []
    private var loader: [Duration] = []
    private var ratios: [Double] = []

    /// Records one pair of runs over `bytes` bytes holding `events` libyaml events.
    func record(bytes: Int, events: Int, raw: Duration, loader: Duration) {
        self.bytes = bytes
        self.events = events
        self.raw.append(raw)
        self.loader.append(loader)
        ratios.append(loader / raw)
    }

    /// One line: median throughput of each and the median of the per-pair ratios.
    var summary: String {
        guard !ratios.isEmpty else { return "loader/raw: no runs recorded" }
        let rawRate = ByteRate.megabytesPerSecond(bytes, in: Self.median(raw))
        let loaderRate = ByteRate.megabytesPerSecond(bytes, in: Self.median(loader))
        return "loader/raw over \(bytes) bytes (\(events) events), median of \(ratios.count) pairs: "
            + "raw scan \(Self.format(rawRate)) MB/s, loader \(Self.format(loaderRate)) MB/s, "
            + "ratio \(Self.format(Self.median(ratios)))×"
    }

    /// The lower median, as package-benchmark's p50 takes it, so the line agrees with the table.
    private static func median<T: Comparable>(_ values: [T]) -> T {
        values.sorted()[(values.count - 1) / 2]
    }

    private static func format(_ value: Double) -> String {
        String(Double((value * 100).rounded()) / 100)
    }
}
