import Benchmark
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML

/// The loader against libyaml's raw event scan of the same few MB of policy-like YAML; then the
/// JSON reader against the same scan of JSON (``jsonBenchmarks()``), and a compiled policy's load
/// against its YAML's (``compiledBenchmarks()``).
///
/// package-benchmark runs each benchmark in its own process, so the ratio of the two is measured
/// by a third benchmark that times both, paired, in every iteration.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [
        .wallClock, .throughput, .mallocCountTotal, .mallocBytesCount, ByteRate.kilobytesPerSecond,
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: metrics, timeUnits: .milliseconds, units: [ByteRate.kilobytesPerSecond: .count],
        warmupIterations: 2, maxDuration: .seconds(4), maxIterations: 40)

    Benchmark("YAMLLoader.load") { benchmark, input in
        let elapsed = ByteRate.time { loadCorpus(input) }
        ByteRate.record(input.count, in: elapsed, on: benchmark)
    } setup: {
        PolicyCorpus.yaml(minimumBytes: PolicyCorpus.benchmarkBytes)
    }

    Benchmark("libyaml raw event scan") { benchmark, input in
        let elapsed = ByteRate.time { blackHole(RawEventScan.eventCount(input)) }
        ByteRate.record(input.count, in: elapsed, on: benchmark)
    } setup: {
        PolicyCorpus.yaml(minimumBytes: PolicyCorpus.benchmarkBytes)
    }

    let pairs = PairedTimes()
    Benchmark(
        "loader/raw time ratio",
        configuration: .init(metrics: [.wallClock, ByteRate.loaderOverRawPercent], maxDuration: .seconds(10))
    ) { benchmark, input in
        var events = 0
        let raw = ByteRate.time { events = RawEventScan.eventCount(input) }
        let loader = ByteRate.time { loadCorpus(input) }
        // The executor counts warmup iterations first; the summary should cover what the table does.
        if benchmark.currentIteration >= benchmark.configuration.warmupIterations {
            pairs.record(bytes: input.count, events: events, raw: raw, reader: loader)
        }
        benchmark.measurement(ByteRate.loaderOverRawPercent, Int((100 * (loader / raw)).rounded()))
    } setup: {
        PolicyCorpus.yaml(minimumBytes: PolicyCorpus.benchmarkBytes)
    } teardown: {
        print(pairs.summary)
    }

    jsonBenchmarks()
    compiledBenchmarks()
}

/// Semantics §7's limits with the size limit raised past the corpus; depth and aliases unchanged.
let corpusLimits = DocumentLimits(maxBytes: 64 << 20)

/// Loads `input` into nodes and discards them; traps on a diagnostic, since the corpus is valid.
func loadCorpus(_ input: [UInt8]) {
    do {
        blackHole(try YAMLLoader(limits: corpusLimits).load(input, file: "corpus.yaml"))
    } catch {
        fatalError("the generated corpus did not load: \(error)")
    }
}
