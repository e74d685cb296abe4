import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Semantics §11 when the disk or another process gets in the way: nothing shown that cannot be
/// recorded, a shown ask recorded late rather than lost, two prompters on one file never both
/// presenting.
@Suite("Prompter: the disk, the lock and a second prompter", .hangGuard)
struct FailClosedTests {
    @Test("the disk fails between present and record: presented, recorded: false; written before the next decision")
    func diskFailsAfterPresenting() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Done")
        harness.setDiskFull(true)
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented:unrecorded"])
        var state = try harness.state()
        #expect(state.asks.isEmpty)
        #expect(state.leases.count == 1, "the shown ask's lease holds until it is written")

        // While the disk is full, a moment fails closed and the ask stays owed.
        await harness.clock.advance(by: .seconds(60))
        await prompter.donate("done", scene: "Done")
        #expect(harness.events.last == "dropped:state_error")
        #expect(harness.sentEvents.last?.detail == "disk_full")
        #expect(try harness.state().events["done"]?.count == 1, "nothing counted")

        harness.setDiskFull(false)
        await prompter.donate("done", scene: "Done")
        state = try harness.state()
        #expect(state.asks.map(\.at) == [Fixtures.time("2026-01-05T09:00:02.123Z")], "at the time it showed")
        #expect(state.leases.isEmpty)
        #expect(harness.events.last == "decision:block", "once_per_version sees the ask written first")
        #expect(harness.sentEvents.last?.decision?.blockedBy == ["once_per_version"])
    }

    @Test("another process holds the lock past the timeout: dropped lock_timeout, the donation not counted")
    func lockTimeout() async throws {
        let harness = try PrompterHarness()
        let prompter = Prompter(
            policy: try PresentationTests.policy(), presenter: { true },
            environment: Prompter.Environment(
                stateFile: harness.stateFile, appVersion: AppVersion(short: "1", build: "1"),
                lockTimeout: .milliseconds(100), clock: harness.clock, now: harness.now, events: { _ in }))
        await prompter.donate("done", scene: "Other")  // makes the file
        let holder = open(harness.stateFile.path + ".lock", O_RDWR)
        try #require(holder >= 0)
        try #require(flock(holder, LOCK_EX) == 0)
        let events = EventLog()
        let timed = Prompter(
            policy: try PresentationTests.policy(), presenter: { true },
            environment: Prompter.Environment(
                stateFile: harness.stateFile, appVersion: AppVersion(short: "1", build: "1"),
                lockTimeout: .milliseconds(100), clock: harness.clock, now: harness.now, events: events.append))
        await timed.donate("done", scene: "Done")
        close(holder)
        #expect(events.all.map(\.reason) == [.lockTimeout])
        #expect(events.all.first?.decision == nil)
        #expect(try harness.state().events["done"]?.count == 1, "only the first donation")
    }

    @Test("two prompters on one state file (an app and its extension): one presents, the other's ask is pending")
    func twoPrompters() async throws {
        let harness = try PrompterHarness()
        let app = harness.prompter(policy: try PresentationTests.policy())
        let widget = harness.prompter(policy: try PresentationTests.policy())
        await app.donate("done", scene: "Done")
        await widget.donate("done", scene: "Done")
        #expect(harness.events == ["decision:allow", "decision:allow", "dropped:pending"])
        await harness.advance(by: .seconds(2))
        await app.waitUntilIdle()
        await widget.waitUntilIdle()
        #expect(harness.events.last == "presented")
        #expect(harness.presenterCalls.count == 1)
        let state = try harness.state()
        #expect(state.events["done"]?.count == 2)
        #expect(state.asks.count == 1)

        // The lease gone, the next allowed moment of either may ask (here once_per_version blocks).
        await widget.donate("done", scene: "Done")
        #expect(harness.sentEvents.last?.decision?.blockedBy == ["once_per_version"])
    }

    @Test("a lease left by a prompter that died holds until it expires, and then no longer")
    func deadPrompterLease() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Other")  // blocked by its scene; makes the file
        // What a process killed between its grant and its presentation leaves behind.
        let store = FileStateStore(path: harness.stateFile.path, versionKey: nil, documents: .jsonOnly)
        let now = harness.timestamp
        try store.update { $0.leases = [Lease(id: "killed", at: now, expires: now + TimeSpan(seconds: 32))] }
        await prompter.donate("done", scene: "Done")
        #expect(harness.events.suffix(2) == ["decision:allow", "dropped:pending"])
        await harness.clock.advance(by: .seconds(32))
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["decision:allow", "presented"])
        let state = try harness.state()
        #expect(state.asks.count == 1)
        #expect(state.leases.isEmpty, "the expired lease is cleared by the next grant")
    }

    @Test("a trigger the policy lacks: dropped unknown_trigger, nothing counted")
    func unknownTrigger() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.trigger("removed_by_an_update", scene: "Done")
        #expect(harness.events == ["dropped:unknown_trigger"])
        #expect(harness.sentEvents.first?.detail == "removed_by_an_update")
    }
}

/// Events collected from a sink on any thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [PromptEvent] = []

    /// Adds one.
    @Sendable func append(_ event: PromptEvent) { lock.withLock { events.append(event) } }

    /// All so far.
    var all: [PromptEvent] { lock.withLock { events } }
}
