import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// The README's *In your app* example, line for line (ReadmeTests checks that they agree), with the
/// test clock and a fake presenter in place of StoreKit's.
@Suite("ReviewPrompter: the README's app", .timeLimit(.minutes(1)))
struct ReadmeAppExampleTests {
    @Test("Apple's sample: asks on the 4th completed process, after 2 s, only on its scene; once per build")
    func readmeExample() async throws {
        let harness = try PrompterHarness()
        // The build plugin's resource, as `reviewgate compile` writes it.
        let compiled = try PolicyLoader.files(Fixtures.documents).load(
            path: Repository.path("policies/apple-sample.yaml"))
        let policyURL = harness.folder.appending(path: "apple-sample.json")
        try CompiledPolicy(compiled).text(digest: Fixtures.digest).write(
            to: policyURL, atomically: true, encoding: .utf8)
        let analyticsID = "app-instance-4f1c"
        let presentReview: ReviewPrompter.Presenter = { true }

        // As the README writes it (the clocks are the test's).
        let prompter = ReviewPrompter(
            policy: try Policy(compiledAt: policyURL),
            stateFile: harness.stateFile, appVersion: AppVersion(short: "1.0", build: "1"), clock: harness.clock,
            now: harness.now,
            userID: analyticsID, presenter: presentReview)
        await prompter.launched()
        for completed in 1...4 {
            await prompter.donate("process_completed", scene: "ProcessCompleted")
            if completed == 4 {
                // The person stays on the scene for the delay.
                await harness.advance(by: .seconds(2))
                await prompter.settle()
            }
            await prompter.scene("Home")
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
        #expect(try Data(contentsOf: harness.stateFile).first == UInt8(ascii: "{"))
    }
}
