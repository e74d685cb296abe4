import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

/// What the prompter writes besides asks: launches and sessions, the running version, the user id,
/// answers, times to the millisecond; and a remote update while an ask is pending.
@Suite("Prompter: the state it keeps", .hangGuard)
struct PrompterStateTests {
    @Test("a launch makes the state (installed now, the running version) and starts the session")
    func firstLaunch() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.launched(scene: "Home")
        let state = try harness.state()
        let now = Fixtures.time("2026-01-05T09:00:00.123Z")
        #expect(state.installedAt == now)
        #expect(state.launches == 1)
        #expect(state.sessionStartedAt == now)
        #expect(state.app == AppVersion(short: "1.0", build: "1"))
        #expect(state.userID == "app-user-1")
        #expect(harness.events == ["decision:block"])
        #expect(harness.sentEvents.first?.decision?.source == .launch)
    }

    @Test(
        "a state file whose name does not end in .json is JSON too, kept from launch to launch",
        arguments: ["review-state", "review.state", "State.JSON"])
    func stateFileOfAnyName(name: String) async throws {
        let harness = try PrompterHarness(stateFileName: name)
        // The app's own store, as the environment makes it from `stateFile` (not the harness's stores).
        for _ in 0..<2 {
            var environment = Prompter.Environment(stateFile: harness.stateFile)
            harness.testing(&environment)
            await Prompter(policy: try PresentationTests.policy(), environment: environment).launched()
        }
        #expect(try harness.state().launches == 2)
        let text = try String(contentsOf: harness.stateFile, encoding: .utf8)
        #expect(text.hasPrefix("{"), "\(text)")
        // Nothing moved aside as undecodable.
        let files = try FileManager.default.contentsOfDirectory(atPath: harness.folder.path)
        #expect(files.filter { !$0.hasSuffix(".lock") } == [name], "\(files)")
    }

    @Test("times are kept to the millisecond, not a Double's noise")
    func milliseconds() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await harness.clock.advance(by: .nanoseconds(987_654_321))
        await prompter.launched()
        let text = try String(contentsOf: harness.stateFile, encoding: .utf8)
        #expect(text.contains("\"installed_at\": \"2026-01-05T09:00:01.111Z\""), "\(text)")
    }

    @Test("a new version: launched applies it first (version_first_seen_at); the next ask is in it")
    func newVersion() async throws {
        let harness = try PrompterHarness()
        await harness.prompter(policy: try PresentationTests.policy()).launched()
        await harness.clock.advance(by: .seconds(3600))
        let updated = harness.prompter(
            policy: try PresentationTests.policy(), version: AppVersion(short: "1.1", build: "2"))
        await updated.launched()
        let state = try harness.state()
        #expect(state.app == AppVersion(short: "1.1", build: "2"))
        #expect(state.versionFirstSeenAt == Fixtures.time("2026-01-05T10:00:00.123Z"))
        #expect(state.launches == 2)
    }

    @Test("no app id: a random per-install id, made once and kept; an app id given later replaces it")
    func userID() async throws {
        let harness = try PrompterHarness()
        await harness.prompter(policy: try PresentationTests.policy(), userID: nil).launched()
        let made = try #require(try harness.state().userID)
        #expect(made.hasPrefix("install-") && made.count == 44)
        await harness.prompter(policy: try PresentationTests.policy(), userID: nil).launched()
        #expect(try harness.state().userID == made)
        let other = try PrompterHarness()
        await other.prompter(policy: try PresentationTests.policy(), userID: nil).launched()
        #expect(try other.state().userID != made)
        await harness.prompter(policy: try PresentationTests.policy(), userID: "firebase-1").launched()
        #expect(try harness.state().userID == "firebase-1")
    }

    @Test("a rollout policy reaches a person without an app id")
    func rolloutWithoutAppID() async throws {
        let harness = try PrompterHarness()
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: everyone
            app: {platform: android}
            triggers:
              done: {at_least: 1}
            rollout: {percent: 100}
            """)
        await harness.prompter(policy: policy, userID: nil).donate("done")
        #expect(harness.events.first == "decision:allow")
        #expect(harness.sentEvents.first?.decision?.rolloutBucket != nil)
    }

    @Test("back from 30 minutes or more in the background: a new session, no launch counted")
    func sessions() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.launched()
        let started = try harness.state().sessionStartedAt
        await prompter.background()
        await harness.clock.advance(by: .seconds(29 * 60 + 59))
        await prompter.foreground()
        #expect(try harness.state().sessionStartedAt == started, "29 min 59 s: the same session")
        await prompter.background()
        await harness.clock.advance(by: .seconds(30 * 60))
        await prompter.foreground()
        var state = try harness.state()
        #expect(state.sessionStartedAt == harness.timestamp)
        #expect(state.launches == 1)

        // A scene is seen only in the foreground: reporting one says the app is back.
        await prompter.background()
        await harness.clock.advance(by: .seconds(3600))
        await prompter.scene("Done")
        state = try harness.state()
        #expect(state.sessionStartedAt == harness.timestamp)
        await prompter.donate("done", scene: "Done")
        #expect(harness.events.last == "decision:allow", "not dropped as in the background")
    }

    @Test("an answer to the app's own pre-prompt is recorded at its time")
    func responded() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.launched()
        await harness.clock.advance(by: .seconds(5))
        await prompter.responded(.later)
        #expect(try harness.state().responses == [Response(at: harness.timestamp, kind: .later)])
    }

    @Test("a remote update while an ask is pending: the ask keeps the policy it was decided under")
    func remoteUpdateWhilePending() async throws {
        let key = UpdateSigningKey()
        let yaml = { (delay: String) in
            UpdateFiles.yaml(count: 1, extra: "presentation: {delay: \(delay)}")
        }
        let shipped = try UpdateFiles.compiled(yaml("2s"))
        let harness = try PrompterHarness()
        let remote = try RemotePolicy(
            shipped: Array(shipped.text.utf8), keys: [key.publicKey], appVersion: UpdateFiles.appVersion,
            keptAt: harness.folder.appending(path: "kept.json").path)
        let prompter = harness.prompter(policy: remote)
        await prompter.donate("done")
        let update = try UpdateFiles.signed(yaml("10s"), key: key)
        guard case .accepted(let updated) = remote.offer(update) else {
            Issue.record("the update was not accepted")
            return
        }
        #expect(updated.digest != shipped.digest)
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented"], "after the shipped policy's 2 s, not 10 s")
        #expect(harness.sentEvents.map(\.policyDigest) == [shipped.digest, shipped.digest])
        await prompter.donate("done")
        #expect(harness.sentEvents.last?.policyDigest == updated.digest, "the next moment: the update")
    }
}
