import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// Files held in memory, for a runner that never touches the disk.
final class MemoryFiles: @unchecked Sendable {
    var texts: [String: String]

    init(_ texts: [String: String]) {
        self.texts = texts
    }

    var runner: ScenarioRunner {
        ScenarioRunner(
            documents: { path throws(DiagnosticError) in
                guard let text = self.texts[path] else {
                    throw DiagnosticError("no such file", at: SourceLocation(file: path, line: 1, column: 1))
                }
                return try YAMLLoader().loadDocument(Array(text.utf8), file: path)
            },
            goldens: GoldenFiles(read: { path in self.texts[path] }, write: { path, text in self.texts[path] = text }))
    }
}

@Suite("Scenarios: the shipped ones pass, and a wrong expectation fails at its line")
struct ScenarioTests {
    static let shipped = Fixtures.shippedScenarios

    static let policy = """
        reviewgate: 1
        name: counter
        triggers:
          done: {at_least: 3}
        guards:
          cooldown: 1d
          when: {not: {flag: crashed}}
        """

    @Test("there are shipped scenarios for every reference policy")
    func shippedExist() {
        for policy in ["apple-sample", "three-week-rule", "treaty"] {
            #expect(Self.shipped.contains { $0.hasSuffix(".scenario.yaml") && $0.contains("/\(policy).") }, "\(policy)")
        }
    }

    @Test("there are shipped budget scenarios for every rule of Semantics §12")
    func shippedBudgetScenariosExist() throws {
        let budgets = Set(Self.shipped).subtracting(Fixtures.shippedPolicyScenarios)
        for name in ["priority", "gaps", "limits", "ignores-budget", "leases"] {
            #expect(budgets.contains { $0.contains(".\(name).") || $0.hasSuffix("/\(name).scenario.yaml") }, "\(name)")
        }
    }

    @Test("every shipped scenario passes through the library runner, golden transcript included", arguments: shipped)
    func shippedPass(path: String) throws {
        let result = try ScenarioRunner.files(Fixtures.documents).run(path: path)
        #expect(result.passed, "\(result.failureReport)")
        #expect(result.scenario.golden != nil, "every shipped scenario has a golden transcript")
        #expect(result.golden == .matched)
    }

    @Test("every shipped scenario opens with its schema line")
    func schemaLine() throws {
        for path in Self.shipped {
            let bytes = try FileBytes.read(path, maxBytes: 1 << 20)
            let first = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            // As many `../` as the scenario's folder is deep in the repository.
            let depth = path.dropFirst(Repository.root.path.count + 1).split(separator: "/").count - 1
            let up = String(repeating: "../", count: depth)
            #expect(first == "# yaml-language-server: $schema=\(up)schemas/scenario.schema.json", "\(path)")
        }
    }

