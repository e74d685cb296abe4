import Benchmark

/// Throughput figures recorded beside package-benchmark's own metrics.
enum ByteRate {
    /// Input bytes per millisecond of wall-clock time, i.e. kB/s: an integer metric with three
    /// significant digits where MB/s would have one.
    static let kilobytesPerSecond = BenchmarkMetric.custom("kB/s", polarity: .prefersLarger, useScalingFactor: false)
    /// Loader time divided by raw-scan time over the same bytes, times 100 (integer metrics only).
    static let loaderOverRawPercent = BenchmarkMetric.custom("loader/raw ×100", useScalingFactor: false)
    /// JSON reader time divided by raw-scan time over the same JSON, times 100.
    static let jsonOverRawPercent = BenchmarkMetric.custom("json/raw ×100", useScalingFactor: false)
    /// YAML loader time divided by JSON reader time over the same JSON, times 100.
    static let yamlOverJSONPercent = BenchmarkMetric.custom("yaml/json ×100", useScalingFactor: false)

    /// Wall-clock time of `body`.
    static func time(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return start.duration(to: clock.now)
    }

    /// `bytes` over `duration`, in MB/s (10^6 bytes).
    static func megabytesPerSecond(_ bytes: Int, in duration: Duration) -> Double {
        Double(bytes) / (duration / .seconds(1)) / 1e6
    }

    /// Records `bytes` over `duration` as ``kilobytesPerSecond``.
    static func record(_ bytes: Int, in duration: Duration, on benchmark: Benchmark) {
        benchmark.measurement(kilobytesPerSecond, Int((megabytesPerSecond(bytes, in: duration) * 1000).rounded()))
    }
}
