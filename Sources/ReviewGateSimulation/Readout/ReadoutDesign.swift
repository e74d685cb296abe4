@_spi(ReviewGateTools) import ReviewGate

/// What a readout asks of an experiment (Semantics §15): the policy that runs it, the outcomes,
/// their windows, and where observation ends.
package struct ReadoutDesign: Sendable {
    /// The policy with the experiment.
    package var policy: Policy
    /// The experiment.
    package var experiment: Experiment
    /// The outcomes counted, in the order given.
    package var outcomes: [ReadoutOutcome]
    /// W: an outcome counts when it happens within this many days after the trigger (`--outcome-within`).
    package var withinDays: Int
    /// A: by assignment, an outcome counts within this many days after the person's first line
    /// (`--assigned-within`; W + 28 unless given).
    package var assignedWithinDays: Int
    /// Where observation ends: `--until`, or, when it is `nil`, the latest time in the input.
    package var until: Timestamp?
    /// The comparisons, each drawing both of its groups with its own trigger.
    package var comparisons: [ReadoutComparison]
    /// The budget the policy ran inside (`--budget`): then each person is replayed under it, since
    /// its grants change the state.
    package var budget: SimulatedBudget?

    /// A readout of `policy`'s experiment; `nil` when the policy runs none.
    package init?(
        policy: Policy, outcomes: [ReadoutOutcome], withinDays: Int = 14, assignedWithinDays: Int? = nil,
        until: Timestamp? = nil
    ) {
        guard let experiment = policy.experiment else { return nil }
        self.policy = policy
        self.experiment = experiment
        self.outcomes = outcomes
        self.withinDays = withinDays
        self.assignedWithinDays = assignedWithinDays ?? withinDays + 28
        self.until = until
        comparisons = ReadoutComparison.all(in: experiment)
    }

    /// The groups' names: the holdout's, then each arm's.
    package var groupNames: [String] { [Experiment.holdoutArm] + experiment.arms.map(\.name) }

    /// The group (0 the holdout, arm `i` as `i + 1`) of `person`, as the bucket assigns it to a
    /// fresh state (a replay starts with no recorded arm).
    package func group(of person: String) -> Int {
        experiment.arm(forBucket: experiment.bucket(of: person)).map { $0 + 1 }
            ?? ReadoutComparison.holdout
    }
}

/// One comparison of a readout: an arm against another arm, or against the holdout, each a group
/// by its index (0 the holdout, arm `i` as `i + 1`).
package struct ReadoutComparison: Sendable, Hashable {
    /// The holdout's group.
    package static let holdout = 0

    /// The arm whose difference is read out.
    package var arm: Int
    /// The group it is against.
    package var against: Int

    /// Whether `group` is one of the two.
    func includes(_ group: Int) -> Bool { group == arm || group == against }

    /// The comparisons of `experiment`: each arm after the first against the first (the arm the
    /// policy as written is, by convention, the control), then, with a holdout, each arm against it.
    static func all(in experiment: Experiment) -> [ReadoutComparison] {
        let arms = experiment.arms.indices.map { $0 + 1 }
        var comparisons = arms.dropFirst().map { ReadoutComparison(arm: $0, against: 1) }
        if experiment.holdoutLimit > 0 { comparisons += arms.map { ReadoutComparison(arm: $0, against: holdout) } }
        return comparisons
    }
}
