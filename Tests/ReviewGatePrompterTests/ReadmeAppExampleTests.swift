import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// The in-an-app guide's prompter example, line for line (DocumentationTests checks that they agree), with the
/// test clock and a fake presenter in place of StoreKit's.
@Suite("Prompter: the in-an-app guide's app", .hangGuard)
struct ReadmeAppExampleTests {
    @Test("Apple's sample: asks on the 4th completed process, after 2 s, only on its scene; once per build")
    func readmeExample() async throws {
        let harness = try PrompterHarness()
        // The build plugin's resource, as `reviewgate compile` writes it.
        let compiled = try PolicyLoader.files(Fixtures.documents).load(
            path: Repository.path("policies/apple-sample.yaml"))
        let policyURL = harness.folder.appending(path: "apple-sample.json")
        try Fixtures.compiledText(compiled).write(
            to: policyURL, atomically: true, encoding: .utf8)
        let analyticsID = "app-instance-4f1c"
        let presentReview: Prompter.Presenter = { true }

        // As the README writes it (the clocks are the test's).
        var environment = Prompter.Environment()
        environment.userID = analyticsID
        harness.testing(&environment)  // the test's state file and clocks
        // swift-format-ignore
        let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: presentReview,
                                environment: environment)
        await prompter.launched()
        for completed in 1...4 {
            await prompter.donate("process_completed", scene: "ProcessCompleted")
            if completed == 4 {
                // The person stays on the scene for the delay.
                await harness.advance(by: .seconds(2))
                await prompter.waitUntilIdle()
            }
            await prompter.scene("Home")
            await prompter.set(flag: "crashed_recently", to: false)
        }
        await prompter.background()
        await prompter.scene("ProcessCompleted")  // back, on the scene
        await prompter.donate("process_completed", scene: "ProcessCompleted")

        let state = try harness.state()
        #expect(state.userID == analyticsID)
        #expect(state.launches == 1)
        #expect(state.events["process_completed"]?.count == 5)
        #expect(state.asks.map(\.at) == [Fixtures.time("2026-01-05T09:00:02.123Z")])
        #expect(state.asks.map(\.build) == ["1"])
        #expect(state.leases.isEmpty)
        #expect(state.flags == ["crashed_recently": false])
        #expect(try Data(contentsOf: harness.stateFile).first == UInt8(ascii: "{"))
    }

    @Test("the calm-app budget: a paywall the app wants, then a survey the budget holds back for a day")
    func readmeBudgetExample() async throws {
        let harness = try PrompterHarness()
        // The compiled budget, as `reviewgate compile policies/budget/calm-app.budget.yaml` writes it.
        let compiled = try BudgetLoader(
            policies: PolicyLoader(reading: Fixtures.documents.reader, digest: PortableSHA256.policyDigest)
        ).load(path: Repository.path("policies/budget/calm-app.budget.yaml"))
        let budgetURL = harness.folder.appending(path: "calm-app.json")
        try CompiledBudget(compiled).text(digest: compiled.budget.digest ?? "").write(
            to: budgetURL, atomically: true, encoding: .utf8)
        let analyticsID = "app-instance-4f1c"
        let shown = EventLog()
        let presentReview: Prompter.Presenter = { true }
        let presentSurvey: Prompter.Presenter = { true }
        let presentPaywall: Prompter.Presenter = { true }
        let presentWhatsNew: Prompter.Presenter = { true }
        let send: Prompter.EventSink = shown.append

        // As the README writes it (the clocks are the test's).
        var environment = Prompter.Environment()
        environment.userID = analyticsID
        environment.events = send
        harness.testing(&environment)  // the test's state file and clocks
        // swift-format-ignore
        let prompter = try Prompter(budget: try Budget(compiledAt: budgetURL),
                                    presenters: ["review": presentReview, "survey": presentSurvey,
                                                 "paywall": presentPaywall, "whats_new": presentWhatsNew],
                                    environment: environment)
        await prompter.launched()
        let paywallShown = await prompter.want("paywall", scene: "Premium")
        #expect(paywallShown)
        await harness.clock.advance(by: .seconds(3600))
        for _ in 1...2 {
            await prompter.donate("process_completed", scene: "ProcessCompleted")
        }

        let lines = shown.all.map { event in
            [event.name]
                + ["prompt", "decision", "blocked_by", "detail", "next_eligible_at"].compactMap { key in
                    event.parameters[key].flatMap { $0.isEmpty ? nil : "\(key)=\($0)" }
                }
        }.map { $0.joined(separator: " ") }
        #expect(
            lines == [
                "review_gate_decision prompt=paywall decision=allow",
                "review_gate_presented prompt=paywall",
                "review_gate_decision prompt=review decision=block blocked_by=trigger",
                "review_gate_decision prompt=survey decision=block blocked_by=trigger",
                "review_gate_decision prompt=review decision=block blocked_by=trigger",
                "review_gate_decision prompt=survey decision=block blocked_by=budget detail=1 prompt per 1d: paywall shown at 2026-01-05T09:00:00.123Z; eligible from 2026-01-06T09:00:00.123Z",
            ], "\(lines.joined(separator: "\n"))")
        let state = try harness.state()
        #expect(state.asks.map(\.prompt) == ["paywall"])
        #expect(state.events["process_completed"]?.count == 2)
    }
}
