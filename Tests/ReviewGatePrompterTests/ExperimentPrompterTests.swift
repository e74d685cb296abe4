import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// The prompter under a policy with an experiment (Semantics §13): each decision event carries the
/// experiment and the arm, the exposure is flagged once, and the arm is written into the state.
@Suite("Prompter with an experiment", .hangGuard)
struct ExperimentPrompterTests {
    /// Asks at the second `done` in the `sooner` arm, at the third in `control`; no delay.
    static func policy() throws -> Policy {
        try Fixtures.policy(
            """
            reviewgate: 1
            name: exp-prompter
            app: {platform: android}
            triggers:
              done: {at_least: 3}
            presentation: {delay: 0s}
            experiment:
              name: sooner
              arms:
                control: {weight: 1}
                sooner:
                  weight: 1
                  override: {triggers: {done: {at_least: 2}}}
            """)
    }

    @Test("decision events carry experiment and arm; the exposure is flagged once and recorded")
    func eventsAndState() async throws {
        let harness = try PrompterHarness()
        let policy = try Self.policy()
        let prompter = harness.prompter(policy: policy, userID: "app-user-1")
        for _ in 0..<3 { await prompter.donate("done") }
        await prompter.waitUntilIdle()
        let decisions = harness.sentEvents.compactMap(\.decision)
        #expect(decisions.count == 3)
        #expect(decisions.allSatisfy { $0.experiment?.name == "sooner" })
        let arm = try #require(decisions.first?.experiment?.arm)
        #expect(decisions.allSatisfy { $0.experiment?.arm == arm })
        // The arms differ at the second `done` (sooner asks, control does not): exposed there, once.
        #expect(decisions.map { $0.experiment?.isExposure == true } == [false, true, false])
        #expect(
            decisions[1].json.contains(#""experiment":"sooner","arm":"\#(arm)","exposure":true"#),
            "\(decisions[1].json)")
        let state = try harness.state()
        #expect(state.experiments["sooner"]?.arm == arm)
        #expect(state.experiments["sooner"]?.exposedAt == decisions[1].decidedAt)
    }
}
