import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// Compiled budgets (Semantics §12): one file with the budget and its compiled policies, which decides
/// every moment as the YAML does, cites the YAML's lines, and refuses an edited copy.
@Suite struct CompiledBudgetTests {
    static let loader = BudgetLoader(
        policies: PolicyLoader(reading: Fixtures.documents.reader, digest: PortableSHA256.policyDigest))

    static func compiled(_ path: String) throws -> (yaml: Budget, text: String) {
        let result = try loader.load(path: Repository.path(path))
        return (result.budget, CompiledBudget(result).text(digest: result.budget.digest ?? ""))
    }

    @Test(arguments: [
        "policies/budget/calm-app.budget.yaml", "policies/budget/spacing.budget.yaml",
        "policies/budget/limits.budget.yaml",
    ])
    func everyMomentIsArbitratedAndExplainedAsTheYAMLDoes(_ path: String) throws {
        let (yaml, text) = try Self.compiled(path)
        let budget = try CompiledBudget.load(Array(text.utf8), file: "b.json", digest: PortableSHA256.policyDigest)
        #expect(budget.digest == yaml.digest)
        let start = Fixtures.time("2026-03-02T09:00:00Z")
        var state = ReviewState(
            installedAt: start, sessionStartedAt: start, app: AppVersion(short: "1.0", build: "1"),
            events: ["process_completed": EventHistory(count: 3)])
        var compared = 0
        for step in 0..<60 {
            let now = start + TimeSpan(seconds: Int64(step) * 5 * 3_600)
            let moment =
                step % 3 == 0
                ? Moment(time: .utc(now), event: "process_completed", scene: "ProcessCompleted")
                : Moment(time: .utc(now), event: step % 3 == 1 ? "launch" : nil)
            let wanted = step % 2 == 0 ? yaml.externalPrompts : []
            let expected = try Arbiter.arbitrate(yaml, state: state, moment: moment, wanted: wanted)
            let actual = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: wanted)
            let render = { (budget: Budget, arbitration: Arbitration) in
                JSONWriter().string(ArbitrationExplanation(budget: budget).json(arbitration))
            }
            #expect(render(budget, actual) == render(yaml, expected), "step \(step)")
            Transition.apply(expected, to: &state, budget: yaml)
            compared += 1
        }
        #expect(compared == 60)
        #expect(state.asks.count > 2, "the moments granted prompts: \(state.asks.count)")
    }

    @Test func theSameYAMLCompilesToTheSameBytes() throws {
        let first = try Self.compiled("policies/budget/calm-app.budget.yaml").text
        let second = try Self.compiled("policies/budget/calm-app.budget.yaml").text
        #expect(first == second)
        #expect(first.hasPrefix("{\n  \"reviewgate_compiled_budget\": 1,\n  \"digest\": \"sha256:"))
    }

    @Test func anEditedCompiledBudgetIsRefused() throws {
        let text = try Self.compiled("policies/budget/calm-app.budget.yaml").text
        let edited = text.replacingOccurrences(of: "\"priority\": 80", with: "\"priority\": 90")
        #expect(edited != text)
        let error = #expect(throws: DiagnosticError.self) {
            try CompiledBudget.load(Array(edited.utf8), file: "b.json", digest: PortableSHA256.policyDigest)
        }
        #expect(error?.diagnostics.first?.message.contains("it was edited after compiling") == true)
        // Without a hash handed in, the core's SHA-256 refuses it the same way.
        let unchecked = #expect(throws: DiagnosticError.self) {
            try CompiledBudget.load(Array(edited.utf8), file: "b.json")
        }
        #expect(unchecked?.diagnostics.first?.message == error?.diagnostics.first?.message)
    }

    @Test func aPromptWithoutItsCompiledPolicyIsRefused() throws {
        let text = try Self.compiled("policies/budget/calm-app.budget.yaml").text
        let renamed = text.replacingOccurrences(
            of: "\"survey\": {\n      \"reviewgate_compiled\"", with: "\"quiz\": {\n      \"reviewgate_compiled\"")
        #expect(renamed != text)
        let error = #expect(throws: DiagnosticError.self) {
            try CompiledBudget.load(Array(renamed.utf8), file: "b.json")
        }
        #expect(
            error?.diagnostics.first?.message.hasPrefix("the compiled budget has no compiled policy for prompt survey")
                == true)
    }
}
