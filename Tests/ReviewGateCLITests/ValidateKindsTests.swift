import Foundation
import ReviewGateTestSupport
import Testing

/// `validate -` reads standard input, and `validate` knows a state file and a scenario by their
/// first key (issue 9).
@Suite struct ValidateKindsTests {
    @Test func standardInputIsValidatedAsStdin() throws {
        let bad = try CLIRunner.runProcess(
            ["validate", "-"], input: "reviewgate: 1\nname: x\ntriggers: {2fa: {at_least: 1}}\nguards: {cooldwn: 1d}\n")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("<stdin>:4:10: error: unknown key \"cooldwn\" in guards"), "\(bad.stderr)")
        #expect(bad.stdout == "<stdin>: 1 error\n")
        let good = try CLIRunner.runProcess(
            ["validate", "-"],
            input: try String(contentsOfFile: Repository.path("policies/treaty.yaml"), encoding: .utf8))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "<stdin>: valid\n")
    }

    @Test func statesAndScenariosAreKnownByTheirFirstKey() throws {
        let shipped = try CLIRunner.run([
            "validate", "policies/examples/treaty.state.yaml", "policies/examples/three-week-rule.state.json",
            "policies/scenarios/treaty.cooldown.scenario.yaml",
        ])
        #expect(shipped.status == 0, "\(shipped.stderr)")
        let folder = try Repository.temporaryFolder()
        try "reviewgate_state: 1\ninstalled_at: yesterday\nlaunchs: 3\n".write(
            to: folder.appending(path: "state.yaml"), atomically: true, encoding: .utf8)
        let state = try CLIRunner.run(["validate", "state.yaml"], in: folder)
        #expect(state.status == 1)
        #expect(
            state.stderr.contains("state.yaml:2:15: error: installed_at must be an RFC 3339 time"), "\(state.stderr)")
        #expect(state.stderr.contains("state.yaml:3:1: error: unknown key \"launchs\""), "\(state.stderr)")
        try
            "reviewgate_scenario: 1\nname: x\npolicy: nowhere.yaml\nstart: 2026-01-01T00:00:00Z\nsteps: [{launch: {}}]\n"
            .write(to: folder.appending(path: "x.scenario.yaml"), atomically: true, encoding: .utf8)
        let scenario = try CLIRunner.run(["validate", "x.scenario.yaml"], in: folder)
        #expect(scenario.status == 1)
        #expect(
            scenario.stderr.contains("x.scenario.yaml:3:9: error: in the policy this scenario tests, nowhere.yaml"),
            "\(scenario.stderr)")
    }

    @Test("a compiled scenario and a person's record are known by their first key, not read as policies")
    func compiledScenariosAndPersonRecords() throws {
        let compiled = try CLIRunner.run(["validate", "Tests/Catalogue/treaty.cooldown.scenario.json"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        #expect(compiled.stdout == "Tests/Catalogue/treaty.cooldown.scenario.json: valid\n")
        let folder = try Repository.temporaryFolder()
        try #"{"reviewgate_person": 1, "user_id": "u-1", "asks": [], "answers": []}"#.write(
            to: folder.appending(path: "person.json"), atomically: true, encoding: .utf8)
        try #"{"reviewgate_person": 1, "user_id": "u-1", "asks": [{"at": "2026-11-02T10:00:00Z"}]}"#.write(
            to: folder.appending(path: "bad-person.json"), atomically: true, encoding: .utf8)
        let person = try CLIRunner.run(["validate", "person.json", "bad-person.json"], in: folder)
        #expect(person.status == 1)
        #expect(person.stdout == "person.json: valid\nbad-person.json: 1 error\n", "\(person.stderr)")
        #expect(person.stderr.contains("bad-person.json:1:53: error: an ask is missing the required key \"device\""))
        #expect(!person.stderr.contains("unknown key"), "\(person.stderr)")
    }
}
