/// An instant and the UTC offset where the person is then (Semantics §14.2): the one value a
/// ``Moment`` is made from, so that the local date days of use count is never worked out in UTC by
/// a forgotten line. ``utc(_:)`` says so where there is no offset to give.
///
/// Not a time of day (as `LocalTime` is in java.time): a point in time, read where the person is,
/// as ``LocalDate`` is the date there. Two values of one instant in two offsets are not equal.
public struct LocalTime: Hashable, Sendable {
    /// The instant.
    public var instant: Timestamp
    /// The UTC offset where the person is at ``instant``, in seconds east of UTC (`+02:00` is 7200).
    public var utcOffsetSeconds: Int

    /// `instant` where the UTC offset is `utcOffsetSeconds` (east positive: `+02:00` is 7200).
    public init(_ instant: Timestamp, utcOffsetSeconds: Int) {
        self.instant = instant
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// `instant` in UTC: for a moment with no offset to give (a server, a test that counts no days).
    public static func utc(_ instant: Timestamp) -> LocalTime { LocalTime(instant, utcOffsetSeconds: 0) }

    /// Reads an RFC 3339 time with the offset it is written in (`2026-11-22T19:00:00+09:00`); `nil`
    /// when the text is not such a time.
    package init?(rfc3339 text: String) {
        guard let instant = Timestamp(rfc3339: text), let offset = Timestamp.utcOffset(ofRFC3339: text) else {
            return nil
        }
        self.init(instant, utcOffsetSeconds: offset)
    }

    /// The date where the person is.
    public var date: LocalDate { LocalDate(self) }

    /// RFC 3339 in its offset, to the second: `2026-11-22T19:00:00+09:00` (`Z` for 0).
    package var rfc3339: String { instant.rfc3339(utcOffsetSeconds: utcOffsetSeconds) }
}
