import Benchmark
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
@_spi(ReviewGateTools) import ReviewGateYAML

/// The input of the simulate benchmarks, made once: the shipped cohort at 20,000 people written
/// as JSON Lines, and the apple-sample policy.
final class SimulateRun: @unchecked Sendable {
    static let eventsPerSecond = BenchmarkMetric.custom("K events/s", polarity: .prefersLarger, useScalingFactor: false)
    static let kilobytesPerSecond = BenchmarkMetric.custom(
        "MB/s ×1000", polarity: .prefersLarger, useScalingFactor: false)
    static let ratioMetric = BenchmarkMetric.custom("simulate/scan ×100", useScalingFactor: false)
    static let speedupMetric = BenchmarkMetric.custom(
        "1 job/2 jobs time ×100", polarity: .prefersLarger, useScalingFactor: false)

    static let shared = SimulateRun()

    let bytes: [UInt8]
    let events: Int
    let policy: SimulatedPolicy
    var pairs: [(scan: Duration, simulate: Duration)] = []
    var jobPairs: [(one: Duration, two: Duration)] = []

    private init() {
        let root = Self.root()
        let documents = DocumentFiles(parse: YAMLLoader().loadDocument)
        let loaded = try! PolicyLoader.files(documents).load(path: root + "/policies/apple-sample.yaml")
        policy = SimulatedPolicy(loaded, path: "policies/apple-sample.yaml")
        // The shipped cohort at 20,000 people, its generated lines kept.
        let shipped = try! FileBytes.read(
            root + "/policies/examples/simulate/first-month.cohort.yaml", maxBytes: 1 << 20)
        let cohort = String(decoding: shipped, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("people:") ? "people: 20000" : $0 }.joined(separator: "\n")
        var lines: [UInt8] = []
        _ = try! SimulationRequest(
            policy: policy, input: .cohort(YAMLLoader().loadDocument(Array(cohort.utf8), file: "cohort.yaml")),
            generatedLines: { lines += $0.utf8 }
        ).run()
        bytes = lines
        events = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The repository root: the benchmark runs from it (`swift package --package-path Benchmarks benchmark`).
    private static func root() -> String {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }

    /// Looks at every byte and counts the lines: the least any reader of these lines must do.
    func scan() -> Int {
        bytes.withUnsafeBufferPointer { all in
            var lines = 0
            var sum: UInt8 = 0
            for byte in all {
                sum &+= byte
                if byte == 0x0A { lines += 1 }
            }
            return lines + Int(sum & 1)
        }
    }

    /// Reads the lines in 1 MiB chunks on `jobs` cores, as the command does, then replays every
    /// person on `jobs` cores.
    func simulate(jobs: Int) -> SimulationReport {
        try! SimulationRequest(policy: policy, input: .bytes(bytes, name: "bench.jsonl"), jobs: jobs).run()
    }

    static func time(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return start.duration(to: clock.now)
    }

    /// Records events and megabytes per second of one run.
    func record(_ time: Duration, on benchmark: Benchmark) {
        let seconds = time / .seconds(1)
        benchmark.measurement(Self.eventsPerSecond, Int(Double(events) / seconds / 1000))
        benchmark.measurement(Self.kilobytesPerSecond, Int(Double(bytes.count) / seconds / 1000))
    }

    /// The middle value (the lower of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double { values.sorted()[(values.count - 1) / 2] }

    /// The one-job and two-job pairs' medians, in one line.
    var jobSummary: String {
        guard !jobPairs.isEmpty else { return "2 jobs/1 job: no pairs" }
        let one = Self.median(jobPairs.map { Double(events) / ($0.one / .seconds(1)) / 1000 })
        let two = Self.median(jobPairs.map { Double(events) / ($0.two / .seconds(1)) / 1000 })
        let speedup = Self.median(jobPairs.map { $0.one / $0.two })
        return "2 jobs/1 job, median of \(jobPairs.count) pairs: 1 job \(Int(one))K events/s, "
            + "2 jobs \(Int(two))K events/s, speed-up \((speedup * 100).rounded() / 100)×"
    }

    /// The pairs' medians, in one line.
    var summary: String {
        guard !pairs.isEmpty else { return "simulate/scan: no pairs" }
        let scan = Self.median(pairs.map { $0.scan / .seconds(1) })
        let simulate = Self.median(pairs.map { $0.simulate / .seconds(1) })
        let ratio = Self.median(pairs.map { $0.simulate / $0.scan })
        func rate(_ seconds: Double) -> String { String(Int(Double(events) / seconds / 1000)) + "K events/s" }
        return "simulate/scan over \(bytes.count) bytes (\(events) events), median of \(pairs.count) pairs: "
            + "scan \(rate(scan)), simulate \(rate(simulate)) on one core, ratio \((ratio * 100).rounded() / 100)×"
    }
}
