@_spi(ReviewGateTools) import ReviewGate

/// Watches one person's replay under their own arm for the moments a readout starts counting from
/// (Semantics §15): their exposure (§13: the first moment at which the arms differ; for the
/// holdout, the first that any arm allows), and each comparison's trigger, the first moment at
/// which its two groups differ (an arm against the holdout: the first that the arm allows, or at
/// which it counts the donation otherwise than the holdout, which counts as the policy without its
/// experiment does: under `counting.while_blocked: false`, an arm without one of the policy's guards
/// counts a donation the holdout does not, and from there their states differ).
/// Until that moment both groups were treated alike, so the person's state is the one they would
/// have had in either: each moment's every arm is decided on the state of the replay.
struct ExperimentWatch {
    /// The person's exposure, once found.
    private(set) var exposure: Timestamp?
    /// Each comparison's trigger, by its index in the readout's list, once found; `nil` too for a
    /// comparison the person is in neither group of.
    private(set) var triggers: [Timestamp?]

    private let experiment: Experiment
    private let group: Int
    /// The arm the person's lines logged, when it is not the one their bucket gives: recorded in
    /// their state at the start, so that they are replayed under it (as a state that recorded it,
    /// sticky, would decide).
    private(set) var pinned: (experiment: String, exposure: ExperimentExposure)?
    /// The comparisons the person is in: their index, and the two groups (0 the holdout, arm `i`
    /// as `i + 1`).
    private let watched: [(index: Int, comparison: ReadoutComparison)]
    /// How many of the exposure and the watched triggers are still to be found.
    private var open: Int
    private var outcomes: [Evaluator.ArmOutcome]
    private var verdict = Verdict()
    /// The policy without its experiment, whose counting is the holdout's, when a blocked donation
    /// may not count (`counting.while_blocked: false`); `nil` when every donation counts.
    private let holdoutCounting: Policy?

    /// A watch of a person in `group` (0 the holdout, arm `i` as `i + 1`) of `experiment`, which
    /// `policy` runs; ``pinned`` at `since` when the group is the one their lines logged rather than
    /// their bucket's.
    init(
        _ experiment: Experiment, of policy: Policy, group: Int, comparisons: [ReadoutComparison],
        pinnedSince since: Timestamp? = nil
    ) {
        self.experiment = experiment
        self.group = group
        // The arms share the policy's counting (an override cannot change it); the holdout counts
        // as the policy without its experiment decides.
        if !policy.counting.whileBlocked {
            var plain = policy
            plain.experiment = nil
            holdoutCounting = plain
        } else {
            holdoutCounting = nil
        }
        if let since {
            pinned = (
                experiment.name,
                ExperimentExposure(
                    arm: experiment.armName(group == 0 ? nil : group - 1), version: experiment.version, exposedAt: since
                )
            )
        }
        triggers = Array(repeating: nil, count: comparisons.count)
        watched = comparisons.enumerated().filter { $0.element.includes(group) }.map { ($0.offset, $0.element) }
        open = watched.count + 1
        outcomes = Array(repeating: (false, nil, true), count: experiment.arms.count)
    }

    /// Looks at `moment`, decided on `state` (before the moment changes it).
    mutating func observe(state: ReviewState, moment: Moment) {
        guard open > 0 else { return }
        for index in experiment.arms.indices {
            outcomes[index] = Evaluator.armOutcome(
                experiment.arms[index].policy, state: state, moment: moment, into: &verdict)
        }
        if exposure == nil {
            let first = outcomes[0]
            let exposed =
                group == ReadoutComparison.holdout
                ? outcomes.contains { $0.allowed } : outcomes.contains { $0 != first }
            if exposed {
                exposure = moment.now
                open -= 1
            }
        }
        var holdoutCounts: Bool?
        for (index, comparison) in watched where triggers[index] == nil {
            let arm = outcomes[comparison.arm - 1]
            let differs: Bool
            if comparison.against == ReadoutComparison.holdout {
                if holdoutCounts == nil {
                    holdoutCounts =
                        holdoutCounting.map {
                            Evaluator.armOutcome($0, state: state, moment: moment, into: &verdict).counts
                        } ?? true
                }
                differs = arm.allowed || arm.counts != holdoutCounts
            } else {
                differs = arm != outcomes[comparison.against - 1]
            }
            if differs {
                triggers[index] = moment.now
                open -= 1
            }
        }
    }
}
