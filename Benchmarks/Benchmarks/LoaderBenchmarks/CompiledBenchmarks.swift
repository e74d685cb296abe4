import Benchmark

/// Loading the apple-sample policy from its compiled JSON against loading it from its YAML, both
/// from bytes in memory, to the same `PolicyLoader.Result`.
///
/// Each measured run makes 1,000 loads (`scalingFactor: .kilo`) and the tables show figures per
/// load (marked `*`). A third benchmark times both sides, paired, in every iteration.
func compiledBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .mallocBytesCount], timeUnits: .microseconds,
        warmupIterations: 3, scalingFactor: .kilo, maxDuration: .seconds(4), maxIterations: 1000)

    Benchmark("PolicyLoader.decode of apple-sample YAML", configuration: configuration) { benchmark, sample in
        for _ in benchmark.scaledIterations {
            blackHole(sample.loadYAML())
        }
    } setup: {
        CompiledSample.load()
    }

    Benchmark("CompiledPolicy.load of apple-sample", configuration: configuration) { benchmark, sample in
        for _ in benchmark.scaledIterations {
            blackHole(sample.loadCompiled())
        }
    } setup: {
        CompiledSample.load()
    }

    let pairs = CompiledPairs()
    Benchmark(
        "compiled/yaml time ratio",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, CompiledPairs.ratioMetric], timeUnits: .microseconds,
            warmupIterations: 3, scalingFactor: .kilo, maxDuration: .seconds(10), maxIterations: 1000)
    ) { benchmark, sample in
        // The malloc metric makes the executor switch the interposer's counting on for the run.
        let yaml = CompiledPairs.measure {
            for _ in benchmark.scaledIterations { blackHole(sample.loadYAML()) }
        }
        let compiled = CompiledPairs.measure {
            for _ in benchmark.scaledIterations { blackHole(sample.loadCompiled()) }
        }
        if benchmark.currentIteration >= benchmark.configuration.warmupIterations {
            pairs.record(sample, loads: benchmark.scaledIterations.count, yaml: yaml, compiled: compiled)
        }
        benchmark.measurement(CompiledPairs.ratioMetric, Int((100 * (compiled.time / yaml.time)).rounded()))
    } setup: {
        CompiledSample.load()
    } teardown: {
        print(pairs.summary)
    }
}
