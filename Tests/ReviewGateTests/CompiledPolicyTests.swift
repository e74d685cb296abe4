import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateTestSupport
import Testing

/// Compiled policies (Semantics §9, issue 10): the same decisions and explanations as the YAML, the same
/// bytes every time, defaults written out, YAML lines kept, edits refused.
@Suite struct CompiledPolicyTests {
    static let digest = Fixtures.digest

    /// Files named as the command line names them from the repository's root (or absolute).
    static let read: PolicyLoader.DocumentReader = { path throws(DiagnosticError) in
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileBytes.read(path.hasPrefix("/") ? path : Repository.path(path), maxBytes: 1 << 20)
        } catch {
            throw DiagnosticError(reading: error)
        }
        return try Fixtures.documents.document(bytes, path: path)
    }

    /// The compiled text of a policy read through `source`.
    static func compiled(_ path: String, source: @escaping PolicyLoader.DocumentReader = read) throws -> String {
        Fixtures.compiledText(try PolicyLoader(reading: source).load(path: path))
    }

    /// A policy read back from compiled text.
    static func load(_ text: String) throws(DiagnosticError) -> PolicyLoader.Result {
        try CompiledPolicy.loadResult(Array(text.utf8), file: "compiled.json")
    }

    @Test(arguments: ExplanationCase.all)
    func explanationsMatchTheGoldens(_ testCase: ExplanationCase) throws {
        let policy = try Self.load(Self.compiled("policies/\(testCase.policy).yaml")).policy
        let state = try StateDecoder.decode(
            Self.read("policies/examples/\(testCase.state)"), versionKey: policy.app.versionKey)
        let decision = try Evaluator.evaluate(policy, state: state, moment: testCase.libraryMoment)
        let text = TextExplanation(color: false).render(decision, policy: policy) + "\n"
        let json = JSONExplanation.render(decision, policy: policy) + "\n"
        for (rendered, format) in [(text, ExplanationCase.Format.text), (json, .json)] {
            let outcome = Golden.check(rendered, against: testCase.golden(format))
            #expect(outcome == .matches, "\(outcome)")
        }
    }

    // A budget's scenarios are compiled with their budget, which the compiled form does not carry yet.
    @Test(arguments: Fixtures.shippedPolicyScenarios)
    func scenarioTranscriptsMatchTheirGoldens(_ path: String) throws {
        // The scenario's policy is handed over compiled: every `.yaml` policy it names is read as JSON.
        let compiledSource: PolicyLoader.DocumentReader = { file in
            guard file.hasSuffix(".yaml"), !file.hasSuffix(".scenario.yaml") else { return try Self.read(file) }
            return try JSONReader().loadDocument(Self.compiled(file), file: file + ".json")
        }
        let runner = ScenarioRunner(documents: compiledSource, goldens: .disk)
        let result = try runner.run(path: path)
        #expect(result.golden == .matched)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test(arguments: ["apple-sample", "three-week-rule", "treaty"])
    func compilingIsAFixedPoint(_ name: String) throws {
        let first = try Self.compiled("policies/\(name).yaml")
        #expect(try Self.compiled("policies/\(name).yaml") == first)
        // The compiled policy compiles to itself.
        let again = Fixtures.compiledText(try Self.load(first))
        #expect(again == first)
    }

    @Test func defaultsAreWrittenOutWithoutALocation() throws {
        let text = try Self.compiled("policies/apple-sample.yaml")
        let document = try JSONReader().loadDocument(text, file: "c.json")
        let policy = try #require(document["policy"])
        #expect(policy["guards"]?["cooldown"]?.scalar?.value == .null)
        #expect(policy["guards"]?["system_quota"]?["max"]?.scalar?.value == .int(3))
        #expect(policy["guards"]?["never_on"]?.sequence?.count == 2)
        #expect(policy["responses"]?["after_later"]?.string == "1d")
        #expect(policy["triggers"]?["process_completed"]?["event"]?.string == "process_completed")
        let locations = try #require(document["locations"]?["policies/apple-sample.yaml"])
        #expect(locations["/responses"] == nil)
        #expect(locations["/guards/cooldown"] == nil)
        #expect(
            locations["/guards/once_per_version"]?.sequence?.map(\.jsonValue).map(JSONWriter().string) == [
                "18", "3", "18", "21",
            ])
        // And the loaded policy knows them as defaults, as the YAML's does.
        let loaded = try Self.load(text).policy
        #expect(loaded.responses.afterLater.location == nil)
        #expect(loaded.guards[.cooldown] == nil)
        #expect(loaded.guards[.oncePerVersion]?.location?.line == 18)
        #expect(loaded.digest != nil && loaded.digest == document["digest"]?.string)
    }

    @Test func settingsFromABaseCiteTheBase() throws {
        let files = [
            "base.yaml": "reviewgate: 1\nname: base\ntriggers:\n  done: {at_least: 4}\nguards:\n  cooldown: 7d\n",
            "child.yaml": "reviewgate: 1\nextends: base.yaml\nname: child\nguards:\n  min_launches: 3\n",
        ]
        let source: PolicyLoader.DocumentReader = { path in try Fixtures.document(files[path] ?? "", file: path) }
        let text = try Self.compiled("child.yaml", source: source)
        #expect(!text.contains("extends"))
        let policy = try Self.load(text).policy
        #expect(policy.guards[.cooldown]?.location == SourceLocation(file: "base.yaml", line: 6, column: 3))
        #expect(policy.guards[.minLaunches]?.location == SourceLocation(file: "child.yaml", line: 5, column: 3))
        #expect(policy.triggers.first?.location.file == "base.yaml")
    }

    @Test func anEditedDefaultIsRefused() throws {
        let text = try Self.compiled("policies/apple-sample.yaml")
        // A default has no location: the loader takes the default, and the edit would be silently
        // lost, so it is refused.
        let edited = text.replacingOccurrences(of: "\"after_later\": \"1d\"", with: "\"after_later\": \"2d\"")
        #expect(edited != text)
        let error = try #require(throws: DiagnosticError.self) { try Self.load(edited) }
        #expect(
            error.diagnostics.first?.message.contains("/responses is not what its settings compile to")
                == true)
        // The library names the remedy, not a command: the command line adds its own.
        #expect(
            error.diagnostics.first?.message.hasSuffix("it was edited after compiling; compile the YAML again") == true)
        #expect(error.diagnostics.first?.advice == .compileAgain)
    }

    @Test func aNewerFormatAndAMalformedDigestAreRefused() throws {
        let text = try Self.compiled("policies/apple-sample.yaml")
        let newer = text.replacingOccurrences(of: "\"reviewgate_compiled\": 1", with: "\"reviewgate_compiled\": 2")
        let refusal = try #require(throws: DiagnosticError.self) { try Self.load(newer) }
        #expect(refusal.diagnostics.first?.message.contains("needs a newer reviewgate: it uses format 2") == true)
        let digest = try #require(try JSONReader().loadDocument(text, file: "c.json")["digest"]?.string)
        let badDigest = text.replacingOccurrences(of: digest, with: "md5:00")
        let error = try #require(throws: DiagnosticError.self) { try Self.load(badDigest) }
        #expect(error.diagnostics.first?.message.contains("digest must be \"sha256:\"") == true)
        #expect(error.diagnostics.first?.location == SourceLocation(file: "compiled.json", line: 3, column: 13))
    }

    @Test func aBaseThatIsCompiledIsRefusedAtTheExtends() throws {
        let compiled = try Self.compiled("policies/apple-sample.yaml")
        let source: PolicyLoader.DocumentReader = { path in
            path == "app.json"
                ? try JSONReader().loadDocument(compiled, file: path)
                : try Fixtures.document("reviewgate: 1\nextends: app.json\nname: child\n", file: path)
        }
        let error = try #require(throws: DiagnosticError.self) {
            try PolicyLoader(reading: source).load(path: "c.yaml")
        }
        #expect(error.diagnostics.first?.message.contains("a compiled policy: extend the YAML") == true)
        #expect(error.diagnostics.first?.location?.line == 2)
    }
}

