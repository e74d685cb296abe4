/// A condition (`when`), with where it is written.
package struct Condition: Sendable {
    /// What the condition tests.
    package indirect enum Test: Sendable {
        /// All hold (`all: []` holds).
        case all([Condition])
        /// At least one holds (`any: []` does not).
        case any([Condition])
        /// It does not hold.
        case not(Condition)
        /// An event's count, with the current donation when it is that event; only donations
        /// after the prompt's last ask with `sinceLastAsk` (Semantics §14.1).
        case event(String, Comparison<Int>, within: TimeSpan?, sinceLastAsk: Bool)
        /// The number of launches.
        case launches(Comparison<Int>)
        /// The number of distinct local dates with a launch among the last `withinDays` (Semantics §14.2).
        case activeDays(Comparison<Int>, withinDays: Int)
        /// How long ago the app was installed.
        case installAge(Comparison<TimeSpan>)
        /// How long ago the last ask was; never asked is infinitely long ago.
        case sinceLastAsk(Comparison<TimeSpan>)
        /// `flags.NAME` is `true`.
        case flag(String)
        /// An attribute's value compares; a missing attribute does not hold.
        case attribute(String, AttributeTest)
        /// The current version (by version key) compares, dotted and numeric.
        case appVersion(VersionComparison)
    }

    /// What it tests.
    package var test: Test
    /// Where it is written.
    package var location: SourceLocation

    /// Calls `body` with the `within` of every event count in the condition.
    func forEachEventWindow(_ body: (TimeSpan?) -> Void) {
        forEachEventCount { _, within in body(within) }
    }

    /// This condition and every condition inside it, parents first.
    package var nested: [Condition] {
        switch test {
        case .all(let conditions), .any(let conditions): [self] + conditions.flatMap(\.nested)
        case .not(let condition): [self] + condition.nested
        default: [self]
        }
    }

    /// Calls `body` with the event and the `within` of every event count in the condition.
    func forEachEventCount(_ body: (String, TimeSpan?) -> Void) {
        switch test {
        case .all(let conditions), .any(let conditions):
            for condition in conditions { condition.forEachEventCount(body) }
        case .not(let condition): condition.forEachEventCount(body)
        case .event(let event, _, let within, _): body(event, within)
        default: break
        }
    }
}

/// A comparison with a bound: `at_least`, `at_most` or `exactly`.
package enum Comparison<Value: Comparable & Sendable>: Sendable {
    /// ≥ the bound.
    case atLeast(Value)
    /// ≤ the bound.
    case atMost(Value)
    /// = the bound.
    case exactly(Value)

    /// Whether a value compares.
    package func holds(for value: Value) -> Bool {
        switch self {
        case .atLeast(let bound): value >= bound
        case .atMost(let bound): value <= bound
        case .exactly(let bound): value == bound
        }
    }
}

/// How an attribute is tested.
package enum AttributeTest: Sendable {
    /// Equal to a scalar.
    case equals(AttributeValue)
    /// Equal to one of several scalars.
    case oneOf([AttributeValue])
    /// A number ≥ the bound.
    case atLeast(Double)
    /// A number ≤ the bound.
    case atMost(Double)
}

/// A dotted version comparison: `at_least: "2.0"` or `below: "3"`.
package enum VersionComparison: Sendable {
    /// The version ≥ this one.
    case atLeast(AppVersionNumber)
    /// The version < this one.
    case below(AppVersionNumber)
}

/// A dotted numeric version (`1.10.2`); `1.10 > 1.9`, and a missing part is 0.
package struct AppVersionNumber: Comparable, Sendable, CustomStringConvertible {
    /// The numeric parts.
    package var parts: [Int]
    /// The text as written.
    package var description: String

    /// Reads `x.y.z`: digits separated by dots. `nil` for anything else.
    package init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(piece) else {
                return nil
            }
            parts.append(number)
        }
        self.parts = parts
        description = text
    }

    /// Reads a release's version as Semantics §2 compares it: dotted digits, then an optional
    /// pre-release suffix after a `-` that the comparison ignores (`0.6.0-dev` equals `0.6.0`).
    /// The description keeps the suffix. `nil` when the part before the `-` is not dotted digits.
    package init?(release text: String) {
        let dotted = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let number = AppVersionNumber(String(dotted[0])), dotted.count == 1 || !dotted[1].isEmpty else {
            return nil
        }
        self = number
        description = text
    }

    /// The dotted digits alone, without a pre-release suffix: `0.6.0` of `0.6.0-dev`.
    package var dotted: String { parts.map(String.init).joined(separator: ".") }

    /// Compares part by part, a missing part counting as 0.
    package static func < (lhs: AppVersionNumber, rhs: AppVersionNumber) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Equal when no part differs (a missing part counting as 0).
    package static func == (lhs: AppVersionNumber, rhs: AppVersionNumber) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}
