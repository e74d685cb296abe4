import Foundation
import ReviewGatePrompter
import ReviewGateTesting
import ReviewGateYAML
import Testing

/// *Testing your integration*, line for line, with public API only (this file imports no SPI and
/// no test support), as an app's own test target would: the test kit's `PrompterTest`, its
/// recording presenter, and a shipped scenario played through the prompter.
// The limit is `.hangGuard`'s (ReviewGateTestSupport), written out: this file imports no test support.
@Suite("DocC: testing your integration", .timeLimit(.minutes(10)))
struct DocCTestingYourIntegrationTests {
    /// The app's compiled policies (here: as 0.4.0 compiled them).
    let policyURL = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../Compatibility/0.4.0/policies/apple-sample.json").standardized
    let threeWeekRuleURL = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../Compatibility/0.4.0/policies/three-week-rule.json").standardized
    /// A scenario the product team keeps beside its policy, with no delay and no lease steps.
    let scenarioPath = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../policies/scenarios/treaty.cooldown.scenario.yaml").standardized.path

    @Test func asksAtTheFourthCompletedProcess() async throws {
        let test = try PrompterTest(policy: try Policy(compiledAt: policyURL))
        for _ in 1...4 { await test.prompter.donate("process_completed", scene: "ProcessCompleted") }
        await test.advance(by: .seconds(2))  // the policy's delay
        #expect(test.presenter.prompts == ["review"])
        #expect(test.presenter.presentations.first?.scene == "ProcessCompleted")
        #expect(try test.state().asks.count == 1)  // recorded once it was shown
    }

    @Test func leavingDuringTheDelayShowsNothing() async throws {
        let test = try PrompterTest(policy: try Policy(compiledAt: policyURL))
        for _ in 1...4 { await test.prompter.donate("process_completed", scene: "ProcessCompleted") }
        await test.prompter.background()  // drops the waiting ask
        await test.advance(by: .seconds(2))
        #expect(test.presenter.presentations.isEmpty)
        #expect(test.sentEvents.last?.reason == .background)
    }

    @Test func asksAtTheThirdOpenThreeWeeksAfterInstall() async throws {
        let test = try PrompterTest(policy: try Policy(compiledAt: threeWeekRuleURL))
        await test.prompter.launched()  // day 0: the install
        await test.advance(by: .seconds(10 * 86_400))
        await test.prompter.launched()  // day 10
        await test.advance(by: .seconds(11 * 86_400))
        await test.prompter.launched()  // day 21: three weeks
        await test.advance(by: .seconds(2))
        #expect(test.presenter.prompts == ["review"])
    }

    @Test func testFlightNeverShowsTheDialog() async throws {
        let test = try PrompterTest(policy: try Policy(compiledAt: policyURL), channel: .testFlight)
        for _ in 1...4 { await test.prompter.donate("process_completed", scene: "ProcessCompleted") }
        await test.advance(by: .seconds(2))
        #expect(test.presenter.presentations.isEmpty)
        #expect(test.sentEvents.last?.decision?.blockedBy == ["channel"])
    }

    @Test func theTeamsScenariosHoldThroughThePrompter() async throws {
        let result = try await ScenarioPlayback(.yaml).play(path: scenarioPath)
        #expect(result.passed, "\(result.failures.map(\.message))")
    }
}