/// Policies that use every part of the language decide and explain the same compiled as in YAML.
@Suite struct CompiledRoundTripTests {
    static let rich = """
        reviewgate: 1
        name: rich
        app: {store_id: "1234567890", version_key: build}
        triggers:
          task_done: &counted {at_least: 4, within: 30d, scenes: [TaskList]}
          other_done: {<<: *counted, event: other}
          weekly: {event: entry_saved, exactly: 5, within: 7d}
          fifth: {event: shared, every: 5, when: {attribute: plan, in: [pro, team]}}
        guards:
          min_install_age: 21d
          min_launches: 2
          min_version_age: 3d
          cooldown: 90d
          once_per_version: true
          max_asks: {count: 3, per: 365d}
          system_quota: {max: 2, per: 365d}
          when:
            all:
              - not: {flag: crashed_recently}
              - any: [{launches: {at_least: 3}}, {install_age: {at_least: 30d}}]
              - event: task_done
                at_least: 1
                within: 14d
              - app_version: {at_least: "2.0"}
              - since_last_ask: {at_least: 30d}
              - attribute: level
                at_least: 2.5
        responses: {after_rated: never, after_declined: 60d, after_later: 7d}
        counting: {while_blocked: false, reset_on_new_version: true}
        presentation: {delay: 2s, require_same_scene: true}
        rollout: {percent: 12.345, salt: spring}
        lint: {allow: [quota_above_os]}
        """

