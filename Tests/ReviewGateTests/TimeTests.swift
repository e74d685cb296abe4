@_spi(ReviewGateTools) import ReviewGate
import Testing

@Suite struct TimeTests {
    @Test(arguments: [
        ("2026-11-22T10:00:00Z", "2026-11-22T10:00:00Z"),
        ("2026-11-22T12:00:00+02:00", "2026-11-22T10:00:00Z"),
        ("2026-11-22t10:00:00.250z", "2026-11-22T10:00:00.25Z"),
        ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
        ("2024-02-29T23:59:59-00:30", "2024-03-01T00:29:59Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.5Z"),
    ])
    func rfc3339RoundTrips(_ input: String, _ output: String) throws {
        let time = try #require(Timestamp(rfc3339: input))
        #expect(time.description == output)
    }

    @Test(arguments: [
        "2026-11-22", "2026-11-22T10:00:00", "2026-02-30T10:00:00Z", "2026-11-22T24:00:00Z", "x",
        "2026-11-22T10:00:00Z ",
        "9999-01-01T00:00:00Z", "1000-01-01T00:00:00Z", "2151-01-01T00:00:00Z",
    ])
    func invalidTimesAreRefused(_ input: String) {
        #expect(Timestamp(rfc3339: input) == nil)
    }

    @Test func epochSeconds() {
        #expect(
            Timestamp(rfc3339: "2026-11-22T10:00:00Z") == Timestamp(nanosecondsSince1970: 1_795_341_600_000_000_000))
    }

    /// A duration reads its unit and is written in its largest exact unit up to days, so that
    /// equal spans print alike: `3w` and `21d` are both `21d`, `120m` is `2h`.
    @Test(arguments: [
        ("2s", 2, "2s"), ("12h", 43_200, "12h"), ("21d", 1_814_400, "21d"), ("3w", 1_814_400, "21d"),
        ("90m", 5400, "90m"),
        ("120m", 7200, "2h"), ("24h", 86_400, "1d"),
    ])
    func durations(_ text: String, _ seconds: Int64, _ written: String) {
        #expect(TimeSpan(duration: text)?.seconds == seconds)
        #expect(TimeSpan(duration: text)?.description == written)
        #expect(TimeSpan(duration: text) == TimeSpan(seconds: seconds))
    }

    @Test(arguments: ["21", "-3d", "+3d", "3 d", "3x", "d", "", "36501d", "1.5h"])
    func invalidDurations(_ text: String) {
        #expect(TimeSpan(duration: text) == nil)
    }

    /// Arithmetic at the ends of the range saturates instead of trapping or wrapping.
    @Test func arithmeticSaturates() {
        let late = Timestamp(nanosecondsSince1970: .max - 5)
        #expect((late + TimeSpan.maximum).nanosecondsSince1970 == .max)
        #expect((Timestamp(nanosecondsSince1970: .min + 5) - TimeSpan.maximum).nanosecondsSince1970 == .min)
        #expect((late - Timestamp(nanosecondsSince1970: .min)).nanoseconds == .max)
        #expect(Timestamp(secondsSince1970: 1e300).nanosecondsSince1970 > 0)
    }

    @Test func spokenSpans() {
        #expect(TimeSpan(seconds: 21 * 86_400 - 1).spoken == "20d 23h 59m 59s")
        #expect(TimeSpan(seconds: 0).spoken == "0s")
    }
}
