@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@testable import ReviewGateSimulation

/// A timeline's `time` column read with its last day kept (`YYYY-MM-DDTHH:MM:SSZ` lines of one
/// day share their date): the same time, or the same refusal, as ``Timestamp`` gives each text
/// alone, whatever came before it.
@Suite("simulate: time column")
struct TimeColumnTests {
    /// Texts that try the day kept: the same day at other times, bad times after a good day, bad
    /// days with a good one's bytes around them, and the other ways of writing a time.
    static let texts = [
        "2026-01-05T09:00:00Z", "2026-01-05T23:59:59Z", "2026-01-05T00:00:00Z", "2026-01-05T24:00:00Z",
        "2026-01-05T12:60:00Z", "2026-01-05T12:00:60Z", "2026-01-05T12:00:61Z", "2026-01-05T1a:00:00Z",
        "2026-01-05T12-00:00Z", "2026-01-05T12:00:00z", "2026-01-05t12:00:00Z", "2026-01-05 12:00:00Z",
        "2026-01-06T08:30:15Z", "2026-02-29T08:30:15Z", "2024-02-29T08:30:15Z", "2026-02-30T00:00:00Z",
        "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026/01/05T09:00:00Z",
        "0001-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
        "2026-01-05T09:00:00.5Z", "2026-01-05T09:00:00+02:00", "2026-01-05T09:00:0Z", "2026-01-0ET09:00:00Z",
        // Days that share a slot with 2026-01-05, or differ from it only in the year's first digits.
        "2027-05-21T10:00:00Z", "2016-01-05T09:00:00Z", "1896-01-05T09:00:00Z", "2156-01-05T09:00:00Z",
        // The years a time may have, at their ends, and leap days.
        "1900-01-01T00:00:00Z", "1900-01-01T00:00:01Z", "1899-12-31T23:59:59Z", "2150-12-31T23:59:59Z",
        "2151-01-01T00:00:00Z", "2100-02-29T00:00:00Z", "2000-02-29T00:00:00Z",
        // A warehouse's times: a fraction of 1 to 9 digits (or more), the device's offset, and
        // what is not quite one.
        "2026-01-05T09:00:00.123456+02:00", "2026-01-05T09:00:00.123456789Z", "2026-01-05T09:00:00.1234567891Z",
        "2026-01-05T23:59:59.999999-09:30", "2026-01-06T00:00:00.000001+14:00", "2026-01-05T09:00:00-00:00",
        "2026-01-05T09:00:00.+02:00", "2026-01-05T09:00:00.12+2:00", "2026-01-05T09:00:00.12+24:00",
        "2026-01-05T09:00:00.12+02:60", "2026-01-05T09:00:00.12+02:00Z", "2026-01-05T09:00:00.12 +02:00",
        "2026-01-05T09:00:60.5+01:00", "2026-02-30T09:00:00.5+01:00", "1899-12-31T23:30:00-01:00",
        "2150-12-31T23:30:00.5-01:00", "2026-01-05t09:00:00.5+01:00", "2026-01-05T09:00:00.5z",
    ]

