@_spi(ReviewGateTools) import ReviewGate

extension ReadoutReport {
    /// The sum of the readouts in `paths` (`-` for standard input), each file one JSON readout or one
    /// per line: the readout of every person in them. Throws when a file or readout cannot be read,
    /// or two are of different experiments, outcomes, windows or ends.
    public static func merged(reading paths: [String]) throws(DiagnosticError) -> ReadoutReport {
        try MergedReport.merged(reading: paths, ReadoutReport.init(json:)) {
            (total, report) throws(SimulationReport.MergeError) in try total.add(report)
        }
    }

    /// Reads a readout that `readout --format json` wrote, to merge it with others.
    package init(json root: DocumentNode) throws(DiagnosticError) {
        let format = FormatVersion(file: "this readout", name: "format", supported: Self.formatVersion)
        if let refusal = format.refusal(root["reviewgate_readout"]) { throw DiagnosticError([refusal]) }
        guard root["reviewgate_readout"] != nil else {
            throw DiagnosticError(
                "not a readout: it has no reviewgate_readout; write one with readout --format json", at: root.location)
        }
        var reader = ReportReader()
        let policyNode = reader.node(root, "policy")
        let shares = reader.entries(reader.node(root, "sample_ratio"), "bucket_shares")
        let groups = shares.compactMap(\.key.string)
        let outcomeNodes = reader.list(root, "outcomes")
        let outcomes = outcomeNodes.map { node -> ReadoutOutcome in
            guard let outcome = reader.node(node, "outcome")?.string.flatMap(ReadoutOutcome.init) else {
                reader.problems.append(
                    .error("an outcome must be an event's name, response:KIND or launch", at: node.location))
                return .launch
            }
            return outcome
        }
        var tally = ReadoutTally(groups: groups.count, comparisons: 0, outcomes: outcomes.count)
        var comparisons: [ReadoutComparison] = []
        var triggerWords: [String?] = []
        /// The group `key` names in `node`, or a problem.
        func group(_ node: DocumentNode, _ key: String) -> Int? {
            guard let index = reader.node(node, key)?.string.flatMap(groups.firstIndex(of:)) else {
                reader.problems.append(
                    .error("\"\(key)\" must name a group of sample_ratio.bucket_shares", at: node.location))
                return nil
            }
            return index
        }
        for (index, node) in outcomeNodes.enumerated() {
            // Each outcome's groups and comparisons by their names, as the first outcome lists them.
            for arm in reader.list(node, "arms") {
                guard let group = group(arm, "arm") else { continue }
                if index == 0 {
                    tally.groups[group].assigned = reader.int(arm, "assigned")
                    tally.groups[group].exposed = reader.int(arm, "exposed")
                }
                tally.groups[group].triggered[index] = reader.share(arm)
                tally.groups[group].byAssignment[index] = reader.share(reader.node(arm, "by_assignment"))
            }
            for node in reader.list(node, "comparisons") {
                guard let arm = group(node, "arm"), let against = group(node, "against") else { continue }
                let comparison = ReadoutComparison(arm: arm, against: against)
                if index == 0, !comparisons.contains(comparison) {
                    comparisons.append(comparison)
                    triggerWords.append(node["trigger"]?.string)
                    tally.comparisons.append(ReadoutTally.Comparison(outcomes: outcomes.count))
                    let exposed = reader.node(node, "exposed")
                    tally.comparisons[comparisons.count - 1].sides[0].triggered = reader.int(exposed, "arm")
                    tally.comparisons[comparisons.count - 1].sides[1].triggered = reader.int(exposed, "against")
                }
                guard let position = comparisons.firstIndex(of: comparison) else {
                    reader.problems.append(.error("a comparison the first outcome does not list", at: node.location))
                    continue
                }
                let observable = reader.node(node, "observable")
                let withOutcome = reader.node(node, "with_outcome")
                for (side, key) in ["arm", "against"].enumerated() {
                    tally.comparisons[position].sides[side].outcomes[index] = ReadoutTally.Share(
                        observable: reader.int(observable, key), withOutcome: reader.int(withOutcome, key))
                }
            }
        }
        let seen = reader.node(root, "first_seen")
        if let earliest = reader.time(seen?["earliest"]), let latest = reader.time(seen?["latest"]) {
            tally.firstSeen = earliest...latest
        }
        tally.lateExposures = reader.int(root, "late_exposures")
        tally.armsDiffering = reader.int(root, "arms_differing")
        let until = reader.time(reader.node(root, "until"))
        if until == nil { tally.latest = reader.time(reader.node(root, "end")) }
        let input = reader.input(root)
        let experiment = reader.node(root, "experiment")?.string
        let within = reader.int(root, "within_days")
        let assignedWithin = reader.int(root, "assigned_within_days")
        let planEffect = root["plan_effect_pp"].flatMap(ReportReader.number)
        let budget = root["budget"].map { node in
            (
                node["name"]?.string ?? "", node["digest"]?.string, node["path"]?.string ?? "",
                node["prompt"]?.string ?? ""
            )
        }
        guard reader.problems.isEmpty, let experiment, let policyNode else { throw DiagnosticError(reader.problems) }
        self.init(
            input: input, experiment: experiment,
            policy: (
                policyNode["name"]?.string ?? "", policyNode["digest"]?.string, policyNode["path"]?.string ?? ""
            ), groups: groups, bucketShares: shares.map { ReportReader.number($0.value) ?? 0 },
            comparisons: comparisons, outcomes: outcomes, withinDays: within, assignedWithinDays: assignedWithin,
            until: until, planEffect: planEffect, tally: tally)
        self.budget = budget
        self.triggerWords = triggerWords
    }

    /// Adds another part's readout: of other people, the same experiment, outcomes, windows and end.
    package mutating func add(_ other: ReadoutReport) throws(SimulationReport.MergeError) {
        guard other.experiment == experiment, other.policy.digest == policy.digest, other.groups == groups,
            other.comparisons == comparisons, other.budget?.digest == budget?.digest,
            other.budget?.prompt == budget?.prompt
        else {
            throw SimulationReport.MergeError(
                message:
                    "the readouts are of different experiments, policies or budgets; merge readouts of the same run")
        }
        guard other.outcomes == outcomes, other.withinDays == withinDays,
            other.assignedWithinDays == assignedWithinDays, other.planEffect == planEffect
        else {
            throw SimulationReport.MergeError(
                message:
                    "the readouts count different outcomes, windows or plans; merge readouts made with the same --outcome, --outcome-within, --assigned-within and --plan"
            )
        }
        guard other.until == until, until != nil || other.end == end else {
            throw SimulationReport.MergeError(
                message:
                    "the readouts' observation ends differ (\(end?.description ?? "-") and \(other.end?.description ?? "-")): a person's outcome is observable by one end and not by the other; read out each part with the same --until"
            )
        }
        try input.add(other.input)
        tally.add(other.tally)
    }
}

extension ReportReader {
    /// A readout's share of people, `observable` and `with_outcome`.
    mutating func share(_ node: DocumentNode?) -> ReadoutTally.Share {
        ReadoutTally.Share(observable: int(node, "observable"), withOutcome: int(node, "with_outcome"))
    }

    /// A number, whole or not.
    static func number(_ node: DocumentNode) -> Double? {
        switch node.scalar?.value {
        case .int(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}
