import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// `reviewgate compile` (Semantics §9, issue 10): the same bytes every time, a digest anyone can work out
/// again, errors as `validate` gives them, and a compiled policy that every command takes in place
/// of its YAML with byte-identical output.
@Suite struct CompileCommandTests {
    /// Compiles a shipped policy into `folder`; the compiled file's path.
    static func compile(_ name: String, into folder: URL) throws -> String {
        // A recipe's name has its folder (`recipes/...`): the compiled file goes in `folder` itself.
        let output = folder.appending(path: "\(name.split(separator: "/").last ?? "").json").path
        let result = try CLIRunner.run(["compile", "policies/\(name).yaml", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        return output
    }

    @Test(arguments: ExplanationCase.all, ["text", "json"])
    func evaluateGivesTheYAMLsOutputBytes(_ testCase: ExplanationCase, _ format: String) throws {
        let folder = try Repository.temporaryFolder()
        let compiled = try Self.compile(testCase.policy, into: folder)
        func evaluate(_ policy: String) throws -> CLIRunner.Result {
            let options = format == "json" ? ["--format", "json"] : ["--explain"]
            return try CLIRunner.run(
                ["evaluate", "--policy", policy, "--state", "policies/examples/\(testCase.state)"] + testCase.moment
                    + options)
        }
        let yaml = try evaluate("policies/\(testCase.policy).yaml")
        let json = try evaluate(compiled)
        #expect(json.status == yaml.status)
        #expect(json.stdout == yaml.stdout)
        #expect(json.stderr == yaml.stderr)
        // And both are the golden.
        let outcome = Golden.check(json.stdout, against: testCase.golden(format == "json" ? .json : .text))
        #expect(outcome == .matches, "\(outcome)")
    }

    @Test func theSameYAMLCompilesToTheSameBytesAndTheDigestIsOfTheCanonicalPolicy() throws {
        let folder = try Repository.temporaryFolder()
        let first = try Data(contentsOf: URL(filePath: try Self.compile("treaty", into: folder)))
        let stdout = try CLIRunner.run(["compile", "policies/treaty.yaml"])
        #expect(Data(stdout.stdout.utf8) == first)
        let again = try Data(contentsOf: URL(filePath: try Self.compile("treaty", into: folder)))
        #expect(again == first)

        // The digest is SHA-256 of the `policy` member written compactly, as sha256sum works it out.
        let document = try JSONReader().loadDocument(Array(first), file: "treaty.json")
        let canonical = folder.appending(path: "canonical.json")
        try Data(JSONWriter().string(try #require(document["policy"]).jsonValue).utf8).write(to: canonical)
        let sum = try Command.run("sha256sum", [canonical.path])
        let hex = sum.output.prefix(64)
        #expect(document["digest"]?.string == "sha256:\(hex)")
    }

    @Test func aBrokenPolicyFailsAsValidateDoesAndWritesNothing() throws {
        let folder = try Repository.temporaryFolder()
        let policy = folder.appending(path: "broken.yaml")
        try "reviewgate: 1\nname: broken\ntriggers:\n  done: {at_least: 0}\nguards:\n  coldown: 7d\n".write(
            to: policy, atomically: true, encoding: .utf8)
        let output = folder.appending(path: "broken.json").path
        let compiled = try CLIRunner.run(["compile", policy.path, "-o", output])
        let validated = try CLIRunner.run(["validate", policy.path])
        #expect(compiled.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
        let diagnostics = compiled.stderr.split(separator: "\n").filter { !$0.hasPrefix("reviewgate:") }
        #expect(diagnostics == validated.stderr.split(separator: "\n"))
        #expect(diagnostics.first?.hasPrefix("\(policy.path):4:") == true)
        #expect(compiled.stderr.hasSuffix("reviewgate: \(policy.path): 2 errors; nothing compiled\n"))
    }

    @Test func anEditedCompiledPolicyIsRefusedByItsDigest() throws {
        let folder = try Repository.temporaryFolder()
        let path = try Self.compile("apple-sample", into: folder)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"at_least\": 4", with: "\"at_least\": 1")
        #expect(edited != text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let validated = try CLIRunner.run(["validate", path])
        #expect(validated.status == 1)
        #expect(validated.stderr.contains("is not that of its policy"))
        #expect(
            validated.stderr.contains(
                "it was edited after compiling; compile the YAML again with reviewgate compile\n"),
            "\(validated.stderr)")
        let evaluated = try CLIRunner.run([
            "evaluate", "--policy", path, "--state", "policies/examples/apple-sample.state.yaml", "--event",
            "process_completed",
        ])
        #expect(evaluated.status == 2)
        #expect(evaluated.stderr.contains("it was edited after compiling"))
        #expect(evaluated.stderr.hasPrefix("\(path):3:13: error: the compiled policy's digest"))

        // A scenario that tests it fails too.
        let scenario = (path as NSString).deletingLastPathComponent + "/edited.scenario.yaml"
        try """
        reviewgate_scenario: 1
        name: edited
        policy: apple-sample.json
        start: 2026-02-02T08:00:00Z
        state: {app: {short: "1.2", build: "12"}}
        steps:
          - event: process_completed
            expect: {decision: block}
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let tested = try CLIRunner.run(["test", scenario])
        #expect(tested.status != 0)
        #expect(tested.stderr.contains("it was edited after compiling"), "\(tested.stderr)")
    }

    @Test func recordTakesACompiledPolicyAndWritesWhatTheYAMLWrites() throws {
        let folder = try Repository.temporaryFolder()
        let compiled = try Self.compile("treaty", into: folder)
        var states: [String] = []
        for policy in ["policies/treaty.yaml", compiled] {
            let state = folder.appending(path: "state-\(states.count).yaml").path
            try FileManager.default.copyItem(
                atPath: Repository.path("policies/examples/treaty.state.yaml"), toPath: state)
            let result = try CLIRunner.run([
                "record", "--policy", policy, "--state", state, "--event", "walk_ended", "--now",
                "2026-11-25T10:00:00Z",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            states.append(try String(contentsOfFile: state, encoding: .utf8))
        }
        #expect(states[0] == states[1])
        #expect(states[0].contains("walk_ended"))
    }
}

/// `--format event`: the decision event as one JSON line, the same for a policy and its compiled form.
@Suite struct DecisionEventFormatTests {
    @Test func evaluateAndRecordPrintOneEventLine() throws {
        let folder = try Repository.temporaryFolder()
        let compiled = try CompileCommandTests.compile("treaty", into: folder)
        var lines: [String] = []
        for policy in ["policies/treaty.yaml", compiled] {
            let result = try CLIRunner.run([
                "evaluate", "--policy", policy, "--state", "policies/examples/treaty.state.yaml", "--event",
                "feed_activity_logged", "--now", "2026-11-22T10:00:00Z", "--format", "event",
            ])
            #expect(result.status == 1)
            lines.append(result.stdout)
        }
        #expect(lines[0] == lines[1])
        #expect(lines[0].split(separator: "\n").count == 1)
        #expect(lines[0].contains(#""decision":"block""#) && lines[0].contains(#""blocked_by":"cooldown""#))
        #expect(lines[0].contains(#""policy_digest":"sha256:"#))

        let state = folder.appending(path: "state.yaml").path
        try FileManager.default.copyItem(atPath: Repository.path("policies/examples/treaty.state.yaml"), toPath: state)
        let recorded = try CLIRunner.run([
            "record", "--policy", compiled, "--state", state, "--event", "walk_ended", "--now", "2026-11-25T10:00:00Z",
            "--format", "event",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.split(separator: "\n").count == 1)
        #expect(recorded.stdout.hasPrefix(#"{"policy":"treaty","#) && recorded.stdout.contains(#""decision":"allow""#))
    }

    @Test(
        "a compiled policy keeps its channels (only when written) and decides on a channel as its YAML does, at the YAML's line"
    )
    func channelsSurviveCompiling() throws {
        let folder = try Repository.temporaryFolder()
        let compiled = folder.appending(path: "channels.json").path
        let result = try CLIRunner.run(["compile", "Tests/Catalogue/channels.yaml", "-o", compiled])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: compiled, encoding: .utf8)
        #expect(text.contains("\"channels\": {\n      \"testflight\": \"no_quota\"\n    }"), "\(text)")
        let moment = [
            "--state", "policies/examples/apple-sample.state.yaml", "--event", "process_completed", "--scene",
            "ProcessCompleted", "--now", "2026-11-22T10:00:00Z", "--channel", "testflight", "--explain",
        ]
        let fromYAML = try CLIRunner.run(["evaluate", "--policy", "Tests/Catalogue/channels.yaml"] + moment)
        let fromJSON = try CLIRunner.run(["evaluate", "--policy", compiled] + moment)
        #expect(fromYAML.status == 0 && fromJSON.status == 0)
        #expect(fromJSON.stdout == fromYAML.stdout)
        #expect(
            fromJSON.stdout.contains(
                "a TestFlight build; required the OS's quota (3 per 365d), which does not apply to this build  Tests/Catalogue/channels.yaml:5"
            ))
        // A policy that writes no channels compiles as before: no `channels` key.
        _ = try CLIRunner.run(["compile", "policies/apple-sample.yaml", "-o", folder.appending(path: "a.json").path])
        #expect(
            !(try String(contentsOfFile: folder.appending(path: "a.json").path, encoding: .utf8)).contains("channels"))
    }
}