    static let android = """
        reviewgate: 1
        name: droid
        description: "Play's quota is unpublished: none by default."
        app: {package: com.example.app, platform: android, version_key: short}
        triggers:
          launch_three: {event: launch, at_least: 3, within: 7d}
        guards:
          never_on: [user_action]
          min_session_age: 2m
        lint: {allow: [ask_at_launch, session_age_at_launch]}
        """

    static let state = """
        reviewgate_state: 1
        user_id: u-42
        installed_at: 2026-09-01T10:00:00Z
        session_started_at: 2026-11-22T09:50:00Z
        launches: 6
        app: {short: "2.1", build: "210"}
        version_first_seen_at: 2026-10-01T10:00:00Z
        events: {task_done: 3, entry_saved: 4, shared: 9}
        attributes: {plan: pro, level: 3}
        """

    @Test(arguments: [rich, android])
    func explanationsAndWarningsAreTheSame(_ yaml: String) throws {
        let loaded = try PolicyLoader.decode(Fixtures.document(yaml))
        let text = Fixtures.compiledText(loaded)
        let compiled = try CompiledPolicy.loadResult(Array(text.utf8), file: "rich.json")
        // An app's reader lints nothing (issue 37); the authoring loader's lint of the compiled
        // policy is the YAML's.
        #expect(compiled.warnings.isEmpty)
        let bytes = Array(text.utf8)
        let authored = try PolicyLoader(reading: { path in try JSONReader().loadDocument(bytes, file: path) })
            .load(path: "rich.json")
        #expect(authored.warnings.map(\.description) == loaded.warnings.map(\.description))
        let state = try Fixtures.state(Self.state, versionKey: loaded.policy.app.versionKey)
        let moments: [(event: String?, trigger: String?, scene: String?, source: MomentSource?)] = [
            ("task_done", nil, "TaskList", nil), ("task_done", nil, "Settings", nil), ("entry_saved", nil, nil, nil),
            ("shared", nil, nil, nil), ("launch", nil, nil, nil), (nil, nil, nil, nil),
            ("task_done", nil, nil, .userAction),
        ]
        for moment in moments {
            let at = Moment(
                time: .utc(Fixtures.time("2026-11-22T10:00:00Z")),
                subject: moment.trigger.map(Moment.Subject.trigger) ?? moment.event.map(Moment.Subject.event)
                    ?? .everyTrigger,
                scene: moment.scene, source: moment.source)
            let fromYAML = try Evaluator.evaluate(loaded.policy, state: state, moment: at)
            let fromJSON = try Evaluator.evaluate(compiled.policy, state: state, moment: at)
            #expect(
                JSONExplanation.render(fromJSON, policy: compiled.policy)
                    == JSONExplanation.render(fromYAML, policy: loaded.policy))
            #expect(
                TextExplanation(color: false).render(fromJSON, policy: compiled.policy)
                    == TextExplanation(color: false).render(fromYAML, policy: loaded.policy))
        }
        // And the compiled form compiles to itself.
        #expect(Fixtures.compiledText(compiled) == text)
    }
}