    @Test(
        "a deliberately wrong expectation fails with the step's file:line, expected against actual, and the explanation"
    )
    func wrongExpectation() throws {
        let files = MemoryFiles([
            "t/p.yaml": Self.policy,
            "t/s.scenario.yaml": """
            reviewgate_scenario: 1
            name: wrong on purpose
            policy: p.yaml
            start: 2026-01-01T00:00:00Z
            state: {app: {short: "1"}}
            steps:
              - event: done
                repeat: 2
                expect: block
              - event: done
                expect: {decision: block, blocked_by: [trigger]}
            """,
        ])
        let result = try files.runner.run(path: "t/s.scenario.yaml")
        #expect(!result.passed)
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1)
        #expect(failure.location == SourceLocation(file: "t/s.scenario.yaml", line: 10, column: 5))
        #expect(
            failure.message
                == "step 2 at 2026-01-01T00:00:00Z: expected decision block, got allow; expected blocked_by [trigger], got []"
        )
        guard case .expectation(let run, let mismatches, let decision) = failure.reason else {
            Issue.record("not an expectation failure: \(failure.reason)")
            return
        }
        #expect(run.step.number == 2 && decision.isAllowed)
        #expect(
            mismatches == [
                Mismatch(expected: .decision(.block), actual: .decision(.allow)),
                Mismatch(expected: .blockedBy([.trigger]), actual: .blockedBy([])),
            ])
        let lines = ScenarioFailureText.lines(failure, policy: result.scenario.policy)
        #expect(lines.first?.hasPrefix("t/s.scenario.yaml:10:5: error: step 2") == true)
        #expect(lines.dropFirst().first?.hasPrefix("    ALLOW counter via trigger done") == true)
    }

    @Test("the clock: after applies before each repetition, at may repeat an instant, set changes what conditions see")
    func clockAndSet() throws {
        let files = MemoryFiles([
            "p.yaml": Self.policy,
            "s.scenario.yaml": """
            reviewgate_scenario: 1
            name: clock
            policy: p.yaml
            start: 2026-01-01T00:00:00Z
            state: {app: {short: "1"}, events: {done: 2}}
            steps:
              - set: {flags: {crashed: true}}
              - after: 1h
                event: done
                expect: {decision: block, blocked_by: [when]}
              - set: {flags: {crashed: false}, attributes: {plan: pro}}
              - after: 12h
                repeat: 2
              - at: 2026-01-02T01:00:00Z
                event: done
                repeat: 2
                expect: {decision: allow}
            """,
        ])
        let result = try files.runner.run(path: "s.scenario.yaml")
        // The second run at the same instant is refused by the cooldown.
        #expect(
            result.runs.map(\.now.description) == [
                "2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z", "2026-01-01T01:00:00Z", "2026-01-01T13:00:00Z",
                "2026-01-02T01:00:00Z", "2026-01-02T01:00:00Z", "2026-01-02T01:00:00Z",
            ])
        #expect(
            result.failures.map(\.message) == [
                "step 5 (2 of 2) at 2026-01-02T01:00:00Z: expected decision allow, got block"
            ])
        #expect(
            result.transcript.contains(
                "  set flag crashed false, attribute plan \"pro\"\n  recorded: flag crashed false, attribute plan \"pro\"\n"
            ))
    }

    @Test("a golden mismatch fails with a line diff; update mode writes the transcript; a missing golden fails")
    func golden() throws {
        let scenario = """
            reviewgate_scenario: 1
            name: golden
            policy: p.yaml
            start: 2026-01-01T00:00:00Z
            state: {app: {short: "1"}}
            steps:
              - event: done
            golden: s.golden.txt
            """
        let files = MemoryFiles(["p.yaml": Self.policy, "s.scenario.yaml": scenario])
        let missing = try files.runner.run(path: "s.scenario.yaml")
        #expect(missing.golden == .missing)
        #expect(missing.failures.first?.location.line == 8)

        let written = try files.runner.run(path: "s.scenario.yaml", goldens: .update)
        #expect(written.golden == .written && written.passed)
        #expect(files.texts["s.golden.txt"] == written.transcript)
        #expect(try files.runner.run(path: "s.scenario.yaml").golden == .matched)

        files.texts["s.golden.txt"] = written.transcript.replacingFirst("blocked_by: [trigger]", with: "blocked_by: []")
        let differs = try files.runner.run(path: "s.scenario.yaml")
        #expect(differs.golden == .differs)
        guard case .goldenDiffers(_, let diff)? = differs.failures.first?.reason else {
            Issue.record("no golden difference")
            return
        }
        #expect(diff.contains("-  blocked_by: []"))
        #expect(diff.contains("+  blocked_by: [trigger]"))
        // The hunk names the step it is in, as git names a function.
        #expect(diff.first?.hasPrefix("@@ -") == true)
        #expect(diff.first?.hasSuffix(" @@ step 1, at 2026-01-01T00:00:00Z (line 7)") == true, "\(diff)")
    }

    @Test("`launch:` with nothing after it is `launch: {}`")
    func bareLaunch() throws {
        let files = MemoryFiles([
            "p.yaml": Self.policy,
            "s.scenario.yaml": """
            reviewgate_scenario: 1
            name: bare launch
            policy: p.yaml
            start: 2026-01-01T00:00:00Z
            state: {app: {short: "1.0"}}
            steps:
              - launch:
              - launch: {}
            """,
        ])
        let result = try files.runner.run(path: "s.scenario.yaml")
        #expect(result.runs.map(\.recorded) == [["launches 1", "session started"], ["launches 2"]])
    }

    @Test("invalid scenario files report every error at its place, with did-you-mean")
    func invalid() {
        let files = MemoryFiles([
            "p.yaml": Self.policy,
            "s.scenario.yaml": """
            reviewgate_scenario: 1
            name: broken
            policy: p.yaml
            start: 2026-01-02T00:00:00Z
            state: {app: {short: "1"}}
            steps:
              - evnt: done
              - event: done
                launch: {}
              - trigger: dnoe
              - at: 2026-01-01T00:00:00Z
              - update: {}
              - respond: later
                expect: allow
              - event: done
                expect: {decision: alow, blocked_by: [cooldwn]}
              - {}
              - event: done
                expect: {trigger: dnoe}
            golden: s.golden.txt
            """,
        ])
        var messages: [String] = []
        do {
            _ = try files.runner.run(path: "s.scenario.yaml")
        } catch {
            messages = error.diagnostics.map(\.description)
        }
        #expect(
            messages == [
                "s.scenario.yaml:7:5: error: unknown key \"evnt\" in step 1; did you mean \"event\"?",
                "s.scenario.yaml:7:5: error: step 1 does nothing: give one of launch, event, trigger, update, respond, set or merge, or move the clock with after or at",
                "s.scenario.yaml:8:5: error: step 2 does one thing; it has launch and event: split it into 2 steps",
                "s.scenario.yaml:10:14: error: the policy has no trigger \"dnoe\"; did you mean \"done\"? (its triggers: done)",
                "s.scenario.yaml:11:9: error: at 2026-01-01T00:00:00Z goes back in time: the clock is already at 2026-01-02T00:00:00Z; use a later time, or after",
                "s.scenario.yaml:12:13: error: update needs short, build or both: the app's new version strings",
                "s.scenario.yaml:14:5: error: expect belongs to a moment: a step with launch, event or trigger",
                "s.scenario.yaml:16:24: error: expect decision must be allow or block (or a mapping of decision, trigger, blocked_by, next_eligible_at); found the string \"alow\"; did you mean \"allow\"?",
                "s.scenario.yaml:16:43: error: \"cooldwn\" is nothing that blocks; did you mean \"cooldown\"?",
                "s.scenario.yaml:17:5: error: step 8 does nothing: give one of launch, event, trigger, update, respond, set or merge, or move the clock with after or at",
                "s.scenario.yaml:19:23: error: expect trigger: the policy has no trigger \"dnoe\"; did you mean \"done\"? (its triggers: done)",
            ])
    }

    @Test("a newer format, a missing policy and a state without the version string are refused")
    func refused() {
        func errors(_ scenario: String) -> [String] {
            let files = MemoryFiles(["p.yaml": Self.policy, "s.scenario.yaml": scenario])
            do {
                _ = try files.runner.load(path: "s.scenario.yaml")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(
            errors(
                "reviewgate_scenario: 2\nname: x\npolicy: p.yaml\nstart: 2026-01-01T00:00:00Z\nsteps: [{launch: {}}]")
                == [
                    "s.scenario.yaml:1:22: error: this scenario needs a newer reviewgate: it uses format 2, and this reviewgate reads format 1"
                ])
        #expect(
            errors(
                "reviewgate_scenario: 1\nname: x\npolicy: q.yaml\nstart: 2026-01-01T00:00:00Z\nsteps: [{launch: {}}]")
                == [
                    "q.yaml:1:1: error: no such file",
                    "s.scenario.yaml:3:9: error: in the policy this scenario tests, q.yaml",
                ])
        #expect(
            errors(
                "reviewgate_scenario: 1\nname: x\npolicy: p.yaml\nstart: 2026-01-01T00:00:00Z\nsteps: [{launch: {}}]")
                == [
                    "s.scenario.yaml:1:1: error: the policy's version_key is short, so the state needs app.short, the app's current marketing version"
                ])
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// `test --update` keeps no transcript of a run whose expectations failed, and `*.scenario.yml`
/// files are scenarios too (issue 9).
@Suite struct ScenarioFindingAndUpdateTests {
    @Test func updateDoesNotWriteTheGoldenOfAFailedScenario() throws {
        let scenario = """
            reviewgate_scenario: 1
            name: failing
            policy: p.yaml
            start: 2026-01-01T00:00:00Z
            state: {app: {short: "1"}}
            steps:
              - event: done
                expect: allow
            golden: s.golden.txt
            """
        let files = MemoryFiles(["p.yaml": ScenarioTests.policy, "s.scenario.yaml": scenario])
        let result = try files.runner.run(path: "s.scenario.yaml", goldens: .update)
        #expect(!result.passed)
        #expect(files.texts["s.golden.txt"] == nil)
        #expect(result.golden == .missing)
    }

    @Test func scenarioYmlFilesAreFound() throws {
        let folder = try Repository.temporaryFolder()
        for name in ["a.scenario.yaml", "b.scenario.yml", "c.yaml", "d.scenario.json"] {
            try "x".write(to: folder.appending(path: name), atomically: true, encoding: .utf8)
        }
        let found = try ScenarioFiles.find(in: [folder.path]).map {
            $0.split(separator: "/").last.map(String.init) ?? ""
        }
        #expect(found == ["a.scenario.yaml", "b.scenario.yml"])
    }
}

/// A budget's scenario (Semantics §12): its keys belong to budgets, and its expectations name prompts.
@Suite struct BudgetScenarioTests {
    static let files = [
        "b.yaml":
            "reviewgate_budget: 1\nname: calm\nprompts:\n  paywall: {priority: 80}\n  review: {priority: 50, policy: r.yaml}\ngaps: [{min: 1h}]\n",
        "r.yaml": "reviewgate: 1\nname: r\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: 30d}\n",
    ]

    func run(_ scenario: String) throws(DiagnosticError) -> ScenarioResult {
        var texts = Self.files
        texts["s.scenario.yaml"] = scenario
        return try MemoryFiles(texts).runner.run(path: "s.scenario.yaml")
    }

    @Test func aWrongGrantFailsAtItsStepWithTheArbitrationExplained() throws {
        let result = try run(
            """
            reviewgate_scenario: 1
            name: n
            budget: b.yaml
            start: 2026-01-01T00:00:00Z
            state: {app: {short: "1"}}
            steps:
              - event: done
                want: paywall
                expect: {granted: review, review: {blocked_by: []}}
            """)
        #expect(result.failures.count == 1)
        #expect(
            result.failures.first?.message
                == "step 1 at 2026-01-01T00:00:00Z: expected granted review, got paywall; expected review blocked_by [], got [budget]"
        )
        #expect(result.failureReport.contains("GRANT paywall under budget calm"))
    }

    @Test func budgetKeysInAPolicysScenarioAndUnknownPromptsAreErrorsAtTheirLines() {
        let scenario = """
            reviewgate_scenario: 1
            name: n
            policy: r.yaml
            start: 2026-01-01T00:00:00Z
            state: {app: {short: "1"}}
            steps:
              - event: done
                want: paywall
            """
        #expect(throws: DiagnosticError.self) { try run(scenario) }
        do {
            _ = try run(scenario)
        } catch {
            #expect(
                error.diagnostics.map(\.description).contains {
                    $0.hasPrefix("s.scenario.yaml:8:5: error: want belongs to a budget's scenario")
                })
        }
        do {
            _ = try run(
                """
                reviewgate_scenario: 1
                name: n
                budget: b.yaml
                start: 2026-01-01T00:00:00Z
                state: {app: {short: "1"}}
                steps:
                  - want: ["not a name", paywal]
                    expect: {granted: paywall, revew: block}
                """)
            Issue.record("unknown prompts were accepted")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(messages.count == 3, "\(messages)")
            #expect(
                messages.contains {
                    $0.hasPrefix(
                        "s.scenario.yaml:7:26: error: the budget has no prompt \"paywal\"; did you mean \"paywall\"?")
                })
            #expect(
                messages.contains {
                    $0.hasPrefix(
                        "s.scenario.yaml:8:32: error: expect under a budget takes granted and the budget's prompts; \"revew\" is neither; did you mean \"review\"?"
                    )
                })
        }
    }
}
