import Foundation
import ReviewGateTestSupport
import Testing

@Suite struct EvaluateCommandTests {
    private let base = [
        "evaluate", "--policy", "policies/apple-sample.yaml", "--state", "policies/examples/apple-sample.state.yaml",
    ]

    @Test func summaryLineWithoutExplain() throws {
        let allow = try CLIRunner.run(
            base + ["--event", "process_completed", "--scene", "ProcessCompleted", "--now", "2026-11-22T10:00:00Z"])
        #expect(allow.status == 0)
        #expect(allow.stdout == "allow (trigger process_completed)\n")
    }

    @Test func unknownTriggerIsAUsageError() throws {
        let result = try CLIRunner.run(base + ["--trigger", "process_complete", "--now", "2026-11-22T10:00:00Z"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean \"process_completed\"?"))
        #expect(!result.stderr.contains("Usage:"))
    }

    @Test func badNowIsAUsageError() throws {
        let result = try CLIRunner.run(base + ["--event", "x", "--now", "tomorrow"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("RFC 3339"))
    }

    @Test func brokenStateExitsTwoAtItsLine() throws {
        let folder = try Repository.temporaryFolder()
        let state = folder.appending(path: "s.yaml")
        try "reviewgate_state: 1\ninstalled_at: 2026-10-01T09:00:00Z\napp: {build: \"1\"}\nlaunches: many\n".write(
            to: state, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([
            "evaluate", "--policy", "policies/apple-sample.yaml", "--state", state.path, "--event", "x",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(state.path):4:11: error: launches must be a whole number"))
    }

    /// Values at the edges of what a time or a count can hold are refused, never a crash.
    @Test func hugeTimesAndCountsAreRefusedNotCrashed() throws {
        let farFuture = try CLIRunner.run(base + ["--event", "x", "--now", "9999-01-01T00:00:00Z"])
        #expect(farFuture.status == 2)
        #expect(farFuture.stderr.contains("in the years 1900–2150"))
        let folder = try Repository.temporaryFolder()
        let state = folder.appending(path: "s.yaml")
        let yaml =
            "reviewgate_state: 1\ninstalled_at: 2026-10-01T09:00:00Z\napp: {build: \"1\"}\nevents: {process_completed: 9223372036854775807}\n"
        try yaml.write(to: state, atomically: true, encoding: .utf8)
        let huge = try CLIRunner.run([
            "evaluate", "--policy", "policies/apple-sample.yaml", "--state", state.path, "--event", "process_completed",
        ])
        #expect(huge.status == 2)
        #expect(
            huge.stderr.contains("\(state.path):4:29: error: the count of process_completed must be at most 1000000000")
        )
    }

    @Test func noColourWhenPiped() throws {
        let result = try CLIRunner.run(
            base + ["--event", "process_completed", "--now", "2026-11-22T10:00:00Z", "--explain"])
        #expect(!result.stdout.contains("\u{1B}["))
    }
}

@Suite struct ValidateCommandTests {
    @Test func shippedPoliciesAreValidEvenUnderStrict() throws {
        let result = try CLIRunner.run([
            "validate", "--strict", "policies/apple-sample.yaml", "policies/three-week-rule.yaml",
            "policies/treaty.yaml",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("policies/three-week-rule.yaml: valid\n"))
    }

    @Test func strictMakesWarningsFailAndAWarningNamesItsRule() throws {
        let policy = try Repository.temporaryFolder().appending(path: "launch.yaml")
        try "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {never_on: [user_action], cooldown: 1d}\n"
            .write(
                to: policy, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", "--strict", policy.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("launch.yaml: valid, 1 warning (failures under --strict)"))
        #expect(result.stderr.contains("launch.yaml:4:10: warning: this policy may ask at launch"))
        #expect(result.stderr.contains("[ask_at_launch]\n"))
    }

    @Test func warningsShowWithErrorsAndTheSummaryCountsBoth() throws {
        let policy = try Repository.temporaryFolder().appending(path: "both.yaml")
        try "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {never_on: [user_action], cooldown: 3x}\n"
            .write(to: policy, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", policy.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("both.yaml: 1 error, 1 warning"))
        #expect(result.stderr.contains("warning: this policy may ask at launch"))
    }

    @Test func overTheCapTheSummaryCountsEveryError() throws {
        let policy = try Repository.temporaryFolder().appending(path: "many.yaml")
        let triggers = (1...60).map { "  t\($0): {at_least: x}" }.joined(separator: "\n")
        try "reviewgate: 1\nname: t\ntriggers:\n\(triggers)\n".write(to: policy, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", policy.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("many.yaml: 60 errors, 50 shown"), "\(result.stdout)")
        // In file order: the first shown is the first trigger's.
        #expect(result.stderr.hasPrefix("\(policy.path):4:18: error:"), "\(result.stderr.prefix(200))")
    }

    @Test func errorsExitOneAndMissingFilesTwo() throws {
        let bad = try CLIRunner.run(["validate", "Tests/ReviewGateTests/Fixtures/bad-policies/unknown-guard-key.yaml"])
        #expect(bad.status == 1)
        #expect(
            bad.stderr.contains(
                "unknown-guard-key.yaml:8:3: error: unknown key \"cooldwn\" in guards; did you mean \"cooldown\"?"))
        let missing = try CLIRunner.run(["validate", "policies/nope.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("policies/nope.yaml:1:1: error: no such file"))
    }
}

@Suite struct UnknownCommandTests {
    @Test func anUnknownCommandGetsADidYouMeanAndExitsTwo() throws {
        let result = try CLIRunner.run(["evalute", "--policy", "p.yaml"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "reviewgate: error: unknown command \"evalute\"; did you mean \"evaluate\"? (the commands: validate, compile, keygen, verify, evaluate, inspect, schema, record, test, simulate, readout, person, conformance, lsp)\n"
        )
        let far = try CLIRunner.run(["frobnicate"])
        #expect(far.status == 2)
        #expect(!far.stderr.contains("did you mean"))
    }
}
