@_spi(ReviewGateTools) import ReviewGate

/// A readout of an experiment (Semantics §15): per arm and for the holdout, people assigned, exposed,
/// observable and with each outcome, after their exposure and by assignment; each comparison's
/// difference with its interval and p-value; the sample ratio checks; and, with a planned effect,
/// the people and days it takes to see it. Every figure is worked out from the counts it keeps,
/// so that readouts of disjoint people merge exactly (``merged(reading:)``).
public struct ReadoutReport: Sendable {
    /// The readout's JSON format (`reviewgate_readout`).
    package static let formatVersion = 1
    /// The p-value below which a sample ratio check warns.
    package static let mismatchThreshold = 0.001
    /// The warning a sample ratio mismatch puts at the top of every output.
    package static let mismatchWarning = "sample ratio mismatch: the readout cannot be trusted until it is explained"

    /// What was read.
    package var input: SimulationReport.Input
    /// The experiment's name.
    package var experiment: String
    /// The policy that runs it: its name, digest and path.
    package var policy: (name: String, digest: String?, path: String)
    /// The budget the policy ran inside (`--budget`): its name, digest, path, and the prompt whose
    /// policy runs the experiment.
    package var budget: (name: String, digest: String?, path: String, prompt: String)?
    /// The groups' names, the holdout first.
    package var groups: [String]
    /// Each group's share of the buckets, the holdout first.
    package var bucketShares: [Double]
    /// The comparisons, by group.
    package var comparisons: [ReadoutComparison]
    /// The outcomes.
    package var outcomes: [ReadoutOutcome]
    /// W, in days.
    package var withinDays: Int
    /// A, in days.
    package var assignedWithinDays: Int
    /// `--until`, when given.
    package var until: Timestamp?
    /// `--plan`: the effect to plan for, in percentage points.
    package var planEffect: Double?
    /// The counts.
    package var tally: ReadoutTally
    /// Each comparison's trigger in the policy's words (``ReadoutTriggerWords``), when known: the
    /// page's sentences name it.
    package var triggerWords: [String?] = []
    /// Skipped lines and warnings of the read.
    public var problems: [Diagnostic] = []
    /// Skipped lines by the kind of their problem.
    package var skippedByKind: [String: Int] = [:]

    /// Where observation ended: `--until`, or the latest line.
    package var end: Timestamp? { until ?? tally.latest }
}

extension ReadoutReport {
    /// Two shares compared: the arm's `x₁ / n₁` against the other group's `x₂ / n₂`.
    package struct Difference: Sendable, Equatable {
        /// The arm's with the outcome, and observable.
        package var arm: ReadoutTally.Share
        /// The other group's.
        package var against: ReadoutTally.Share

        /// The arm's share minus the other's, in percentage points; `nil` when a group has no one observable.
        package var points: Double? {
            guard arm.observable > 0, against.observable > 0 else { return nil }
            return
                (Double(arm.withOutcome) / Double(arm.observable)
                - Double(against.withOutcome) / Double(against.observable)) * 100
        }

        /// Its 95% interval in percentage points (Newcombe's hybrid score).
        package var interval: ClosedRange<Double>? {
            Proportions.newcombe(arm.withOutcome, arm.observable, against.withOutcome, against.observable).map {
                ($0.lowerBound * 100)...($0.upperBound * 100)
            }
        }

        /// The two-sided p-value of the pooled z test.
        package var pValue: Double? {
            Proportions.pooledZTest(arm.withOutcome, arm.observable, against.withOutcome, against.observable)
        }
    }

    /// Comparison `index`'s difference on outcome `outcome` among the people its trigger reached.
    package func triggered(_ index: Int, outcome: Int) -> Difference {
        let sides = tally.comparisons[index].sides
        return Difference(arm: sides[0].outcomes[outcome], against: sides[1].outcomes[outcome])
    }

    /// Comparison `index`'s difference on outcome `outcome` by assignment.
    package func byAssignment(_ index: Int, outcome: Int) -> Difference {
        let comparison = comparisons[index]
        return Difference(
            arm: tally.groups[comparison.arm].byAssignment[outcome],
            against: tally.groups[comparison.against].byAssignment[outcome])
    }

    /// The p-value of assigned people against the groups' bucket shares (χ² goodness of fit), over
    /// the groups that hold buckets.
    package var assignmentP: Double? {
        let held = bucketShares.indices.filter { bucketShares[$0] > 0 }
        return ChiSquare.goodnessOfFit(held.map { tally.groups[$0].assigned }, shares: held.map { bucketShares[$0] })
    }

    /// The p-value of exposure across the arms, the holdout apart (χ² test of homogeneity).
    package var exposureP: Double? {
        ChiSquare.homogeneity(tally.groups.dropFirst().map { ($0.exposed, $0.assigned - $0.exposed) })
    }

    /// The sample ratio warning, when a check's p-value is below ``mismatchThreshold``.
    package var mismatch: String? {
        [assignmentP, exposureP].contains { $0.map { $0 < Self.mismatchThreshold } ?? false }
            ? Self.mismatchWarning : nil
    }

    /// The share of exposed people whose exposure came after A − W days from their first line.
    package var lateExposureShare: Double? {
        let exposed = tally.groups.reduce(0) { $0 + $1.exposed }
        return exposed == 0 ? nil : Double(tally.lateExposures) / Double(exposed)
    }

    /// New people per day: the people over the days from the first first line to the last (one at least).
    package var newPeoplePerDay: Double? {
        guard let seen = tally.firstSeen else { return nil }
        let people = tally.groups.reduce(0) { $0 + $1.assigned }
        let days = max(1, Double((seen.upperBound - seen.lowerBound).seconds) / 86_400)
        return Double(people) / days
    }
}
