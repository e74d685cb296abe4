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
        self.init(
            input: SimulationReport.Input(sources: []), experiment: "", policy: ("", nil, ""), groups: [],
            bucketShares: [], comparisons: [], outcomes: [], withinDays: 0, assignedWithinDays: 0, until: nil,
            planEffect: nil, tally: ReadoutTally(groups: 0, comparisons: 0, outcomes: 0))
        Self.members.read(root, into: &self, &reader)
        guard reader.problems.isEmpty else { throw DiagnosticError(reader.problems) }
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
        // Every person a readout replays is assigned to one group.
        let people = { (tally: ReadoutTally) in tally.groups.reduce(0) { $0 + $1.assigned } }
        try input.add(other.input, people: (people(tally), people(other.tally)))
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
