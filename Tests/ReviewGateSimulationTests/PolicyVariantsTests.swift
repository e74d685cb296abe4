@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// The variants `--vary` makes (Semantics §10): every combination in odometer order, each the policy a
/// file with that setting would be, and each refusal `with --vary PATH=V: ...` at the policy's line.
@Suite("simulate --vary: the variants")
struct PolicyVariantsTests {
    static let policy = """
        reviewgate: 1
        name: sample
        triggers:
          done:
            at_least: 4
            scenes: [Done]
        guards:
          cooldown: 30d
          once_per_version: true
        presentation:
          delay: 2s
        """

    /// The "digest" of a policy is here its canonical text, so that two policies compare whole.
    static let canonical: PolicyLoader.Digest = { String(decoding: $0, as: UTF8.self) }

    static func loaded(_ yaml: String = policy) throws -> PolicyLoader.Result {
        var result = try PolicyLoader.decode(Fixtures.document(yaml))
        result.policy.digest = canonical(CompiledPolicy(result).digestedBytes)
        return result
    }

    static func varied(_ arguments: String...) throws -> [PolicyVariants.Varied] {
        try arguments.map { argument in
            let option = try VaryOption(parsing: argument)
            return PolicyVariants.Varied(
                option, values: try option.values.map { try YAMLLoader().loadDocument(Array($0.utf8), file: "v") })
        }
    }

    static func make(_ arguments: String..., policy: String = policy) throws -> PolicyVariants.Made {
        let varied = try arguments.map { try Self.varied($0)[0] }
        return try PolicyVariants.make(loaded(policy), path: "p.yaml", varying: varied, digest: canonical)
    }

    static func errors(_ arguments: String..., policy: String = policy) -> [Diagnostic] {
        do {
            let varied = try arguments.map { try Self.varied($0)[0] }
            _ = try PolicyVariants.make(loaded(policy), path: "p.yaml", varying: varied, digest: canonical)
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics
        } catch {
            return [.error("\(error)", at: nil)]
        }
    }

