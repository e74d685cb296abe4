import Benchmark
@_spi(ReviewGateTools) import ReviewGateSimulation

/// `reviewgate simulate` end to end on JSON Lines of the apple-sample policy's events (the
/// shipped cohort, 20,000 people): lines read, grouped by person, replayed, tallied; against a
/// bare scan of the same lines (every byte looked at, lines counted) in the same run, and two
/// jobs against one, back to back.
///
/// One iteration is one whole run over the ~48 MB of lines; the custom metrics give events per
/// second and megabytes per second, and `Malloc (total)` ÷ the events the allocations per event.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, SimulateRun.eventsPerSecond, SimulateRun.kilobytesPerSecond],
        timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 10)

    Benchmark("bare scan of the lines") { benchmark, run in
        let time = SimulateRun.time { blackHole(run.scan()) }
        run.record(time, on: benchmark)
    } setup: {
        SimulateRun.shared
    }

    for jobs in [1, 2] {
        Benchmark("simulate, \(jobs) job\(jobs == 1 ? "" : "s")") { benchmark, run in
            let time = SimulateRun.time { blackHole(run.simulate(jobs: jobs)) }
            run.record(time, on: benchmark)
        } setup: {
            SimulateRun.shared
        }
    }

    paired("simulate/scan time ratio", metric: SimulateRun.ratioMetric, summary: \.summary) { run in
        let scan = SimulateRun.time { blackHole(run.scan()) }
        let simulate = SimulateRun.time { blackHole(run.simulate(jobs: 1)) }
        run.pairs.append((scan, simulate))
        return simulate / scan
    }
    paired("2 jobs/1 job speed ratio", metric: SimulateRun.speedupMetric, summary: \.jobSummary) { run in
        let one = SimulateRun.time { blackHole(run.simulate(jobs: 1)) }
        let two = SimulateRun.time { blackHole(run.simulate(jobs: 2)) }
        run.jobPairs.append((one, two))
        return one / two
    }
}

/// A benchmark of two runs back to back: `pair` times them, keeps them and returns the ratio of
/// their times, recorded ×100 as `metric`; `summary` of the pairs kept is printed at the end.
private func paired(
    _ name: String, metric: BenchmarkMetric, summary: KeyPath<SimulateRun, String>,
    _ pair: @escaping (SimulateRun) -> Double
) {
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock, metric], timeUnits: .milliseconds, warmupIterations: 1,
            maxDuration: .seconds(60), maxIterations: 10)
    ) { benchmark, run in
        benchmark.measurement(metric, Int((pair(run) * 100).rounded()))
    } setup: {
        SimulateRun.shared
    } teardown: {
        print(SimulateRun.shared[keyPath: summary])
    }
}
