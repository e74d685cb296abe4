@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// Budget files (Semantics §12): every problem at its line, what must hold across the policies, lint.
@Suite struct BudgetLoaderTests {
    static func errors(_ files: [String: String]) -> [String] {
        do {
            _ = try Fixtures.loadBudget(files)
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    static let review = """
        reviewgate: 1
        name: r
        triggers: {done: {at_least: 1}}
        guards: {cooldown: 30d}
        """

    static let survey = """
        reviewgate: 1
        name: s
        prompt: survey
        triggers: {done: {at_least: 2}}
        guards: {cooldown: 30d}
        """

    @Test func aBudgetLoadsWithItsPolicies() throws {
        let result = try Fixtures.loadBudget([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              paywall: {priority: 80}
              review: {priority: 50, policy: r.yaml}
              survey: {priority: 20, policy: s.yaml}
            limits: [{max: 1, per: 1d}, {max: 1, per: session}, {max: 9}]
            gaps: [{min: 2h}, {after: paywall, before: review, min: 3d}]
            """,
            "r.yaml": Self.review, "s.yaml": Self.survey,
        ])
        let budget = result.budget
        #expect(budget.prompts.map(\.name) == ["paywall", "review", "survey"])
        #expect(budget.prompts.map { $0.policy?.name } == [nil, "r", "s"])
        #expect(budget.externalPrompts == ["paywall"])
        #expect(budget.limits.map(\.per) == [.rolling(TimeSpan(seconds: 86_400)), .session, .lifetime])
        #expect(budget.gaps.map(\.text) == ["2h gap after any prompt", "3d gap after paywall before review"])
        #expect(budget.lease.value == TimeSpan(seconds: 30))
        #expect(result.warnings.isEmpty)
    }

    @Test func everyProblemIsAtItsLineWithADidYouMean() {
        let errors = Self.errors([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              paywall: {priority: 101}
              review: {priorty: 50}
            limits: [{max: 0, per: 1d}, {max: 1, per: fortnight}]
            gaps: [{after: paywal, min: 2h}, {before: review}]
            lease: 0s
            """
        ])
        #expect(
            errors == [
                "b.yaml:4:23: error: priority of paywall must be at most 100; found 101",
                "b.yaml:5:11: error: prompt review is missing the required key \"priority\"",
                "b.yaml:5:12: error: unknown key \"priorty\" in prompt review; did you mean \"priority\"?",
                "b.yaml:6:16: error: a limit's max must be at least 1; found 0",
                "b.yaml:6:43: error: a limit's per (a duration, or session) must be a duration such as 21d (a whole number and s, m, h, d or w); found the string \"fortnight\"",
                "b.yaml:7:16: error: a gap's after names \"paywal\", which is not a prompt of the budget; did you mean \"paywall\"? (its prompts: paywall or review)",
                "b.yaml:7:34: error: a gap is missing the required key \"min\"",
                "b.yaml:8:8: error: lease must be longer than 0s: a lease of 0s holds nothing",
            ])
    }

    @Test func aPolicyMustDecideThePromptThatNamesIt() {
        let errors = Self.errors([
            "b.yaml": "reviewgate_budget: 1\nname: calm\nprompts:\n  quiz: {priority: 50, policy: s.yaml}\n",
            "s.yaml": Self.survey,
        ])
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasPrefix("b.yaml:4:32: error: prompt quiz's policy s.yaml decides the prompt \"survey\"")
                == true)
    }

