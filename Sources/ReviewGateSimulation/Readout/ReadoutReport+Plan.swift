@_spi(ReviewGateTools) import ReviewGate

extension ReadoutReport {
    /// What `--plan EFFECT` says of one comparison and outcome: the people to assign to its two groups,
    /// and the days at the input's rate of new people, to detect EFFECT with 80% power at α = 0.05
    /// two-sided by the pooled z test, among triggered people and by assignment (where the effect
    /// is diluted by the share of people the trigger reaches).
    package struct Plan: Sendable, Equatable {
        /// People the trigger must reach, in the two groups together.
        package var triggeredNeeded: Int
        /// People to assign to the two groups for the triggered analysis.
        package var peopleTriggered: Int
        /// People to assign to the two groups for the analysis by assignment; `nil` when its base
        /// rate or diluted effect gives no sample size.
        package var peopleByAssignment: Int?
        /// Days of new people for ``peopleTriggered``, `nil` without a rate.
        package var days: Int?
        /// Days of new people for ``peopleByAssignment``.
        package var daysByAssignment: Int?
    }

    /// The plan of comparison `index` for outcome `outcome`; `nil` without `--plan`, or when the group
    /// it is against has no one observable, its share plus the effect is not a share strictly
    /// between 0 and 1, the trigger reached no one, or the people it takes are beyond counting (an
    /// effect too small to see).
    package func plan(_ index: Int, outcome: Int) -> Plan? {
        guard let effect = planEffect.map({ $0 / 100 }) else { return nil }
        let comparison = comparisons[index]
        let shares = (arm: bucketShares[comparison.arm], against: bucketShares[comparison.against])
        let assigned = tally.groups[comparison.arm].assigned + tally.groups[comparison.against].assigned
        let sides = tally.comparisons[index].sides
        let triggered = sides[0].triggered + sides[1].triggered
        let base = sides[1].outcomes[outcome]
        guard shares.arm > 0, shares.against > 0, assigned > 0, triggered > 0, base.observable > 0 else { return nil }
        // The second group holds `ratio` times the first's people, as their buckets do.
        let ratio = shares.against / shares.arm
        let reach = Double(triggered) / Double(assigned)
        guard
            let perArm = Proportions.sampleSize(
                effect: effect, base: Double(base.withOutcome) / Double(base.observable), ratio: ratio)
        else { return nil }
        let needed = perArm * (1 + ratio)
        guard let triggeredNeeded = Self.people(needed), let peopleTriggered = Self.people(needed / reach) else {
            return nil
        }
        var plan = Plan(triggeredNeeded: triggeredNeeded, peopleTriggered: peopleTriggered)
        let byAssignment = tally.groups[comparison.against].byAssignment[outcome]
        if byAssignment.observable > 0,
            let perArm = Proportions.sampleSize(
                effect: effect * reach, base: Double(byAssignment.withOutcome) / Double(byAssignment.observable),
                ratio: ratio)
        {
            plan.peopleByAssignment = Self.people(perArm * (1 + ratio))
        }
        if let rate = newPeoplePerDay.map({ $0 * (shares.arm + shares.against) }), rate > 0 {
            plan.days = Self.people(Double(plan.peopleTriggered) / rate)
            plan.daysByAssignment = plan.peopleByAssignment.flatMap { Self.people(Double($0) / rate) }
        }
        return plan
    }

    /// `value` rounded up to a whole number, when it is one a report can hold (at most 10^15, as a
    /// report's counts are); `nil` for more, as a vanishing effect would need.
    private static func people(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0, value <= 1e15 else { return nil }
        return Int(value.rounded(.up))
    }
}
