/// What recording a moment did to a state (``StateStore/record(_:policy:)``,
/// ``StateStore/donate(_:policy:)``): the decision, whether the donation counted and why not, and
/// each change in words (`process_completed 4`, `ask #1 in build "77"`), worked out when asked for.
/// `reviewgate record` prints it; an app may log it.
public struct Recording: Sendable {
    /// Why a donation was not counted.
    public enum Uncounted: String, Sendable {
        /// A guard, `responses` or `rollout` blocked it, and `counting.while_blocked` is false.
        case blockedByGuard = "blocked_by_guard"
        /// The count is at the most a count holds (a billion).
        case atLimit = "at_limit"
    }

    /// The decision.
    public var decision: Decision
    /// The event the moment donated (`launch` for a launch), if any.
    public var donated: String?
    /// Why the donation was not counted, when it was not.
    public var uncounted: Uncounted?
    /// The state before, the state after and the policy, from which ``changes`` are worked out.
    private let before: StateChange.Snapshot
    private let after: ReviewState
    private let policy: Policy

    /// Whether the moment was allowed.
    public var isAllowed: Bool { decision.isAllowed }

    /// Whether the moment's donation was counted (false when it donated nothing).
    public var counted: Bool { donated != nil && uncounted == nil }

    /// Records the change from `before` (taken before the change) to `after`; `uncounted` is what
    /// ``Transition/apply(_:to:policy:appendingAsk:)`` returned.
    package init(
        decision: Decision, uncounted: Uncounted?, from before: StateChange.Snapshot, to after: ReviewState,
        policy: Policy
    ) {
        self.decision = decision
        donated = decision.moment.event
        self.uncounted = uncounted
        self.before = before
        self.after = after
        self.policy = policy
    }

    /// What changed, in the words of scenario transcripts; empty when nothing did.
    public var changes: [String] {
        var changes = StateChange.describe(from: before, to: after, moment: decision.moment, policy: policy)
        if let event = donated, let uncounted {
            Self.say(
                uncounted, of: event, in: &changes,
                blocked:
                    "blocked by \(decision.blockedBy.map(\.id).joined(separator: ", ")), and counting.while_blocked is false"
            )
        }
        return changes
    }

    /// Says in `changes` why `event`'s donation was not counted: at the limit, or as `blocked` says.
    package static func say(_ uncounted: Uncounted, of event: String, in changes: inout [String], blocked: String) {
        let reason = uncounted == .atLimit ? "at \(ReviewState.largestCount), the most a count holds" : blocked
        if let index = changes.firstIndex(of: "\(event) not counted") {
            changes[index] += " (\(reason))"
        } else {
            changes.append("\(event) not counted (\(reason))")
        }
    }

    /// `recorded: process_completed 4, ask #1 in build "77"`, or `recorded: nothing`.
    public var summary: String { StateUpdate.summary(changes) }

    /// The JSON value of `recorded`: the changes, whether the donation counted and why not, and
    /// whether an ask was appended.
    package func json(asked: Bool) -> JSONValue {
        .object([
            ("changes", .array(changes.map(JSONValue.string))),
            ("donated", .string(donated)),
            ("counted", donated == nil ? .null : .bool(counted)),
            ("not_counted_because", .string(uncounted?.rawValue)),
            ("asked", .bool(asked)),
        ])
    }
}

/// What an update, an answer or an ask did to a state (``StateStore/update(to:at:policy:)``,
/// ``StateStore/respond(_:at:prompt:)``, ``StateStore/asked(_:at:)``): each change in words, worked out
/// when asked for.
public struct StateUpdate: Sendable {
    private let before: StateChange.Snapshot
    private let after: ReviewState
    private let versionKey: VersionKey?

    /// The change from `before` (taken before the change) to `after`; asks are named by
    /// `versionKey`'s version, or by both when `nil`.
    package init(from before: StateChange.Snapshot, to after: ReviewState, versionKey: VersionKey?) {
        self.before = before
        self.after = after
        self.versionKey = versionKey
    }

    /// What changed (`build "2"`, `new version`, `response later`); empty when nothing did.
    public var changes: [String] {
        StateChange.describe(from: before, to: after, moment: nil, versionKey: versionKey)
    }

    /// `recorded: build "2", new version`, or `recorded: nothing`.
    public var summary: String { Self.summary(changes) }

    /// The JSON value of `recorded` for a change that is not a moment.
    package var json: JSONValue {
        .object([
            ("changes", .array(changes.map(JSONValue.string))), ("donated", .null), ("counted", .null),
            ("not_counted_because", .null), ("asked", .bool(false)),
        ])
    }

    /// `recorded: ` and the changes, or `recorded: nothing`.
    static func summary(_ changes: [String]) -> String {
        "recorded: " + (changes.isEmpty ? "nothing" : changes.joined(separator: ", "))
    }
}
