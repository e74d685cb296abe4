import Foundation
import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import ReviewGateTesting
import Testing

/// The kit's short helpers (Semantics §16.2): a prompter on a state file of its own and a test clock,
/// and a presenter that records what it shows and answers as told.
@Suite("ReviewGateTesting: PrompterTest and RecordingPresenter")
struct PrompterTestTests {
    /// apple-sample, as 0.5 compiled it (an app's compiled policy).
    static func policy() throws -> Policy {
        try Policy(compiledAt: Repository.root.appending(path: "Tests/Compatibility/0.5.0/policies/apple-sample.json"))
    }

    @Test("the fourth completion asks after 2 s, on its scene, recorded at that time")
    func theObviousTest() async throws {
        let test = try PrompterTest(policy: try Self.policy())
        for _ in 1...4 { await test.prompter.donate("process_completed", scene: "ProcessCompleted") }
        #expect(test.presenter.presentations.isEmpty, "nothing before the delay")
        await test.advance(by: .seconds(2))
        let shown = try #require(test.presenter.presentations.first)
        #expect(test.presenter.prompts == ["review"])
        #expect(shown.scene == "ProcessCompleted")
        #expect(shown.time == PrompterTest.defaultStart.addingTimeInterval(2))
        let state = try test.state()
        #expect(state.asks.map(\.at) == [Timestamp(roundedToMilliseconds: shown.time)])
        #expect(test.sentEvents.map(\.kind).suffix(2) == [.decision, .presented])
    }

    @Test("a presenter told to answer false shows nothing recorded: dropped not_presented")
    func answerFalse() async throws {
        let test = try PrompterTest(policy: try Self.policy())
        test.presenter.answer(false)
        for _ in 1...4 { await test.prompter.donate("process_completed", scene: "ProcessCompleted") }
        await test.advance(by: .seconds(2))
        #expect(test.presenter.prompts == ["review"], "asked to present, it answered false")
        #expect(try test.state().asks.isEmpty)
        #expect(test.sentEvents.last?.reason == .notPresented)
    }

    @Test("on TestFlight the presenter is never called")
    func testFlight() async throws {
        let test = try PrompterTest(policy: try Self.policy(), channel: .testFlight)
        for _ in 1...4 { await test.prompter.donate("process_completed", scene: "ProcessCompleted") }
        await test.advance(by: .seconds(2))
        #expect(test.presenter.presentations.isEmpty)
        #expect(test.sentEvents.last?.decision?.blockedBy == ["channel"])
    }
}
