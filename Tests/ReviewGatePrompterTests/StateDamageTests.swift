import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §11 *A state that cannot be decoded*: the fresh state that replaces a damaged file
/// starts with what the prompter knows from its process and what the old file still shows (the
/// user id, flags, attributes, experiments' arms and exposures, asks and answers), and the moment
/// that found the damage is decided on it. Each of these failed before: the reset forgot them.
@Suite("Prompter: promises kept through a damaged state", .hangGuard)
struct StateDamageTests {
    /// JSON that is no state: moved aside as `invalid`, and nothing in it to keep.
    static let damage = #"{"reviewgate_state": 1, "installed_at": 12}"#

    static func policy(when condition: String) throws -> Policy {
        try Fixtures.policy(
            """
            reviewgate: 1
            name: damage-test
            app: {platform: android, version_key: build}
            triggers:
              done: {at_least: 1}
            guards: {when: \(condition)}
            presentation: {delay: 0s}
            """)
    }

    @Test("a crash flag set this session still blocks the moment that finds the state damaged")
    func crashFlagKept() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.policy(when: "{not: {flag: crashed_recently}}"))
        await prompter.set(flag: "crashed_recently", to: true)
        try Self.damage.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        await prompter.donate("done")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["state_reset", "decision:block"])
        #expect(harness.sentEvents.compactMap(\.decision).first?.blockedBy == ["when"])
        #expect(harness.presenterCalls.isEmpty)
        #expect(try harness.state().flags == ["crashed_recently": true])
    }

    @Test("an attribute set at launch is still set after a reset")
    func attributeKept() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Self.policy(when: "{attribute: plan, in: [pro, team]}"))
        await prompter.set(attribute: "plan", to: "team")
        try Self.damage.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        await prompter.donate("done")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["state_reset", "decision:allow", "presented"])
        #expect(try harness.state().attributes == ["plan": .string("team")])
    }

    @Test("a person exposed before the reset is not sent a second exposure")
    func exposureOnce() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try ExperimentPrompterTests.policy(), userID: "app-user-1")
        for _ in 0..<2 { await prompter.donate("done") }
        await prompter.waitUntilIdle()
        let arm = try #require(try harness.state().experiments["sooner"])
        try Self.damage.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        // Counted again from 1: the arms differ again at the second `done`.
        for _ in 0..<2 { await prompter.donate("done") }
        await prompter.waitUntilIdle()
        let exposures = harness.sentEvents.compactMap(\.decision).map { $0.experiment?.isExposure == true }
        #expect(exposures == [false, true, false, false])
        #expect(harness.events.filter { $0 == "state_reset" }.count == 1)
        #expect(try harness.state().experiments["sooner"] == arm)
    }

    @Test("what a damaged file still shows is kept by a new process: its asks, answers, flags and experiments")
    func oldFileShows() async throws {
        let harness = try PrompterHarness()
        // installed_at is no time, so the file is damaged; the rest still reads.
        try #"""
        {"reviewgate_state": 1, "user_id": "install-1", "installed_at": "yesterday",
         "flags": {"crashed_recently": false}, "attributes": {"plan": "pro"},
         "experiments": {"sooner": {"arm": "control", "version": 1, "exposed_at": "2026-01-04T09:00:00Z"}},
         "asks": [{"at": "2026-01-04T10:00:00Z", "build": "1"}, {"at": "not a time"}],
         "responses": [{"at": "2026-01-04T10:00:05Z", "kind": "later"}]}
        """#.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        let prompter = harness.prompter(policy: try PresentationTests.policy(), userID: nil)
        await prompter.donate("done", scene: "Done")
        await prompter.waitUntilIdle()
        // The ask in build 1 and the answer `later`, kept from the old file, block.
        #expect(harness.events == ["state_reset", "decision:block"])
        #expect(harness.sentEvents.compactMap(\.decision).first?.blockedBy == ["once_per_version", "responses"])
        let state = try harness.state()
        #expect(state.userID == "install-1")
        #expect(state.flags == ["crashed_recently": false])
        #expect(state.attributes == ["plan": .string("pro")])
        #expect(state.experiments["sooner"]?.arm == "control")
        #expect(state.asks.map(\.at) == [Fixtures.time("2026-01-04T10:00:00Z")])
        #expect(state.responses.map(\.kind) == [.later])
    }

    @Test("with no app version known, once_per_version treats the person as on one unknown version")
    func oncePerUnknownVersion() async throws {
        let harness = try PrompterHarness()
        // A package's test runner, or Linux: no bundle, so no version strings.
        let prompter = harness.prompter(policy: try PresentationTests.policy(), version: AppVersion())
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        await prompter.donate("done", scene: "Done")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented", "decision:block"])
        #expect(harness.sentEvents.compactMap(\.decision).last?.blockedBy == ["once_per_version"])
        #expect(try harness.state().asks.map(\.build) == [nil])
    }

    /// A key this reviewgate does not know is a newer one's only under a newer `written_by`; else,
    /// and whenever a required key is missing, the file is damaged: moved aside, the moment decided.
    @Test(
        "an unknown key is damage unless a newer reviewgate wrote the file",
        arguments: [
            // A flipped bit in a key's name, in a state an earlier reviewgate wrote (no written_by).
            #"{"reviewgate_state": 1, "installed_az": "2026-01-01T00:00:00Z", "app": {"build": "1"}}"#,
            #"{"reviewgate_state": 1, "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}, "flagz": {}}"#,
            // This reviewgate wrote it: it knows every key it writes.
            #"{"reviewgate_state": 1, "written_by": "\#(LibraryVersion.text)", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}, "streaks": {}}"#,
            // This release (a -suffix is ignored: 0.6.0-dev is 0.6.0).
            #"{"reviewgate_state": 1, "written_by": "0.6.0", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}, "streaks": {}}"#,
            // A newer reviewgate's, but a required key is missing, at the top or in an ask.
            #"{"reviewgate_state": 1, "written_by": "9.1.0", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}, "asks": [{"aT": "2026-01-01T00:00:00Z"}]}"#,
            #"{"reviewgate_state": 1, "written_by": "9.1.0", "installed_az": "2026-01-01T00:00:00Z", "app": {"build": "1"}}"#,
            // A written_by that is no version.
            #"{"reviewgate_state": 1, "written_by": "tomorrow", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}, "streaks": {}}"#,
            #"{"reviewgate_state": 1, "written_by": "tomorrow", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}}"#,
        ])
    func unknownKeyIsDamage(_ text: String) async throws {
        let harness = try await StateRecoveryTests.doneOnce(onStateFile: text)
        #expect(harness.events == ["state_reset", "decision:allow", "presented"])
        #expect(harness.sentEvents.first?.detail == "invalid")
        #expect(try StateRecoveryTests.movedAside(in: harness.folder).count == 1)
        #expect(try harness.state().writtenBy == LibraryVersion.text)
    }

    @Test("the prompter writes the reviewgate version into the state it writes")
    func writesItsVersion() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Other")
        await prompter.waitUntilIdle()
        let text = try String(contentsOf: harness.stateFile, encoding: .utf8)
        #expect(text.contains(#""written_by": "\#(LibraryVersion.text)""#), "\(text)")
    }

    @Test("an ask whose write failed is written once after damage: owed, not also remembered")
    func owedAskOnce() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Done")
        harness.setDiskFull(true)
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["decision:allow", "presented:unrecorded"])
        harness.setDiskFull(false)
        try Self.damage.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        await prompter.donate("done", scene: "Done")
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["state_reset", "decision:block"])
        #expect(try harness.state().asks.count == 1)
    }

    @Test(
        "a newer reviewgate's state with known keys only is read as before, and written_by is this one's after a write")
    func newerWriterKnownKeys() async throws {
        let text =
            #"{"reviewgate_state": 1, "written_by": "9.1.0", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}}"#
        let harness = try await StateRecoveryTests.doneOnce(onStateFile: text)
        #expect(harness.events == ["decision:allow", "presented"])
        #expect(try StateRecoveryTests.movedAside(in: harness.folder).isEmpty)
        let state = try harness.state()
        #expect(state.installedAt == Fixtures.time("2026-01-01T00:00:00Z"), "the same person, not a fresh state")
        #expect(state.writtenBy == LibraryVersion.text)
    }
}
