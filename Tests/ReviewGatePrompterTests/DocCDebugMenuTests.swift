import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// *Testing your integration*, *A debug menu*, line for line, on the shipped sample policy.
@Suite("DocC: a debug menu", .hangGuard)
struct DocCDebugMenuTests {
    @Test("why no prompt, and start over")
    func debugMenu() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try Policy(compiledAt: DocCFiles.policy("apple-sample.json")))
        var debugText = ""
        for _ in 1...2 { await prompter.donate("process_completed", scene: "ProcessCompleted") }

        let why = try await prompter.explain(event: "process_completed", scene: "ProcessCompleted")
        debugText = why.text  // ALLOW … or BLOCK …, each check on a line
        let wouldAsk = why.granted != nil  // whether a prompt would show now
        await prompter.reset()  // the "start over" row

        // The third completion of four: the trigger holds it back, and says how many more.
        #expect(!wouldAsk)
        #expect(debugText.hasPrefix("BLOCK apple-sample"), "\(debugText)")
        #expect(debugText.contains("3 process_completed, this one included; required at least 4"), "\(debugText)")
        #expect(harness.events.last == "state_reset")
        #expect(try harness.state().events.isEmpty, "started over")
    }
}
