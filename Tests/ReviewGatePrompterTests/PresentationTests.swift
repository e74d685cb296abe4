import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §11 with a test clock and a fake presenter: an allowed moment becomes one pending ask,
/// presented after the delay unless the person left the scene or the app; only a shown ask is
/// recorded, at the time the presenter was called.
@Suite("Prompter: from an allowed moment to a prompt on screen", .hangGuard)
struct PresentationTests {
    /// Asks on every `done` from scene Done, once per build, after 2 s, only if still on Done.
    static func policy(delay: String = "2s", name: String = "prompter-test") throws -> Policy {
        try Fixtures.policy(
            """
            reviewgate: 1
            name: \(name)
            app: {platform: android, version_key: build}
            triggers:
              done: {at_least: 1, scenes: [Done]}
            guards:
              once_per_version: true
            presentation: {delay: \(delay), require_same_scene: true}
            """)
    }

    @Test("the delay elapses: presented at its end, and the ask recorded at that time; the lease is gone")
    func delayElapses() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.policy())
        await prompter.donate("done", scene: "Done")
        #expect(harness.events == ["decision:allow"])
        var state = try harness.state()
        #expect(state.events["done"]?.count == 1)
        #expect(state.asks.isEmpty, "nothing is recorded before the prompt shows")
        #expect(state.leases.count == 1)
        #expect(state.leases.first.map { $0.expires - $0.at } == TimeSpan(seconds: 32), "the delay plus 30 s")

        await harness.advance(by: .milliseconds(1999))
        #expect(harness.presenterCalls.isEmpty)
        await harness.advance(by: .milliseconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented"])
        let shownAt = Fixtures.time("2026-01-05T09:00:02.123Z")
        #expect(harness.presenterCalls == [shownAt])
        state = try harness.state()
        #expect(state.asks.map(\.at) == [shownAt])
        #expect(state.asks.map(\.trigger) == ["done"])
        #expect(state.leases.isEmpty)
        let presented = try #require(harness.sentEvents.last)
        #expect(presented.trigger == "done")
        #expect(presented.recorded == true)
        #expect(presented.at == shownAt)
    }

    @Test("the scene changes during the delay: dropped scene_changed, nothing recorded, no cooldown started")
    func sceneChanges() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.policy())
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(1))
        await prompter.scene("Settings")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "dropped:scene_changed"])
        #expect(harness.presenterCalls.isEmpty)
        var state = try harness.state()
        #expect(state.asks.isEmpty)
        #expect(state.leases.isEmpty)
        #expect(state.events["done"]?.count == 1, "the donation still counts")

        // Back on the scene, the next `done` asks: once_per_version saw no ask.
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["decision:allow", "presented"])
        state = try harness.state()
        #expect(state.asks.count == 1)
    }

    @Test("the app goes to the background: dropped at once, before the delay ends")
    func background() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.policy())
        await prompter.donate("done", scene: "Done")
        await prompter.background()
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "dropped:background"])
        #expect(harness.presenterCalls.isEmpty)
        let dropped = try #require(harness.sentEvents.last)
        #expect(dropped.at == Fixtures.time("2026-01-05T09:00:00.123Z"), "at once: no time passed")
        let state = try harness.state()
        #expect(state.asks.isEmpty)
        #expect(state.leases.isEmpty)

        // A moment that names a scene says the app is back in the foreground.
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["decision:allow", "presented"])
        #expect(try harness.state().events["done"]?.count == 2)
    }

    @Test("a moment in the background (a donation on no scene) is decided and counted, its ask dropped at once")
    func momentInBackground() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.anyScene())
        await prompter.background()
        await prompter.donate("done")
        #expect(harness.events == ["decision:allow", "dropped:background"])
        #expect(try harness.state().events["done"]?.count == 1)
        #expect(try harness.state().leases.isEmpty)
        await prompter.foreground()
        await prompter.donate("done")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["decision:allow", "presented"])
    }

    @Test("a moment while the presenter still shows, past its lease: dropped pending; the late ask is recorded")
    func momentWhilePresenting() async throws {
        let harness = try PrompterHarness()
        let gate = PresenterGate()
        let prompter = harness.prompter(policy: try Self.anyScene(), presenter: { await gate.present() })
        await prompter.donate("done")
        await harness.advance(by: .seconds(1))
        await gate.untilShowing()
        #expect(await gate.isShowing)
        await harness.clock.advance(by: .seconds(60))  // the lease (1 s + 30 s) lapses
        await prompter.donate("done")
        #expect(harness.events == ["decision:allow", "decision:allow", "dropped:pending"])
        await gate.answer(true)
        await prompter.waitUntilIdle()
        #expect(harness.events.last == "presented")
        #expect(harness.sentEvents.last?.detail == "lease_expired")
        let state = try harness.state()
        #expect(state.asks.count == 1)
        #expect(state.leases.isEmpty)
    }

    @Test("the app goes to the background while the presenter shows: what it answers stands")
    func backgroundWhilePresenting() async throws {
        let harness = try PrompterHarness()
        let gate = PresenterGate()
        let prompter = harness.prompter(policy: try Self.anyScene(), presenter: { await gate.present() })
        await prompter.donate("done")
        await harness.advance(by: .seconds(1))
        await gate.untilShowing()
        await prompter.background()
        await gate.answer(true)
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented"])
        #expect(try harness.state().asks.count == 1)
    }

    @Test("two allowed moments within one delay: the second is counted, and its ask dropped as pending")
    func twoMomentsInOneDelay() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.policy())
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(1))
        await prompter.donate("done", scene: "Done")
        #expect(harness.events == ["decision:allow", "decision:allow", "dropped:pending"])
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.events.last == "presented")
        #expect(harness.presenterCalls.count == 1)
        let state = try harness.state()
        #expect(state.events["done"]?.count == 2)
        #expect(state.asks.count == 1)
        #expect(state.leases.isEmpty)
    }

    @Test("the presenter cannot present: dropped not_presented, nothing recorded, the next moment asks")
    func presenterCannot() async throws {
        let harness = try PrompterHarness(answers: [false])
        let prompter = harness.prompter(policy: try Self.policy())
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "dropped:not_presented"])
        #expect(harness.presenterCalls.count == 1)
        #expect(try harness.state().asks.isEmpty)
        #expect(try harness.state().leases.isEmpty)

        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["decision:allow", "presented"])
        #expect(try harness.state().asks.count == 1)
    }

    @Test("without a presenter nothing is shown: not_presented; one given later presents")
    func noPresenter() async throws {
        let harness = try PrompterHarness()
        let events = EventLog()
        let stateFile = harness.folder.appending(path: "Application Support/ReviewGate/review-state.json")
        let prompter = Prompter(
            policy: try Self.policy(),
            environment: Prompter.Environment(
                stateFile: stateFile, appVersion: AppVersion(short: "1", build: "1"), clock: harness.clock,
                now: harness.now, events: events.append))
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(events.all.map(\.reason) == [nil, .notPresented])
        let store = FileStateStore(path: stateFile.path)
        #expect(try store.load().asks.isEmpty, "its folder made at the first moment")
        #expect(try store.load().leases.isEmpty)
        await prompter.setPresenter { true }
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(try store.load().asks.count == 1)
    }

    /// Asks on every `done`, from any scene, after 1 s, only if still on the moment's scene.
    static func anyScene() throws -> Policy {
        try Fixtures.policy(
            """
            reviewgate: 1
            name: any-scene
            app: {platform: android}
            triggers:
              done: {at_least: 1}
            presentation: {delay: 1s, require_same_scene: true}
            """)
    }

    @Test("a moment that names no scene is on the scene last reported: held to it, and read by scenes")
    func noScene() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.anyScene())
        await prompter.scene("Home")
        await prompter.donate("done")
        await prompter.scene("Settings")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "dropped:scene_changed"])

        // A trigger's scenes read the scene last reported.
        let scened = try PrompterHarness()
        let second = scened.prompter(policy: try Self.policy())
        await second.scene("Done")
        await second.donate("done")
        await scened.advance(by: .seconds(2))
        await second.waitUntilIdle()
        #expect(scened.events == ["decision:allow", "presented"])
        #expect(scened.sentEvents.first?.decision?.scene == "Done")
    }

    @Test("a moment on no scene, with none ever reported, is not held to a scene")
    func noSceneEver() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.anyScene())
        await prompter.donate("done")
        await prompter.scene("Settings")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented"])
    }
}
