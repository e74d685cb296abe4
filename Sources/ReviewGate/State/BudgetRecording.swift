/// What recording a moment under a budget did to a state: the arbitration, whether the donation
/// counted and why not, and each change in words (`process_completed 4`, `paywall ask #2 in
/// short "1.0"`), worked out when asked for. `reviewgate record --budget` prints it.
package struct BudgetRecording: Sendable {
    /// The arbitration.
    package var arbitration: Arbitration
    /// Why the donation was not counted, when it was not.
    package var uncounted: Recording.Uncounted?
    private let before: StateChange.Snapshot
    private let after: ReviewState
    private let versionKey: VersionKey

    /// Records the change from `before` (taken before the change) to `after`; `uncounted` is what
    /// ``Transition/apply(_:to:budget:appendingAsk:)`` returned.
    package init(
        _ arbitration: Arbitration, uncounted: Recording.Uncounted?, from before: StateChange.Snapshot,
        to after: ReviewState, versionKey: VersionKey
    ) {
        self.arbitration = arbitration
        self.uncounted = uncounted
        self.before = before
        self.after = after
        self.versionKey = versionKey
    }

    /// What changed, in the words of scenario transcripts; empty when nothing did.
    package var changes: [String] {
        var changes = StateChange.describe(
            from: before, to: after, moment: arbitration.moment, versionKey: versionKey)
        if let event = arbitration.moment.event, let uncounted {
            Recording.say(
                uncounted, of: event, in: &changes,
                blocked:
                    "no policy of the budget counts it: guards or the budget blocked each, and counting.while_blocked is false"
            )
        }
        return changes
    }

    /// `recorded: process_completed 4, paywall ask #1 in short "1.0"`, or `recorded: nothing`.
    package var summary: String { StateUpdate.summary(changes) }

    /// The JSON value of `recorded`: the changes, whether the donation counted and why not, and
    /// which prompt was recorded as shown.
    package var json: JSONValue {
        let donated = arbitration.moment.event
        return .object([
            ("changes", .array(changes.map(JSONValue.string))),
            ("donated", .string(donated)),
            ("counted", donated == nil ? .null : .bool(uncounted == nil)),
            ("not_counted_because", .string(uncounted?.rawValue)),
            ("shown", .string(arbitration.granted)),
        ])
    }
}
