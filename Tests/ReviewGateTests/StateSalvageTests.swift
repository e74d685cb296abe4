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

    /// A damaged file's device id and its asks' devices are kept (Semantics §16.5), so that the
    /// device's own asks stay its own and the OS's quota still counts them.
    @Test func aDamagedFileKeepsTheDeviceIDAndTheAsksDevices() {
        let text = #"""
            {"installed_at": 1, "user_id": "u-1", "device_id": "d-a",
             "asks": [{"at": "2026-01-01T00:00:00Z", "device": "d-a"}, {"at": "2026-01-02T00:00:00Z", "device": "d-b"}]}
            """#
        let salvage = StateSalvage(damaged: Array(text.utf8), file: "s.json")
        var fresh = ReviewState(installedAt: Fixtures.time("2026-01-03T00:00:00Z"), app: AppVersion(short: "1"))
        salvage.seed(&fresh)
        #expect(fresh.deviceID == "d-a")
        #expect(fresh.asks.map(\.device) == ["d-a", "d-b"])
        #expect(fresh.asks.map(fresh.isOnThisDevice) == [true, false])
    }
}
