@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// A policy names its prompt (Semantics §12): its guards, `since_last_ask` and `responses` read only
/// that prompt's asks and answers, and the state keeps every prompt's history in one file.
@Suite struct PromptTests {
    let state: ReviewState

    init() throws {
        state = try Fixtures.state(Fixtures.baseState)  // installed 2026-11-01T10:00:00Z
    }

    private func policy(prompt: String?, guards: String) throws -> Policy {
        try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            \(prompt.map { "prompt: \($0)" } ?? "")
            triggers: {done: {at_least: 1}}
            guards: {\(guards)}
            """)
    }

    @Test func aPolicyIsTheReviewPromptsUnlessItSaysSo() throws {
        #expect(try policy(prompt: nil, guards: "cooldown: 1d").prompt == "review")
        let survey = try policy(prompt: "survey", guards: "cooldown: 1d")
        #expect(survey.prompt == "survey")
        #expect(survey.promptLocation?.line == 3)
    }

    @Test func guardsReadOnlyTheirOwnPromptsAsks() throws {
        var state = state
        state.asks = [Ask(at: Fixtures.time("2026-11-22T09:00:00Z"), short: "1.0", prompt: "paywall")]
        let review = try policy(prompt: nil, guards: "cooldown: 1d, once_per_version: true, max_asks: {count: 1}")
        #expect(try Fixtures.decide(review, state, at: "2026-11-22T10:00:00Z").isAllowed)
        let paywall = try policy(prompt: "paywall", guards: "cooldown: 1d")
        let blocked = try Fixtures.decide(paywall, state, at: "2026-11-22T10:00:00Z")
        #expect(blocked.blockedBy.map(\.id) == ["cooldown"])
        #expect(blocked.nextEligibleAt?.description == "2026-11-23T09:00:00Z")
        let once = try policy(prompt: "paywall", guards: "once_per_version: true, max_asks: {count: 1}")
        #expect(try Fixtures.decide(once, state).blockedBy.map(\.id) == ["once_per_version", "max_asks"])
    }

    @Test func sinceLastAskReadsTheOwnPrompt() throws {
        var state = state
        state.asks = [Ask(at: Fixtures.time("2026-11-22T09:00:00Z"), prompt: "whats_new")]
        let yaml = { (prompt: String) in
            """
            reviewgate: 1
            name: t
            prompt: \(prompt)
            triggers: {done: {at_least: 1, when: {since_last_ask: {at_least: 1d}}}}
            guards: {cooldown: 1s}
            """
        }
        #expect(try Fixtures.decide(Fixtures.policy(yaml("review")), state, at: "2026-11-22T10:00:00Z").isAllowed)
        let own = try Fixtures.decide(Fixtures.policy(yaml("whats_new")), state, at: "2026-11-22T10:00:00Z")
        #expect(own.blockedBy.map(\.id) == ["trigger"])
    }

    @Test func answersToAnotherPromptDoNotBlock() throws {
        let declined = Transition.respond(
            state, .declined, at: Fixtures.time("2026-11-21T10:00:00Z"), prompt: "survey")
        #expect(declined.responses.last?.prompt == "survey")
        let review = try policy(prompt: nil, guards: "cooldown: 1d")
        #expect(try Fixtures.decide(review, declined).isAllowed)
        let survey = try policy(prompt: "survey", guards: "cooldown: 1d")
        #expect(try Fixtures.decide(survey, declined).blockedBy.map(\.id) == ["responses"])
    }

    @Test func systemQuotaDefaultsToTheOSOnlyForReview() throws {
        #expect(try policy(prompt: nil, guards: "cooldown: 1d").guards[.systemQuota] != nil)
        #expect(try policy(prompt: "paywall", guards: "cooldown: 1d").guards[.systemQuota] == nil)
        let set = try policy(prompt: "paywall", guards: "cooldown: 1d, system_quota: {max: 2, per: 30d}")
        #expect(set.guards[.systemQuota]?.location != nil)
    }

    @Test func anAllowedMomentRecordsItsPromptsAsk() throws {
        let paywall = try policy(prompt: "paywall", guards: "cooldown: 1d")
        let decision = try Fixtures.decide(paywall, state)
        #expect(decision.prompt == "paywall")
        let after = Transition.apply(decision, to: state, policy: paywall)
        #expect(after.asks.map(\.prompt) == ["paywall"])
    }

    @Test func stateWritesAPromptOnlyWhenNotReviewAndReadsItBack() throws {
        var state = state
        let at = Fixtures.time("2026-11-20T10:00:00Z")
        state.asks = [Ask(at: at, build: "1"), Ask(at: at, build: "1", prompt: "survey")]
        state.responses = [Response(at: at, kind: .later), Response(at: at, kind: .declined, prompt: "survey")]
        let yaml = StateEncoder.yaml(state)
        #expect(yaml.contains("- {at: 2026-11-20T10:00:00Z, build: \"1\"}\n"))
        #expect(yaml.contains("- {at: 2026-11-20T10:00:00Z, build: \"1\", prompt: survey}\n"))
        #expect(yaml.contains("- {at: 2026-11-20T10:00:00Z, kind: later}\n"))
        #expect(yaml.contains("- {at: 2026-11-20T10:00:00Z, kind: declined, prompt: survey}\n"))
        #expect(try Fixtures.state(yaml) == state)
        let json = JSONWriter(pretty: false).string(StateEncoder.json(state))
        #expect(json.components(separatedBy: "\"prompt\"").count == 3)
    }

    @Test func theCompiledFormWritesAPromptOnlyWhenSetAndReadsItBack() throws {
        let survey = try PolicyLoader.decode(
            Fixtures.document("reviewgate: 1\nname: s\nprompt: survey\ntriggers: {done: {at_least: 1}}\n"))
        let text = Fixtures.compiledText(survey)
        #expect(text.contains("\"prompt\": \"survey\""))
        let loaded = try CompiledPolicy.load(Array(text.utf8), file: "s.json")
        #expect(loaded.prompt == "survey")
        #expect(loaded.guards[.systemQuota] == nil)
        let review = try PolicyLoader.decode(
            Fixtures.document("reviewgate: 1\nname: r\ntriggers: {done: {at_least: 1}}\n"))
        #expect(!Fixtures.compiledText(review).contains("\"prompt\""))
    }

    @Test func aPromptUnderAnOlderLibraryVersionIsWarned() throws {
        let yaml = { (version: String) in
            "reviewgate: 1\nname: s\nprompt: survey\nrequires: {library_version: \"\(version)\"}\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: 30d}\n"
        }
        let warnings = try Fixtures.warnings(yaml("0.2"))
        #expect(
            warnings.map(\.description).contains {
                $0.hasPrefix("p.yaml:3:1: warning: prompt is read from reviewgate 0.3 on")
            })
        #expect(try Fixtures.warnings(yaml("0.3")).isEmpty)
    }

    /// `newer_key` holds every key the language catalogue dates after the first release, the
    /// outermost only: an experiment under 0.2 is one warning, not one per key inside it; the same
    /// policy compiled warns at the YAML's lines.
    @Test func everyNewerKeyIsWarnedOnceAtItsOutermostKey() throws {
        let yaml = """
            reviewgate: 1
            name: p
            prompt: survey
            requires: {library_version: "0.2"}
            triggers: {done: {at_least: 1}}
            guards: {cooldown: 30d}
            experiment:
              name: e
              arms: {a: {weight: 5000}, b: {weight: 5000, override: {guards: {cooldown: 60d}}}}

            """
        let warnings = try Fixtures.warnings(yaml).filter { $0.rule == .newerKey }
        // The newest first, as 0.5 warned: experiment, then prompt.
        #expect(
            warnings.map(\.description).map { $0.prefix(while: { $0 != "," }) } == [
                "p.yaml:7:1: warning: experiment is read from reviewgate 0.4 on",
                "p.yaml:3:1: warning: prompt is read from reviewgate 0.3 on",
            ])
        // A policy with an error is warned of its prompt, not of its experiment (read once it is sound).
        let broken = try #require(throws: DiagnosticError.self) {
            try PolicyLoader.decode(
                Fixtures.document(yaml.replacingOccurrences(of: "cooldown: 30d", with: "cooldown: 30")))
        }
        #expect(broken.diagnostics.filter { $0.rule == .newerKey }.map(\.message.first) == ["p"])
        let compiled = try CompiledPolicy.loadResult(
            Array(Fixtures.compiledText(PolicyLoader.decode(Fixtures.document(yaml, file: "p.yaml"))).utf8),
            file: "p.json")
        // The keys inside the experiment are read too (the lint leaves them to their outermost).
        #expect(compiled.policy.newerKeys.prefix(2).map(\.path) == ["/prompt", "/experiment"])
        #expect(compiled.policy.newerKeys.prefix(2).map { $0.location?.line } == [3, 7])
        #expect(compiled.policy.newerKeys.contains { $0.path == "/experiment/arms/*/override/guards" })
    }

    @Test func aPromptNameMustBeAName() throws {
        #expect(throws: DiagnosticError.self) { try policy(prompt: "\"a b\"", guards: "cooldown: 1d") }
        #expect(throws: DiagnosticError.self) {
            try Fixtures.state(Fixtures.baseState + "asks: [{at: 2026-11-20T10:00:00Z, prompt: \"a b\"}]\n")
        }
    }
}
