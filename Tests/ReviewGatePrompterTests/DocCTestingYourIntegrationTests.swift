import Clocks
import Foundation
import ReviewGatePrompter
import Testing

/// *Testing your integration*, line for line, with public API only (this file imports no SPI and
/// no test support), as an app's own test target would: a test clock, a fake presenter, a
/// lock-protected box for the events, and a wall clock that follows the test clock.
// The limit is `.hangGuard`'s (ReviewGateTestSupport), written out: this file imports no test support.
@Suite("DocC: testing your integration", .timeLimit(.minutes(10)))
struct DocCTestingYourIntegrationTests {
    /// The app's compiled policies (here: as 0.4.0 compiled them).
    let policyURL = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../Compatibility/0.4.0/policies/apple-sample.json").standardized
    let threeWeekRuleURL = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../Compatibility/0.4.0/policies/three-week-rule.json").standardized

    @MainActor final class Presentations { var count = 0 }  // the fake presenter's calls

    @Test func asksAtTheFourthCompletedProcess() async throws {
        let stateURL = FileManager.default.temporaryDirectory.appending(path: "review-state-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: stateURL) }
        let clock = TestClock()
        let shown = Presentations()
        // swift-format-ignore
        let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: { shown.count += 1; return true },
                                environment: Prompter.Environment(stateFile: stateURL, clock: clock))
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await clock.advance(by: .seconds(2))  // the policy's delay
        await prompter.waitUntilIdle()
        #expect(await shown.count == 1)

        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: stateURL)) as? [String: Any]
        #expect((state?["asks"] as? [Any])?.count == 1)  // recorded once it was shown
    }

    final class Sent: @unchecked Sendable {  // the sink's events, from any thread
        private let lock = NSLock()
        private var events: [PromptEvent] = []
        func append(_ event: PromptEvent) { lock.withLock { events.append(event) } }
        var all: [PromptEvent] { lock.withLock { events } }
    }

    @Test func leavingDuringTheDelayShowsNothing() async throws {
        let stateURL = FileManager.default.temporaryDirectory.appending(path: "review-state-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: stateURL) }
        let clock = TestClock()
        let shown = Presentations()
        let sent = Sent()
        // swift-format-ignore
        let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: { shown.count += 1; return true },
                                environment: Prompter.Environment(stateFile: stateURL, clock: clock, events: sent.append))
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await prompter.background()  // drops the waiting ask
        await clock.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(await shown.count == 0)
        #expect(sent.all.last?.kind == .dropped)
        #expect(sent.all.last?.reason == .background)
    }

    @Test func asksAtTheThirdOpenThreeWeeksAfterInstall() async throws {
        let stateURL = FileManager.default.temporaryDirectory.appending(path: "review-state-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: stateURL) }
        let clock = TestClock()
        let start = clock.now
        let installed = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05T09:00:00Z
        let now: @Sendable () -> Date = { installed + start.duration(to: clock.now) / .seconds(1) }
        let shown = Presentations()
        // swift-format-ignore
        let prompter = Prompter(policy: try Policy(compiledAt: threeWeekRuleURL), presenter: { shown.count += 1; return true },
                                environment: Prompter.Environment(stateFile: stateURL, clock: clock, now: now))
        for day in [0, 10, 21] {
            await clock.advance(to: start.advanced(by: .seconds(day * 86_400)))
            await prompter.launched()
        }
        await clock.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(await shown.count == 1)
    }
}
