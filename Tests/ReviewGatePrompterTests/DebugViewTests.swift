import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §11 *A debug view*: `explain` decides on the current state without counting, recording
/// or sending anything; `reset` starts the person again, keeping only the user id.
@Suite("Prompter: a debug view", .hangGuard)
struct DebugViewTests {
    @Test("explain(event:scene:) gives the decision and its words, and changes nothing")
    func explainChangesNothing() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        let first = try await prompter.explain(event: "done", scene: "Done")
        #expect(first.decisions.map(\.isAllowed) == [true])
        #expect(first.granted == "review")
        #expect(first.text.hasPrefix("ALLOW prompter-test via trigger done"), "\(first.text)")
        #expect(harness.events.isEmpty, "no event is sent")
        #expect(try harness.state().events["done"] == nil, "nothing is counted")

        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        let second = try await prompter.explain(event: "done", scene: "Done")
        #expect(second.granted == nil)
        #expect(second.text.hasPrefix("BLOCK"), "\(second.text)")
        #expect(second.text.contains("once_per_version"), "\(second.text)")
        #expect(harness.events == ["decision:allow", "presented"])
        #expect(try harness.state().events["done"]?.count == 1)
    }

    @Test("explain(want:) says what the budget would grant, in evaluate --budget's words")
    func explainWant() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(
            budget: try BudgetPrompterTests.budget(), prompts: BudgetPrompterTests.prompts)
        let explanation = try await prompter.explain(want: "whats_new")
        #expect(explanation.granted == "whats_new")
        #expect(explanation.text.hasPrefix("GRANT whats_new under budget test-budget"), "\(explanation.text)")
        #expect(harness.shown.isEmpty)
        #expect(try harness.state().asks.isEmpty)
    }

    @Test("explain of a prompt the budget does not have throws")
    func explainUnknownPrompt() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(
            budget: try BudgetPrompterTests.budget(), prompts: BudgetPrompterTests.prompts)
        await #expect(throws: (any Error).self) { try await prompter.explain(want: "nope") }
    }

    @Test("reset() starts the person again, the user id kept, with a state_reset event: requested")
    func reset() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.set(flag: "crashed_recently", to: true)
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(try harness.state().asks.count == 1)

        await prompter.reset()
        #expect(harness.events.last == "state_reset")
        #expect(harness.sentEvents.last?.detail == "requested")
        let state = try harness.state()
        #expect(state.userID == "app-user-1")
        #expect(state.asks.isEmpty && state.flags.isEmpty && state.events.isEmpty)
        #expect(state.app == AppVersion(short: "1.0", build: "1"))
        #expect(state.installedAt == Fixtures.time("2026-01-05T09:00:02.123Z"))

        // Asked again, as a new install would be.
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events.suffix(2) == ["decision:allow", "presented"])
    }
}
