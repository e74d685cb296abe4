import Benchmark
@_spi(ReviewGateTools) import ReviewGate

/// A 10,000-step scenario through the library runner, against 10,000 bare evaluations of the same
/// moments: what the runner adds (applying each decision to the state, checking expectations,
/// describing what changed, writing the transcript) over the evaluator alone.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .mallocBytesCount], timeUnits: .milliseconds,
        warmupIterations: 2, maxDuration: .seconds(5), maxIterations: 50)

    Benchmark("scenario run, 10,000 steps") { benchmark, long in
        blackHole(long.run())
    } setup: {
        LongScenario()
    }

    Benchmark("scenario load and run, 10,000 steps") { benchmark in
        do {
            blackHole(try LongScenario.runner.run(path: "long.scenario.yaml"))
        } catch {
            fatalError("\(error)")
        }
    }

    Benchmark("10,000 bare evaluations") { benchmark, long in
        blackHole(long.evaluateBare())
    } setup: {
        LongScenario()
    }

    Benchmark("10,000 evaluations applied to the state") { benchmark, long in
        blackHole(long.evaluateAndApply())
    } setup: {
        LongScenario()
    }

    let pairs = RunnerPairs()
    Benchmark(
        "runner/evaluations time ratio",
        configuration: .init(metrics: [.wallClock, RunnerPairs.ratioMetric], maxDuration: .seconds(10))
    ) { benchmark, long in
        let clock = ContinuousClock()
        var start = clock.now
        blackHole(long.evaluateBare())
        let bare = start.duration(to: clock.now)
        start = clock.now
        blackHole(long.evaluateAndApply())
        let applied = start.duration(to: clock.now)
        start = clock.now
        blackHole(long.run())
        let runner = start.duration(to: clock.now)
        if benchmark.currentIteration >= benchmark.configuration.warmupIterations {
            pairs.record(runner: runner, applied: applied, bare: bare)
        }
        benchmark.measurement(RunnerPairs.ratioMetric, Int((100 * (runner / bare)).rounded()))
    } setup: {
        LongScenario()
    } teardown: {
        print(pairs.summary)
    }
}

/// Runner and bare-evaluation times taken back to back, summarised by their medians.
final class RunnerPairs: @unchecked Sendable {
    /// Runner time over bare-evaluation time, times 100 (integer metrics only).
    static let ratioMetric = BenchmarkMetric.custom("runner/evaluate ×100", useScalingFactor: false)

    private var runner: [Duration] = []
    private var applied: [Duration] = []
    private var bare: [Duration] = []
    private var ratios: [Double] = []
    private var appliedRatios: [Double] = []

    func record(runner: Duration, applied: Duration, bare: Duration) {
        self.runner.append(runner)
        self.applied.append(applied)
        self.bare.append(bare)
        ratios.append(runner / bare)
        appliedRatios.append(runner / applied)
    }

    var summary: String {
        guard !ratios.isEmpty else { return "runner/evaluate: no runs recorded" }
        return "runner/evaluate over \(LongScenario.steps) steps, median of \(ratios.count) runs: "
            + "runner \(Self.milliseconds(Self.median(runner))) ms, evaluate+apply \(Self.milliseconds(Self.median(applied))) ms, "
            + "bare evaluations \(Self.milliseconds(Self.median(bare))) ms; runner/bare \(Self.ratio(ratios))×, "
            + "runner/(evaluate+apply) \(Self.ratio(appliedRatios))×"
    }

    private static func ratio(_ values: [Double]) -> String {
        String(Double((median(values) * 100).rounded()) / 100)
    }

    private static func median<T: Comparable>(_ values: [T]) -> T {
        values.sorted()[(values.count - 1) / 2]
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(Double((duration / .milliseconds(1) * 10).rounded()) / 10)
    }
}
