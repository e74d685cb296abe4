@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// The second assignment hash (Semantics §13 *Hash versions*): `hash: v2` for `rollout` and
/// `experiment`, used wherever a bucket is computed; `v1` without the key, forever, and never
/// written in the compiled form; a later version refused, never a fallback.
@Suite struct HashVersionTests {
    /// Person `u1` under salt `s`: bucket 7458 under v1, 7644 under v2 (worked out apart, in
    /// `RolloutTests`).
    static let state = "\nuser_id: u1"

    /// What `--explain` says it observed at the check `id`.
    static func observed(_ id: Check.ID, _ policy: Policy, _ decision: Decision) -> String? {
        decision.check(id).map { CheckDescription($0, of: decision, policy: policy).observed }
    }

    @Test("a v2 rollout buckets by the mixed hash, and says so; a v1 rollout's words are as before")
    func rolloutUnderV2() throws {
        let state = try Fixtures.state(Fixtures.baseState + Self.state)
        let out = try Fixtures.simplePolicy(extra: "rollout: {percent: 76.44, salt: s, hash: v2}")
        let decision = try Fixtures.decide(out, state)
        #expect(decision.check(.rollout)?.passed == false, "bucket 7644 is not below 7644")
        #expect(Self.observed(.rollout, out, decision) == "bucket 7644 (hash v2)")
        let inside = try Fixtures.simplePolicy(extra: "rollout: {percent: 76.45, salt: s, hash: v2}")
        #expect(try Fixtures.decide(inside, state).check(.rollout)?.passed == true)
        #expect(
            TextExplanation().render(decision, policy: out).contains(
                "rollout: this person's bucket 7644 (hash v2) is outside the rollout"))
        var policy = try Fixtures.simplePolicy(extra: "rollout: {percent: 100, salt: s, hash: v2}")
        policy.digest = Fixtures.digest
        #expect(DecisionEvent(try Fixtures.decide(policy, state), policy: policy).rolloutBucket == 7644)
        // v1, said or not, is the bucket of before, in the words of before.
        for extra in ["rollout: {percent: 100, salt: s}", "rollout: {percent: 100, salt: s, hash: v1}"] {
            let policy = try Fixtures.simplePolicy(extra: extra)
            #expect(Self.observed(.rollout, policy, try Fixtures.decide(policy, state)) == "bucket 7458")
        }
    }

    @Test("a v2 experiment assigns by the mixed hash, in the check, the decision and the recorded arm")
    func experimentUnderV2() throws {
        let yaml = ExperimentTests.text(
            "  name: e\n  salt: s\n  hash: v2\n  arms:\n    a: {weight: 1}\n    b: {weight: 1}")
        let policy = try Fixtures.policy(yaml)
        let experiment = try #require(policy.experiment)
        #expect(experiment.hash == .v2)
        // Bucket 7644 is arm b's (5000 and above); under v1, 7458 would be too: find a person the
        // versions put apart.
        let apart = try #require(
            (0..<1_000).lazy.map { "p\($0)" }.first { id in
                (RolloutBucket.bucket(salt: "s", userID: id, hash: .v1) < 5_000)
                    != (RolloutBucket.bucket(salt: "s", userID: id, hash: .v2) < 5_000)
            })
        let v2Arm = RolloutBucket.bucket(salt: "s", userID: apart, hash: .v2) < 5_000 ? "a" : "b"
        let decision = try Evaluator.evaluate(
            policy, state: ExperimentTests.state(apart, completed: 4), moment: ExperimentTests.moment)
        #expect(decision.experiment?.arm == v2Arm)
        #expect(decision.experiment?.bucket == RolloutBucket.bucket(salt: "s", userID: apart, hash: .v2))
        #expect(
            Self.observed(.experiment, policy, decision)
                == "bucket \(RolloutBucket.bucket(salt: "s", userID: apart, hash: .v2)) (hash v2)")
    }

    @Test("switching a running experiment to v2 moves the people not yet exposed; an exposed person keeps the arm")
    func switchingMovesOnlyTheUnexposed() throws {
        let arms = "\n  arms:\n    a: {weight: 1}\n    b: {weight: 1}"
        let v1 = try #require(
            try Fixtures.policy(ExperimentTests.text("  name: e\n  salt: s\n  hash: v1" + arms)).experiment)
        let v2 = try #require(
            try Fixtures.policy(ExperimentTests.text("  name: e\n  salt: s\n  hash: v2" + arms)).experiment)
        // A person whose arm the versions tell apart.
        let person = try #require(
            (0..<1_000).lazy.map { "p\($0)" }.first {
                v1.assignment(of: ExperimentTests.state($0)).arm
                    != v2.assignment(of: ExperimentTests.state($0)).arm
            })
        let fresh = ExperimentTests.state(person)
        let before = try #require(v1.assignment(of: fresh).arm)
        #expect(v2.assignment(of: fresh).arm != before, "not yet exposed: assigned again by v2")
        var exposed = fresh
        exposed.experiments["e"] = ExperimentExposure(
            arm: v1.armName(before), version: 1, exposedAt: Fixtures.time("2026-01-01T00:00:00Z"))
        #expect(v2.assignment(of: exposed).arm == before, "exposed: the recorded arm")
        #expect(v2.assignment(of: exposed).isSticky)
    }

    @Test("hash: v1 compiles to the bytes of a policy without it; v2 is written and read back")
    func compiledForm() throws {
        func compiled(_ extra: String) throws -> String {
            Fixtures.compiledText(
                try PolicyLoader.decode(
                    Fixtures.document(ExperimentTests.text("  name: e\n  arms: {a: {weight: 1}}\(extra)"))))
        }
        let without = try compiled("")
        let saidV1 = try compiled("\n  hash: v1")
        #expect(saidV1 == without, "the same bytes, locations and digest")
        let v2 = try compiled("\n  hash: v2")
        #expect(v2.contains(#""hash": "v2""#))
        #expect(v2 != without)
        let loaded = try CompiledPolicy.load(Array(v2.utf8), file: "e.json")
        #expect(loaded.experiment?.hash == .v2)
        #expect(loaded.experiment?.hashLocation?.line == 12, "at the YAML's line")
    }

    @Test("a hash version the library does not know is refused at its line, and a compiled one as too new")
    func unknownVersions() throws {
        let v3 = Fixtures.errors(
            ExperimentTests.text("  name: e\n  hash: v3\n  arms: {a: {weight: 1}}"))
        #expect(v3.map(\.message) == ["hash v3 needs a newer reviewgate: this one knows v1 and v2"])
        #expect(v3.first?.location?.line == 11)
        #expect(v3.first?.location?.column == 9)
        for (text, found) in [
            ("fnv", #""fnv""#), ("2", #""2""#), ("V2", #""V2""#), ("[v2]", "a list"), ("v0", #""v0""#),
            ("v02", #""v02""#),
        ] {
            let errors = Fixtures.errors(
                "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nrollout: {percent: 5, hash: \(text)}")
            #expect(errors.map(\.message) == ["rollout hash must be v1 or v2; found \(found)"], "\(text)")
        }
        // A compiled policy edited to a later version: too new for this library, never v1.
        let v2 = Fixtures.compiledText(
            try PolicyLoader.decode(
                Fixtures.document(
                    "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nrollout: {percent: 5, hash: v2}")
            ))
        let edited = v2.replacingOccurrences(of: #""hash": "v2""#, with: #""hash": "v3""#)
        let root = try JSONReader().loadDocument(Array(edited.utf8), file: "t.json")
        let newer = try #require(CompiledPolicy.newer(root))
        guard case .library = newer.0 else {
            Issue.record("hash v3 is refused as \(newer.0), not as needing a newer library")
            return
        }
        #expect(newer.1.message == "hash v3 needs a newer reviewgate: this one knows v1 and v2")
        #expect(throws: DiagnosticError.self) { try CompiledPolicy.load(Array(edited.utf8), file: "t.json") }
    }

    @Test("a later release's version is v and a number above 2; anything else is a mistake")
    func laterVersions() {
        for text in ["v3", "v10", "v999999999"] { #expect(HashVersion.isLaterVersion(text), "\(text)") }
        for text in ["v1", "v2", "v0", "v01", "v", "", "3", "v3a", "V3", "v-3", "v1234567890", "vv3"] {
            #expect(!HashVersion.isLaterVersion(text), "\(text)")
        }
    }

    @Test("validate warns hash_v1 of an experiment without hash; hash: v1 silences it; newer_key is for v2 alone")
    func warnings() throws {
        func rules(_ experiment: String, requires: String = "") throws -> [String] {
            try PolicyLoader.decode(Fixtures.document(ExperimentTests.text(experiment) + requires)).warnings
                .compactMap(\.rule?.rawValue)
        }
        #expect(try rules("  name: e\n  arms: {a: {weight: 1}}") == ["hash_v1"])
        let warning = try PolicyLoader.decode(
            Fixtures.document(ExperimentTests.text("  name: e\n  arms: {a: {weight: 1}}"))
        ).warnings.first
        #expect(warning?.location?.line == 9, "at experiment")
        #expect(try rules("  name: e\n  hash: v1\n  arms: {a: {weight: 1}}") == [])
        #expect(try rules("  name: e\n  hash: v2\n  arms: {a: {weight: 1}}") == [])
        let older = "\nrequires: {library_version: \"0.5\"}"
        #expect(try rules("  name: e\n  hash: v1\n  arms: {a: {weight: 1}}", requires: older) == [])
        #expect(try rules("  name: e\n  hash: v2\n  arms: {a: {weight: 1}}", requires: older) == ["newer_key"])
        // A compiled policy never says `hash: v1`: it is not told to.
        let compiled = Fixtures.compiledText(
            try PolicyLoader.decode(Fixtures.document(ExperimentTests.text("  name: e\n  arms: {a: {weight: 1}}"))))
        let loader = PolicyLoader { path in try JSONReader().loadDocument(compiled, file: path) }
        #expect(try loader.load(path: "e.json").warnings.compactMap(\.rule).contains(.hashV1) == false)
    }

    @Test("a child keeps its base's rollout hash, key by key, and may say v1 again")
    func extendsKeepsTheHash() throws {
        let base = "reviewgate: 1\nname: base\ntriggers: {done: {at_least: 1}}\nrollout: {percent: 10, hash: v2}"
        let child = try ExtendsTests.load(
            "reviewgate: 1\nextends: base.yaml\nname: child\nrollout: {percent: 20}", base: base)
        #expect(child.rollout?.hash == .v2)
        #expect(child.rollout?.percent == 20)
        let back = try ExtendsTests.load(
            "reviewgate: 1\nextends: base.yaml\nname: back\nrollout: {hash: v1}", base: base)
        #expect(back.rollout?.hash == .v1)
    }
}
