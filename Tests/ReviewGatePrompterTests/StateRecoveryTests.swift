import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §11 *A state that cannot be decoded*: moved aside under the lock and replaced by a fresh
/// state, with one `state_reset` event, unless a newer reviewgate wrote it; and the disk's own
/// failures, each failing closed with its exact reason.
@Suite("Prompter: a state that cannot be decoded, and a disk that fails", .hangGuard)
struct StateRecoveryTests {
    /// What a state file can hold that is not a state this reviewgate reads, and the reason.
    static let corruptions: [(name: String, bytes: [UInt8], reason: String)] = [
        ("cut short", Array(#"{"reviewgate_state": 1, "installed_at": "2026-01-0"#.utf8), "not_json"),
        ("empty", [], "not_json"),
        ("binary", [0xFF, 0xD8, 0x00, 0x01, 0x7B, 0x00, 0xC3], "not_json"),
        ("a list", Array("[1, 2]\n".utf8), "invalid"),
        ("installed_at a number", Array(#"{"reviewgate_state": 1, "installed_at": 12}"#.utf8), "invalid"),
        ("installed_at missing", Array(#"{"reviewgate_state": 1, "user_id": "u"}"#.utf8), "invalid"),
    ]

    /// A prompter of ``PresentationTests/policy(delay:name:)`` on a state file holding `text`,
    /// after one allowed moment's delay: its harness.
    static func doneOnce(onStateFile text: String) async throws -> PrompterHarness {
        let harness = try PrompterHarness()
        try text.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        return harness
    }

    /// The files beside the state file that hold moved-aside states.
    static func movedAside(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("review-state.corrupt-") }.sorted()
    }

    @Test(
        "a state that is not JSON or not a state is moved aside, the moment decided on a fresh state", arguments: 0..<6)
    func corrupt(_ index: Int) async throws {
        let corruption = Self.corruptions[index]
        let harness = try PrompterHarness()
        try Data(corruption.bytes).write(to: harness.stateFile)
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()

        #expect(harness.events == ["state_reset", "decision:allow", "presented"], "\(corruption.name)")
        #expect(harness.sentEvents.first?.detail == corruption.reason, "\(corruption.name)")
        #expect(harness.sentEvents.first?.name == "review_gate_state_reset")
        let moved = try Self.movedAside(in: harness.folder)
        #expect(moved == ["review-state.corrupt-20260105T090000.123Z.json"], "\(corruption.name)")
        let kept = try Data(contentsOf: harness.folder.appending(path: moved.first ?? "-"))
        #expect(Array(kept) == corruption.bytes, "the old bytes, as they were")
        let state = try harness.state()
        #expect(state.userID == "app-user-1")
        #expect(state.installedAt == Fixtures.time("2026-01-05T09:00:00.123Z"))
        #expect(state.sessionStartedAt == state.installedAt)
        #expect(state.events["done"]?.count == 1)
        #expect(state.asks.map(\.at) == [Fixtures.time("2026-01-05T09:00:02.123Z")])
    }

    @Test("a budget's prompter recovers too: the state replaced under the lock its grant takes")
    func budgetRecovers() async throws {
        let harness = try PrompterHarness()
        try "\u{0}garbage".write(to: harness.stateFile, atomically: true, encoding: .utf8)
        let prompter = try harness.prompter(
            budget: try BudgetPrompterTests.budget(), prompts: BudgetPrompterTests.prompts)
        #expect(await prompter.want("whats_new", scene: "Home") == true)
        #expect(harness.events == ["state_reset", "whats_new decision:allow", "presented"])
        #expect(harness.sentEvents.first?.budgetName == "test-budget")
        #expect(try harness.state().asks.map(\.prompt) == ["whats_new"])
        #expect(try Self.movedAside(in: harness.folder).count == 1)
    }

    @Test("the old file's user id is kept when the app gives none and it can still be read")
    func oldUserID() async throws {
        let harness = try PrompterHarness()
        try #"{"reviewgate_state": 1, "user_id": "install-1234", "installed_at": "yesterday"}"#.write(
            to: harness.stateFile, atomically: true, encoding: .utf8)
        let prompter = harness.prompter(policy: try PresentationTests.policy(), userID: nil)
        await prompter.donate("done", scene: "Other")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["state_reset", "decision:block"])
        #expect(try harness.state().userID == "install-1234")
    }

    @Test("moved-aside files: -2 on a clash, and the three newest kept")
    func keepsThree() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        for round in 0..<5 {
            try "not json \(round)".write(to: harness.stateFile, atomically: true, encoding: .utf8)
            await prompter.donate("done", scene: "Other")
            if round == 1 { await harness.advance(by: .seconds(1)) }
        }
        await prompter.waitUntilIdle()
        #expect(
            try Self.movedAside(in: harness.folder) == [
                "review-state.corrupt-20260105T090001.123Z-2.json",
                "review-state.corrupt-20260105T090001.123Z-3.json",
                "review-state.corrupt-20260105T090001.123Z.json",
            ])
        let newest = harness.folder.appending(path: "review-state.corrupt-20260105T090001.123Z-3.json")
        #expect(try String(contentsOf: newest, encoding: .utf8) == "not json 4")
        #expect(harness.events.filter { $0 == "state_reset" }.count == 5)
    }

    @Test(
        "a newer reviewgate's state (its format, or a key this one does not know under a newer written_by) stays as it is: newer_state",
        arguments: [
            #"{"reviewgate_state": 2, "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}}"#,
            #"{"reviewgate_state": 1, "written_by": "9.1.0", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}, "streaks": {}}"#,
            #"{"reviewgate_state": 1, "written_by": "9.1.0-beta", "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1", "channel": "beta"}}"#,
            // A development version of a newer release is newer than this one.
            #"{"reviewgate_state": 1, "written_by": "9.0.0-dev", "installed_at": "2026-01-01T00:00:00Z", "streaks": {}}"#,
        ])
    func newerState(_ text: String) async throws {
        let harness = try await Self.doneOnce(onStateFile: text)
        #expect(harness.events == ["dropped:state_error"])
        #expect(harness.sentEvents.first?.detail == "newer_state")
        #expect(harness.presenterCalls.isEmpty)
        #expect(try String(contentsOf: harness.stateFile, encoding: .utf8) == text)
        #expect(try Self.movedAside(in: harness.folder).isEmpty)
    }

    @Test("a folder where the state file should be: is_folder, nothing moved")
    func folderInTheWay() async throws {
        let harness = try PrompterHarness()
        try FileManager.default.createDirectory(at: harness.stateFile, withIntermediateDirectories: false)
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Done")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["dropped:state_error"])
        #expect(harness.sentEvents.first?.detail == "is_folder")
    }

    @Test("a state folder that cannot be made says why (a file in its way), never not_found")
    func folderCannotBeMade() async throws {
        let folder = try Repository.temporaryFolder()
        try "a file".write(to: folder.appending(path: "ReviewGate"), atomically: true, encoding: .utf8)
        let events = EventLog()
        let prompter = Prompter(
            policy: try PresentationTests.policy(), presenter: { true },
            environment: Prompter.Environment(
                stateFile: folder.appending(path: "ReviewGate/review-state.json"), appVersion: AppVersion(build: "1"),
                events: events.append))
        await prompter.donate("done", scene: "Done")
        await prompter.waitUntilIdle()
        #expect(events.all.map(\.reason) == [.stateError])
        #expect(events.all.first?.detail == "not_a_folder")
    }

    @Test(
        "a state the process may not read: permission_denied (not as root, which may read anything)",
        .enabled(if: getuid() != 0, "root reads any file"))
    func permissionDenied() async throws {
        let harness = try PrompterHarness()
        try "{}".write(to: harness.stateFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: harness.stateFile.path)
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.donate("done", scene: "Done")
        await prompter.waitUntilIdle()
        #expect(harness.events == ["dropped:state_error"])
        #expect(harness.sentEvents.first?.detail == "permission_denied")
        #expect(try Self.movedAside(in: harness.folder).isEmpty)
    }

    @Test("the system's read-only and full-disk errors name their reasons")
    func systemReasons() {
        let readOnly = FileError("cannot be written", path: "/s.json", system: SystemError(number: EROFS))
        #expect(readOnly.reason == .readOnly)
        #expect(readOnly.reason.rawValue == "read_only")
        let full = FileError("cannot be written", path: "/s.json", system: SystemError(number: ENOSPC))
        #expect(full.reason == .diskFull)
        let notFolder = FileError("cannot be made", path: "/f", system: SystemError(number: ENOTDIR))
        #expect(notFolder.reason.rawValue == "not_a_folder")
    }
}
