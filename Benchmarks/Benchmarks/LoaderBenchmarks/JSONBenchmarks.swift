import Benchmark

/// The JSON reader against libyaml's raw event scan of the same few MB of JSON, and the YAML
/// loader reading that JSON too: whether our own reader beats going through libyaml for JSON.
///
/// As for the YAML, a paired benchmark times all three in every iteration for the ratios.
func jsonBenchmarks() {
    Benchmark("JSONReader.load") { benchmark, input in
        let elapsed = ByteRate.time { readJSONCorpus(input) }
        ByteRate.record(input.count, in: elapsed, on: benchmark)
    } setup: {
        JSONCorpus.json(fromYAMLBytes: PolicyCorpus.benchmarkBytes)
    }

    Benchmark("YAMLLoader.load of the JSON") { benchmark, input in
        let elapsed = ByteRate.time { loadCorpus(input) }
        ByteRate.record(input.count, in: elapsed, on: benchmark)
    } setup: {
        JSONCorpus.json(fromYAMLBytes: PolicyCorpus.benchmarkBytes)
    }

    Benchmark("libyaml raw event scan of the JSON") { benchmark, input in
        let elapsed = ByteRate.time { blackHole(RawEventScan.eventCount(input)) }
        ByteRate.record(input.count, in: elapsed, on: benchmark)
    } setup: {
        JSONCorpus.json(fromYAMLBytes: PolicyCorpus.benchmarkBytes)
    }

    let pairs = PairedTimes(name: "json/raw", reader: "JSON reader", other: "YAML loader")
    Benchmark(
        "json/raw time ratio",
        configuration: .init(
            metrics: [.wallClock, ByteRate.jsonOverRawPercent, ByteRate.yamlOverJSONPercent],
            maxDuration: .seconds(15))
    ) { benchmark, input in
        var events = 0
        let raw = ByteRate.time { events = RawEventScan.eventCount(input) }
        let reader = ByteRate.time { readJSONCorpus(input) }
        let loader = ByteRate.time { loadCorpus(input) }
        if benchmark.currentIteration >= benchmark.configuration.warmupIterations {
            pairs.record(bytes: input.count, events: events, raw: raw, reader: reader, other: loader)
        }
        benchmark.measurement(ByteRate.jsonOverRawPercent, Int((100 * (reader / raw)).rounded()))
        benchmark.measurement(ByteRate.yamlOverJSONPercent, Int((100 * (loader / reader)).rounded()))
    } setup: {
        JSONCorpus.json(fromYAMLBytes: PolicyCorpus.benchmarkBytes)
    } teardown: {
        print(pairs.summary)
    }
}
