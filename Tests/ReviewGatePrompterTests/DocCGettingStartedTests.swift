import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// The catalog's overview and *Getting started in an app*, line for line (DocCCatalogTests checks
/// that they agree), with the test's clocks, state file and a fake presenter.
@Suite("DocC: getting started", .hangGuard)
struct DocCGettingStartedTests {
    @MainActor final class Presentations { var count = 0 }

    @Test("Apple's sample: one ask at the 4th completed process, after the delay, on its scene")
    func gettingStarted() async throws {
        let harness = try PrompterHarness()
        let policyURL = DocCFiles.policy("apple-sample.json")
        let analyticsID = "app-instance-4f1c"
        let shown = Presentations()
        let presentReview: Prompter.Presenter = {
            shown.count += 1
            return true
        }

        // As the articles write it (the clocks and the state file are the test's).
        var environment = Prompter.Environment()
        environment.userID = analyticsID
        harness.testing(&environment)  // the test's state file and clocks
        // swift-format-ignore
        let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: presentReview,
                                environment: environment)
        await prompter.launched()
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await harness.advance(by: .seconds(2))  // the person stays on the scene for the delay
        await prompter.waitUntilIdle()
        await prompter.scene("Home")
        await prompter.set(flag: "crashed_recently", to: false)
        await prompter.background()
        await prompter.foreground()
        await prompter.donate("process_completed")  // on Home, the scene last reported: not asked

        #expect(await shown.count == 1)
        let state = try harness.state()
        #expect(state.userID == analyticsID)
        #expect(state.launches == 1)
        #expect(state.events["process_completed"]?.count == 5)
        #expect(state.asks.map(\.at) == [Fixtures.time("2026-01-05T09:00:02.123Z")])
        #expect(state.flags == ["crashed_recently": false])
        #expect(state.leases.isEmpty)
    }
}
