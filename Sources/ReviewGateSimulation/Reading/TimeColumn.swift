@_spi(ReviewGateTools) import ReviewGate

/// Reads a `time` value: RFC 3339 (`2026-01-05T09:00:00Z`, or BigQuery's `2026-01-05 09:00:00 UTC`),
/// or a number of seconds, milliseconds or microseconds since 1970, told apart by size as
/// warehouses export them (below 10¹¹ seconds, below 10¹⁴ milliseconds, below 10¹⁷ microseconds).
enum TimeColumn {
    /// The earliest and latest times a state holds (`Timestamp.years`).
    private static let earliest = Timestamp(rfc3339: "\(Timestamp.years.lowerBound)-01-01T00:00:00Z")!
    private static let latest = Timestamp(rfc3339: "\(Timestamp.years.upperBound)-12-31T23:59:59Z")!

    /// What a reader keeps from one time value to the next: a buffer, and the days read.
    struct Scratch {
        var bytes: [UInt8] = []
        /// Days read in times written `YYYY-MM-DDTHH:MM:SSZ`, by their year's last digit, month and
        /// day: a timeline spans few days, each of which is then read and checked once.
        var days = [Day](repeating: Day(), count: 512)
        /// The last day read, checked before the days kept.
        var last = Day()
    }

    /// A day read: its `YYYY-MM-DD` (the first eight bytes and the last two) and its midnight, in
    /// seconds since 1970.
    struct Day {
        var head: UInt64 = 0
        var tail: UInt16 = 0
        var midnight: Int64 = 0
        var isRead = false
    }

    /// The time, or `nil` when the bytes are not one.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) -> Timestamp? {
        // The shape a timeline writes line after line: no epoch number has its `-`, so it is read
        // as below.
        if bytes.count == 20, let base = bytes.baseAddress, base[4] == UInt8(ascii: "-"),
            base[10] == UInt8(ascii: "T"), base[19] == UInt8(ascii: "Z")
        {
            return dayAndTime(bytes, scratch: &scratch)
        }
        guard let first = bytes.first else { return nil }
        if (0x30...0x39).contains(first), !bytes.contains(UInt8(ascii: "-")) {
            return epoch(bytes)
        }
        let count = bytes.count
        if count == 20, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "Z") {
            return dayAndTime(bytes, scratch: &scratch)
        }
        if count > 4, bytes[count - 1] == UInt8(ascii: "C"), bytes[count - 2] == UInt8(ascii: "T"),
            bytes[count - 3] == UInt8(ascii: "U"), bytes[count - 4] == UInt8(ascii: " ")
        {
            scratch.bytes.removeAll(keepingCapacity: true)
            scratch.bytes.append(contentsOf: bytes.prefix(count - 4))
            scratch.bytes.append(UInt8(ascii: "Z"))
            return scratch.bytes.withUnsafeBufferPointer { Timestamp(rfc3339: $0) }
        }
        return Timestamp(rfc3339: bytes)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, read as ``Timestamp/init(rfc3339:)-(UnsafeBufferPointer<UInt8>)``
    /// reads it (the same checks, the same time), its date read only when it is not the last day
    /// read or among the days kept.
    @inline(__always)
    private static func dayAndTime(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) -> Timestamp? {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        let midnight: Int64
        if scratch.last.isRead, scratch.last.head == head, scratch.last.tail == tail {
            midnight = scratch.last.midnight
        } else {
            guard let day = self.day(bytes, head: head, tail: tail, scratch: &scratch) else { return nil }
            scratch.last = day
            midnight = day.midnight
        }
        // `HH:MM:SS` in one word, first byte lowest: each digit is its byte less `0`, below 10.
        let clock = raw.loadUnaligned(fromByteOffset: 11, as: UInt64.self).littleEndian
        @inline(__always) func digit(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: clock >> shift) &- 0x30 }
        let (h1, h2, m1, m2, s1, s2) = (digit(0), digit(8), digit(24), digit(32), digit(48), digit(56))
        guard (clock >> 16) & 0xFF == 0x3A, (clock >> 40) & 0xFF == 0x3A, h1 < 10, h2 < 10, m1 < 10, m2 < 10,
            s1 < 10, s2 < 10
        else { return nil }
        let hour = Int64(h1) &* 10 &+ Int64(h2)
        let minute = Int64(m1) &* 10 &+ Int64(m2)
        let second = Int64(s1) &* 10 &+ Int64(s2)
        guard hour < 24, minute < 60, second < 61 else { return nil }
        // A leap second (:60) reads as :59, as in `Timestamp`.
        let seconds = midnight &+ hour &* 3600 &+ minute &* 60 &+ min(second, 59)
        return Timestamp(nanosecondsSince1970: seconds &* 1_000_000_000)
    }

    /// The day of a `YYYY-MM-DDTHH:MM:SSZ` time (`head` and `tail` its first ten bytes) from the
    /// days kept, or read (its date alone, at midnight, with the same checks of its digits, month,
    /// day and year) and kept; `nil` when it is no day.
    private static func day(
        _ bytes: UnsafeBufferPointer<UInt8>, head: UInt64, tail: UInt16, scratch: inout Scratch
    ) -> Day? {
        // The days of one year have slots of their own; the bytes decide a match.
        let slot =
            (Int(bytes[3] &- 0x30) &* 372 &+ Int(bytes[6] &- 0x30) &* 31 &+ Int(bytes[5] &- 0x30) &* 310
                &+ Int(bytes[8] &- 0x30) &* 10 &+ Int(bytes[9] &- 0x30)) & 511
        if scratch.days[slot].isRead, scratch.days[slot].head == head, scratch.days[slot].tail == tail {
            return scratch.days[slot]
        }
        let date = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { date in
            _ = date.initialize(from: bytes)
            // HH, MM and SS at 00, the colons left for the check.
            for offset in stride(from: 11, through: 17, by: 3) {
                date[offset] = UInt8(ascii: "0")
                date[offset + 1] = UInt8(ascii: "0")
            }
            return Timestamp(rfc3339: UnsafeBufferPointer(date))
        }
        guard let date else { return nil }
        let day = Day(head: head, tail: tail, midnight: date.nanosecondsSince1970 / 1_000_000_000, isRead: true)
        scratch.days[slot] = day
        return day
    }

    /// Seconds, milliseconds or microseconds since 1970, with an optional fraction.
    private static func epoch(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var whole: Int64 = 0
        var index = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            guard whole < 100_000_000_000_000_000 else { return nil }
            whole = whole * 10 + Int64(bytes[index] - 0x30)
            index += 1
        }
        let unit: Int64 =
            whole < 100_000_000_000
            ? 1_000_000_000 : whole < 100_000_000_000_000 ? 1_000_000 : whole < 100_000_000_000_000_000 ? 1_000 : 1
        var nanoseconds = whole.multipliedReportingOverflow(by: unit)
        guard !nanoseconds.overflow else { return nil }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return nil }
            index += 1
            var scale = unit / 10
            while index < bytes.count {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                nanoseconds.partialValue += Int64(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
        }
        let time = Timestamp(nanosecondsSince1970: nanoseconds.partialValue)
        guard time >= earliest, time <= latest else { return nil }
        return time
    }
}
