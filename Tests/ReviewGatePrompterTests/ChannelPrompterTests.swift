import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// A prompter on a build channel (Semantics §16.1): the app says it in the environment or later with
/// `setChannel`; on TestFlight nothing is presented or recorded and the decision event says why, and
/// `explain` shows what production would decide.
@Suite("Prompter: build channels", .hangGuard)
struct ChannelPrompterTests {
    /// apple-sample's guards without its scene and delay: the OS quota applies (iOS, `review`).
    static func policy() throws -> Policy {
        try Fixtures.policy(
            """
            reviewgate: 1
            name: channels
            app: {store_id: "1234567890", version_key: build}
            triggers:
              done: {at_least: 1}
            guards:
              once_per_version: true
            """)
    }

    @Test("TestFlight: the decision blocks by channel, nothing is presented or recorded; production then asks")
    func testFlightThenProduction() async throws {
        let harness = try PrompterHarness()
        let shown = Counter()
        var environment = harness.environment()
        environment.channel = .testFlight
        let prompter = Prompter(
            policy: try Self.policy(), presenter: { @Sendable in shown.add() }, environment: environment)
        await prompter.donate("done")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:block"])
        let event = try #require(harness.sentEvents.first?.decision)
        #expect(event.blockedBy == ["channel"])
        #expect(event.channel == .testFlight)
        #expect(event.parameters["channel"] == "testflight")
        var state = try harness.state()
        #expect(state.asks.isEmpty && state.leases.isEmpty)
        #expect(state.events["done"]?.count == 1, "the donation counts as in production")

        // The debug view says why, and what production would decide.
        let why = try await prompter.explain(event: "done")
        #expect(why.text.contains("channel: TestFlight never shows the App Store review dialog"))
        #expect(why.decisions.first?.passingTrigger == "done")

        await prompter.setChannel(.production)
        await prompter.donate("done")
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["decision:allow", "presented"])
        #expect(shown.value == 1)
        #expect(try #require(harness.sentEvents.dropFirst().first?.decision).parameters["channel"] == nil)
        state = try harness.state()
        #expect(state.asks.count == 1)
    }

    @Test("development: the OS quota does not apply, and the ask is recorded")
    func developmentAsksPastTheQuota() async throws {
        let harness = try PrompterHarness()
        var environment = harness.environment()
        environment.channel = .development
        let prompter = Prompter(policy: try Self.policy(), presenter: { @Sendable in true }, environment: environment)
        // Three asks in other builds this year: production's quota is spent.
        var asked = try Fixtures.state(Fixtures.baseState)
        asked.installedAt = Fixtures.time("2025-01-01T10:00:00Z")
        try FileStateStore(path: harness.stateFile.path, initialState: asked)
            .update { state in
                for (day, build) in [("2025-10-01", "a"), ("2025-11-01", "b"), ("2025-12-01", "c")] {
                    state.asks.append(Ask(at: Fixtures.time("\(day)T10:00:00Z"), build: build))
                }
            }
        await prompter.donate("done")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented"])
        #expect(try harness.state().asks.count == 4)
    }
}

/// A count a presenter adds to from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    /// Adds one and answers `true`, as a presenter that showed.
    func add() -> Bool {
        lock.withLock { count += 1 }
        return true
    }
}
