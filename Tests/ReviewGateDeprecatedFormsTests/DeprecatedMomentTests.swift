import ReviewGate
import Testing

/// A moment made as 0.5 made it, its time and its UTC offset apart, still compiles (with a warning
/// naming ``Moment/init(time:event:scene:source:)``) and decides as the same moment made from one
/// ``LocalTime``.
@Suite("0.5's moment API, deprecated: still compiles and decides the same")
struct DeprecatedMomentTests {
    @Test("Moment(now:), utcOffsetSeconds and LocalDate(_:utcOffsetSeconds:) are the LocalTime forms")
    func theOldFormsAreTheNewOnes() throws {
        let now = try #require(Timestamp(rfc3339: "2026-11-21T23:30:00Z"))
        var old = Moment(now: now, event: "launch", scene: "Home")
        #expect(old.utcOffsetSeconds == 0 && old.localDate.description == "2026-11-21")
        old.utcOffsetSeconds = 3_600
        let new = Moment(time: LocalTime(now, utcOffsetSeconds: 3_600), event: "launch", scene: "Home")
        #expect(old.time == new.time && old.localDate == new.localDate && old.event == new.event)
        #expect(old.localDate.description == "2026-11-22")
        #expect(LocalDate(now, utcOffsetSeconds: 3_600) == LocalDate(new.time))
        let trigger = Moment(now: now, trigger: "after_purchase")
        #expect(trigger.time == .utc(now) && trigger.trigger == "after_purchase")
    }
}
