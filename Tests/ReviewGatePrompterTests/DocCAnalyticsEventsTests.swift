import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// *Analytics events*, line for line: the events of Apple's sample as an analytics SDK gets them,
/// in order, never on the main thread; and a sink that hops to the main actor itself.
@Suite("DocC: analytics events", .hangGuard)
struct DocCAnalyticsEventsTests {
    /// The app's model, which a view reads on the main actor.
    @MainActor final class Model { var lastAskAt: Timestamp? }

    @Test("each moment's decision, then presented, with the policy's digest, off the main thread")
    func events() async throws {
        let harness = try PrompterHarness()
        let policyURL = DocCFiles.policy("apple-sample.json")
        let (analyticsID, presentReview): (String, Prompter.Presenter) = ("app-instance-4f1c", { true })
        let recording = DocCRecording()
        try await DocCRecording.$current.withValue(recording) {
            // As the article writes it (the clocks and the state file are the test's).
            var environment = Prompter.Environment()
            environment.userID = analyticsID
            environment.events = { Analytics.logEvent($0.name, parameters: $0.parameters) }
            harness.testing(&environment)  // the test's state file and clocks
            // swift-format-ignore
            let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: presentReview,
                                    environment: environment)
            for _ in 1...5 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
            await harness.advance(by: .seconds(2))
            await prompter.waitUntilIdle()
        }
        // The fifth donation is allowed too, and finds the fourth's ask pending.
        let expected =
            Array(repeating: "review_gate_decision", count: 5) + ["review_gate_dropped", "review_gate_presented"]
        #expect(recording.lines == expected)
        #expect(recording.parameters[3]["decision"] == "allow")
        #expect(recording.parameters[5]["reason"] == "pending")
        #expect(recording.parameters[6]["recorded"] == "true")
        let digest = try Policy(compiledAt: policyURL).digest
        #expect(recording.parameters.allSatisfy { $0["policy_digest"] == digest })
        #expect(recording.parameters.allSatisfy { $0["policy"] == "apple-sample" })
        #expect(!recording.anyOnMainThread, "the sink runs on the prompter's actor")
    }

    @Test("a sink that hops to the main actor for the UI")
    func hopsToTheMainActor() async throws {
        let harness = try PrompterHarness()
        let policyURL = DocCFiles.policy("apple-sample.json")
        let model = Model()
        var environment = Prompter.Environment()
        harness.testing(&environment)
        // As the article writes it.
        // swift-format-ignore
        environment.events = { event in
            guard event.kind == .presented else { return }
            Task { @MainActor in model.lastAskAt = event.at }
        }
        let prompter = Prompter(
            policy: try Policy(compiledAt: policyURL), presenter: { true }, environment: environment)
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        for _ in 0..<1000 where await model.lastAskAt == nil { await Task.yield() }
        #expect(await model.lastAskAt == Fixtures.time("2026-01-05T09:00:02.123Z"))
    }
}