extension CompiledRoundTripTests {
    /// The digest names the policy, not its layout: keys in another order, on other lines, and a
    /// `<<` merge of the same settings give the same digested bytes.
    @Test func theCanonicalFormIgnoresKeyOrderAndLayout() throws {
        let one =
            "reviewgate: 1\nname: n\ntriggers:\n  a: {at_least: 2}\n  b: {at_least: 3}\nguards:\n  cooldown: 7d\n  min_launches: 2\n"
        let other =
            "name: n\nreviewgate: 1\n\nguards: {min_launches: 2, cooldown: 7d}\ntriggers:\n  a:\n    at_least: 2\n  b: {at_least: 3}\n"
        let reordered =
            "name: n\nreviewgate: 1\ntriggers:\n  b: {at_least: 3}\n  a: {at_least: 2}\nguards: {cooldown: 7d, min_launches: 2}\n"
        func canonical(_ yaml: String) throws -> [UInt8] {
            CompiledPolicy(try PolicyLoader.decode(Fixtures.document(yaml))).digestedBytes
        }
        #expect(try canonical(one) == canonical(other))
        // Trigger order is meaning (the first passing trigger decides), so it is kept.
        #expect(try canonical(one) != canonical(reordered))
    }
}

extension CompiledRoundTripTests {
    /// A rollout's bucket limit is worked out from the percent's digits as written, so the compiled
    /// policy keeps them (review of issue 10: `1e-09` would have lost a bucket).
    @Test(arguments: ["0.000000001", "12.3400000000000001", "5.0000000001e1", ".5", "+1.", "1.10", "007.5", "2E1"])
    func rolloutPercentKeepsItsDigits(_ percent: String) throws {
        let yaml = "reviewgate: 1\nname: r\ntriggers:\n  t: {at_least: 1}\nrollout: {percent: \(percent)}\n"
        let loaded = try PolicyLoader.decode(Fixtures.document(yaml))
        let text = Fixtures.compiledText(loaded)
        let compiled = try CompiledPolicy.load(Array(text.utf8), file: "r.json")
        #expect(compiled.rollout?.bucketLimit == loaded.policy.rollout?.bucketLimit)
        #expect(compiled.rollout?.percent == loaded.policy.rollout?.percent)
    }

    @Test func policiesWhoseLimitsDifferHaveDifferentDigests() throws {
        func canonical(_ percent: String) throws -> [UInt8] {
            let yaml = "reviewgate: 1\nname: r\ntriggers:\n  t: {at_least: 1}\nrollout: {percent: \(percent)}\n"
            return CompiledPolicy(try PolicyLoader.decode(Fixtures.document(yaml))).digestedBytes
        }
        #expect(try canonical("12.34") != canonical("12.3400000000000001"))
    }
}

