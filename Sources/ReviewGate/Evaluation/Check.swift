/// One check the evaluator made: what it tested, whether it passed, what it saw against what it
/// required, and where the policy says so. Kept as data; ``CheckDescription`` renders it as words.
@_spi(ReviewGateTools) public struct Check: Sendable {
    /// What a check tests: the kill switch, a guard, `responses`, `rollout`, or a part of a trigger.
    package enum ID: Sendable, Hashable {
        /// The kill switch.
        case enabled
        /// A guard, by its key.
        case `guard`(Guard.Key)
        /// The `responses` rules.
        case responses
        /// `rollout`.
        case rollout
        /// The experiment's arm, or its holdout (Semantics §13).
        case experiment
        /// The build channel, which blocks (Semantics §16.1).
        case channel
        /// A part of a trigger's checks.
        case trigger(TriggerPart)

        /// What this check blocks as, in `blocked_by`: trigger parts all block as `trigger`.
        package var blocker: Blocker {
            switch self {
            case .enabled: .enabled
            case .guard(let key): .guard(key)
            case .responses: .responses
            case .rollout: .rollout
            case .experiment: .experiment
            case .channel: .channel
            case .trigger: .trigger
            }
        }
    }

    /// The parts of a trigger that are checked.
    package enum TriggerPart: String, Sendable, Hashable, CaseIterable {
        /// Its count (and `within`).
        case count
        /// Its `scenes`.
        case scenes
        /// Its `when`.
        case when
        /// No trigger listens to the moment's event.
        case missing
    }

    /// What was tested.
    package var id: ID
    /// For a trigger's checks, the trigger's id.
    package var trigger: String?
    /// Whether it passed.
    package var passed: Bool
    /// What the evaluator saw.
    package var observed: Observation
    /// What the policy required.
    package var required: Requirement
    /// For a failed check that waiting alone would pass: from when it passes.
    package var passesAt: Timestamp?
    /// Where the policy sets it; `nil` for a default.
    package var location: SourceLocation?
    /// The entry of a list setting that applied (`cooldown: [7d, 30d]`, Semantics §14.3), or `nil`
    /// for a single value.
    package var entry: AppliedEntry?
}

/// What can block a moment, as `blocked_by` names it: the guards' keys, `enabled`, `responses`,
/// `rollout` and `trigger`. Typed in the library; its ``id`` is the text at the JSON and text edge.
package enum Blocker: Sendable, Hashable, CaseIterable {
    /// The kill switch.
    case enabled
    /// A guard.
    case `guard`(Guard.Key)
    /// The `responses` rules.
    case responses
    /// `rollout`.
    case rollout
    /// The experiment's holdout (Semantics §13).
    case experiment
    /// The build channel (Semantics §16.1).
    case channel
    /// No candidate trigger passed.
    case trigger

    /// Every blocker, in evaluation order.
    package static let allCases: [Blocker] =
        [.enabled] + Guard.Key.allCases.map(Blocker.guard) + [.responses, .rollout, .experiment, .channel, .trigger]

    /// The id in `blocked_by`: `cooldown`, `trigger`.
    package var id: String {
        switch self {
        case .enabled: "enabled"
        case .guard(let key): key.rawValue
        case .responses: "responses"
        case .rollout: "rollout"
        case .experiment: "experiment"
        case .channel: "channel"
        case .trigger: "trigger"
        }
    }

    /// The blocker's position in ``allCases`` (evaluation order): a set of blockers kept as bits.
    package var index: Int {
        switch self {
        case .enabled: 0
        case .guard(let key): 1 + (Guard.Key.allCases.firstIndex(of: key) ?? 0)
        case .responses: Guard.Key.allCases.count + 1
        case .rollout: Guard.Key.allCases.count + 2
        case .experiment: Guard.Key.allCases.count + 3
        case .channel: Guard.Key.allCases.count + 4
        case .trigger: Guard.Key.allCases.count + 5
        }
    }

    /// The blocker with an id, if there is one.
    package init?(id: String) {
        guard let blocker = Self.allCases.first(where: { $0.id == id }) else { return nil }
        self = blocker
    }
}

