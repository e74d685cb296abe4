import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// *Errors and recovery*, line for line: a compiled policy edited after compiling is refused at
/// launch, naming both digests; while the app runs, every failure is one `dropped` event, and a
/// state that cannot be decoded is moved aside and replaced.
@Suite("DocC: errors and recovery", .hangGuard)
struct DocCErrorsAndRecoveryTests {
    @Test("an edited compiled policy: no prompter, and the log names both digests")
    func editedPolicy() async throws {
        let harness = try PrompterHarness()
        let shipped = DocCFiles.policy("apple-sample.json")
        let edited = harness.folder.appending(path: "review-policy.json")
        try String(contentsOf: shipped, encoding: .utf8).replacingOccurrences(
            of: "\"at_least\": 4", with: "\"at_least\": 1"
        )
        .write(to: edited, atomically: true, encoding: .utf8)
        let presentReview: Prompter.Presenter = { true }
        let analyticsID = "app-instance-4f1c"
        let stateFile = harness.stateFile

        for (policyURL, loads) in [(shipped, true), (edited, false)] {
            let recording = DocCRecording()
            DocCRecording.$current.withValue(recording) {
                // As the article writes it (the state file is the test's).
                // swift-format-ignore
                func makePrompter() -> Prompter? {
                    let policy: Policy
                    do {
                        policy = try Policy(compiledAt: policyURL)
                    } catch {
                        log("review policy not loaded: \(error)")
                        return nil
                    }
                    var environment = Prompter.Environment()
                    environment.userID = analyticsID
                    environment.stateFile = stateFile  // the test's
                    return Prompter(policy: policy, presenter: presentReview, environment: environment)
                }
                #expect((makePrompter() != nil) == loads)
            }
            #expect(recording.lines.isEmpty == loads, "\(recording.lines)")
            if !loads {
                let line = recording.lines.first ?? ""
                #expect(line.hasPrefix("log: review policy not loaded: "))
                #expect(line.contains("review-policy.json"), "\(line)")
                #expect(line.components(separatedBy: "sha256:").count >= 3, "both digests: \(line)")
            }
        }
    }

    /// What a state file can hold, and the first event a moment then sends.
    static let states: [(name: String, text: String?, first: String, movedAside: Bool)] = [
        ("not JSON", "not json", "state_reset not_json", true),
        ("not a state", #"{"reviewgate_state": 1, "installed_at": 12}"#, "state_reset invalid", true),
        (
            "a newer reviewgate's",
            #"{"reviewgate_state": 2, "installed_at": "2026-01-01T00:00:00Z", "app": {"build": "1"}}"#,
            "dropped state_error newer_state", false
        ),
        ("a folder in its place", nil, "dropped state_error is_folder", false),
    ]

    @Test("a state that cannot be decoded is replaced; one a newer version wrote, or a folder, fails closed")
    func states() async throws {
        for state in Self.states {
            let harness = try PrompterHarness()
            if let text = state.text {
                try text.write(to: harness.stateFile, atomically: true, encoding: .utf8)
            } else {
                try FileManager.default.createDirectory(at: harness.stateFile, withIntermediateDirectories: false)
            }
            let events = EventLog()
            let prompter = Prompter(
                policy: try Policy(compiledAt: DocCFiles.policy("apple-sample.json")), presenter: { true },
                environment: Prompter.Environment(
                    stateFile: harness.stateFile, clock: harness.clock, now: harness.now, events: events.append))
            await prompter.donate("process_completed", scene: "ProcessCompleted")
            await prompter.waitUntilIdle()
            let first = events.all.first.map { event in
                [event.kind.rawValue, event.reason?.rawValue, event.detail].compactMap { $0 }.joined(separator: " ")
            }
            #expect(first == state.first, "\(state.name)")
            let moved = try FileManager.default.contentsOfDirectory(atPath: harness.folder.path)
                .filter { $0.hasPrefix("review-state.corrupt-") }
            #expect(
                moved == (state.movedAside ? ["review-state.corrupt-20260105T090000.123Z.json"] : []), "\(state.name)")
            if let text = state.text, !state.movedAside {
                #expect(try String(contentsOf: harness.stateFile, encoding: .utf8) == text, "left as it was")
            }
        }
    }

    @Test("names the prompter cannot take: one dropped event each, nothing decided")
    func names() async throws {
        let harness = try PrompterHarness()
        let events = EventLog()
        let prompter = Prompter(
            policy: try Policy(compiledAt: DocCFiles.policy("apple-sample.json")), presenter: { true },
            environment: Prompter.Environment(
                stateFile: harness.stateFile, clock: harness.clock, now: harness.now, events: events.append))
        await prompter.donate("process completed")
        await prompter.trigger("no_such_trigger")
        await prompter.want("paywall")
        await prompter.responded(.later, prompt: "survey")
        await prompter.set(attribute: "plan", to: .number(.infinity))
        await prompter.waitUntilIdle()
        #expect(
            events.all.map { "\($0.kind) \($0.reason?.rawValue ?? "")" } == [
                "dropped invalid_name", "dropped unknown_trigger", "dropped unknown_prompt", "dropped unknown_prompt",
                "dropped invalid_name",
            ])
    }
}
