import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateRemote
import ReviewGateTestSupport
import Testing

/// *Remote updates in the app*, line for line: the app ships Apple's sample, takes the signed
/// ask-earlier update, decides with it from the next moment, and keeps it for the next launch.
@Suite("DocC: remote updates", .hangGuard)
struct DocCRemoteUpdatesTests {
    @Test("accepted, then unchanged; an older file refused; the next launch starts from the kept update")
    func remoteUpdate() async throws {
        let harness = try PrompterHarness()
        let policyURL = DocCFiles.policy("apple-sample.json")
        let (teamKey, keptURL) = (try DocCFiles.teamKey(), harness.folder.appending(path: "ReviewGate/kept.json"))
        let presentReview: Prompter.Presenter = { true }
        let analyticsID = "app-instance-4f1c"
        let events = EventLog()
        let send: Prompter.EventSink = events.append
        let recording = DocCRecording()
        try await DocCRecording.$current.withValue(recording) {
            // As the article writes it (the clocks and the state file are the test's).
            // swift-format-ignore
            let remote = try RemotePolicy(shipped: Array(try Data(contentsOf: policyURL)), keys: [try UpdatePublicKey(teamKey)],
                                          appVersion: .main, keptAt: keptURL.path)
            if let refusal = remote.keptRefusal { log("kept review policy not used: \(refusal)") }
            var environment = Prompter.Environment()
            environment.userID = analyticsID
            environment.events = send
            harness.testing(&environment)  // the test's state file and clocks
            let prompter = Prompter(policy: remote, presenter: presentReview, environment: environment)

            func take(_ downloaded: [UInt8]) {
                // swift-format-ignore
                switch remote.offer(downloaded, file: "review-policy.signed.json") {
                case .accepted(let policy): log("review policy now \(policy.name) \(policy.digest ?? "")")
                case .unchanged: break
                case .refused(let refusal): log("review policy update refused: \(refusal)")
                }
            }

            await prompter.donate("process_completed", scene: "ProcessCompleted")
            take(Array(try Data(contentsOf: DocCFiles.policy("experiments/ask-earlier.signed.json"))))
            await prompter.donate("process_completed", scene: "ProcessCompleted")
            take(Array(try Data(contentsOf: DocCFiles.policy("experiments/ask-earlier.signed.json"))))
            take(Array(try Data(contentsOf: DocCFiles.policy("apple-sample.signed.json"))))
        }
        let updated = try Policy(compiledAt: DocCFiles.policy("experiments/ask-earlier.json"))
        let shipped = try Policy(compiledAt: policyURL)
        #expect(events.all.map(\.policyDigest) == [shipped.digest, updated.digest])
        #expect(recording.lines.count == 2, "\(recording.lines)")
        #expect(recording.lines.first == "log: review policy now ask-earlier \(updated.digest ?? "-")")
        #expect(recording.lines.last?.hasPrefix("log: review policy update refused:") == true)
        #expect(recording.lines.last?.contains("older") == true, "\(recording.lines.last ?? "")")

        let nextLaunch = try RemotePolicy(
            shipped: Array(try Data(contentsOf: policyURL)), keys: [try UpdatePublicKey(teamKey)], appVersion: .main,
            keptAt: keptURL.path)
        #expect(nextLaunch.origin == .kept)
        #expect(nextLaunch.policy.digest == updated.digest)
        #expect(nextLaunch.keptRefusal == nil)
    }
}