/// Something whose age a guard or condition measures.
package enum Milestone: Sendable, Hashable {
    /// The install.
    case install
    /// The session's start.
    case sessionStart
    /// The current version's first sighting.
    case versionFirstSeen
    /// The last ask.
    case lastAsk
    /// The last ask, which was on another of the person's devices (Semantics §16.5).
    case lastAskOnAnotherDevice
}

/// What the evaluator saw for a check.
package enum Observation: Sendable {
    /// The kill switch is off.
    case disabled
    /// The moment's source.
    case source(MomentSource)
    /// The time since a milestone.
    case age(TimeSpan, since: Milestone)
    /// The milestone to measure from is not known (no session start).
    case unknown(Milestone)
    /// A trigger's count: its event's donations (in its window, since the last ask when it says),
    /// with the current one.
    case donations(Int)
    /// The launches counted (`min_launches`).
    case launches(Int)
    /// The days of use in the window (`active_days`, Semantics §14.2).
    case daysOfUse(Int)
    /// Nothing of the kind ever happened (never asked).
    case never
    /// When the current version was asked in, or `nil` when it was not; `elsewhere` when that ask
    /// was on another of the person's devices (Semantics §16.5).
    case askInVersion(at: Timestamp?, version: String?, elsewhere: Bool)
    /// How many asks fall in the window, and how many of them were on the person's other devices;
    /// `thisDeviceOnly` when asks on other devices were left out (the OS's quota, Semantics §16.5).
    case asks(Int, elsewhere: Int, thisDeviceOnly: Bool)
    /// The moment's scene.
    case scene(String?)
    /// Every part of a condition that does not hold, with what was seen; empty when it holds.
    case condition(failing: [ConditionFailure])
    /// The response that blocks, or `nil` when none does; `elsewhere` when it was given on another
    /// of the person's devices (Semantics §16.5).
    case response(Response?, elsewhere: Bool)
    /// The person's rollout or experiment bucket (0–9999), or `nil` without a `user_id`, under the
    /// hash version that computed it (Semantics §13 *Hash versions*).
    case bucket(Int?, hash: HashVersion)
    /// The event that no trigger listens to.
    case unheardEvent(String)
    /// The moment's build channel (Semantics §16.1).
    case channel(Channel)
}

/// A count since the prompt's last ask (Semantics §14.1), and when that ask was.
package struct SinceAsk: Sendable, Hashable {
    /// The last ask of the policy's prompt, or `nil` when it was never asked.
    package var lastAsk: Timestamp?

    /// Creates a count's start.
    package init(lastAsk: Timestamp?) { self.lastAsk = lastAsk }
}

/// What the policy required for a check.
package enum Requirement: Sendable {
    /// `enabled: true`.
    case enabled
    /// A source not in the list.
    case notFrom([MomentSource])
    /// At least this long since a milestone.
    case minimumAge(TimeSpan, since: Milestone)
    /// A count of at least this.
    case minimumCount(Int)
    /// At least this many days of use in the window (Semantics §14.2).
    case activeDays(ActiveDays)
    /// No ask yet in the current version (by this key).
    case noAskInVersion(VersionKey)
    /// Fewer asks than the limit in its window; `isSystemQuota` for the OS's own.
    case fewerAsks(AskLimit, isSystemQuota: Bool)
    /// A trigger's count rule over an event, within a window if set, since the prompt's last ask
    /// if set (Semantics §14.1).
    case count(CountRule, event: String, within: TimeSpan?, since: SinceAsk?)
    /// One of these scenes.
    case scenes([String])
    /// The condition holds.
    case condition
    /// No response that still blocks, by the policy's `responses` rules.
    case responses
    /// A bucket below `bucketLimit` (`percent × 100`, rounded up).
    case rollout(percent: Double, bucketLimit: Int)
    /// An experiment's arm: its bucket range holds the person (or the state recorded the arm).
    case experimentArm(experiment: String, arm: String, sticky: Bool)
    /// Not held out of an experiment: a bucket at or above `holdoutLimit` (or no recorded holdout).
    case notHeldOut(experiment: String, holdoutLimit: Int)
    /// A trigger that listens to the event.
    case listeningTrigger
    /// A channel that decides: what `channels` says of the moment's (blocking for it).
    case channelDecides(ChannelAction)
    /// The OS quota on a channel where it does not apply (`no_quota`): the check passes.
    case noQuota(AskLimit)
}
