import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §12 `state_error: allow`: an external prompt the app must show to earn (a paywall) is
/// granted on a state that cannot be read or written, with a `state_error` event and nothing
/// recorded; every other prompt, and every prompt by default, fails closed.
@Suite("Prompter with a budget: state_error: allow", .hangGuard)
struct StateErrorAllowTests {
    /// A state a newer reviewgate wrote: left as it is, and read by no one here.
    static let newer = #"{"reviewgate_state": 2, "installed_at": "2026-01-01T00:00:00Z"}"#

    static func budget() throws -> Budget {
        try BudgetPrompterTests.budget(whatsNew: "{priority: 60, state_error: allow}")
    }

    @Test("the external prompt that allows it is shown on a newer reviewgate's state, and nothing is written")
    func grantedOnNewerState() async throws {
        let harness = try PrompterHarness()
        try Self.newer.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: BudgetPrompterTests.prompts)
        #expect(await prompter.want("whats_new", scene: "Home") == true)
        await prompter.waitUntilIdle()
        #expect(harness.events == ["state_error", "presented:unrecorded"])
        #expect(harness.sentEvents.map(\.detail) == ["newer_state", "newer_state"])
        #expect(harness.sentEvents.allSatisfy { $0.prompt == "whats_new" })
        #expect(harness.sentEvents.first?.name == "review_gate_state_error")
        #expect(harness.shown == ["app:whats_new"])
        #expect(try String(contentsOf: harness.stateFile, encoding: .utf8) == Self.newer, "the file left as it is")
    }

    @Test("granted without the state, it is still one ask at a time: a second want while it shows is dropped")
    func oneAtATime() async throws {
        let harness = try PrompterHarness()
        try Self.newer.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        let clock = harness.clock
        let prompter = try harness.prompter(
            budget: try Self.budget(), prompts: BudgetPrompterTests.prompts,
            presenters: [
                "whats_new": {
                    try? await clock.sleep(for: .seconds(5))  // on screen until the test moves the clock
                    return true
                }
            ])
        let first = Task { await prompter.want("whats_new", scene: "Home") }
        while harness.shown.isEmpty { await Task.yield() }
        #expect(await prompter.want("whats_new", scene: "Home") == false)
        await harness.advance(by: .seconds(5))
        #expect(await first.value == true)
        await prompter.waitUntilIdle()
        #expect(harness.events == ["state_error", "state_error", "dropped:pending", "presented:unrecorded"])
        #expect(harness.shown == ["app:whats_new"])
    }

    @Test("the policy's prompts still fail closed on that state")
    func policyPromptsFailClosed() async throws {
        let harness = try PrompterHarness()
        try Self.newer.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: BudgetPrompterTests.prompts)
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.events == ["dropped:state_error"])
        #expect(harness.shown.isEmpty)
    }

    @Test("without state_error: allow, an external prompt fails closed as before")
    func defaultFailsClosed() async throws {
        let harness = try PrompterHarness()
        try Self.newer.write(to: harness.stateFile, atomically: true, encoding: .utf8)
        let prompter = try harness.prompter(
            budget: try BudgetPrompterTests.budget(), prompts: BudgetPrompterTests.prompts)
        #expect(await prompter.want("whats_new", scene: "Home") == false)
        #expect(harness.events == ["dropped:state_error"])
        #expect(harness.shown.isEmpty)
    }

    @Test("on a readable state the prompt is arbitrated and recorded as any other")
    func readableStateAsBefore() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: BudgetPrompterTests.prompts)
        #expect(await prompter.want("whats_new", scene: "Home") == true)
        #expect(harness.events == ["whats_new decision:allow", "presented"])
        #expect(try harness.state().asks.map(\.prompt) == ["whats_new"])
    }

    @Test(
        "state_error: allow on a policy's prompt, or a value that is neither allow nor block, is an error at its line",
        arguments: [
            (
                "paywall: {priority: 80, policy: paywall.yaml, state_error: allow}",
                "state_error: allow is for an external prompt"
            ),
            ("paywall: {priority: 80, policy: paywall.yaml, state_error: maybe}", "state_error of paywall"),
        ])
    func refused(_ line: String, _ message: String) throws {
        let text = "reviewgate_budget: 1\nname: b\nprompts:\n  \(line)\n"
        let root = try Fixtures.document(text, file: "b.yaml")
        var decoder = BudgetDecoder()
        _ = decoder.decode(root)
        let diagnostics = decoder.reader.diagnostics
        #expect(diagnostics.contains { $0.message.contains(message) && $0.location?.line == 4 }, "\(diagnostics)")
    }
}
