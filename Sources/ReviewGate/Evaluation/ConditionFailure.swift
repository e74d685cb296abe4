/// A part of a `when` that does not hold, with what the evaluator saw for it.
package struct ConditionFailure: Sendable {
    /// What was seen.
    package enum Seen: Sendable, Equatable {
        /// A count: an event's donations (in the window), or launches.
        case count(Int)
        /// An age: since the install, or since the last ask.
        case age(TimeSpan)
        /// Never asked (so `since_last_ask` with `at_most` cannot hold).
        case neverAsked
        /// The flag's value, or `nil` when it is not set.
        case flag(Bool?)
        /// The attribute's value, or `nil` when it is not set.
        case attribute(AttributeValue?)
        /// The current version's text (`nil` when the state has none), which may not be a dotted number.
        case version(String?)
        /// `any: []`, which never holds.
        case noParts
        /// A `not` whose inner condition holds.
        case innerHolds
    }

    /// The leaf (or `any: []`, or `not`) that does not hold.
    package var condition: Condition
    /// What was seen for it.
    package var seen: Seen

    /// A failure of a condition.
    package init(_ condition: Condition, _ seen: Seen) {
        self.condition = condition
        self.seen = seen
    }
}
