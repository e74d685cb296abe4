import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// *Budgets and a presenter per prompt*, line for line, on the calm-app budget as 0.4.0 compiled
/// it: a paywall the app wants, a survey the budget holds back, and presenters that do not fit.
@Suite("DocC: budgets", .hangGuard)
struct DocCBudgetTests {
    static let budgetURL = DocCFiles.policy("budget/calm-app.budget.json")

    @Test("want shows the paywall at once; the survey its policy allows waits a day; an answer is the survey's")
    func budgetAndWant() async throws {
        let harness = try PrompterHarness()
        let (budgetURL, analyticsID) = (Self.budgetURL, "app-instance-4f1c")
        let presentReview: Prompter.Presenter = { true }
        let presentSurvey: Prompter.Presenter = { true }
        let presentPaywall: Prompter.Presenter = { true }
        let presentWhatsNew: Prompter.Presenter = { true }
        let events = EventLog()
        let send: Prompter.EventSink = events.append

        // As the article writes it (the clocks and the state file are the test's).
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
        await harness.advance(by: .seconds(3600))
        for _ in 1...2 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        let survey = try #require(events.all.last)
        #expect(survey.prompt == "survey")
        #expect(survey.decision?.blockedBy == ["budget"])
        #expect(survey.budgetName == "calm-app")
        #expect(survey.detail?.hasPrefix("1 prompt per 1d: paywall shown at") == true, "\(survey.detail ?? "")")
        await prompter.responded(.declined, prompt: "survey")

        let reviewWanted = await prompter.want("review")
        #expect(!reviewWanted)
        #expect(events.all.last?.reason == .notExternal)
        let state = try harness.state()
        #expect(state.asks.map(\.prompt) == ["paywall"])
        #expect(state.responses.map(\.prompt) == ["survey"])
        #expect(state.responses.map(\.kind) == [.declined])
    }

    @Test("presenters that do not fit the budget: the initializer throws, and says which")
    func presentersThatDoNotFit() throws {
        let budget = try Budget(compiledAt: Self.budgetURL)
        let show: Prompter.Presenter = { true }
        #expect(throws: Prompter.PresenterError.self) {
            try Prompter(budget: budget, presenters: ["review": show, "paywall": show])
        }
        do {
            _ = try Prompter(budget: budget, presenters: ["review": show, "survey": show, "paywal": show])
            Issue.record("a presenter of a prompt the budget lacks was taken")
        } catch {
            #expect(error.description.contains("paywall"), "\(error.description)")
        }
    }
}