    @Test func policiesMustCountAlikeAndByOneVersionKey() {
        let errors = Self.errors([
            "b.yaml": """
            reviewgate_budget: 1
            name: calm
            prompts:
              review: {priority: 50, policy: r.yaml}
              survey: {priority: 20, policy: s.yaml}
            """,
            "r.yaml": Self.review,
            "s.yaml": Self.survey + "\ncounting: {while_blocked: false}\napp: {version_key: build}",
        ])
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.hasPrefix("b.yaml:5:34: error: s.yaml") })
        #expect(errors.first?.contains("share one state's counts") == true)
        #expect(errors.last?.contains("version_key build") == true)
    }

    /// The policies of a budget share one state's history, so they share one `renamed` (Semantics §14.4).
    @Test func policiesMustRenameAlike() {
        let budget = """
            reviewgate_budget: 1
            name: calm
            prompts:
              review: {priority: 50, policy: r.yaml}
              survey: {priority: 20, policy: s.yaml}
            """
        let renamed = "\nrenamed: {events: {task_done: done}}"
        let errors = Self.errors(["b.yaml": budget, "r.yaml": Self.review + renamed, "s.yaml": Self.survey])
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("b.yaml:5:34: error: s.yaml renames unlike r.yaml") == true)
        #expect(
            Self.errors(["b.yaml": budget, "r.yaml": Self.review + renamed, "s.yaml": Self.survey + renamed]) == [])
    }

    @Test func theLeaseMustOutlastEveryDelay() {
        let errors = Self.errors([
            "b.yaml":
                "reviewgate_budget: 1\nname: calm\nprompts:\n  review: {priority: 50, policy: r.yaml}\nlease: 2s\n",
            "r.yaml": Self.review + "\npresentation: {delay: 2s}",
        ])
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix(
                "b.yaml:5:1: error: the lease (2s) must be longer than r.yaml's presentation.delay (2s)") == true)
    }

    @Test func aPolicysErrorsAreItsOwnWithANoteAtThePrompt() {
        do {
            _ = try Fixtures.loadBudget([
                "b.yaml": "reviewgate_budget: 1\nname: calm\nprompts:\n  review: {priority: 50, policy: r.yaml}\n",
                "r.yaml": "reviewgate: 1\nname: r\ntriggers: {done: {at_lest: 1}}\n",
            ])
            Issue.record("a broken policy loaded")
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 2, "\(error.diagnostics)")
            let first = errors.first
            #expect(first?.location?.file == "r.yaml")
            #expect(first?.notes.map(\.message) == ["in the policy of prompt review"])
            #expect(first?.notes.first?.location?.line == 4)
        }
    }

    @Test func ignoresBudgetAndNoSpacingAreWarnedUnlessAllowed() throws {
        let budget = "reviewgate_budget: 1\nname: calm\nprompts:\n  whats_new: {priority: 60, ignores_budget: true}\n"
        let warnings = try Fixtures.loadBudget(["b.yaml": budget]).warnings.map(\.description)
        #expect(warnings.count == 2)
        #expect(warnings[0].hasPrefix("b.yaml:4:29: warning: whats_new ignores the budget"))
        #expect(warnings[0].hasSuffix("[ignores_budget]"))
        #expect(warnings[1].hasSuffix("[unlimited]"))
        let allowed = try Fixtures.loadBudget(["b.yaml": budget + "lint: {allow: [ignores_budget, unlimited]}\n"])
            .warnings
        #expect(allowed.isEmpty)
    }

    @Test func aBudgetExtendsAnotherPromptByPrompt() throws {
        let result = try Fixtures.loadBudget(
            [
                "base.yaml": """
                reviewgate_budget: 1
                name: base
                prompts:
                  paywall: {priority: 80}
                  review: {priority: 50, policy: p/r.yaml}
                gaps: [{min: 2h}]
                """,
                "p/r.yaml": Self.review,
                "b.yaml": """
                reviewgate_budget: 1
                extends: base.yaml
                name: child
                prompts:
                  paywall: {priority: 40}
                  survey: {priority: 20}
                gaps: [{min: 1h}]
                """,
            ])
        let budget = result.budget
        #expect(budget.name == "child")
        #expect(budget.prompts.map(\.name) == ["paywall", "review", "survey"])
        #expect(budget.prompts.map(\.priority.value) == [40, 50, 20])
        // The base's policy path is relative to the base file.
        #expect(budget.prompts[1].policy?.name == "r")
        #expect(budget.gaps.map(\.min) == [TimeSpan(seconds: 3600)])
    }

    @Test func aNewerBudgetFormatIsRefusedFirst() {
        let errors = Self.errors(["b.yaml": "reviewgate_budget: 2\nname: calm\nfuture: true\n"])
        #expect(
            errors == [
                "b.yaml:1:20: error: this budget needs a newer reviewgate: it uses format 2, and this reviewgate reads format 1"
            ])
    }
}
