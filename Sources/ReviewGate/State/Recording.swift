/// What recording a moment, an update or an answer did to a state: the decision (for a moment),
/// each change in words (`process_completed 4`, `ask #1 in build "77"`), and whether the
/// donation counted and why not. `reviewgate record` prints it; an app may log it.
public struct Recording: Sendable {
    /// Why a donation was not counted.
    public enum Uncounted: String, Sendable {
        /// A guard, `responses` or `rollout` blocked it, and `counting.while_blocked` is false.
        case blockedByGuard = "blocked_by_guard"
        /// The count is at ``ReviewState/largestCount``.
        case atLimit = "at_limit"
    }

    /// The decision, for a moment; `nil` for an update or an answer.
    public var decision: Decision?
    /// What changed, in the words of scenario transcripts; empty when nothing did.
    public var changes: [String]
    /// The event the moment donated (`launch` for a launch), if any.
    public var donated: String?
    /// Why the donation was not counted, when it was not.
    public var uncounted: Uncounted?

    /// Whether the moment was allowed, and an ask appended: the app asks now.
    public var isAllowed: Bool { decision?.isAllowed ?? false }

    /// Whether the moment's donation was counted (false when it donated nothing).
    public var counted: Bool { donated != nil && uncounted == nil }

    /// Records the change from `before` (taken before the change) to `after`; `uncounted` is what
    /// ``Transition/apply(_:to:policy:)`` returned.
    init(
        decision: Decision?, uncounted: Uncounted?, from before: StateChange.Snapshot, to after: ReviewState,
        policy: Policy
    ) {
        self.decision = decision
        let moment = decision?.moment
        donated = moment?.event
        self.uncounted = uncounted
        changes = StateChange.describe(from: before, to: after, moment: moment, policy: policy)
        if let event = donated, let uncounted {
            let reason =
                uncounted == .atLimit
                ? "at \(ReviewState.largestCount), the most a count holds"
                : "blocked by \(decision!.blockedBy.map(\.id).joined(separator: ", ")), and counting.while_blocked is false"
            if let index = changes.firstIndex(of: "\(event) not counted") {
                changes[index] += " (\(reason))"
            } else {
                changes.append("\(event) not counted (\(reason))")
            }
        }
    }

    /// `recorded: process_completed 4, ask #1 in build "77"`, or `recorded: nothing`.
    public var summary: String {
        "recorded: " + (changes.isEmpty ? "nothing" : changes.joined(separator: ", "))
    }

    /// The JSON value of `recorded`: the changes, whether the donation counted and why not, and
    /// whether an ask was appended.
    package var json: JSONValue {
        .object([
            ("changes", .array(changes.map(JSONValue.string))),
            ("donated", .string(donated)),
            ("counted", donated == nil ? .null : .bool(counted)),
            ("not_counted_because", .string(uncounted?.rawValue)),
            ("asked", .bool(decision?.isAllowed ?? false)),
        ])
    }
}
