import RealModule

/// The statistics of a readout (Semantics §15) on two proportions, `x₁ / n₁` against `x₂ / n₂`:
/// Wilson's score interval of one, Newcombe's hybrid score interval of their difference, the
/// pooled two-proportion z test, and the people it takes to detect a difference. No Swift library
/// does these; each is a formula of a few lines, held to statsmodels in the tests
/// (`ReadoutStatisticsTests`).
package enum Proportions {
    /// The standard normal quantile of 0.975: a two-sided 95% interval is ± this many standard errors.
    package static let z95 = 1.959_963_984_540_054
    /// The standard normal quantile of 0.8: 80% power.
    package static let z80 = 0.841_621_233_572_914_3

    /// Wilson's score interval of `count / total` at 95%, without continuity correction; `nil` when
    /// `total` is 0.
    package static func wilson(_ count: Int, of total: Int) -> ClosedRange<Double>? {
        guard total > 0 else { return nil }
        let n = Double(total)
        let p = Double(count) / n
        let z2 = z95 * z95
        let center = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z95 / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return max(0, center - half)...min(1, center + half)
    }

    /// The 95% interval of `p₁ − p₂` by Newcombe's hybrid score method (his method 10: Wilson
    /// intervals, no continuity correction), as statsmodels' `confint_proportions_2indep(method=
    /// "newcomb")`; `nil` when a group is empty.
    package static func newcombe(_ x1: Int, _ n1: Int, _ x2: Int, _ n2: Int) -> ClosedRange<Double>? {
        guard let first = wilson(x1, of: n1), let second = wilson(x2, of: n2) else { return nil }
        let p1 = Double(x1) / Double(n1)
        let p2 = Double(x2) / Double(n2)
        let difference = p1 - p2
        let below =
            ((p1 - first.lowerBound) * (p1 - first.lowerBound)
            + (second.upperBound - p2) * (second.upperBound - p2)).squareRoot()
        let above =
            ((first.upperBound - p1) * (first.upperBound - p1)
            + (p2 - second.lowerBound) * (p2 - second.lowerBound)).squareRoot()
        return (difference - below)...(difference + above)
    }

    /// The two-sided p-value of the pooled two-proportion z test of `p₁ = p₂`, as statsmodels'
    /// `proportions_ztest`; 1 when the pooled share is 0 or 1 (no person differs), `nil` when a
    /// group is empty.
    package static func pooledZTest(_ x1: Int, _ n1: Int, _ x2: Int, _ n2: Int) -> Double? {
        guard n1 > 0, n2 > 0 else { return nil }
        let pooled = Double(x1 + x2) / Double(n1 + n2)
        guard pooled > 0, pooled < 1 else { return 1 }
        let error = (pooled * (1 - pooled) * (1 / Double(n1) + 1 / Double(n2))).squareRoot()
        let z = (Double(x1) / Double(n1) - Double(x2) / Double(n2)) / error
        return Double.erfc(abs(z) / 2.0.squareRoot())
    }

    /// The people the first group needs to detect a difference `effect` (a share, signed) from
    /// `base` with 80% power at α = 0.05 two-sided by the pooled z test, the second group holding
    /// `ratio` times as many: as statsmodels' `samplesize_proportions_2indep_onetail(effect, base,
    /// 0.8, ratio)`, whose variance is pooled under the null and not under the alternative. `nil`
    /// when `base + effect` is not a share strictly between 0 and 1, or `effect` or `ratio` is 0.
    package static func sampleSize(effect: Double, base: Double, ratio: Double) -> Double? {
        let other = base + effect
        guard effect != 0, ratio > 0, (0...1).contains(base), other > 0, other < 1 else { return nil }
        let pooled = (other + ratio * base) / (1 + ratio)
        let null = (pooled * (1 - pooled) * (1 + 1 / ratio)).squareRoot()
        let alternative = (other * (1 - other) + base * (1 - base) / ratio).squareRoot()
        let root = (z95 * null + z80 * alternative) / effect
        return root * root
    }
}
