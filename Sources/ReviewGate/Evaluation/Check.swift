/// One check the evaluator made: what it tested, whether it passed, what it saw against what it
/// required, and where the policy says so. Kept as data; ``Explanation`` renders it as words.
public struct Check: Sendable {
    /// What a check tests: a guard key, `enabled`, `responses`, `rollout`, or a part of a trigger.
    public enum ID: String, Sendable, CaseIterable {
        /// The kill switch.
        case enabled
        /// `guards.never_on`.
        case never_on
        /// `guards.min_install_age`.
        case min_install_age
        /// `guards.min_launches`.
        case min_launches
        /// `guards.min_session_age`.
        case min_session_age
        /// `guards.min_version_age`.
        case min_version_age
        /// `guards.cooldown`.
        case cooldown
        /// `guards.once_per_version`.
        case once_per_version
        /// `guards.max_asks`.
        case max_asks
        /// `guards.system_quota`.
        case system_quota
        /// `guards.when`.
        case when
        /// The `responses` rules.
        case responses
        /// `rollout`.
        case rollout
        /// A trigger's count (and `within`).
        case trigger_count = "trigger.count"
        /// A trigger's `scenes`.
        case trigger_scenes = "trigger.scenes"
        /// A trigger's `when`.
        case trigger_when = "trigger.when"
        /// No trigger listens to the moment's event.
        case trigger_missing = "trigger.missing"

        /// The id in `blocked_by`: trigger parts all report as `trigger`.
        public var blockedByID: String {
            switch self {
            case .trigger_count, .trigger_scenes, .trigger_when, .trigger_missing: "trigger"
            default: rawValue
            }
        }

        /// Whether this is a check of a trigger rather than a guard.
        public var isTriggerCheck: Bool { blockedByID == "trigger" }
    }

    /// What was tested.
    public var id: ID
    /// For a trigger's checks, the trigger's id.
    public var trigger: String?
    /// Whether it passed.
    public var passed: Bool
    /// What the evaluator saw.
    public var observed: Observation
    /// What the policy required.
    public var required: Requirement
    /// For a failed check that waiting alone would pass: from when it passes.
    public var passesAt: Timestamp?
    /// Where the policy sets it; `nil` for a default.
    public var source: SourceLocation?
}

/// What the evaluator saw for a check.
public enum Observation: Sendable {
    /// The kill switch is off.
    case disabled
    /// The moment's source.
    case source(MomentSource)
    /// An age or the time since something (install, session, version, last ask).
    case age(TimeSpan)
    /// The thing to measure from is not known (no session start).
    case unknown
    /// A count (launches, or an event's donations with the current one).
    case count(Int)
    /// Nothing of the kind ever happened (never asked).
    case never
    /// When the current version was asked in, or `nil` when it was not.
    case askInVersion(at: Timestamp?, version: String?)
    /// How many asks fall in the window.
    case asks(Int)
    /// The moment's scene.
    case scene(String?)
    /// The first part of a condition that does not hold, or `nil` when it holds.
    case condition(failing: Condition?)
    /// The response that blocks, or `nil` when none does.
    case response(Response?)
    /// The person's rollout bucket (0–9999), or `nil` without a `user_id`.
    case bucket(Int?)
    /// The event that no trigger listens to.
    case unheardEvent(String)
}

/// What the policy required for a check.
public enum Requirement: Sendable {
    /// `enabled: true`.
    case enabled
    /// A source not in the list.
    case notFrom([MomentSource])
    /// An age of at least this.
    case minimumAge(TimeSpan)
    /// A count of at least this.
    case minimumCount(Int)
    /// No ask yet in the current version (by this key).
    case noAskInVersion(VersionKey)
    /// Fewer asks than the limit in its window.
    case fewerAsks(AskLimit)
    /// A trigger's count rule over an event, within a window if set.
    case count(CountRule, event: String, within: TimeSpan?)
    /// One of these scenes.
    case scenes([String])
    /// The condition holds.
    case condition
    /// No response that still blocks, by the policy's `responses` rules.
    case responses
    /// A bucket below `bucketLimit` (`percent × 100`, rounded up).
    case rollout(percent: Double, bucketLimit: Int)
    /// A trigger that listens to the event.
    case listeningTrigger
}
