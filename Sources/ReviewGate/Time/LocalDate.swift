/// A calendar date where the person is: the date of an instant in a UTC offset (Semantics §14.2), the
/// unit of days of use. Written `2026-11-22`.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var daysSince1970: Int

    /// The date `daysSince1970` days after 1970-01-01.
    public init(daysSince1970: Int) {
        self.daysSince1970 = daysSince1970
    }

    /// The date of `time` where the person is.
    public init(_ time: LocalTime) {
        let nanoseconds = time.instant.nanosecondsSince1970
        let seconds = nanoseconds / 1_000_000_000 - (nanoseconds % 1_000_000_000 < 0 ? 1 : 0)
        let local = seconds + Int64(time.utcOffsetSeconds)
        daysSince1970 = Int(local / 86_400 - (local % 86_400 < 0 ? 1 : 0))
    }

    /// The date of `time` in a UTC offset of `utcOffsetSeconds` (east positive: `+02:00` is 7200).
    @available(*, deprecated, message: "give a LocalTime: LocalDate(LocalTime(time, utcOffsetSeconds: …))")
    public init(_ time: Timestamp, utcOffsetSeconds: Int) {
        self.init(LocalTime(time, utcOffsetSeconds: utcOffsetSeconds))
    }

    /// Reads `YYYY-MM-DD`, a real date in the years a time may be written in; `nil` otherwise.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            Timestamp.years.contains(year), (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        daysSince1970 = Int(CivilDate.toDays(year: year, month: month, day: day))
    }

    /// `2026-11-22`.
    public var description: String {
        Timestamp(nanosecondsSince1970: Int64(daysSince1970) * 86_400 * 1_000_000_000).day
    }

    /// Orders dates in time.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// The date `days` later (earlier when negative).
    package func adding(days: Int) -> LocalDate { LocalDate(daysSince1970: daysSince1970 + days) }

}

extension Timestamp {
    /// The UTC offset an RFC 3339 time is written in, in seconds (`Z`: 0), or `nil` when the text
    /// is not such a time.
    package static func utcOffset(ofRFC3339 text: String) -> Int? {
        guard Timestamp(rfc3339: text) != nil else { return nil }
        let bytes = Array(text.utf8)
        let last = bytes[bytes.count - 1]
        if last == 0x5A || last == 0x7A { return 0 }
        let sign = bytes[bytes.count - 6]
        let hours = Int(bytes[bytes.count - 5] - 0x30) * 10 + Int(bytes[bytes.count - 4] - 0x30)
        let minutes = Int(bytes[bytes.count - 2] - 0x30) * 10 + Int(bytes[bytes.count - 1] - 0x30)
        return (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
    }
}

extension Timestamp {
    /// RFC 3339 in a UTC offset, to the second: `2026-11-22T19:00:00+09:00` (`Z` for 0).
    package func rfc3339(utcOffsetSeconds offset: Int) -> String {
        guard offset != 0 else { return description }
        let local = (self + TimeSpan(seconds: Int64(offset))).description.prefix(19)
        let minutes = abs(offset) / 60
        let hours = minutes / 60 < 10 ? "0\(minutes / 60)" : "\(minutes / 60)"
        let rest = minutes % 60 < 10 ? "0\(minutes % 60)" : "\(minutes % 60)"
        return "\(local)\(offset < 0 ? "-" : "+")\(hours):\(rest)"
    }
}
