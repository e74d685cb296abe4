@_spi(ReviewGateTools) import ReviewGate

/// What a readout counts (Semantics §15), every figure kept as counts so that readouts of disjoint
/// people add up to the readout of them all.
package struct ReadoutTally: Sendable, Equatable {
    /// The holdout's counts, then each arm's.
    package var groups: [Group]
    /// Each comparison's counts, in the design's order.
    package var comparisons: [Comparison]
    /// The earliest and latest first line of a person: the input's rate of new people.
    package var firstSeen: ClosedRange<Timestamp>?
    /// Exposed people whose exposure came more than A − W days after their first line: their
    /// outcome window does not fit in the window by assignment.
    package var lateExposures = 0
    /// People whose logged `arm` differs from the replayed one.
    package var armsDiffering = 0
    /// The latest time of any line.
    package var latest: Timestamp?

    /// A tally of nothing for `design`.
    package init(_ design: ReadoutDesign) {
        self.init(
            groups: design.experiment.arms.count + 1, comparisons: design.comparisons.count,
            outcomes: design.outcomes.count)
    }

    /// A tally of nothing for so many groups, comparisons and outcomes.
    init(groups: Int, comparisons: Int, outcomes: Int) {
        self.groups = Array(repeating: Group(outcomes: outcomes), count: groups)
        self.comparisons = Array(repeating: Comparison(outcomes: outcomes), count: comparisons)
    }

    /// How many people, with an outcome and observable, a window holds.
    package struct Share: Sendable, Equatable {
        /// People observed to the window's end.
        package var observable = 0
        /// Of these, people with the outcome in the window.
        package var withOutcome = 0

        mutating func add(_ other: Share) {
            observable += other.observable
            withOutcome += other.withOutcome
        }
    }

    /// A group's (the holdout's or an arm's) counts.
    package struct Group: Sendable, Equatable {
        /// People assigned to it.
        package var assigned = 0
        /// Of these, people exposed (Semantics §13).
        package var exposed = 0
        /// Each outcome within W after the exposure, among the exposed.
        package var triggered: [Share]
        /// Each outcome within A after the first line, among the assigned.
        package var byAssignment: [Share]

        init(outcomes: Int) {
            triggered = Array(repeating: Share(), count: outcomes)
            byAssignment = triggered
        }

        mutating func add(_ other: Group) {
            assigned += other.assigned
            exposed += other.exposed
            for index in triggered.indices { triggered[index].add(other.triggered[index]) }
            for index in byAssignment.indices { byAssignment[index].add(other.byAssignment[index]) }
        }
    }

    /// A comparison's counts: its arm's side, then the side it is against.
    package struct Comparison: Sendable, Equatable {
        /// The two sides.
        package var sides: [Side]

        init(outcomes: Int) { sides = Array(repeating: Side(outcomes: outcomes), count: 2) }

        /// One side of a comparison: its people triggered, and each outcome within W after.
        package struct Side: Sendable, Equatable {
            /// People of the group the comparison's trigger reached.
            package var triggered = 0
            /// Each outcome within W after the trigger.
            package var outcomes: [Share]

            init(outcomes: Int) { self.outcomes = Array(repeating: Share(), count: outcomes) }
        }

        mutating func add(_ other: Comparison) {
            for side in sides.indices {
                sides[side].triggered += other.sides[side].triggered
                for index in sides[side].outcomes.indices {
                    sides[side].outcomes[index].add(other.sides[side].outcomes[index])
                }
            }
        }
    }

    /// Adds another part's tally (of the same design).
    package mutating func add(_ other: ReadoutTally) {
        for index in groups.indices { groups[index].add(other.groups[index]) }
        for index in comparisons.indices { comparisons[index].add(other.comparisons[index]) }
        if let range = other.firstSeen {
            firstSeen =
                firstSeen.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) }
                ?? range
        }
        lateExposures += other.lateExposures
        armsDiffering += other.armsDiffering
        if let time = other.latest, latest.map({ $0 < time }) ?? true { latest = time }
    }
}
