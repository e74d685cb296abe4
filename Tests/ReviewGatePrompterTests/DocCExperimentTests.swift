import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// *Experiments in an app*, line for line, on ask-earlier as 0.4.0 compiled it: each person is
/// exposed at the second completed process, where the arms first differ, and only the early arm
/// asks there.
@Suite("DocC: experiments", .hangGuard)
struct DocCExperimentTests {
    @Test(
        "exposed once, at the first moment the arms differ; the arm sent as a user property",
        arguments: [("u-8c1f", "early"), ("alice", "control"), ("user-4402", "holdout")])
    func experiment(_ analyticsID: String, _ arm: String) async throws {
        let harness = try PrompterHarness()
        let policyURL = DocCFiles.policy("experiments/ask-earlier.json")
        let presentReview: Prompter.Presenter = { true }
        let recording = DocCRecording()
        try await DocCRecording.$current.withValue(recording) {
            // As the article writes it (the clocks and the state file are the test's).
            var environment = Prompter.Environment()
            environment.userID = analyticsID
            // swift-format-ignore
            environment.events = { event in
                if let experiment = event.decision?.experiment, experiment.isExposure {
                    Analytics.setUserProperty(experiment.arm, forName: experiment.name)
                }
                Analytics.logEvent(event.name, parameters: event.parameters)
            }
            harness.testing(&environment)  // the test's state file and clocks
            // swift-format-ignore
            let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: presentReview,
                                    environment: environment)
            for _ in 1...2 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
            await harness.advance(by: .seconds(2))
            await prompter.waitUntilIdle()
        }
        let asked = arm == "early"
        let expected =
            ["review_gate_decision", "user property ask-earlier=\(arm)", "review_gate_decision"]
            + (asked ? ["review_gate_presented"] : [])
        #expect(recording.lines == expected)
        let decisions = recording.parameters.enumerated().filter {
            recording.lines[$0.offset] == "review_gate_decision"
        }
        .map(\.element)
        #expect(decisions.map { $0["exposure"] } == ["false", "true"], "\(decisions)")
        #expect(decisions.allSatisfy { $0["experiment"] == "ask-earlier" && $0["arm"] == arm })
        #expect(decisions[1]["decision"] == (asked ? "allow" : "block"))
        let state = try harness.state()
        #expect(state.experiments["ask-earlier"]?.arm == arm)
        #expect(state.asks.count == (asked ? 1 : 0))
    }
}
