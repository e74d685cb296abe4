@_spi(ReviewGateTools) import ReviewGate

/// Reads a `time` value: RFC 3339 (`2026-01-05T09:00:00Z`, or BigQuery's `2026-01-05 09:00:00 UTC`),
/// or a number of seconds, milliseconds or microseconds since 1970, told apart by size as
/// warehouses export them (below 10¹¹ seconds, below 10¹⁴ milliseconds, below 10¹⁷ microseconds).
package enum TimeColumn {
    /// The earliest and latest times a state holds (`Timestamp.years`).
    private static let earliest = Timestamp(rfc3339: "\(Timestamp.years.lowerBound)-01-01T00:00:00Z")!
    private static let latest = Timestamp(rfc3339: "\(Timestamp.years.upperBound)-12-31T23:59:59Z")!

    /// What a reader keeps from one time value to the next: a buffer, and the days read.
    package struct Scratch {
        var bytes: [UInt8] = []
        /// Days read in times written `YYYY-MM-DDTHH:MM:SSZ`, by their year's last digit, month and
        /// day: a timeline spans few days, each of which is then read and checked once.
        var days = [Day](repeating: Day(), count: 512)
        /// The last day read, checked before the days kept.
        var last = Day()
        /// The UTC offset of the last time read, in quarter hours: its `±hh:mm`, else 0 (`Z`, `UTC`
        /// and an epoch number are UTC; Semantics §14.2).
        var offsetQuarters: Int8 = 0

        /// Nothing read yet.
        package init() {}
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
    @inline(__always)
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) -> Timestamp? {
        // The shape a timeline writes line after line: no epoch number has its `-`, so it is read
        // as below.
        if isDayAndTime(bytes) {
            scratch.offsetQuarters = 0
            return dayAndTime(bytes, scratch: &scratch)
        }
        return parseOther(bytes, scratch: &scratch)
    }

    /// The `±hh:mm` a time ends with, in seconds, as a line keeps it (``keptQuarters(_:)``); 0
    /// without one.
    private static func offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard count >= 25, bytes[count - 3] == UInt8(ascii: ":"),
            bytes[count - 6] == UInt8(ascii: "+") || bytes[count - 6] == UInt8(ascii: "-")
        else { return 0 }
        // Read in place: an array of the four digits cost a line of a GA4 export an allocation.
        guard let h1 = digit(bytes, count - 5), let h2 = digit(bytes, count - 4), let m1 = digit(bytes, count - 2),
            let m2 = digit(bytes, count - 1)
        else { return 0 }
        let seconds = Int((h1 * 10 + h2) * 3600 + (m1 * 10 + m2) * 60)
        return bytes[count - 6] == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// The offset a line keeps for its local time, in quarter hours: from −14:00 to +14:00 (every
    /// zone's is within); beyond, the line is read as UTC, 0.
    private static func keptQuarters(_ seconds: Int) -> Int8 {
        seconds.magnitude <= 14 * 3600 ? Int8(seconds / 900) : 0
    }

    /// Whether `bytes` have the shape `YYYY-MM-DDTHH:MM:SSZ`: twenty of them, with `-`, `T` and
    /// `Z` where they go (the other bytes are checked as they are read).
    @inline(__always)
    static func isDayAndTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 20, let base = bytes.baseAddress else { return false }
        return base[4] == UInt8(ascii: "-") && base[10] == UInt8(ascii: "T") && base[19] == UInt8(ascii: "Z")
    }

    /// The time of any other shape, or `nil` when the bytes are not one; sets the offset kept.
    private static func parseOther(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) -> Timestamp? {
        // The offset of a warehouse's time is read with it (``fractionAndOffset(_:scratch:)``); the
        // shapes below end without one (20 bytes, or `UTC`), and any other text has it read alone.
        scratch.offsetQuarters = 0
        guard let first = bytes.first else { return nil }
        if (0x30...0x39).contains(first), !bytes.contains(UInt8(ascii: "-")) {
            scratch.offsetQuarters = offsetQuarters(bytes)
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
        // A warehouse's time, with its fraction and the device's offset, in the day kept; any other
        // shape, and any text it refuses, read by `Timestamp` itself.
        if let time = fractionAndOffset(bytes, scratch: &scratch) { return time }
        scratch.offsetQuarters = offsetQuarters(bytes)
        return Timestamp(rfc3339: bytes)
    }

    /// The offset kept of the `±hh:mm` a time ends with, read alone.
    private static func offsetQuarters(_ bytes: UnsafeBufferPointer<UInt8>) -> Int8 {
        keptQuarters(offset(bytes))
    }

    /// `YYYY-MM-DDTHH:MM:SS`, then `.` and one to nine digits or none, then `Z` or `±hh:mm`, read
    /// as ``Timestamp/init(rfc3339:)-(UnsafeBufferPointer<UInt8>)`` reads it, its date from the
    /// days kept, and its offset kept as ``offset(_:)`` keeps it (the same bytes, read once); `nil`
    /// for any other text, which `Timestamp` then reads (or refuses) itself.
    private static func fractionAndOffset(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) -> Timestamp? {
        let count = bytes.count
        guard count >= 20, count <= 35, bytes[10] == UInt8(ascii: "T") else { return nil }
        @inline(__always) func digit(_ index: Int) -> Int64? { Self.digit(bytes, index) }
        var index = 19
        var nanoseconds: Int64 = 0
        if bytes[19] == UInt8(ascii: ".") {
            index = 20
            var fraction: Int64 = 0
            if count - 20 >= 8 {
                // Up to eight digits at once: those before the first other byte of the next eight.
                let word = UnsafeRawPointer(bytes.baseAddress! + 20).loadUnaligned(as: UInt64.self).littleEndian
                let (value, digits) = leadingDigits(word)
                fraction = value
                index += digits
            }
            while index < count, let value = digit(index) {
                fraction = fraction * 10 + value
                index += 1
            }
            let digits = index - 20
            guard (1...9).contains(digits) else { return nil }
            nanoseconds = fraction * Self.fractionScale[digits]
        }
        guard index < count else { return nil }
        var offset: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"):
            guard index + 1 == count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == count, bytes[index + 3] == UInt8(ascii: ":"), let h1 = digit(index + 1),
                let h2 = digit(index + 2), let m1 = digit(index + 4), let m2 = digit(index + 5)
            else { return nil }
            let hours = h1 * 10 + h2
            let minutes = m1 * 10 + m2
            guard hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        guard let seconds = secondsOfDay(bytes, scratch: &scratch) else { return nil }
        // The same `±hh:mm` that ``offset(_:)`` reads (it ends at least 25 bytes from the start).
        scratch.offsetQuarters = keptQuarters(Int(offset))
        return Timestamp(nanosecondsSince1970: (seconds - offset) &* 1_000_000_000 &+ nanoseconds)
    }

    /// The number the digits at the start of eight bytes (the first lowest) write, and how many
    /// there are: those before the first byte that is not a digit, all eight when every one is.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (value: Int64, count: Int) {
        // Less `0` from each byte: a digit is then below 10. A byte below `0` borrows from the next,
        // but only bytes after the first that is not a digit take the borrow.
        let values = word &- 0x3030_3030_3030_3030
        // The high bit of each byte that is not a digit: below `0` (borrowed) or 10 and above.
        let others = (values &+ 0x7676_7676_7676_7676 | values) & 0x8080_8080_8080_8080
        let count = others.trailingZeroBitCount / 8
        guard count > 0 else { return (0, 0) }
        // The digits moved up to the last bytes, zeros (leading zeros) before them, then read as an
        // eight-digit number two digits, four, then eight at a time.
        var number = (values << UInt64(64 - 8 * count)) & 0x0F0F_0F0F_0F0F_0F0F
        number = (number &* 2561) >> 8 & 0x00FF_00FF_00FF_00FF
        number = (number &* 6_553_601) >> 16 & 0x0000_FFFF_0000_FFFF
        number = (number &* 42_949_672_960_001) >> 32
        return (Int64(number), count)
    }

    /// The digit `bytes[index]` stands for, or `nil` when it is not one.
    @inline(__always)
    private static func digit(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int64? {
        let value = bytes[index] &- 0x30
        return value < 10 ? Int64(value) : nil
    }

    /// What a fraction of `n` digits is multiplied by to be nanoseconds (`n` from 1 to 9).
    private static let fractionScale: [Int64] = [
        1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1,
    ]

    /// `YYYY-MM-DDTHH:MM:SSZ`, read as ``Timestamp/init(rfc3339:)-(UnsafeBufferPointer<UInt8>)``
    /// reads it (the same checks, the same time), its date read only when it is not the last day
    /// read or among the days kept.
    @inline(__always)
    private static func dayAndTime(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) -> Timestamp? {
        secondsOfDay(bytes, scratch: &scratch).map { Timestamp(nanosecondsSince1970: $0 &* 1_000_000_000) }
    }

    /// The seconds since 1970 of a time's first 19 bytes, `YYYY-MM-DDTHH:MM:SS` (at least 20 bytes,
    /// `T` checked by the caller), its date from the days kept; `nil` when they are not one.
    @inline(__always)
    private static func secondsOfDay(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) -> Int64? {
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
        // `HH:MM:SS` in one word, first byte lowest, less `0` from each digit and `:` from each
        // colon: a byte below its base borrows and sets its high bits, so every byte is checked by
        // two masks (each digit below 16, then below 10 once 6 is added to it), no borrow or
        // carry crossing into a byte that passes.
        let clock = raw.loadUnaligned(fromByteOffset: 11, as: UInt64.self).littleEndian &- 0x3030_3A30_303A_3030
        guard clock & 0xF0F0_FFF0_F0FF_F0F0 == 0, (clock &+ 0x0606_0006_0600_0606) & 0xF0F0_00F0_F000_F0F0 == 0
        else { return nil }
        // Each pair's tens times ten plus its ones, in the pair's first byte.
        let pairs = clock &* 10 &+ clock >> 8
        let hour = Int64(pairs & 0xFF)
        let minute = Int64(pairs >> 24 & 0xFF)
        let second = Int64(pairs >> 48 & 0xFF)
        guard hour < 24, minute < 60, second < 61 else { return nil }
        // A leap second (:60) reads as :59, as in `Timestamp`.
        return midnight &+ hour &* 3600 &+ minute &* 60 &+ min(second, 59)
    }

    /// The day of a `YYYY-MM-DDTHH:MM:SSZ` time (`head` and `tail` its first ten bytes) from the
    /// days kept, or read and kept; `nil` when it is no day.
    @inline(__always)
    private static func day(
        _ bytes: UnsafeBufferPointer<UInt8>, head: UInt64, tail: UInt16, scratch: inout Scratch
    ) -> Day? {
        // The days of one year have slots of their own; the bytes decide a match.
        let base = bytes.baseAddress!
        let slot =
            (Int(base[3] &- 0x30) &* 372 &+ Int(base[6] &- 0x30) &* 31 &+ Int(base[5] &- 0x30) &* 310
                &+ Int(base[8] &- 0x30) &* 10 &+ Int(base[9] &- 0x30)) & 511
        let kept = scratch.days[slot]
        if kept.isRead, kept.head == head, kept.tail == tail { return kept }
        guard let midnight = midnight(bytes) else { return nil }
        let day = Day(head: head, tail: tail, midnight: midnight, isRead: true)
        scratch.days[slot] = day
        return day
    }

    /// The midnight of a `YYYY-MM-DDTHH:MM:SS…` time's date, in seconds since 1970: its date
    /// alone read by `Timestamp`, with the same checks of its digits, month, day and year.
    @inline(never)
    private static func midnight(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let date = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { date in
            _ = date.initialize(from: bytes.prefix(20))
            // HH, MM and SS at 00, the colons left for the check, and `Z` after them (a time with
            // a fraction or an offset has another byte there).
            date[19] = UInt8(ascii: "Z")
            for offset in stride(from: 11, through: 17, by: 3) {
                date[offset] = UInt8(ascii: "0")
                date[offset + 1] = UInt8(ascii: "0")
            }
            return Timestamp(rfc3339: UnsafeBufferPointer(date))
        }
        return date.map { $0.nanosecondsSince1970 / 1_000_000_000 }
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
