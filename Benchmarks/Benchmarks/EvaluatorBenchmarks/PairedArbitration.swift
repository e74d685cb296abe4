import Benchmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Arbitration against its baseline timed in pairs in one process: package-benchmark runs each
/// benchmark in a process of its own, so a ratio of two tables mixes two processes' luck.
enum PairedArbitration {
    /// The median of 11 pairs of 2,000 arbitrations and 2,000 rounds of the 8 decisions, as one line.
    static func measure(_ sample: EightPrompts, pairs: Int = 11, rounds: Int = 2_000) -> String {
        var arbitrate: [Double] = []
        var alone: [Double] = []
        for _ in 0..<pairs {
            arbitrate.append(time(rounds) { blackHole(sample.arbitrate()) })
            alone.append(time(rounds) { blackHole(sample.decideEach()) })
        }
        let ratios = zip(arbitrate, alone).map { $0 / $1 }.sorted()
        let a = arbitrate.sorted()[pairs / 2]
        let b = alone.sorted()[pairs / 2]
        return "arbitrate/alone, median of \(pairs) pairs of \(rounds): arbitrate \(format(a)) µs, "
            + "8 decisions alone \(format(b)) µs, ratio \(format(ratios[pairs / 2]))× "
            + "(range \(format(ratios.first!))–\(format(ratios.last!))×)"
    }

    /// Microseconds per round of `body`, in thread CPU time.
    static func time(_ rounds: Int, _ body: () -> Void) -> Double {
        let start = now()
        for _ in 0..<rounds { body() }
        return Double(now() - start) / Double(rounds) / 1_000
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    static func format(_ value: Double) -> String {
        String(Double(Int((value * 100).rounded())) / 100)
    }
}
