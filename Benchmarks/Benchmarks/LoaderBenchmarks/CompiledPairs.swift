import Benchmark
import MallocInterposerSwift

/// YAML and compiled loads of the same policy timed back to back, with their mallocs, summarised by
/// their medians.
final class CompiledPairs {
    /// Compiled time over YAML time, times 100 (integer metrics only).
    static let ratioMetric = BenchmarkMetric.custom("compiled/yaml ×100", useScalingFactor: false)

    private var loads = 0
    private var yamlBytes = 0
    private var compiledBytes = 0
    private var yaml: [Duration] = []
    private var compiled: [Duration] = []
    private var ratios: [Double] = []
    private var yamlMallocs: [Int] = []
    private var compiledMallocs: [Int] = []

    /// Records one pair: `loads` loads of `sample`'s YAML, then as many of its compiled form, each
    /// side's time and mallocs as ``measure(_:)`` gives them.
    func record(
        _ sample: CompiledSample, loads: Int, yaml: (time: Duration, mallocs: Int),
        compiled: (time: Duration, mallocs: Int)
    ) {
        self.loads = loads
        yamlBytes = sample.yaml.count
        compiledBytes = sample.compiled.count
        self.yaml.append(yaml.time)
        self.compiled.append(compiled.time)
        ratios.append(compiled.time / yaml.time)
        yamlMallocs.append(yaml.mallocs)
        compiledMallocs.append(compiled.mallocs)
    }

    /// One line: the median time and mallocs of one load of each, and the median of the per-pair
    /// time ratios. Mallocs read 0 when the interposer is not loaded (outside `swift package benchmark`).
    var summary: String {
        guard !ratios.isEmpty else { return "compiled/yaml: no runs recorded" }
        let yamlTime = Self.microseconds(PairedTimes.median(yaml) / loads)
        let compiledTime = Self.microseconds(PairedTimes.median(compiled) / loads)
        let yamlCount = Double(PairedTimes.median(yamlMallocs)) / Double(loads)
        let compiledCount = Double(PairedTimes.median(compiledMallocs)) / Double(loads)
        let mallocRatio = yamlCount > 0 ? PairedTimes.format(compiledCount / yamlCount) + "×" : "not counted"
        return "compiled/yaml over apple-sample (\(yamlBytes) bytes of YAML, \(compiledBytes) compiled), "
            + "median of \(ratios.count) pairs of \(loads) loads each: "
            + "YAML \(yamlTime) µs and \(PairedTimes.format(yamlCount)) mallocs a load, "
            + "compiled \(compiledTime) µs and \(PairedTimes.format(compiledCount)) mallocs a load; "
            + "time ratio \(PairedTimes.format(PairedTimes.median(ratios)))×, malloc ratio \(mallocRatio)"
    }

    /// The wall-clock time of `body` and the mallocs it made, as package-benchmark's interposer
    /// counts them (only while a benchmark that records a malloc metric runs).
    static func measure(_ body: () -> Void) -> (time: Duration, mallocs: Int) {
        let before = MallocInterposerSwift.getStatistics().mallocCount
        let time = ByteRate.time(body)
        return (time, MallocInterposerSwift.getStatistics().mallocCount - before)
    }

    /// `duration` in µs, to two decimals.
    private static func microseconds(_ duration: Duration) -> String {
        PairedTimes.format(duration / .microseconds(1))
    }
}
