import Foundation
import ReviewGateTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct TestCommandTests {
    static let policy = """
        reviewgate: 1
        name: counter
        triggers:
          done: {at_least: 2}
        guards:
          once_per_version: true
        """

    static func scenario(name: String, expect: String, golden: String? = nil) -> String {
        """
        reviewgate_scenario: 1
        name: \(name)
        policy: policy.yaml
        start: 2026-01-01T00:00:00Z
        state: {app: {short: "1.0"}}
        steps:
          - event: done
            expect: block
          - after: 1h
            event: done
            expect: \(expect)

        """ + (golden.map { "golden: \($0)\n" } ?? "")
    }

    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try Repository.temporaryFolder()
        for (name, text) in files.merging(["policy.yaml": policy], uniquingKeysWith: { $1 }) {
            let url = folder.appending(path: name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func theShippedScenariosPass() throws {
        let result = try CLIRunner.run(["test", "policies"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("PASS ") }.count >= 8)
        #expect(lines.last.map(String.init)?.range(of: #"^\d+ passed, 0 failed$"#, options: .regularExpression) != nil)
    }

    @Test func aWrongExpectationFailsWithItsFileAndLine() throws {
        let folder = try Self.folder([
            "good.scenario.yaml": Self.scenario(name: "good", expect: "allow"),
            "sub/bad.scenario.yaml": Self.scenario(name: "bad", expect: "{decision: block, blocked_by: [trigger]}")
                .replacingOccurrences(of: "policy.yaml", with: "../policy.yaml"),
            "notes.yaml": "not a scenario",
        ])
        let result = try CLIRunner.run(["test"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "PASS good\nFAIL bad\nsub/bad.scenario.yaml:9:5: error: step 2 at 2026-01-01T01:00:00Z: expected decision block, got allow; expected blocked_by [trigger], got []\n"
            ))
        #expect(result.stdout.contains("\n    ALLOW counter via trigger done at 2026-01-01T01:00:00Z"))
        #expect(result.stdout.hasSuffix("\n1 passed, 1 failed\n"))
    }

    /// A misspelt event passes an `expect: block` step; the policy never reads it, so say so.
    @Test func anEventThePolicyNeverReadsIsWarnedAndFailsUnderStrict() throws {
        let misspelt = Self.scenario(name: "typo", expect: "allow")
            .replacingOccurrences(of: "  - event: done\n    expect: block", with: "  - event: dnoe\n    expect: block")
        let folder = try Self.folder([
            "typo.scenario.yaml": misspelt.replacingOccurrences(of: "expect: allow", with: "expect: block")
        ])
        let relaxed = try CLIRunner.run(["test"], in: folder)
        #expect(relaxed.status == 0, "a warning alone fails nothing")
        let warning =
            "typo.scenario.yaml:7:12: warning: event \"dnoe\" is named by no trigger or condition of the policy, so this step changes nothing it reads; did you mean \"done\"?"
        #expect(relaxed.stderr.contains(warning), "\(relaxed.stderr)")
        let strict = try CLIRunner.run(["test", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(
            strict.stdout.contains("FAIL typo\ntypo.scenario.yaml:7:12: error: event \"dnoe\" is named by no trigger"))
        #expect(strict.stdout.contains("(a failure under --strict)"))
        let junit = try CLIRunner.run(["test", "--strict", "--format", "junit"], in: folder)
        #expect(junit.stdout.contains("file=\"typo.scenario.yaml\" time="))
        #expect(junit.stdout.contains(" line=\"7\">"), "the first failure's line, for reporters")
        let validate = try CLIRunner.run(["validate", "--strict", "typo.scenario.yaml"], in: folder)
        #expect(validate.status == 1)
        #expect(validate.stderr.contains(warning))
        #expect(validate.stdout.contains("typo.scenario.yaml: valid, 1 warning (failures under --strict)"))
    }

    /// `ci/reviewgate-problem-matcher.json` reads every error and warning line the commands print,
    /// and nothing else (source lines, carets, notes, details).
    @Test func theProblemMatcherReadsWhatTheCommandsPrint() throws {
        let matcher = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Repository.root.appending(path: "ci/reviewgate-problem-matcher.json")))
        let pattern = try #require(
            ((((matcher as? [String: Any])?["problemMatcher"] as? [[String: Any]])?.first?["pattern"]
                as? [[String: Any]])?.first?["regexp"]) as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        func matched(_ line: String) -> [String]? {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = regex.firstMatch(in: line, range: range) else { return nil }
            return (1..<match.numberOfRanges).map { String(line[Range(match.range(at: $0), in: line)!]) }
        }
        let folder = try Self.folder([
            "bad.scenario.yaml": Self.scenario(name: "bad", expect: "block"),
            "broken.yaml": "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {cooldwn: 7d}\n",
            "loose.yaml": "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\n",
        ])
        let test = try CLIRunner.run(["test"], in: folder)
        let validate = try CLIRunner.run(["validate", "broken.yaml", "loose.yaml"], in: folder)
        let lines = (test.stdout + validate.stderr).split(separator: "\n").map(String.init)
        let found = lines.compactMap(matched)
        #expect(found.count == 3, "\(lines)")
        #expect(
            found.contains([
                "bad.scenario.yaml", "9", "5", "error",
                "step 2 at 2026-01-01T01:00:00Z: expected decision block, got allow",
            ]))
        #expect(found.contains { $0[0] == "broken.yaml" && $0[1] == "4" && $0[2] == "10" && $0[3] == "error" })
        #expect(found.contains { $0[0] == "loose.yaml" && $0[3] == "warning" && $0[4].hasSuffix("[no_spacing]") })
    }

    @Test func updateWritesGoldensThatThenMatch() throws {
        let folder = try Self.folder([
            "a.scenario.yaml": Self.scenario(name: "a", expect: "allow", golden: "a.golden.txt")
        ])
        let missing = try CLIRunner.run(["test", "a.scenario.yaml"], in: folder)
        #expect(missing.status == 1)
        #expect(
            missing.stdout.contains(
                "a.scenario.yaml:12:9: error: the golden file a.golden.txt does not exist; `reviewgate test --update` records it"
            ))
        let update = try CLIRunner.run(["test", "--update", "."], in: folder)
        #expect(update.status == 0)
        #expect(update.stdout.contains("  wrote a.golden.txt"))
        let golden = try String(contentsOf: folder.appending(path: "a.golden.txt"), encoding: .utf8)
        #expect(
            golden.hasPrefix(
                "scenario: a\npolicy: policy.yaml (counter)\nstart: 2026-01-01T00:00:00Z\n\nstep 1, at 2026-01-01T00:00:00Z\n"
            ))
        #expect(try CLIRunner.run(["test"], in: folder).status == 0)

        try golden.replacingOccurrences(of: "decision: allow", with: "decision: block")
            .write(to: folder.appending(path: "a.golden.txt"), atomically: true, encoding: .utf8)
        let differs = try CLIRunner.run(["test"], in: folder)
        #expect(differs.status == 1)
        #expect(differs.stdout.contains("-  decision: block\n    +  decision: allow"))
        #expect(differs.stdout.contains("(- golden, + this run); `reviewgate test --update` accepts this run"))
    }

    @Test func anInvalidScenarioExits2WithDiagnostics() throws {
        let folder = try Self.folder([
            "ok.scenario.yaml": Self.scenario(name: "ok", expect: "allow"),
            "broken.scenario.yaml": Self.scenario(name: "broken", expect: "alow"),
        ])
        let result = try CLIRunner.run(["test"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken.scenario.yaml:11:13: error: expect must be allow or block"))
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func noScenarioFilesIsAnError() throws {
        let folder = try Self.folder([:])
        let result = try CLIRunner.run(["test"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no *.scenario.yaml or *.scenario.yml files"))
        #expect(try CLIRunner.run(["test", "missing-folder"], in: folder).status == 2)
    }

    @Test func junitIsXMLOnStdout() throws {
        let folder = try Self.folder([
            "good.scenario.yaml": Self.scenario(name: "good & fine", expect: "allow"),
            "bad.scenario.yaml": Self.scenario(name: "bad", expect: "block"),
        ])
        let result = try CLIRunner.run(["test", "--format", "junit"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("1 passed, 1 failed\n"))
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let suites = try #require(document.rootElement())
        #expect(suites.name == "testsuites")
        #expect(suites.attribute(forName: "tests")?.stringValue == "2")
        #expect(suites.attribute(forName: "failures")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase") as? [XMLElement] ?? []
        #expect(cases.compactMap { $0.attribute(forName: "name")?.stringValue } == ["bad", "good & fine"])
        let failure = try #require(cases.first?.elements(forName: "failure").first)
        #expect(
            failure.attribute(forName: "message")?.stringValue?.hasPrefix(
                "step 2 at 2026-01-01T01:00:00Z: expected decision block, got allow") == true)
    }

    @Test("--prompter plays through the prompter: exit 0 when every scenario holds, 1 with a step it cannot play")
    func throughThePrompter() throws {
        // The built executable: the playback runs the prompter's tasks, which a test's in-process
        // run, blocking one of the few threads they run on, could starve (AsyncBridge).
        let passing = try CLIRunner.runProcess([
            "test", "--prompter", "policies/scenarios/treaty.cooldown.scenario.yaml",
        ])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.hasSuffix("1 passed, 0 failed\n"))
        let leases = try CLIRunner.runProcess([
            "test", "--prompter", "policies/budget/scenarios/calm-app.leases.scenario.yaml",
        ])
        #expect(leases.status == 1)
        #expect(
            leases.stdout.contains(
                "policies/budget/scenarios/calm-app.leases.scenario.yaml:14:5: error: the prompter settles leases itself: a scenario played through it has no lease steps"
            ), "\(leases.stdout)")
        // The same scenario through `record`, with its golden file: the transcripts are equal (no delay).
        let transcript = try CLIRunner.runProcess([
            "test", "--prompter", "--format", "transcript", "policies/scenarios/treaty.cooldown.scenario.yaml",
        ])
        let golden = try String(
            contentsOfFile: Repository.path("policies/scenarios/treaty.cooldown.golden.txt"), encoding: .utf8)
        #expect(transcript.stdout == golden + "\n")
        #expect(transcript.stderr == "1 passed, 0 failed\n")
    }
}