@Suite struct RelativePathTests {
    @Test(arguments: [
        ("/work/app/Sources/App/p.yaml", "/work/app", "Sources/App/p.yaml"),
        ("/work/shared/base.yaml", "/work/app/", "../shared/base.yaml"),
        ("/work/app/./Sources/../p.yaml", "/work/app", "p.yaml"),
        ("policies/p.yaml", ".", "policies/p.yaml"),
        ("policies/p.yaml", "/abs", "policies/p.yaml"),
    ])
    func pathsAreWrittenRelativeToTheRoot(_ path: String, _ root: String, _ expected: String) {
        #expect(PathArithmetic.relative(path, to: root) == expected)
    }
}

extension CompiledPolicyTests {
    @Test func extendsInACompiledPolicyIsRefused() throws {
        let text = try Self.compiled("policies/apple-sample.yaml")
        let edited = text.replacingOccurrences(
            of: "\"reviewgate\": 1,", with: "\"reviewgate\": 1, \"extends\": \"x.yaml\",")
        #expect(edited != text)
        let error = try #require(throws: DiagnosticError.self) { try Self.load(edited) }
        #expect(error.diagnostics.first?.message.contains("extends has no place in it") == true)
    }

    /// A key of 400 KB over a mapping of many entries is refused, without building a pointer of
    /// 400 KB for each entry (which took quadratic time: the suite would stall here).
    @Test func longKeysAreNotLookedUp() throws {
        let long = String(repeating: "k", count: 400_000)
        let entries = (0..<20_000).map { "\"\($0)\": 0" }.joined(separator: ",")
        let text =
            #"{"reviewgate_compiled": 1, "digest": "\#(Self.digest)", "policy": {"\#(long)": {\#(entries)}}, "locations": {}}"#
        #expect(throws: DiagnosticError.self) { try Self.load(text) }
    }

    @Test func aYAMLPolicyWithAStrayCompiledKeyIsAPolicyWithAnUnknownKey() throws {
        let errors = Fixtures.errors("reviewgate: 1\nreviewgate_compiled: 1\nname: n\ntriggers:\n  t: {at_least: 1}\n")
        #expect(errors.first?.message.contains("unknown key \"reviewgate_compiled\"") == true)
    }
}

extension CompiledPolicyTests {
    /// A stand-in for SHA-256 (the core links no cryptography): FNV-1a of the bytes, spread to 64 hex digits.
    static let fakeHash: PolicyLoader.Digest = { bytes in
        let hash = String(RolloutBucket.fnv1a64(bytes), radix: 16)
        let digits = String(repeating: "0", count: 16 - hash.count) + hash
        return "sha256:" + String(repeating: digits, count: 4)
    }

    @Test func withAHashTheDigestIsWorkedOutAndChecked() throws {
        let loader = PolicyLoader(reading: Self.read, digest: Self.fakeHash)
        let yaml = try loader.load(path: "policies/treaty.yaml")
        let digest = try #require(yaml.policy.digest)
        let text = CompiledPolicy(yaml).text(digest: digest)
        #expect(
            try CompiledPolicy.load(Array(text.utf8), file: "t.json", digest: Self.fakeHash).digest == digest)
        let edited = text.replacingOccurrences(of: "\"cooldown\": \"7d\"", with: "\"cooldown\": \"1d\"")
        #expect(edited != text)
        let error = try #require(throws: DiagnosticError.self) {
            try CompiledPolicy.load(Array(edited.utf8), file: "t.json", digest: Self.fakeHash)
        }
        #expect(error.diagnostics.first?.location == SourceLocation(file: "t.json", line: 3, column: 13))
    }
}

extension CompiledPolicyTests {
    /// The library's words name no command; the command line adds `reviewgate verify`
    /// (SignedUpdateCommandTests).
    @Test func aSignedPolicyGivenAsAPolicyIsRefusedWithItsRemedy() throws {
        let root = try Fixtures.document(#"{"reviewgate_signed": 1, "policy": "x"}"#, file: "p.signed.json")
        let error = try #require(throws: DiagnosticError.self) { try PolicyLoader.decode(root) }
        #expect(error.diagnostics.first?.message == "this is a signed policy, for remote updates")
        #expect(error.diagnostics.first?.advice == .verifySigned)
    }
}
