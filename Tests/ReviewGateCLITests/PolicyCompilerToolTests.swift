import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// The build plugin's tool, `ReviewGatePolicyCompiler`, run as the plugin runs it: it writes what
/// `reviewgate compile --relative-to` writes, prints the same diagnostics, and refuses two policies
/// that would give one resource name. (`PluginFixtureSlowTests` runs it through a real build.)
@Suite struct PolicyCompilerToolTests {
    static let tool = Repository.built("ReviewGatePolicyCompiler")

    /// Runs the tool on `policies`, writing into `output`, with names relative to the repository.
    static func compile(_ policies: [String], into output: URL) throws -> (status: Int32, output: String) {
        try Command.run(
            tool.path, ["--output-directory", output.path, "--relative-to", Repository.root.path] + policies)
    }

    @Test func eachPolicyIsWhatReviewgateCompileWrites() throws {
        let folder = try Repository.temporaryFolder()
        let policies = ["policies/apple-sample.yaml", "Tests/ReviewGateTests/Fixtures/extends/child.yaml"]
        let run = try Self.compile(policies.map { Repository.root.appending(path: $0).path }, into: folder)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.isEmpty, "\(run.output)")
        for policy in policies {
            let name = URL(filePath: policy).deletingPathExtension().lastPathComponent + ".json"
            let written = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
            let expected = try CLIRunner.run([
                "compile", Repository.root.appending(path: policy).path, "--relative-to", Repository.root.path,
            ])
            #expect(written == expected.stdout, "\(policy)")
        }
    }

    /// Every shipped scenario of a shipped policy compiles for the test kit (Semantics §16.2), with
    /// its policy and golden file beside it, and `reviewgate test` gives the compiled file the YAML's
    /// transcript byte for byte; a scenario whose policy is not compiled with it fails at its line.
    @Test func scenariosCompileAndReadAsTheirYAML() throws {
        let folder = try Repository.temporaryFolder()
        // Every shipped policy, budget, experiment and scenario, in one target.
        let files = try CompatibilityFolder.files(under: "policies").filter {
            $0.hasSuffix(".yaml") && !$0.contains("/examples/")
        }.map(Repository.path)
        let scenarios = Fixtures.shippedScenarios
        #expect(scenarios.count >= 30)
        let run = try Self.compile(files, into: folder)
        #expect(run.status == 0, "\(run.output)")
        for scenario in scenarios {
            let name = URL(filePath: scenario).deletingPathExtension().lastPathComponent + ".json"
            let yaml = try CLIRunner.run(["test", scenario, "--format", "transcript"])
            let compiled = try CLIRunner.run(["test", folder.appending(path: name).path, "--format", "transcript"])
            #expect(compiled.status == 0 && yaml.status == 0, "\(compiled.stdout)\(compiled.stderr)")
            #expect(compiled.stdout == yaml.stdout, "\(scenario)")
        }
        // A golden file not recorded yet fails the build with how to record it.
        let source = try Repository.temporaryFolder()
        try "reviewgate: 1\nname: p\ntriggers:\n  done: {at_least: 1}\nguards:\n  cooldown: 30d\n".write(
            to: source.appending(path: "p.yaml"), atomically: true, encoding: .utf8)
        try
            "reviewgate_scenario: 1\nname: s\npolicy: p.yaml\nstart: 2026-01-01T00:00:00Z\nstate: {app: {short: \"1.0\"}}\nsteps:\n  - event: done\ngolden: s.golden.txt\n"
            .write(to: source.appending(path: "s.scenario.yaml"), atomically: true, encoding: .utf8)
        let unrecorded = try Self.compile(
            [source.appending(path: "p.yaml").path, source.appending(path: "s.scenario.yaml").path], into: folder)
        #expect(unrecorded.status == 1)
        #expect(
            unrecorded.output.contains(
                "s.scenario.yaml:8:9: error: the golden file s.golden.txt does not exist: `reviewgate test --update` records it"
            ), "\(unrecorded.output)")
        let alone = try Self.compile(
            [Repository.path("policies/scenarios/treaty.cooldown.scenario.yaml")], into: folder)
        #expect(alone.status == 1)
        #expect(
            alone.output.contains(
                "treaty.cooldown.scenario.yaml:9:9: error: the policy ../treaty.yaml is not compiled in this target"),
            "\(alone.output)")
    }

    /// A budget compiles with its policies into one resource, `NAME.budget.json`, as `reviewgate
    /// compile` writes it, and reads back with `CompiledBudget.load`.
    @Test func aBudgetIsWhatReviewgateCompileWrites() throws {
        let folder = try Repository.temporaryFolder()
        let budget = "policies/budget/calm-app.budget.yaml"
        let run = try Self.compile(
            [Repository.path(budget), Repository.path("policies/apple-sample.yaml")], into: folder)
        #expect(run.status == 0, "\(run.output)")
        let written = try String(contentsOf: folder.appending(path: "calm-app.budget.json"), encoding: .utf8)
        let expected = try CLIRunner.run(["compile", Repository.path(budget), "--relative-to", Repository.root.path])
        #expect(expected.status == 0, "\(expected.stderr)")
        #expect(written == expected.stdout)
        let loaded = try CompiledBudget.load(
            Array(written.utf8), file: "calm-app.budget.json", digest: PortableSHA256.policyDigest)
        #expect(loaded.name == "calm-app")
        #expect(loaded.policies.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "apple-sample.json").path))
    }

    /// A file named as a budget that is none is loaded as a budget, so its error says what a budget needs.
    @Test func aFileNamedAsABudgetIsLoadedAsOne() throws {
        let folder = try Repository.temporaryFolder()
        let file = folder.appending(path: "calm.budget.yaml")
        try "name: calm\nprompts: {paywall: {priority: 80}}\n".write(to: file, atomically: true, encoding: .utf8)
        let run = try Self.compile([file.path], into: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("error: the budget is missing \"reviewgate_budget: 1\""), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "calm.budget.json").path))
    }

    @Test func aBrokenPolicyIsReportedAtItsLineAndTheOthersStillCompile() throws {
        let folder = try Repository.temporaryFolder()
        let broken = folder.appending(path: "broken.yaml")
        try "reviewgate: 1\nname: broken\ntriggers: {done: {at_least: 1}}\nguards:\n  cooldown: 30 days\n".write(
            to: broken, atomically: true, encoding: .utf8)
        let output = folder.appending(path: "out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let good = Repository.root.appending(path: "policies/apple-sample.yaml").path
        let run = try Self.compile([broken.path, good], into: output)
        #expect(run.status == 1)
        // As `reviewgate compile` prints it: the line, the source and a caret.
        #expect(
            run.output.contains(
                """
                \(broken.path):5:13: error: cooldown must be a duration such as 21d (a whole number and s, m, h, d or w); found the string "30 days": did you mean 30d?
                  cooldown: 30 days
                            ^
                """), "\(run.output)")
        #expect(run.output.contains("reviewgate: \(broken.path): 1 error; nothing compiled"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "broken.json").path))
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "apple-sample.json").path))
    }

    /// A warning is printed as `reviewgate compile` prints it (Xcode shows it on its line), and the
    /// policy is still compiled.
    @Test func aWarnedPolicyIsCompiledWithItsWarnings() throws {
        let folder = try Repository.temporaryFolder()
        let policy = folder.appending(path: "warned.yaml")
        try "reviewgate: 1\nname: warned\ntriggers: {a: {at_least: 1}}\nguards: {never_on: [], cooldown: 1d}\n".write(
            to: policy, atomically: true, encoding: .utf8)
        let run = try Self.compile([policy.path], into: folder)
        #expect(run.status == 0, "\(run.output)")
        let command = try CLIRunner.run(["compile", policy.path, "--relative-to", Repository.root.path])
        #expect(run.output.contains("\(policy.path):4:"), "\(run.output)")
        #expect(run.output.contains("may ask at launch"))
        #expect(run.output == command.stderr)
        #expect(try String(contentsOf: folder.appending(path: "warned.json"), encoding: .utf8) == command.stdout)
    }

    /// Names that differ only in case clash too: a Mac's disk does not tell them apart.
    @Test func policiesWithOneResourceNameAreNoneWritten() throws {
        let folder = try Repository.temporaryFolder()
        let policy = "reviewgate: 1\nname: p\ntriggers: {done: {at_least: 1}}\n"
        var files: [String] = []
        for (sub, name) in [("c", "Review.yaml"), ("a", "review.yml"), ("b", "review.yml")] {
            try FileManager.default.createDirectory(
                at: folder.appending(path: sub), withIntermediateDirectories: true)
            try policy.write(to: folder.appending(path: "\(sub)/\(name)"), atomically: true, encoding: .utf8)
            files.append(folder.appending(path: "\(sub)/\(name)").path)
        }
        let output = folder.appending(path: "out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let run = try Self.compile(files, into: output)
        #expect(run.status == 1)
        let (a, b, c) = (files[1], files[2], files[0])
        #expect(
            run.output
                == "reviewgate: error: \(a), \(b) and \(c) would all compile to Review.json and review.json: rename one\n",
            "\(run.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
        let two = try Self.compile([files[2], files[1]], into: output)
        #expect(two.output == "reviewgate: error: \(a) and \(b) would both compile to review.json: rename one\n")
    }

    @Test func anotherArgumentListIsAUsageError() throws {
        let run = try Command.run(Self.tool.path, ["policies/apple-sample.yaml"])
        #expect(run.status == 2)
        #expect(run.output.hasPrefix("reviewgate: error: usage: ReviewGatePolicyCompiler --output-directory"))
    }
}
