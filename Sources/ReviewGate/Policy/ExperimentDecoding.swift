extension PolicyDecoder {
    /// The most weight an arm may have.
    static let maximumWeight = 10_000
    /// The most arms an experiment may have: each is a whole policy, decided at every moment until
    /// the person is exposed.
    static let maximumArms = 100

    /// Decodes `experiment` (Semantics §13) of the policy `root`, whose own settings decoded as `base`:
    /// each arm's `override` is merged onto the policy as `extends` merges and decoded as a policy,
    /// its errors at the override's lines (with a note naming the arm).
    mutating func decodeExperiment(_ node: DocumentNode, root: DocumentNode, base: Policy, at location: SourceLocation)
        -> Experiment?
    {
        guard let fields = reader.fields(node, "experiment", .policy("/experiment")) else { return nil }
        reader.require(["name", "arms"], in: fields, "experiment")
        let name = fields["name"].flatMap { reader.identifier($0, "experiment name") }
        let salt = fields["salt"].flatMap { reader.string($0, "experiment salt") } ?? name
        let version = fields["version"].flatMap { reader.int($0, "experiment version", minimum: 1) } ?? 1
        let hash = fields["hash"].map { hashVersion($0, of: "experiment") }
        var holdout = 0.0
        var holdoutLimit = 0
        if let node = fields["holdout"], let value = reader.number(node, "experiment holdout") {
            let text = node.scalar?.text ?? ""
            let decimals = text.split(separator: ".", maxSplits: 1).dropFirst().first.map(\.count) ?? 0
            if !(0...100).contains(value) {
                reader.error(
                    "experiment holdout must be between 0 and 100 (percent); found \(AttributeValue.number(value))",
                    at: node.location)
            } else if decimals > 2 || text.lowercased().contains("e") {
                reader.error(
                    "experiment holdout has at most 2 decimals (a bucket is 0.01%); found \(Quote.prefix(text))",
                    at: node.location)
            } else {
                holdout = value
                holdoutLimit = Self.bucketLimit(text, value)
            }
        }
        if let salt, let rollout = base.rollout, rollout.salt == salt {
            reader.error(
                "the experiment's salt \"\(Quote.prefix(salt))\" is the rollout's: the holdout would sit inside the rollout's lowest buckets; give experiment.salt (or rollout.salt) a salt of its own",
                at: fields["salt"]?.location ?? fields["name"]?.location ?? location)
        }
        let arms = fields["arms"].map { decodeArms($0, root: root, base: base, experiment: name ?? "") } ?? []
        if fields.has("arms"), arms.isEmpty, !reader.hasErrors {
            reader.error("experiment arms must name at least one arm", at: fields["arms"]?.location)
        }
        if !arms.isEmpty, arms.allSatisfy({ $0.weight == 0 }) {
            reader.error("the arms' weights add up to 0: give one a weight", at: fields["arms"]?.location)
        }
        guard let name, let salt, !reader.hasErrors else { return nil }
        var experiment = Experiment(
            name: name, salt: salt, version: version, holdout: holdout, holdoutLimit: holdoutLimit, arms: arms,
            location: location)
        if let hash = hash ?? nil {
            experiment.hash = hash
            experiment.hashLocation = fields.keyLocation("hash")
        }
        return experiment
    }

    /// The arms, in order, each with its merged policy.
    private mutating func decodeArms(
        _ node: DocumentNode, root: DocumentNode, base basePolicy: Policy, experiment: String
    ) -> [ExperimentArm] {
        guard let entries = node.mapping else {
            reader.error("experiment arms must be a mapping of arm names to {weight, override}", at: node.location)
            return []
        }
        // The policy as written, without its experiment: what every arm's override lies on.
        var base = root
        if let rootEntries = root.mapping {
            base.content = .mapping(rootEntries.filter { $0.key.string != "experiment" })
        }
        guard entries.count <= Self.maximumArms else {
            reader.error(
                "experiment arms must be at most \(Self.maximumArms); found \(entries.count): each arm decides every moment until the person is exposed",
                at: node.location)
            return []
        }
        let baseJSON = JSONWriter().string(base.jsonValue)
        var arms: [ExperimentArm] = []
        var seen = Set<String>()
        for entry in entries {
            guard let armName = reader.identifier(entry.key, "an arm name") else { continue }
            guard armName != Experiment.holdoutArm else {
                reader.error(
                    "holdout is the held-out people's name, not an arm's: set experiment.holdout to hold people out",
                    at: entry.key.location)
                continue
            }
            guard seen.insert(armName).inserted else {
                reader.error("the arm \(armName) is named twice", at: entry.key.location)
                continue
            }
            guard let fields = reader.fields(entry.value, "arm \(armName)", .policy("/experiment/arms/*")) else {
                continue
            }
            reader.require(["weight"], in: fields, "arm \(armName)")
            let weight = fields["weight"].flatMap {
                reader.int($0, "arm \(armName) weight", minimum: 0, maximum: Self.maximumWeight)
            }
            var merged = base
            var overrides = false
            if let override = fields["override"] {
                guard
                    let keys = reader.fields(
                        override, "arm \(armName) override", .policy("/experiment/arms/*/override"))
                else { continue }
                keys.readsWhole()
                merged = ExtendsMerge.merge(base, under: override)
                overrides = true
            }
            var decoder = PolicyDecoder()
            // An arm without an override decides as the policy does: the policy itself.
            guard let policy = overrides ? decoder.decode(merged) : basePolicy else {
                let note = Diagnostic.Note(
                    "in arm \(armName) of experiment \(experiment), its override merged onto the policy",
                    at: entry.key.location)
                for var diagnostic in decoder.reader.diagnostics where diagnostic.severity == .error {
                    diagnostic.notes.append(note)
                    reader.report(diagnostic)
                }
                continue
            }
            // Every arm tries the same triggers on the same events, so that a moment is one for all
            // of them and a replay names an arm's trigger by the policy's.
            guard policy.triggers.map({ [$0.id, $0.event] }) == basePolicy.triggers.map({ [$0.id, $0.event] }) else {
                reader.error(
                    "arm \(armName)'s override may change a trigger's settings, not add or remove a trigger or change its event: every arm tries the policy's triggers",
                    at: fields["override"]?["triggers"]?.location ?? entry.key.location)
                continue
            }
            guard let weight else { continue }
            var arm = ExperimentArm(
                name: armName, weight: weight, policy: policy, overrides: overrides, location: entry.key.location)
            arm.changesNothing = overrides && JSONWriter().string(merged.jsonValue) == baseJSON
            arms.append(arm)
        }
        return arms
    }
}
