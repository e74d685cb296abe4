@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance

/// Makes the conformance kit (Semantics §18) from one seed: the boundary cases written on purpose
/// (``BoundaryCases``), then generated policies each lived with by a few people (``PersonWalk``), then
/// bucket vectors and a digest case for every policy. The same seed and library make the same kit,
/// byte for byte.
enum KitGenerator {
    /// The seed of every random choice.
    static let seed: UInt64 = 52
    /// The generated cases of each area that draws from people's lives.
    static let quotas: [ConformanceArea: Int] = [
        .evaluation: 10_000, .record: 4_000, .scenarios: 1_000, .experiments: 2_000, .arbitration: 1_000,
    ]
    /// The generated bucket cases: half as many vectors, each under both versions.
    static let bucketVectors = 1_500
    /// People per policy, and the steps each lives.
    static let people = 2
    static let steps = 24

    /// The kit, its version worked out against `previous` (the kit as it stands, if any).
    static func make(previous: ConformanceKit?) throws -> ConformanceKit {
        var builder = KitBuilder()
        BoundaryCases.add(to: &builder)
        var policyNumber = 0
        for experiment in [false, true] {
            let draws: [PersonWalk.Draw] =
                experiment
                ? [.init(area: .experiments, chance: 0.15, quota: quotas[.experiments]!)]
                : [
                    .init(area: .evaluation, chance: 0.25, quota: quotas[.evaluation]!),
                    .init(area: .record, chance: 0.1, quota: quotas[.record]!),
                    .init(area: .scenarios, chance: 0.04, quota: quotas[.scenarios]!),
                ]
            while draws.contains(where: { builder.count($0.area, kind: .generated) < $0.quota }) {
                policyNumber += 1
                var generator = PolicyGenerator(chance: Chance(seed: seed &* 1_000_003 &+ UInt64(policyNumber)))
                let id = "p-\(String(policyNumber).leftPadded(4))"
                guard let policy = builder.addPolicy(id: id, yaml: generator.policy(name: id, experiment: experiment))
                else { continue }
                for person in 0..<people {
                    var walk = PersonWalk(
                        chance: Chance(seed: seed &* 7_919 &+ UInt64(policyNumber * people + person)), policyID: id,
                        policy: policy, tags: builder.tags(of: id))
                    walk.walk(steps: steps, draws: draws, into: &builder, person: policyNumber * people + person)
                }
            }
        }
        var budgetNumber = 0
        while builder.count(.arbitration, kind: .generated) < quotas[.arbitration]! {
            budgetNumber += 1
            var generator = BudgetGenerator(chance: Chance(seed: seed &* 2_000_003 &+ UInt64(budgetNumber)))
            let id = "g-\(String(budgetNumber).leftPadded(4))"
            let (file, files) = generator.budget(name: id)
            guard let budget = builder.addBudget(id: id, file: file, files: files) else { continue }
            for person in 0..<people {
                var walk = BudgetWalk(
                    chance: Chance(seed: seed &* 104_729 &+ UInt64(budgetNumber * people + person)), budgetID: id,
                    budget: budget, tags: builder.budgetTags(of: id))
                walk.walk(
                    steps: steps, draw: 0.15, quota: quotas[.arbitration]!, into: &builder,
                    person: budgetNumber * people + person)
            }
        }
        var chance = Chance(seed: seed &+ 17)
        // Bucket vectors (salt, user id, v1 bucket, v2 bucket): a case per version, one after the other.
        for number in 0..<(bucketVectors / 2) {
            let salt = chance.pick(["review", "ask-earlier", "exp\(chance.int(1...50))", "r\(chance.int(1...999))"])
            let userID =
                chance.happens(0.5)
                ? "u\(chance.int(1...100_000))" : String(chance.bits(), radix: chance.pick([16, 36]))
            for (index, hash) in HashVersion.allCases.enumerated() {
                builder.add(
                    .buckets, id: "buckets/g-\(String(2 * number + index + 1).leftPadded(5))", kind: .generated,
                    tags: hash == .v1 ? ["rollout"] : ["rollout", "hash_v2"],
                    inputs: [("salt", .string(salt)), ("user_id", .string(userID)), ("hash", .string(hash.rawValue))])
            }
        }
        for policy in builder.policies {
            let boundary = policy.id.hasPrefix("b-")
            builder.add(
                .digests, id: "digests/\(policy.id)", kind: boundary ? .boundary : .generated,
                tags: policy.tags + ["compile"], inputs: [("policy", .string(policy.id))])
        }
        return try builder.build { kit in index(of: kit, previous: previous) }
    }

    /// `index.json`: the kit's version (a changed or removed case or fixture, inputs or expectation,
    /// raises the major version, a new one the minor one: Semantics §18), the library that made it,
    /// the seed, the counts and the digest of the whole kit.
    static func index(of kit: ConformanceKit, previous: ConformanceKit?) -> JSONValue {
        var version = [1, 0, 0]
        if let previous {
            let parts = previous.version.split(separator: ".").compactMap { Int($0) }
            version = parts.count == 3 ? parts : version
            let writer = JSONWriter()
            func lines(_ kit: ConformanceKit) -> [String: String] {
                var lines: [String: String] = [:]
                for policy in kit.policies { lines["policy " + policy.id] = writer.string(policy.json) }
                for budget in kit.budgets { lines["budget " + budget.id] = writer.string(budget.json) }
                for (_, kase) in kit.allCases { lines[kase.id] = writer.string(kase.json) }
                return lines
            }
            let (before, now) = (lines(previous), lines(kit))
            let changed = before.contains { id, line in now[id] != line }
            let added = now.keys.contains { before[$0] == nil }
            if changed {
                version = [version[0] + 1, 0, 0]
            } else if added {
                version = [version[0], version[1] + 1, 0]
            }
        }
        return .object(
            [
                ("kit_version", .string(version.map(String.init).joined(separator: "."))),
                ("library_version", .string(LibraryVersion.text)),
                (
                    "about",
                    .string(
                        "ReviewGate's conformance kit (Semantics §18): cases a port runs to show that it decides as ReviewGate does. Documentation/guides/porting.md says what to implement, the formats and how to run it; `reviewgate conformance ANSWERS.jsonl` compares a port's answers."
                    )
                ),
                ("seed", .int(Int(seed))),
                ("digest", .string(kit.digest)),
            ] + ConformanceValue.members(kit.counts))
    }
}
