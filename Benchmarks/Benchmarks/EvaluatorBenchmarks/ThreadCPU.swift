import Benchmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time of the calling thread, to the nanosecond: package-benchmark's `cpuTotal` counts
/// scheduler ticks (10 ms on Linux), far too coarse for a run of a thousand one-microsecond
/// decisions, and wall clock counts the time other processes hold the core.
enum ThreadCPU {
    /// Nanoseconds of thread CPU time per run; the tables divide it by the scaling factor.
    static let nanoseconds = BenchmarkMetric.custom(
        "Thread CPU (ns)", polarity: .prefersSmaller, useScalingFactor: true)

    /// Runs `body` and records the thread CPU time it took as ``nanoseconds``.
    static func record(on benchmark: Benchmark, _ body: () -> Void) {
        let start = now()
        body()
        benchmark.measurement(nanoseconds, now() - start)
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