    /// The UTC offset a text ends with, in quarter hours, by its definition: `±hh:mm` of digits
    /// after a time (25 bytes or more), up to 14:00 either way; else 0.
    static func quarters(_ text: [UInt8]) -> Int8 {
        guard text.count >= 25 else { return 0 }
        let tail = Array(text.suffix(6))
        guard tail[0] == UInt8(ascii: "+") || tail[0] == UInt8(ascii: "-"), tail[3] == UInt8(ascii: ":") else {
            return 0
        }
        let digits = [tail[1], tail[2], tail[4], tail[5]]
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return 0 }
        let values = digits.map { Int($0) - 0x30 }
        let seconds = (values[0] * 10 + values[1]) * 3600 + (values[2] * 10 + values[3]) * 60
        guard seconds <= 14 * 3600 else { return 0 }
        return Int8((tail[0] == UInt8(ascii: "-") ? -seconds : seconds) / 900)
    }

    @Test("the offset kept is the text's ±hh:mm in quarter hours: 0 without one, past 14:00, or with a stray byte")
    func offsets() {
        let expected: [String: Int8] = [
            "2026-01-05T09:00:00+05:30": 22, "2026-01-05T09:00:00.5-09:30": -38, "2026-01-05T09:00:00+14:00": 56,
            "2026-01-05T09:00:00+14:15": 0, "2026-01-05T09:00:00-00:00": 0, "2026-01-05T09:00:00Z": 0,
            "2026-01-05T09:00:00+0a:30": 0, "2026-01-05T09:00:00.123456-03:45": -15, "2026-01-05T09:00:00+5:30": 0,
        ]
        for (text, quarters) in expected {
            var scratch = TimeColumn.Scratch()
            _ = Array(text.utf8).withUnsafeBufferPointer { TimeColumn.parse($0, scratch: &scratch) }
            #expect(scratch.offsetQuarters == quarters, "\(text)")
            #expect(Self.quarters(Array(text.utf8)) == quarters, "\(text): the definition")
        }
    }

    @Test("each text reads as Timestamp reads it, after any other")
    func sameAsTimestamp() {
        var kept = 0
        for before in Self.texts {
            for text in Self.texts {
                var scratch = TimeColumn.Scratch()
                for text in [before, text] {
                    let read = Array(text.utf8).withUnsafeBufferPointer { TimeColumn.parse($0, scratch: &scratch) }
                    #expect(read == Timestamp(rfc3339: text), "\(text) after \(before)")
                }
                // A day kept is the date of one of the texts, read as it reads alone.
                for day in scratch.days where day.isRead {
                    kept += 1
                    let midnight = Timestamp(nanosecondsSince1970: day.midnight * 1_000_000_000)
                    #expect([before, text].contains { Timestamp(rfc3339: $0.prefix(10) + "T00:00:00Z") == midnight })
                }
            }
        }
        #expect(kept > 0)
    }

    @Test("a list read through one scratch, forward and backward, reads as each text alone")
    func oneScratch() {
        for texts in [Self.texts, Self.texts.reversed(), Self.texts + Self.texts] {
            var scratch = TimeColumn.Scratch()
            for text in texts {
                let read = Array(text.utf8).withUnsafeBufferPointer { TimeColumn.parse($0, scratch: &scratch) }
                #expect(read == Timestamp(rfc3339: text), "\(text)")
            }
        }
    }

    @Test("eight bytes' leading digits, read at once, are those a byte at a time reads")
    func leadingDigits() {
        var random = SplitMix(seed: 8)
        // Digits mostly, and bytes either side of them and of the bytes' halves.
        let others: [UInt8] = [0x00, 0x2B, 0x2D, 0x2E, 0x2F, 0x3A, 0x40, 0x5A, 0x7F, 0x80, 0xB0, 0xB9, 0xFF]
        for _ in 0..<50_000 {
            var bytes: [UInt8] = []
            for _ in 0..<8 {
                bytes.append(
                    random.next() % 4 == 0
                        ? others[Int(random.next() % UInt64(others.count))]
                        : 0x30 + UInt8(random.next() % 10))
            }
            var value: Int64 = 0
            var count = 0
            while count < 8, (0x30...0x39).contains(bytes[count]) {
                value = value * 10 + Int64(bytes[count] - 0x30)
                count += 1
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
            let read = TimeColumn.leadingDigits(word)
            #expect(read.value == value && read.count == count, "\(bytes)")
        }
        // Every byte after 0 to 7 digits (and the digits after it, which must not count).
        for digits in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                var bytes = (0..<8).map { UInt8(ascii: "1") + UInt8($0) }
                bytes[digits] = byte
                let isDigit = (0x30...0x39).contains(byte)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
                let read = TimeColumn.leadingDigits(word)
                let count = isDigit ? 8 : digits
                let text = String(decoding: bytes.prefix(count), as: UTF8.self)
                #expect(read.count == count && read.value == Int64(text) ?? 0, "\(bytes)")
            }
        }
    }

    @Test(
        "any byte in place of a digit or a separator, after the good text of the same day",
        arguments: ["2026-01-05T09:08:07Z", "2026-01-05T09:08:07.654321+05:30"])
    func strayBytes(_ text: String) {
        let good = Array(text.utf8)
        for position in 0..<good.count {
            for byte: UInt8 in [0x00, 0x2F, 0x3A, 0x2D, 0x30, 0x39, 0x54, 0x5A, 0xB0, 0xFF] {
                var bytes = good
                bytes[position] = byte
                var scratch = TimeColumn.Scratch()
                for text in [good, bytes, good] {
                    text.withUnsafeBufferPointer { text in
                        #expect(TimeColumn.parse(text, scratch: &scratch) == Timestamp(rfc3339: text), "\(bytes)")
                    }
                    #expect(scratch.offsetQuarters == Self.quarters(text), "\(bytes)")
                }
            }
        }
    }
}

/// Random `YYYY-MM-DDTHH:MM:SSZ` times, half of them with a fraction or an offset, some of them
/// broken, through one scratch: the same time,
/// or the same refusal, as ``Timestamp`` gives each alone.
@Suite("simulate: time column, random")
struct TimeColumnRandomTests {
    @Test("random times, days repeating and changing, read as Timestamp reads them")
    func randomTimes() {
        var random = SplitMix(seed: 3)
        var scratch = TimeColumn.Scratch()
        for _ in 0..<20_000 {
            func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let year = [1899, 1900, 1970, 2000, 2024, 2026, 2100, 2150, 2151][pick(0...8)]
            var text = Array(
                "\(year)-\(two(pick(0...13)))-\(two(pick(0...32)))T\(two(pick(0...25)))"
                    .appending(":\(two(pick(0...61))):\(two(pick(0...62)))Z").utf8)
            // Half of them a warehouse's: a fraction of 1 to 10 digits, an offset, or both.
            if random.next() % 2 == 0 {
                text.removeLast()
                if random.next() % 2 == 0 {
                    text += Array(".".utf8) + (0..<pick(1...10)).map { _ in UInt8(0x30 + pick(0...9)) }
                }
                text += Array(
                    (random.next() % 3 == 0
                        ? "Z" : "\(random.next() % 2 == 0 ? "+" : "-")\(two(pick(0...24))):\(two(pick(0...60)))")
                        .utf8)
            }
            if random.next() % 8 == 0 { text[pick(0...text.count - 1)] = UInt8(truncatingIfNeeded: random.next()) }
            text.withUnsafeBufferPointer { bytes in
                #expect(TimeColumn.parse(bytes, scratch: &scratch) == Timestamp(rfc3339: bytes), "\(text)")
            }
            #expect(scratch.offsetQuarters == TimeColumnTests.quarters(text), "\(text)")
        }
    }
}
