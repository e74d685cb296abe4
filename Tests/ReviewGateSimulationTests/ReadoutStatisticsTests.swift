import Foundation
import ReviewGateTestSupport
import Testing

@testable @_spi(ReviewGateTools) import ReviewGateSimulation

/// The readout's statistics (Semantics §15) against statsmodels and scipy on the same counts:
/// Newcombe's interval, the pooled z test's p-value, the sample size of `--plan`, and the two χ²
/// tests of the sample ratio checks, over random counts and their edges. `Tests/Statistics/
/// readout_statistics.py` computes the reference; `.ci/run` installs statsmodels, and under CI a
/// missing one fails the test rather than skip it.
@Suite("readout: statistics against statsmodels and scipy")
struct ReadoutStatisticsTests {
    static let hasStatsmodels: Bool = {
        (try? Command.run("python3", ["-c", "import statsmodels, scipy"]).status) == 0
    }()
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    /// One case and what this package makes of it.
    struct Case {
        var json: [String: Any]
        var check: (_ reference: [String: Any]) -> Void
    }

    /// Whether `value` is `reference` to 1e-9, relative to the larger of 1 and the reference.
    static func close(
        _ value: Double?, _ reference: Any?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = reference as? Double ?? (reference as? Int).map(Double.init)
        guard let expected, let value else {
            #expect(
                value == nil && expected == nil,
                "\(what): \(String(describing: value)) against \(String(describing: reference))",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            abs(value - expected) <= 1e-9 * max(1, abs(expected)), "\(what): \(value) against \(expected)",
            sourceLocation: sourceLocation)
    }

    static func twoProportions(_ x1: Int, _ n1: Int, _ x2: Int, _ n2: Int, effect: Double, ratio: Double) -> Case {
        Case(json: ["kind": "two", "x1": x1, "n1": n1, "x2": x2, "n2": n2, "effect": effect, "ratio": ratio]) {
            reference in
            let what = "\(x1)/\(n1) against \(x2)/\(n2)"
            let interval = Proportions.newcombe(x1, n1, x2, n2)
            close(interval?.lowerBound, reference["low"], "\(what): the interval's low end")
            close(interval?.upperBound, reference["high"], "\(what): the interval's high end")
            let p = Proportions.pooledZTest(x1, n1, x2, n2)
            if reference["p"] is NSNull {
                // statsmodels gives no p-value when the pooled share is 0 or 1: no person differs.
                #expect(p == 1, "\(what): the p-value with a pooled share of 0 or 1")
            } else {
                close(p, reference["p"], "\(what): the p-value")
            }
            let size = Proportions.sampleSize(effect: effect, base: Double(x2) / Double(n2), ratio: ratio)
            close(
                reference["size"] is NSNull ? nil : size, reference["size"] is NSNull ? nil : reference["size"],
                "\(what): the sample size of \(effect)")
            if reference["size"] is NSNull { #expect(size == nil, "\(what): no sample size of \(effect)") }
        }
    }

    /// Random counts and their edges: empty outcomes, every person with it, one person, large groups.
    static var cases: [Case] {
        var random = SplitMix(seed: 41)
        var cases: [Case] = [
            twoProportions(0, 10, 3, 12, effect: 0.05, ratio: 1), twoProportions(10, 10, 3, 12, effect: -0.1, ratio: 1),
            twoProportions(0, 1, 1, 1, effect: 0.5, ratio: 1), twoProportions(0, 50, 0, 40, effect: 0.02, ratio: 0.8),
            twoProportions(57, 400, 47, 410, effect: 0.02, ratio: 1),
            twoProportions(1, 100_000, 3, 100_000, effect: 0.001, ratio: 0.05),
        ]
        for _ in 0..<200 {
            let n1 = Int.random(in: 1...(Bool.random(using: &random) ? 60 : 50_000), using: &random)
            let n2 = Int.random(in: 1...(Bool.random(using: &random) ? 60 : 50_000), using: &random)
            cases.append(
                twoProportions(
                    Int.random(in: 0...n1, using: &random), n1, Int.random(in: 0...n2, using: &random), n2,
                    effect: Double.random(in: -0.3...0.3, using: &random),
                    ratio: Double.random(in: 0.05...3, using: &random)))
        }
        for _ in 0..<100 {
            let groups = Int.random(in: 2...5, using: &random)
            let weights = (0..<groups).map { _ in Double.random(in: 0.02...1, using: &random) }
            let shares = weights.map { $0 / weights.reduce(0, +) }
            let observed = shares.map { Int((Double.random(in: 0.7...1.3, using: &random) * $0 * 5_000).rounded()) + 1 }
            cases.append(
                Case(json: ["kind": "fit", "observed": observed, "shares": shares]) { reference in
                    close(
                        ChiSquare.goodnessOfFit(observed, shares: shares), reference["p"],
                        "the fit of \(observed) to \(shares)")
                })
            let columns = (0..<groups).map { _ in
                let size = Int.random(in: 2...(Bool.random(using: &random) ? 40 : 20_000), using: &random)
                let yes = Int.random(in: 1..<size, using: &random)
                return (yes: yes, no: size - yes)
            }
            cases.append(
                Case(json: ["kind": "table", "yes": columns.map(\.yes), "no": columns.map(\.no)]) { reference in
                    close(ChiSquare.homogeneity(columns), reference["p"], "the homogeneity of \(columns)")
                })
        }
        return cases
    }

    @Test(
        "Newcombe's interval, the pooled z test, the sample size and the chi-square tests equal statsmodels' and scipy's",
        .enabled(if: hasStatsmodels || isCI, "statsmodels is not installed (pip install statsmodels)"))
    func againstStatsmodels() throws {
        try #require(Self.hasStatsmodels, "Python's statsmodels is not installed, and CI is set: .ci/run installs it")
        let cases = Self.cases
        let folder = try Repository.temporaryFolder()
        let file = folder.appending(path: "cases.json")
        try JSONSerialization.data(withJSONObject: cases.map(\.json)).write(to: file)
        let run = try Command.run("python3", [Repository.path("Tests/Statistics/readout_statistics.py"), file.path])
        try #require(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == cases.count, "\(run.output.prefix(2000))")
        for (test, line) in zip(cases, lines) {
            let reference = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            test.check(reference)
        }
    }

    @Test("the edges statsmodels has no figure for: an empty group, a pooled share of 0 or 1, no variation")
    func edges() {
        #expect(Proportions.newcombe(0, 0, 1, 2) == nil)
        #expect(Proportions.pooledZTest(1, 2, 0, 0) == nil)
        #expect(Proportions.pooledZTest(0, 20, 0, 30) == 1)
        #expect(Proportions.pooledZTest(20, 20, 30, 30) == 1)
        #expect(Proportions.sampleSize(effect: 0.1, base: 0.95, ratio: 1) == nil)
        #expect(Proportions.sampleSize(effect: 0, base: 0.5, ratio: 1) == nil)
        #expect(ChiSquare.homogeneity([(yes: 5, no: 0), (yes: 7, no: 0)]) == nil)
        #expect(ChiSquare.homogeneity([(yes: 5, no: 3), (yes: 0, no: 0)]) == nil)
        #expect(ChiSquare.goodnessOfFit([10], shares: [1]) == nil)
        #expect(ChiSquare.upperTail(0, degrees: 3) == 1)
        // The χ² tail's two branches (series below a + 1, continued fraction above) meet.
        let below = ChiSquare.upperGamma(2.5, 3.499_999_999)
        let above = ChiSquare.upperGamma(2.5, 3.500_000_001)
        #expect(abs(below - above) < 1e-8)
    }
}
