/// An instant, as nanoseconds since 1970-01-01T00:00:00Z: what `now`, install times and asks are.
///
/// Read and written as RFC 3339 (`2026-11-22T10:00:00Z`, offsets and fractions allowed on input).
/// The library never reads the clock: every instant is passed in.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the Unix epoch.
    public var nanosecondsSince1970: Int64

    /// Creates an instant from nanoseconds since the Unix epoch.
    public init(nanosecondsSince1970: Int64) {
        self.nanosecondsSince1970 = nanosecondsSince1970
    }

    /// Creates an instant from seconds since the Unix epoch (fractions kept to the nanosecond),
    /// clamped to the instants an `Int64` of nanoseconds holds (1677–2262).
    public init(secondsSince1970: Double) {
        let nanoseconds = (secondsSince1970 * 1e9).rounded()
        nanosecondsSince1970 = nanoseconds.isNaN ? 0 : Int64(max(min(nanoseconds, 9.2e18), -9.2e18))
    }

    /// The years a time may be written in: a policy's longest duration (100 years) added to or
    /// taken from any of them still fits in nanoseconds.
    package static let years: ClosedRange<Int64> = 1900...2150

    /// Orders instants in time.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.nanosecondsSince1970 < rhs.nanosecondsSince1970
    }

    /// The instant a span later (saturating at the ends of the representable range).
    public static func + (lhs: Timestamp, rhs: TimeSpan) -> Timestamp {
        Timestamp(
            nanosecondsSince1970: saturating(
                lhs.nanosecondsSince1970.addingReportingOverflow(rhs.nanoseconds), rhs.nanoseconds > 0))
    }

    /// The instant a span earlier (saturating at the ends of the representable range).
    public static func - (lhs: Timestamp, rhs: TimeSpan) -> Timestamp {
        Timestamp(
            nanosecondsSince1970: saturating(
                lhs.nanosecondsSince1970.subtractingReportingOverflow(rhs.nanoseconds), rhs.nanoseconds < 0))
    }

    /// The span from `rhs` to `lhs` (negative when `lhs` is earlier; saturating).
    public static func - (lhs: Timestamp, rhs: Timestamp) -> TimeSpan {
        let difference = lhs.nanosecondsSince1970.subtractingReportingOverflow(rhs.nanosecondsSince1970)
        return TimeSpan(nanoseconds: saturating(difference, lhs > rhs))
    }

    private static func saturating(_ result: (partialValue: Int64, overflow: Bool), _ upward: Bool) -> Int64 {
        result.overflow ? (upward ? .max : .min) : result.partialValue
    }

    /// RFC 3339 in UTC, with a fraction only when there is one: `2026-11-22T10:00:00Z`.
    public var description: String {
        let seconds = nanosecondsSince1970.floorDivided(by: 1_000_000_000)
        let fraction = nanosecondsSince1970 - seconds * 1_000_000_000
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.fromDays(days)
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if fraction != 0 {
            var digits = pad(fraction, 9)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// The date part only, `2026-11-01`, for messages.
    public var day: String { String(description.prefix(10)) }

    /// Reads an RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; `t` and a space
    /// may stand for `T`, `z` for `Z`. `nil` when the text is not one, names no real date, or
    /// falls outside `years` (1900–2150).
    public init?(rfc3339 text: String) {
        var text = text
        guard let time = text.withUTF8({ Timestamp(rfc3339: $0) }) else { return nil }
        self = time
    }

    /// Reads an RFC 3339 date-time from its UTF-8 bytes, as ``init(rfc3339:)-(String)`` does: for a
    /// reader that holds bytes and would otherwise build a string per line.
    package init?(rfc3339 b: UnsafeBufferPointer<UInt8>) {
        guard b.count >= 20 else { return nil }
        @inline(__always) func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= b.count else { return nil }
            var value: Int64 = 0
            for index in range {
                let digit = b[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard let year = number(0..<4), b[4] == 0x2D, let month = number(5..<7), b[7] == 0x2D,
            let day = number(8..<10), b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20,
            let hour = number(11..<13), b[13] == 0x3A, let minute = number(14..<16), b[16] == 0x3A,
            let second = number(17..<19), Self.years.contains(year),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var nanos: Int64 = 0
        if b[index] == 0x2E {
            index += 1
            var scale: Int64 = 100_000_000
            let start = index
            while index < b.count, (0x30...0x39).contains(b[index]) {
                nanos += Int64(b[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < b.count else { return nil }
        var offset: Int64 = 0
        if b[index] == 0x5A || b[index] == 0x7A {
            index += 1
        } else if b[index] == 0x2B || b[index] == 0x2D {
            guard let hours = number(index + 1..<index + 3), index + 3 < b.count, b[index + 3] == 0x3A,
                let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (b[index] == 0x2D ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == b.count else { return nil }
        let seconds =
            CivilDate.toDays(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + min(second, 59) - offset
        nanosecondsSince1970 = seconds * 1_000_000_000 + nanos
    }
}

private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

/// Proleptic Gregorian calendar arithmetic (Howard Hinnant's days-from-civil algorithms).
enum CivilDate {
    static func toDays(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func fromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
