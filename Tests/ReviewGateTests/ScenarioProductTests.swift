import ReviewGate
import ReviewGateScenarios
import ReviewGateTestSupport
import ReviewGateYAML
import Testing

/// What an app's test target sees of scenario testing: the public API alone (no `@_spi` import in
/// this file), enough to run a policy's scenarios and read why one failed.
@Suite("ReviewGateScenarios from a test target")
struct ScenarioProductTests {
    @Test("a shipped scenario passes, with its transcript and golden compared")
    func shippedScenarioPasses() throws {
        let result = try ScenarioRunner.files(.yaml).run(
            path: Repository.path("policies/scenarios/apple-sample.fourth-completion.scenario.yaml"))
        #expect(result.passed, "\(result.failures.map(\.message))")
        #expect(result.golden == .matched)
        #expect(result.transcript.contains("allow"))
    }

    @Test("a scenario whose expectation fails says which step, at its line")
    func failingScenario() throws {
        let folder = try Repository.temporaryFolder()
        let path = folder.appending(path: "wrong.scenario.yaml").path
        try """
        reviewgate_scenario: 1
        name: the first completion does not ask
        policy: \(Repository.path("policies/apple-sample.yaml"))
        start: 2026-01-01T09:00:00Z
        state: {app: {build: "1"}}
        steps:
          - {event: process_completed, scene: ProcessCompleted, expect: {decision: allow}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let found = try ScenarioFiles.find(in: [folder.path])
        #expect(found == [path])
        let result = try ScenarioRunner.files(.yaml).run(path: path)
        #expect(!result.passed)
        #expect(result.failures.first?.location.line == 7)
        #expect(result.failures.first?.message.contains("expected decision allow, got block") == true)
    }
}
