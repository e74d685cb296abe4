import Benchmark
@_spi(ReviewGateTools) import ReviewGate

/// One decision of the apple-sample policy per call: the evaluator alone, the allocation a
/// returned decision cannot avoid (its `checks` array), and the evaluator with `--explain`'s text.
///
/// Each measured run makes 1,000 decisions (`scalingFactor: .kilo`) and the tables show figures
/// per decision (marked `*`); `--scale` shows them per run of 1,000, i.e. to three more digits.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, ThreadCPU.nanoseconds, .throughput, .mallocCountTotal, .mallocBytesCount],
        timeUnits: .nanoseconds, units: [ThreadCPU.nanoseconds: .count], warmupIterations: 10,
        scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 10_000)

    Benchmark("Evaluator.evaluate") { benchmark, sample in
        ThreadCPU.record(on: benchmark) {
            for _ in benchmark.scaledIterations {
                blackHole(sample.decide())
            }
        }
    } setup: {
        AppleSample.load()
    } teardown: {
        print(AppleSample.load().decisionSummary)
    }

    // What any returned decision must allocate: an array of its checks, of exactly their count.
    Benchmark("baseline: [Check] of the decision's count") { benchmark, checks in
        ThreadCPU.record(on: benchmark) {
            for _ in benchmark.scaledIterations {
                var copy: [Check] = []
                copy.reserveCapacity(checks.count)
                for check in checks { copy.append(check) }
                blackHole(copy)
            }
        }
    } setup: {
        AppleSample.load().decide().checks
    }

    // Semantics §12: arbitrating 8 candidates against deciding the same 8 policies alone, in one
    // process; the teardown prints the paired ratio.
    Benchmark("Arbiter.arbitrate, 8 candidates") { benchmark, sample in
        ThreadCPU.record(on: benchmark) {
            for _ in benchmark.scaledIterations {
                blackHole(sample.arbitrate())
            }
        }
    } setup: {
        EightPrompts.load()
    } teardown: {
        print(EightPrompts.load().summary)
        print(PairedArbitration.measure(EightPrompts.load()))
    }

    Benchmark("baseline: the 8 policies decided alone") { benchmark, sample in
        ThreadCPU.record(on: benchmark) {
            for _ in benchmark.scaledIterations {
                blackHole(sample.decideEach())
            }
        }
    } setup: {
        EightPrompts.load()
    }

    // Semantics §13: a moment decided under an experiment of two arms (the exposure looked for under
    // both) against the same policy without it; the teardown prints the paired ratio.
    Benchmark("Evaluator.evaluate, experiment of 2 arms") { benchmark, sample in
        ThreadCPU.record(on: benchmark) {
            for _ in benchmark.scaledIterations {
                blackHole(sample.decideInExperiment())
            }
        }
    } setup: {
        TwoArms.load()
    } teardown: {
        print(TwoArms.load().paired())
    }

    Benchmark("baseline: the same policy without the experiment") { benchmark, sample in
        ThreadCPU.record(on: benchmark) {
            for _ in benchmark.scaledIterations {
                blackHole(sample.decidePlain())
            }
        }
    } setup: {
        TwoArms.load()
    }

    Benchmark("Evaluator.evaluate + TextExplanation.render") { benchmark, sample in
        ThreadCPU.record(on: benchmark) {
            for _ in benchmark.scaledIterations {
                blackHole(TextExplanation().render(sample.decide(), policy: sample.policy))
            }
        }
    } setup: {
        AppleSample.load()
    }
}
