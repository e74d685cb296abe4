import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Days of use through the prompter (Semantics §14.2): a launch is a day of use on the device's local
/// date, in the time zone the app gives (a test sets it as it sets the wall clock).
@Suite("Prompter: days of use on the device's local dates")
struct DaysOfUsePrompterTests {
    static let policy = """
        reviewgate: 1
        name: days
        triggers: {done: {at_least: 1}}
        guards:
          active_days: {at_least: 2, within: 7d}
          system_quota: false
        """

    @Test("launches late in the UTC evening are the next day in Tokyo: two days of use, then it asks")
    func launchesInTokyo() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-days-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateURL = folder.appending(path: "review-state.json")
        let policy = try Fixtures.policy(Self.policy)
        let clock = TestClock()
        // 2026-06-03T14:00Z and 15:30Z: the 3rd at 23:00 and the 4th at 00:30 in Tokyo.
        let start = Date(timeIntervalSince1970: 1_780_495_200)
        let tokyo = TimeZone(secondsFromGMT: 9 * 3_600)!
        let wall = WallClock(start)
        let prompter = Prompter(
            policy: policy, presenter: { true },
            environment: Prompter.Environment(stateFile: stateURL, clock: clock, now: { wall.now }, timeZone: { tokyo })
        )
        await prompter.launched()
        wall.advance(by: 90 * 60)
        await prompter.launched()
        await prompter.donate("done")
        await clock.advance(by: .seconds(1))
        await prompter.waitUntilIdle()

        let state = try StateDecoder.decode(Fixtures.documents.document(atPath: stateURL.path), versionKey: nil)
        #expect(state.activeDays.map { $0.description } == ["2026-06-03", "2026-06-04"])
        #expect(state.asks.count == 1)

        // Back from the background after the session gap, the next day in Tokyo: a new session,
        // and so a day of use, with no launch reported.
        await prompter.background()
        await clock.advance(by: .seconds(24 * 3_600))
        wall.advance(by: 24 * 3_600)
        await prompter.foreground()
        await prompter.waitUntilIdle()
        let later = try StateDecoder.decode(Fixtures.documents.document(atPath: stateURL.path), versionKey: nil)
        #expect(later.activeDays.map { $0.description } == ["2026-06-03", "2026-06-04", "2026-06-05"])
        #expect(later.launches == state.launches)
    }
}

extension DaysOfUsePrompterTests {
    /// The moment's time is read again once the state's lock is held (Semantics §11); its offset is
    /// read with it, so that a time zone that changed while the moment waited (a flight, a DST
    /// change) dates the day of use at the instant decided, not at the first reading's offset.
    @Test("the time read again under the lock carries the offset read with it")
    func theOffsetIsReadWithTheTime() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-days-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateURL = folder.appending(path: "review-state.json")
        // 2026-06-03T15:30Z: the 3rd in UTC, the 4th at 00:30 in Tokyo.
        let wall = WallClock(Date(timeIntervalSince1970: 1_780_500_600))
        let zones = ZoneSequence([TimeZone(secondsFromGMT: 0)!], then: TimeZone(secondsFromGMT: 9 * 3_600)!)
        let prompter = Prompter(
            policy: try Fixtures.policy(Self.policy), presenter: { true },
            environment: Prompter.Environment(
                stateFile: stateURL, clock: TestClock(), now: { wall.now }, timeZone: { zones.next() }))
        await prompter.launched()
        await prompter.waitUntilIdle()
        let state = try StateDecoder.decode(Fixtures.documents.document(atPath: stateURL.path), versionKey: nil)
        #expect(zones.reads >= 2, "the time zone was read once: nothing was read again under the lock")
        #expect(state.activeDays.map { $0.description } == ["2026-06-04"])
    }
}

/// Time zones given one by one, then one for good: the device's zone changing under a test.
private final class ZoneSequence: @unchecked Sendable {
    private let lock = NSLock()
    private var first: [TimeZone]
    private let last: TimeZone
    private var count = 0

    init(_ first: [TimeZone], then last: TimeZone) {
        self.first = first
        self.last = last
    }

    /// The next zone.
    func next() -> TimeZone {
        lock.withLock {
            count += 1
            return first.isEmpty ? last : first.removeFirst()
        }
    }

    /// How many times a zone was read.
    var reads: Int { lock.withLock { count } }
}

/// A wall clock a test moves by hand.
private final class WallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date

    init(_ time: Date) { self.time = time }

    var now: Date { lock.withLock { time } }

    func advance(by seconds: TimeInterval) { lock.withLock { time += seconds } }
}
