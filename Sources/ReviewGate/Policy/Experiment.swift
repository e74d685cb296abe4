/// An experiment (Semantics §13): the people not held out are split into arms by weight, each deciding
/// with the policy as its `override` changes it; a holdout is never asked by this policy.
package struct Experiment: Sendable {
    /// The reserved name of the held-out people's "arm".
    package static let holdoutArm = "holdout"

    /// The id in events and reports.
    package var name: String
    /// The hash salt: the experiment's name unless set.
    package var salt: String
    /// The hash version that buckets people: `v1` unless set (Semantics §13 *Hash versions*).
    package var hash: HashVersion = .v1
    /// Where `hash` is written, when it is: `validate` warns `hash_v1` of an experiment without it.
    package var hashLocation: SourceLocation? = nil
    /// Raised to release stickiness: a state's arm of an older version is assigned again.
    package var version: Int
    /// The held-out share in percent, 0–100, at most two decimals.
    package var holdout: Double
    /// The buckets below this one (of 0–9999) are held out: `holdout × 100`.
    package var holdoutLimit: Int
    /// The arms, in order.
    package var arms: [ExperimentArm]
    /// Where `experiment` is written.
    package var location: SourceLocation

    /// The arm of a person in `bucket` (0–9999), by weight over the buckets not held out; `nil`
    /// for the holdout. Arm `i` holds the buckets from `h + ⌊C_i × (10000 − h) / W⌋` up to (not
    /// including) `h + ⌊(C_i + w_i) × (10000 − h) / W⌋`, in 64-bit integers.
    package func arm(forBucket bucket: Int) -> Int? {
        guard bucket >= holdoutLimit else { return nil }
        var found: Int?
        walkArmEnds { index, end in
            if bucket < end { found = index }
            return found == nil
        }
        return found
    }

    /// Where each arm's buckets end (not included), in arm order: `h + ⌊(C_i + w_i) × (10000 − h) / W⌋`;
    /// each arm's begin where the one before ends, the first's at `h`. Empty when no arm has weight.
    package var armEnds: [Int] {
        var ends: [Int] = []
        walkArmEnds { _, end in
            ends.append(end)
            return true
        }
        return ends
    }

    /// Gives `body` each arm's index and where its buckets end, in order, while it returns `true`.
    private func walkArmEnds(_ body: (_ arm: Int, _ end: Int) -> Bool) {
        let total = arms.reduce(Int64(0)) { $0 + Int64($1.weight) }
        guard total > 0 else { return }
        let span = Int64(10_000 - holdoutLimit)
        var before: Int64 = 0
        for (index, arm) in arms.enumerated() {
            before += Int64(arm.weight)
            guard body(index, Int(Int64(holdoutLimit) + before * span / total)) else { return }
        }
    }

    /// The share of buckets (0 to 1) of the holdout, then of each arm: what assignment gives in
    /// expectation, which a readout's sample ratio check compares with the people assigned.
    package var bucketShares: [Double] {
        var start = holdoutLimit
        var shares = [Double(holdoutLimit) / 10_000]
        for end in armEnds {
            shares.append(Double(end - start) / 10_000)
            start = end
        }
        return shares
    }

    /// Who `state`'s person is in this experiment: the arm recorded at their exposure while this
    /// version runs and the arm still exists (sticky), else the arm their bucket lands in; the
    /// first arm, never exposed, without a `user_id`.
    package func assignment(of state: ReviewState) -> ExperimentAssignment {
        let bucket = state.userID.map(bucket(of:))
        if let record = state.experiments[name], record.version == version {
            if record.arm == Self.holdoutArm, holdoutLimit > 0 {
                return ExperimentAssignment(arm: nil, bucket: bucket, isSticky: true)
            }
            if let index = arms.firstIndex(where: { $0.name == record.arm }) {
                return ExperimentAssignment(arm: index, bucket: bucket, isSticky: true)
            }
        }
        guard let bucket else { return ExperimentAssignment(arm: 0, bucket: nil, isSticky: false) }
        return ExperimentAssignment(arm: arm(forBucket: bucket), bucket: bucket, isSticky: false)
    }

    /// The bucket of the person `userID`, 0–9999, under this experiment's salt and hash.
    package func bucket(of userID: String) -> Int {
        RolloutBucket.bucket(salt: salt, userID: userID, hash: hash)
    }

    /// The name of arm `index`, or `holdout` for `nil`.
    package func armName(_ index: Int?) -> String {
        index.map { arms[$0].name } ?? Self.holdoutArm
    }
}

/// One arm of an experiment.
package struct ExperimentArm: Sendable {
    /// The arm's name.
    package var name: String
    /// Its integer weight, 0–10000.
    package var weight: Int
    /// The policy it decides with: the experiment's policy, its `override` merged as `extends`
    /// merges, without the experiment.
    package var policy: Policy
    /// Whether it writes an `override`.
    package var overrides: Bool
    /// Whether its `override` leaves the policy as it is (`validate` warns).
    package var changesNothing = false
    /// Where the arm is written.
    package var location: SourceLocation
}

/// Where a person is in an experiment.
package struct ExperimentAssignment: Sendable, Hashable {
    /// The arm's index, or `nil` for the holdout.
    package var arm: Int?
    /// The person's bucket, 0–9999; `nil` without a `user_id`.
    package var bucket: Int?
    /// Whether the arm is the state's, recorded at the person's exposure.
    package var isSticky: Bool
}