    @Test("every combination, the first --vary slowest, each named PATH=V, PATH=V")
    func odometer() throws {
        let made = try Self.make("guards.cooldown=7d,30d", "triggers.done.at_least=3,4,5")
        #expect(
            made.variants.map { $0.variant?.name } == [
                "guards.cooldown=7d, triggers.done.at_least=3", "guards.cooldown=7d, triggers.done.at_least=4",
                "guards.cooldown=7d, triggers.done.at_least=5", "guards.cooldown=30d, triggers.done.at_least=3",
                "guards.cooldown=30d, triggers.done.at_least=4", "guards.cooldown=30d, triggers.done.at_least=5",
            ])
        var expected: [String?] = []
        for cooldown in ["7d", "30d"] {
            for count in [3, 4, 5] {
                let file = Self.policy.replacingOccurrences(of: "cooldown: 30d", with: "cooldown: \(cooldown)")
                    .replacingOccurrences(of: "at_least: 4", with: "at_least: \(count)")
                expected.append(try Self.loaded(file).policy.digest)
            }
        }
        #expect(made.variants.map(\.policy.digest) == expected)
    }

    @Test("a variant is the policy that file would be: set, replace a count key, remove with null, add to a section")
    func sameAsAFile() throws {
        let cases: [(String, String)] = [
            ("guards.cooldown=7d", Self.policy.replacingOccurrences(of: "cooldown: 30d", with: "cooldown: 7d")),
            (
                "triggers.done.exactly=2",
                Self.policy.replacingOccurrences(of: "at_least: 4", with: "exactly: 2")
            ),
            ("guards.cooldown=null", Self.policy.replacingOccurrences(of: "  cooldown: 30d\n", with: "")),
            (
                "guards.max_asks={count: 2, per: 90d}",
                Self.policy.replacingOccurrences(
                    of: "once_per_version: true", with: "once_per_version: true\n  max_asks: {count: 2, per: 90d}")
            ),
            (
                "rollout.percent=50",
                Self.policy + "\nrollout:\n  percent: 50"
            ),
            // The rules of Semantics §14: a list of waits, a count since the last ask, days of use.
            (
                "guards.cooldown=[7d, 30d]",
                Self.policy.replacingOccurrences(of: "cooldown: 30d", with: "cooldown: [7d, 30d]")
            ),
            (
                "triggers.done.since=last_ask",
                Self.policy.replacingOccurrences(of: "at_least: 4", with: "at_least: 4\n    since: last_ask")
            ),
            (
                "guards.active_days={at_least: 3, within: 7d}",
                Self.policy.replacingOccurrences(
                    of: "once_per_version: true",
                    with: "once_per_version: true\n  active_days: {at_least: 3, within: 7d}")
            ),
        ]
        for (argument, file) in cases {
            let made = try Self.make(argument)
            #expect(made.variants.count == 1)
            #expect(made.variants[0].policy.digest == (try Self.loaded(file)).policy.digest, "\(argument)")
        }
    }

    @Test("a value that does not validate is an error naming PATH=V, at the policy's line")
    func invalidValue() throws {
        let errors = Self.errors("guards.cooldown=7d,7x")
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("with --vary guards.cooldown=7x: cooldown must be a duration") == true)
        #expect(errors.first?.location?.line == 8)
        // A setting the policy does not have yet is said to be at its section's key.
        let added = Self.errors("presentation.require_same_scene=perhaps")
        #expect(added.first?.message.hasPrefix("with --vary presentation.require_same_scene=perhaps: ") == true)
        #expect(added.first?.location?.line == 10)
    }

    @Test(
        "what a variant may not change is refused",
        arguments: [
            ("name=other", "a variant cannot change name"),
            ("extends=base.yaml", "a variant cannot change extends"),
            ("triggers.other.at_least=2", "the policy has no trigger other (its triggers: done)"),
            ("triggers.done=null", "a variant cannot add, remove or replace a trigger"),
            ("guards=null", "guards is a section"),
            ("guards.cooldown.days=3", "goes into the string \"30d\""),
        ])
    func refused(argument: String, message: String) {
        let errors = Self.errors(argument)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains(message) == true, "\(errors)")
        #expect(errors.first?.message.hasPrefix("with --vary \(argument): ") == true, "\(errors)")
        // At what it would change (name's value, a section's first setting), or at the first line
        // when the policy has no such setting (extends).
        let lines = [
            "name=other": 2, "extends=base.yaml": 1, "triggers.other.at_least=2": 4, "triggers.done=null": 4,
            "guards=null": 8, "guards.cooldown.days=3": 8,
        ]
        #expect(errors.first?.location?.line == lines[argument], "\(errors)")
    }

    @Test("lists of waits vary as lists: --vary guards.cooldown=[7d,30d],[14d,60d]")
    func listsOfWaits() throws {
        let made = try Self.make("guards.cooldown=[7d,30d],[14d,60d]")
        #expect(made.variants.map { $0.variant?.name } == ["guards.cooldown=[7d,30d]", "guards.cooldown=[14d,60d]"])
        let waits = made.variants.compactMap { variant -> [String]? in
            guard case .cooldown(let waits)? = variant.policy.guards[.cooldown]?.value else { return nil }
            return waits.entries.map(\.description)
        }
        #expect(waits == [["7d", "30d"], ["14d", "60d"]])
    }

    @Test("more than 256 variants are refused before any is decoded")
    func tooMany() throws {
        let values = (1...17).map { "\($0)d" }.joined(separator: ",")
        let errors = Self.errors(
            "guards.cooldown=\(values)", "triggers.done.at_least=\((1...16).map(String.init).joined(separator: ","))")
        #expect(
            errors.map(\.message) == [
                "--vary makes 17 × 16 variants, more than 256: vary fewer settings or fewer values at once"
            ])
        #expect(
            try Self.make(
                "guards.cooldown=\(values)",
                "triggers.done.at_least=\((1...15).map(String.init).joined(separator: ","))"
            ).variants.count == 255)
    }

    @Test("a warning only a variant raises is told, naming it; the policy's own are not repeated")
    func warnings() throws {
        // Only the combination without cooldown and once_per_version leaves nothing to space asks.
        let made = try Self.make("guards.cooldown=null,7d", "guards.once_per_version=false,true")
        #expect(made.warnings.map(\.rule) == [.noSpacing])
        #expect(
            made.warnings.first?.message.hasPrefix(
                "with --vary guards.cooldown=null, guards.once_per_version=false: ") == true)
        let unspaced = try Self.make(
            "guards.once_per_version=false", policy: Self.policy.replacingOccurrences(of: "  cooldown: 30d\n", with: "")
        )
        #expect(unspaced.warnings.map(\.rule) == [.noSpacing])
        #expect(unspaced.warnings.first?.message.hasPrefix("with --vary guards.once_per_version=false: ") == true)
    }

    @Test("a value need not be valid alone: every combination must be")
    func combinations() throws {
        let made = try Self.make("rollout.percent=10,50", "rollout.salt=a,b")
        #expect(made.variants.count == 4)
        let file = Self.policy + "\nrollout:\n  percent: 50\n  salt: b"
        #expect(made.variants.last?.policy.digest == (try Self.loaded(file)).policy.digest)
        // A variant that is not a valid policy is refused, naming its setting.
        let errors = Self.errors("rollout.salt=a")
        #expect(errors.first?.message.hasPrefix("with --vary rollout.salt=a: ") == true, "\(errors)")
    }

    @Test("null under a section the policy does not have changes nothing")
    func nullOnAbsent() throws {
        let made = try Self.make("rollout.percent=null,30")
        #expect(made.variants[0].policy.digest == (try Self.loaded()).policy.digest)
        #expect(made.variants[1].policy.rollout != nil)
    }

    @Test("a count key in an arm's override replaces the override's")
    func armOverrideCount() throws {
        let policy =
            Self.policy + """

                experiment:
                  name: sooner
                  arms:
                    control: {weight: 1}
                    early:
                      weight: 1
                      override:
                        triggers: {done: {exactly: 2}}
                """
        let made = try Self.make("experiment.arms.early.override.triggers.done.at_least=2", policy: policy)
        let written = policy.replacingOccurrences(of: "{done: {exactly: 2}}", with: "{done: {at_least: 2}}")
        #expect(made.variants.first?.policy.digest == (try Self.loaded(written)).policy.digest)
    }
}
