import RealModule

/// The χ² tests of a readout's sample ratio checks (Semantics §15), as scipy's `chisquare` and
/// `chi2_contingency(correction=False)`, with the χ² distribution's upper tail, the regularized
/// incomplete gamma function `Q(k/2, x/2)`, worked out as Numerical Recipes does (a series below
/// `a + 1`, a continued fraction above). No Swift library has it; held to scipy in the tests.
package enum ChiSquare {
    /// The p-value of `observed` counts against `expected` shares (each above 0, summing to 1):
    /// the goodness of fit of assigned people to the arms' bucket shares. `nil` with fewer than two
    /// groups or no one counted.
    package static func goodnessOfFit(_ observed: [Int], shares: [Double]) -> Double? {
        let total = Double(observed.reduce(0, +))
        guard observed.count >= 2, observed.count == shares.count, total > 0 else { return nil }
        var statistic = 0.0
        for (count, share) in zip(observed, shares) {
            let expected = total * share
            statistic += (Double(count) - expected) * (Double(count) - expected) / expected
        }
        return upperTail(statistic, degrees: observed.count - 1)
    }

    /// The p-value of the χ² test of homogeneity of a 2 × k table, each column one group's
    /// (`yes`, `no`) counts, with no continuity correction. `nil` when fewer than two columns have
    /// anyone, or a row is empty (everyone, or no one, answered yes).
    package static func homogeneity(_ columns: [(yes: Int, no: Int)]) -> Double? {
        let kept = columns.filter { $0.yes + $0.no > 0 }
        let yes = Double(kept.reduce(0) { $0 + $1.yes })
        let no = Double(kept.reduce(0) { $0 + $1.no })
        guard kept.count >= 2, yes > 0, no > 0 else { return nil }
        let total = yes + no
        var statistic = 0.0
        for column in kept {
            let size = Double(column.yes + column.no)
            for (count, row) in [(column.yes, yes), (column.no, no)] {
                let expected = size * row / total
                statistic += (Double(count) - expected) * (Double(count) - expected) / expected
            }
        }
        return upperTail(statistic, degrees: kept.count - 1)
    }

    /// `P(X ≥ statistic)` for X following χ² with `degrees` degrees of freedom.
    package static func upperTail(_ statistic: Double, degrees: Int) -> Double {
        guard statistic > 0 else { return 1 }
        return upperGamma(Double(degrees) / 2, statistic / 2)
    }

    /// The regularized upper incomplete gamma function `Q(a, x)`, for `a > 0`, `x ≥ 0`.
    static func upperGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 1 }
        let prefix = Double.exp(-x + a * Double.log(x) - Double.logGamma(a))
        if x < a + 1 {
            // P(a, x) by its series, Q = 1 − P.
            var term = 1 / a
            var sum = term
            var denominator = a
            for _ in 0..<10_000 {
                denominator += 1
                term *= x / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return max(0, 1 - sum * prefix)
        }
        // Q(a, x) by its continued fraction, evaluated by Lentz's method.
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for step in 1..<10_000 {
            let an = -Double(step) * (Double(step) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return min(1, prefix * fraction)
    }
}
