@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// What a fresh state keeps after damage (``StateSalvage``): the newer side's values win, asks and
/// answers are kept once each in order of time, and what a damaged file still shows is read part
/// by part.
@Suite struct StateSalvageTests {
    static func ask(_ time: String, _ prompt: String = Ask.review) -> Ask {
        Ask(at: Fixtures.time(time), build: "1", prompt: prompt)
    }

    @Test func mergingKeepsEachAskOnceInOrderOfTimeAndTheNewerValues() {
        var old = StateSalvage()
        old.userID = "old"
        old.flags = ["crashed_recently": false, "beta": true]
        old.asks = [Self.ask("2026-01-01T00:00:00Z"), Self.ask("2026-01-03T00:00:00Z")]
        var newer = StateSalvage()
        newer.flags = ["crashed_recently": true]
        newer.asks = [
            Self.ask("2026-01-03T00:00:00Z"), Self.ask("2026-01-02T00:00:00Z"),
            Self.ask("2026-01-03T00:00:00Z", "survey"),
        ]
        let merged = old.merging(newer)
        #expect(merged.userID == "old", "a side without one keeps the other's")
        #expect(merged.flags == ["crashed_recently": true, "beta": true])
        #expect(
            merged.asks.map { "\($0.at) \($0.prompt)" } == [
                "2026-01-01T00:00:00Z review", "2026-01-02T00:00:00Z review", "2026-01-03T00:00:00Z review",
                "2026-01-03T00:00:00Z survey",
            ])
    }

    @Test func aDamagedFileGivesThePartsThatRead() {
        let text = #"""
            {"installed_at": 1, "user_id": "u-1", "flags": {"a": true, "b": "no"},
             "asks": [{"at": "2026-01-01T00:00:00Z"}, {"at": 3}], "responses": "none"}
            """#
        let salvage = StateSalvage(damaged: Array(text.utf8), file: "s.json")
        #expect(salvage.userID == "u-1")
        #expect(salvage.flags == ["a": true])
        #expect(salvage.asks.map(\.at) == [Fixtures.time("2026-01-01T00:00:00Z")])
        #expect(salvage.responses.isEmpty)
        #expect(StateSalvage(damaged: Array("{not json".utf8), file: "s.json") == StateSalvage())
    }
}
