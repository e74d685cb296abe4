@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// Issue 37: an app reads its compiled policy with the core alone (`CompiledPolicy.load`, no file
/// loading, no `extends`, no lint), while the build machine loads the YAML with
/// `ReviewGateAuthoring`. Every shipped policy and budget, compiled as `reviewgate compile` writes
/// it, must read back on the app's path as the very policy the authoring loader gave: the same
/// canonical form, and the same decision, explained alike, at every moment of a grid.
@Suite struct CompiledReaderAgreementTests {
    /// The shipped policies, each loaded from its YAML (with its `extends`) by the authoring loader.
    static let policies = [
        "policies/apple-sample.yaml", "policies/three-week-rule.yaml", "policies/treaty.yaml",
        "policies/budget/review.yaml", "policies/budget/survey.yaml", "policies/experiments/ask-earlier.yaml",
        "policies/experiments/ask-earlier-v2.yaml", "policies/experiments/ask-earlier-reweighted.yaml",
    ]
    /// The shipped budgets.
    static let budgets = [
        "policies/budget/calm-app.budget.yaml", "policies/budget/limits.budget.yaml",
        "policies/budget/spacing.budget.yaml",
    ]

    /// The authoring loader, hashing as the command line does (the core's SHA-256 is the same).
    static let loader = PolicyLoader(reading: Fixtures.documents.reader, digest: PortableSHA256.policyDigest)

    @Test(arguments: policies)
    func aShippedPolicyReadsBackOnTheAppsPathAsTheAuthoringLoaderGaveIt(_ path: String) throws {
        let full = try Self.loader.load(path: Repository.path(path))
        let text = try CompiledPolicy.checkedText(of: full, filesRelativeTo: nil, file: "compiled.json")
        let lean = try CompiledPolicy.loadResult(Array(text.utf8), file: "compiled.json")
        #expect(lean.policy.digest == full.policy.digest)
        #expect(CompiledPolicy(lean).digestedBytes == CompiledPolicy(full).digestedBytes)
        try Self.expectSameDecisions(full.policy, lean.policy, path)
    }

    @Test(arguments: budgets)
    func aShippedBudgetReadsBackOnTheAppsPathAsTheAuthoringLoaderGaveIt(_ path: String) throws {
        let full = try BudgetLoader(policies: Self.loader).load(path: Repository.path(path))
        let text = CompiledBudget(full).text(digest: try #require(full.budget.digest))
        let lean = try CompiledBudget.load(Array(text.utf8), file: "compiled.json")
        #expect(lean.digest == full.budget.digest)
        #expect(lean.prompts.map { $0.name } == full.budget.prompts.map { $0.name })
        for (prompt, result) in full.policyResults {
            let policy = try #require(lean.prompt(named: prompt)?.policy, "\(path): \(prompt)")
            #expect(policy.digest == result.policy.digest, "\(path): \(prompt)")
            try Self.expectSameDecisions(result.policy, policy, "\(path): \(prompt)")
        }
    }

    /// Each moment of a grid (every event a trigger listens to, and every trigger; three sources;
    /// two times; a new and a seasoned state) decided under both policies, compared as the JSON
    /// and the text explanations of the decision.
    static func expectSameDecisions(_ full: Policy, _ lean: Policy, _ label: String) throws {
        let events = Array(Set(full.triggers.map(\.event))).sorted()
        let counts = events.filter { $0 != Trigger.launchEvent }.map { "\($0): 40" }.joined(separator: ", ")
        let seasoned = """
            reviewgate_state: 1
            installed_at: 2026-01-01T10:00:00Z
            session_started_at: 2026-11-22T09:00:00Z
            launches: 40
            app: {short: "1.0", build: "1"}
            version_first_seen_at: 2026-01-01T10:00:00Z
            events: {\(counts)}
            """
        let states = [
            try Fixtures.state(Fixtures.baseState, versionKey: full.app.versionKey),
            try Fixtures.state(seasoned, versionKey: full.app.versionKey),
        ]
        let subjects = events.map(Moment.Subject.event) + [.everyTrigger]
        var decided = 0
        for state in states {
            for now in ["2026-11-22T10:00:00Z", "2027-03-01T10:00:00Z"] {
                for subject in subjects {
                    for source in [nil, MomentSource.userAction, .launch] {
                        let moment = Moment(time: .utc(Fixtures.time(now)), subject: subject, source: source)
                        let expected = try Evaluator.evaluate(full, state: state, moment: moment)
                        let actual = try Evaluator.evaluate(lean, state: state, moment: moment)
                        #expect(
                            JSONWriter().string(JSONExplanation.value(actual, policy: lean))
                                == JSONWriter().string(JSONExplanation.value(expected, policy: full)),
                            "\(label) at \(moment)")
                        #expect(
                            TextExplanation().render(actual, policy: lean)
                                == TextExplanation().render(expected, policy: full), "\(label) at \(moment)")
                        decided += 1
                    }
                }
            }
        }
        #expect(decided >= 12, "\(label)")
    }
}
