/// A length of time: a policy's duration (`21d`) or the distance between two instants.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in nanoseconds (negative for a span backwards).
    public var nanoseconds: Int64

    /// The units a policy's duration may use, with their length in seconds.
    package static let units: [(symbol: Character, seconds: Int64)] = [
        ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800),
    ]

    /// The longest duration a policy may write: 100 years of 365 days.
    public static let maximum = TimeSpan(seconds: 100 * 365 * 86_400)

    /// Creates a span from nanoseconds.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Creates a span from whole seconds.
    public init(seconds: Int64) {
        nanoseconds = seconds * 1_000_000_000
    }

    /// Reads a policy duration: digits and one unit of `s m h d w`, no sign, at most 100 years.
    public init?(duration text: String) {
        guard let unit = text.last, let scale = Self.units.first(where: { $0.symbol == unit })?.seconds else {
            return nil
        }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), digits.count <= 12,
            let value = Int64(digits), value <= Self.maximum.seconds / scale
        else { return nil }
        self.init(seconds: value * scale)
    }

    /// Orders spans by length.
    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The whole seconds in the span.
    public var seconds: Int64 { nanoseconds / 1_000_000_000 }

    /// The span as a duration in its largest exact unit up to days: `21d`, `90m`, `2h` (weeks are
    /// read but written as days, which is how people count them in a policy); a span that is not
    /// whole seconds is written in seconds with a fraction.
    public var description: String {
        guard nanoseconds % 1_000_000_000 == 0 else { return "\(Double(nanoseconds) / 1e9)s" }
        let seconds = self.seconds
        if seconds == 0 { return "0s" }
        for unit in Self.units.reversed() where unit.symbol != "w" && seconds % unit.seconds == 0 {
            return "\(seconds / unit.seconds)\(unit.symbol)"
        }
        return "\(seconds)s"
    }

    /// The span for people, largest units first: `20d 23h 59m 59s`,
    /// `1s`; a negative span is prefixed with `-`.
    public var spoken: String {
        var rest = abs(seconds)
        var parts: [String] = []
        for (symbol, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size)\(symbol)")
            rest %= size
        }
        if parts.isEmpty { return nanoseconds == 0 ? "0s" : "under 1s" }
        return (nanoseconds < 0 ? "-" : "") + parts.joined(separator: " ")
    }
}
