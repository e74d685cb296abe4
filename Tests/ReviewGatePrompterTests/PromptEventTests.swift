@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// The events' records for analytics: one JSON object per line whose keys are unique and in a
/// fixed order, and parameters an analytics SDK takes as they are.
@Suite("PromptEvent: what analytics receives", .hangGuard)
struct PromptEventTests {
    @Test("a decision, a presentation and a drop: unique keys, the decision event's fields, parameters as strings")
    func records() async throws {
        let harness = try PrompterHarness(answers: [true, false])
        let prompter = harness.prompter(policy: try PresentationTests.anyScene())
        await prompter.donate("done")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        await prompter.donate("done")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        let events = harness.sentEvents
        #expect(
            events.map(\.name) == [
                "review_gate_decision", "review_gate_presented", "review_gate_decision", "review_gate_dropped",
            ])
        for event in events {
            let root = try JSONReader().loadDocument(Array(event.json.utf8), file: "event.json")
            let keys = try #require(root.mapping).map { $0.key.scalar?.text ?? "" }
            #expect(Set(keys).count == keys.count, "\(event.json)")
            #expect(keys.first == "kind")
        }
        let decision = try #require(events.first)
        #expect(decision.parameters["kind"] == "decision")
        #expect(decision.parameters["decision"] == "allow")
        #expect(decision.parameters["event"] == "done")
        #expect(decision.parameters["policy"] == "any-scene")
        let presented = events[1]
        #expect(presented.parameters["recorded"] == "true")
        #expect(presented.parameters["trigger"] == "done")
        #expect(presented.parameters["at"] == "2026-01-05T09:00:01.123Z")
        #expect(presented.parameters["reason"] == nil)
        #expect(events[3].parameters["reason"] == "not_presented")
        #expect(events[3].json.contains(#""reason":"not_presented""#))
    }
}
