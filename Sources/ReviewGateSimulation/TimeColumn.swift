import ReviewGate

/// Reads a `time` value: RFC 3339 (`2026-01-05T09:00:00Z`, or BigQuery's `2026-01-05 09:00:00 UTC`),
/// or a number of seconds, milliseconds or microseconds since 1970, told apart by size as
/// warehouses export them (below 10¹¹ seconds, below 10¹⁴ milliseconds, below 10¹⁷ microseconds).
enum TimeColumn {
    /// The earliest and latest times a state holds (``Timestamp/years``).
    private static let earliest = Timestamp(rfc3339: "\(Timestamp.years.lowerBound)-01-01T00:00:00Z")!
    private static let latest = Timestamp(rfc3339: "\(Timestamp.years.upperBound)-12-31T23:59:59Z")!

    /// The time, or `nil` when the bytes are not one.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Timestamp? {
        guard let first = bytes.first else { return nil }
        if (0x30...0x39).contains(first), !bytes.contains(UInt8(ascii: "-")) {
            return epoch(bytes)
        }
        let count = bytes.count
        if count > 4, bytes[count - 1] == UInt8(ascii: "C"), bytes[count - 2] == UInt8(ascii: "T"),
            bytes[count - 3] == UInt8(ascii: "U"), bytes[count - 4] == UInt8(ascii: " ")
        {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: bytes.prefix(count - 4))
            scratch.append(UInt8(ascii: "Z"))
            return scratch.withUnsafeBufferPointer { Timestamp(rfc3339: $0) }
        }
        return Timestamp(rfc3339: bytes)
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
