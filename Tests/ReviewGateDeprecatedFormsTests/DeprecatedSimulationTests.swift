import Foundation
import ReviewGate
import ReviewGateSimulation
import Testing

/// `SimulationRequest`'s 0.5 form: a budget's run reported with `runBudget()`, now `run()`, as
/// every request is (its kind says what it reports).
@Suite("0.5's simulation API, deprecated: still compiles and works")
struct DeprecatedSimulationTests {
    @Test("runBudget() reports as run() does")
    func runBudget() throws {
        let folder = URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../Compatibility/0.5.0/policies/budget").standardized
        let bytes = Array(try Data(contentsOf: folder.appending(path: "calm-app.budget.json")))
        let budget = SimulatedBudget(
            try CompiledBudget.load(bytes, file: "calm-app.budget.json"), path: "calm-app.budget.json")
        let timeline = """
            {"user":"u1","time":"2026-01-05T09:00:00Z","type":"install","build":"1"}
            {"user":"u1","time":"2026-01-05T09:00:00Z","type":"launch","build":"1"}
            {"user":"u1","time":"2026-01-09T09:00:00Z","type":"launch","build":"1"}
            {"user":"u1","time":"2026-01-09T09:01:00Z","type":"want","name":"paywall","build":"1"}

            """
        let request = SimulationRequest(budget: budget, input: .bytes(Array(timeline.utf8), name: "t.jsonl"), jobs: 1)
        let old = try request.runBudget()
        #expect(old.text == (try request.run()).text)
        #expect(old.text.contains("paywall"))
    }
}
