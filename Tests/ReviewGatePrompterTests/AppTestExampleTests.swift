import Clocks
import Foundation
import ReviewGatePrompter
import Testing

/// Semantics §11 *An app's own tests*: the obvious test of an app's integration, written with public
/// API only (this file imports no SPI and no test support), as the in-an-app guide's and DocC's testing
/// sections teach: donate, advance the test clock by the delay, wait until the prompter is idle,
/// expect one presentation and the ask in the state. Run 1,000 times, many at once, with no
/// polling.
// The limit is `.hangGuard`'s (ReviewGateTestSupport), written out: this file imports no test support.
@Suite("Prompter: an app's own test, 1,000 times", .timeLimit(.minutes(10)))
struct AppTestExampleTests {
    /// Counts the presenter's calls, on the main actor as a presenter runs.
    @MainActor final class Presentations { var count = 0 }  // the fake presenter's calls

    /// Apple's sample, compiled (by 0.4.0: what an app already ships loads as it is).
    static let policyURL = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../Compatibility/0.4.0/policies/apple-sample.json").standardized

    @Test("donate, advance by the delay, wait until idle: one presentation, one ask", arguments: 0..<1000)
    func obvious(_ run: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-app-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (policyURL, stateURL) = (Self.policyURL, folder.appending(path: "review-state.json"))

        // As the README writes it.
        let clock = TestClock()
        let shown = Presentations()
        // swift-format-ignore
        let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: { shown.count += 1; return true },
                                environment: Prompter.Environment(stateFile: stateURL, clock: clock))
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await clock.advance(by: .seconds(2))  // the policy's delay
        await prompter.waitUntilIdle()
        #expect(await shown.count == 1)

        let data = try Data(contentsOf: stateURL)
        let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((state["asks"] as? [Any])?.count == 1, "run \(run)")
        #expect((state["leases"] as? [Any] ?? []).isEmpty, "run \(run)")
    }

    @Test("before the delay has passed, waiting until idle leaves the ask waiting; after it, shown")
    func beforeTheDelay() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-app-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let presentations = Presentations()
        let prompter = Prompter(
            policy: try Policy(compiledAt: Self.policyURL),
            presenter: {
                presentations.count += 1
                return true
            },
            environment: Prompter.Environment(
                stateFile: folder.appending(path: "review-state.json"),
                appVersion: AppVersion(short: "1.0", build: "1"),
                clock: clock))
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await clock.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(await presentations.count == 0)
        await clock.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(await presentations.count == 1)
    }
}
