/// A policy: when an app may ask for a review. An app gets it from ``CompiledPolicy/load(_:file:digest:)``;
/// ``Evaluator`` decides with it.
public struct Policy: Sendable {
    /// The settings, behind one reference (``Box``): see ``Stored``.
    private var box: Box

    /// The language version, `1`.
    package var version: Int {
        get { box.stored.version }
        set { update { $0.version = newValue } }
    }
    /// The policy's name, `[a-z0-9][a-z0-9._-]*`.
    public package(set) var name: String
    /// What the policy is for.
    public package(set) var description: String?
    /// The prompt the policy decides (`prompt:`, Semantics §12): `review` unless set. Its guards,
    /// `since_last_ask` and `responses` read only this prompt's asks and answers.
    public package(set) var prompt: String = Ask.review
    /// Where `prompt` is written, if it is.
    package var promptLocation: SourceLocation? {
        get { box.stored.promptLocation }
        set { update { $0.promptLocation = newValue } }
    }
    /// The kill switch: `false` blocks every moment.
    package var enabled: Located<Bool> {
        get { box.stored.enabled }
        set { update { $0.enabled = newValue } }
    }
    /// The oldest app and library the policy runs in.
    package var requires: Requirements {
        get { box.stored.requires }
        set { update { $0.requires = newValue } }
    }
    /// The keys written that a release after the first reads, each where it is written (what
    /// `newer_key` holds to ``requires``).
    package var newerKeys: [(path: String, location: SourceLocation?)] {
        get { box.stored.newerKeys }
        set { update { $0.newerKeys = newValue } }
    }
    /// The app: store id, which version string counts, platform.
    @_spi(ReviewGateTools) public var app: AppSettings {
        get { box.stored.app }
        set { update { $0.app = newValue } }
    }
    /// The moments that may ask, in file order.
    package var triggers: [Trigger] {
        get { box.stored.triggers }
        set { update { $0.triggers = newValue } }
    }
    /// Each trigger's index by id (the first, for an id written twice), so that a look-up by id
    /// takes constant time however many triggers a policy has.
    private var positions: [String: Int] { box.stored.positions }
    /// The events the triggers listen to.
    private var listened: Set<String> { box.stored.listened }
    /// Rules that hold for every trigger.
    package var guards: Guards {
        get { box.stored.guards }
        set { update { $0.guards = newValue } }
    }
    /// The longest `within` any trigger or condition uses: how much donation history to keep.
    package var longestWithin: TimeSpan? { box.stored.longestWithin }
    /// The events (or `launch`) that a trigger or condition counts `since: last_ask`, an arm's
    /// too: those whose `since_ask` counters `record` keeps (Semantics §14.1).
    package var sinceAskEvents: [String] { box.stored.sinceAskEvents }
    /// The longest `active_days` window a guard or condition reads, an arm's too, in days: how many
    /// dates of use a state keeps (Semantics §14.2); `nil` when none does.
    package var activeDaysWindow: Int? { box.stored.activeDaysWindow }
    /// Whether a trigger or condition counts `since: last_ask`: read on every donation, without
    /// copying ``sinceAskEvents``.
    package var countsSinceAsk: Bool { !box.stored.sinceAskEvents.isEmpty }

    /// Whether a trigger or condition counts `event` since the last ask: read on every donation,
    /// so a short list is searched (a policy's own strings compare at once), not a set hashed.
    package func countsSinceAsk(_ event: String) -> Bool {
        box.stored.sinceAskEvents.withUnsafeBufferPointer { $0.contains(event) }
    }
    /// Whether the policy renames anything: read on every moment, without copying ``renamed``.
    package var hasRenames: Bool { !box.stored.renamed.isEmpty }
    /// Old names whose history counts as new ones' (`renamed`, Semantics §14.4).
    package var renamed: Renames {
        get { box.stored.renamed }
        set { update { $0.renamed = newValue } }
    }
    /// What the person's answers to the app's pre-prompt do.
    package var responses: ResponseRules {
        get { box.stored.responses }
        set { update { $0.responses = newValue } }
    }
    /// How `record` updates state.
    package var counting: Counting {
        get { box.stored.counting }
        set { update { $0.counting = newValue } }
    }
    /// How an allowed ask is presented.
    public package(set) var presentation: Presentation
    /// The share of people the policy asks, if limited.
    package var rollout: Rollout? {
        get { box.stored.rollout }
        set { update { $0.rollout = newValue } }
    }
    /// What each build channel does to the prompt (`channels`, Semantics §16.1), as written; a
    /// channel left out takes its default (``channelAction(for:)``).
    package var channels: ChannelRules {
        get { box.stored.channels }
        set { update { $0.channels = newValue } }
    }
    /// The experiment its people are split by (Semantics §13), if any: each arm decides with its own
    /// policy, the holdout is never asked.
    package var experiment: Experiment? {
        get { box.stored.experiment }
        set { update { $0.experiment = newValue } }
    }
    /// The warnings the team means, from `lint: {allow: [...]}`: `validate` does not raise them.
    package var allowedWarnings: Set<LintRule> {
        get { box.stored.allowedWarnings }
        set { update { $0.allowedWarnings = newValue } }
    }
    /// Where the policy file starts.
    package var location: SourceLocation {
        get { box.stored.location }
        set { update { $0.location = newValue } }
    }
    /// The SHA-256 of the policy's canonical form (`sha256:` and 64 hex digits), which names this
    /// exact policy in logs and decision events: a compiled policy's `digest`, or what the caller
    /// worked out from its canonical form's bytes; `nil` when not known.
    public package(set) var digest: String?

    /// What `channel` does to the prompt (Semantics §16.1): as written, else its default, which
    /// depends on whether a `system_quota` applies (written, or iOS's for the prompt `review`).
    package func channelAction(for channel: Channel) -> Located<ChannelAction> {
        guard channel != .production else { return Located(.decide, at: nil) }
        return channels.action(for: channel, systemQuota: guards[.systemQuota] != nil)
    }

    /// Whether a trigger listens to `event`: a donation of it is a trigger moment.
    package func listens(to event: String) -> Bool {
        listened.contains(event)
    }

    /// The events the policy reads: those its triggers listen to and those its conditions count,
    /// sorted. A donation of any other event changes nothing the policy looks at.
    package var readEvents: [String] {
        var events = listened
        for trigger in triggers { trigger.when?.forEachEventCount { event, _ in events.insert(event) } }
        if case .when(let condition)? = guards[.when]?.value {
            condition.forEachEventCount { event, _ in events.insert(event) }
        }
        return events.sorted()
    }

    /// The trigger with an id, if the policy has it.
    package func trigger(id: String) -> Trigger? {
        triggerIndex(id: id).map { triggers[$0] }
    }

    /// The index in ``triggers`` of the trigger with an id (the first, for an id written twice).
    package func triggerIndex(id: String) -> Int? {
        positions[id]
    }

    private static func positions(_ triggers: [Trigger]) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (index, trigger) in triggers.enumerated() where positions[trigger.id] == nil {
            positions[trigger.id] = index
        }
        return positions
    }

    /// What to say of a trigger id the policy does not have: a did-you-mean and its triggers.
    package func noTriggerMessage(_ id: String) -> String {
        let known = triggers.map(\.id)
        // The first ten, so that a message stays a line long whatever the policy's size.
        let listed =
            known.prefix(10).map { Quote.prefix($0) }.joined(separator: ", ")
            + (known.count > 10 ? " and \(known.count - 10) more" : "")
        return
            "the policy has no trigger \"\(Quote.prefix(id))\"\(Suggestion.phrase(for: id, in: known)) (its triggers: \(listed))"
    }

    /// Creates a policy; ``longestWithin`` is worked out from its triggers and guards.
    init(
        version: Int, name: String, description: String?, enabled: Located<Bool>, app: AppSettings, triggers: [Trigger],
        guards: Guards, responses: ResponseRules, counting: Counting, presentation: Presentation, rollout: Rollout?,
        allowedWarnings: Set<LintRule> = [], location: SourceLocation
    ) {
        self.name = name
        self.description = description
        self.presentation = presentation
        box = Box(
            Stored(
                version: version, enabled: enabled, app: app, triggers: triggers, guards: guards, responses: responses,
                counting: counting, rollout: rollout, allowedWarnings: allowedWarnings, location: location))
    }

    /// The longest `within` of the triggers and guards, and of every arm of `experiment`, whose
    /// overrides may count over longer windows: the times a state keeps serve them all.
    private static func longestWithin(_ triggers: [Trigger], _ guards: Guards, _ experiment: Experiment?)
        -> TimeSpan?
    {
        var longest: TimeSpan?
        for arm in experiment?.arms ?? [] where arm.overrides {
            if let span = arm.policy.longestWithin, span > (longest ?? TimeSpan(nanoseconds: 0)) { longest = span }
        }
        func consider(_ span: TimeSpan?) {
            if let span, span > (longest ?? TimeSpan(nanoseconds: 0)) { longest = span }
        }
        for trigger in triggers {
            consider(trigger.within?.value)
            trigger.when?.forEachEventWindow(consider)
        }
        if case .when(let condition)? = guards[.when]?.value { condition.forEachEventWindow(consider) }
        return longest
    }

    /// The longest `active_days` window of the guards and conditions, and of every arm of
    /// `experiment`.
    private static func activeDaysWindow(_ triggers: [Trigger], _ guards: Guards, _ experiment: Experiment?) -> Int? {
        var longest: Int?
        func consider(_ days: Int?) {
            if let days, days > (longest ?? 0) { longest = days }
        }
        for arm in experiment?.arms ?? [] where arm.overrides { consider(arm.policy.activeDaysWindow) }
        if case .activeDays(let rule)? = guards[.activeDays]?.value { consider(rule.withinDays) }
        var conditions = triggers.compactMap(\.when)
        if case .when(let condition)? = guards[.when]?.value { conditions.append(condition) }
        for leaf in conditions.flatMap(\.nested) {
            if case .activeDays(_, let days) = leaf.test { consider(days) }
        }
        return longest
    }

    /// The events that the triggers and guards, and every arm of `experiment`, count `since:
    /// last_ask`, each once, in order: a short list, searched on every donation.
    private static func sinceAskEvents(_ triggers: [Trigger], _ guards: Guards, _ experiment: Experiment?)
        -> [String]
    {
        var events: Set<String> = []
        for arm in experiment?.arms ?? [] where arm.overrides { events.formUnion(arm.policy.sinceAskEvents) }
        var conditions = triggers.compactMap(\.when)
        if case .when(let condition)? = guards[.when]?.value { conditions.append(condition) }
        for trigger in triggers where trigger.since != nil { events.insert(trigger.event) }
        for leaf in conditions.flatMap(\.nested) {
            if case .event(let event, _, _, true) = leaf.test { events.insert(event) }
        }
        return events.sorted()
    }

    /// The settings a policy holds, but for the few an app reads (``name``, ``digest`` and the like,
    /// kept in the policy itself). A policy keeps them behind one reference, so that a value that
    /// holds a policy (a budget's prompt, an experiment's arm, a recording, a loaded result)
    /// copies one pointer and not twenty fields: the code that copied them field by field was a
    /// tenth of what an app links (issue 37).
    private struct Stored: Sendable {
        /// The language version, `1`.
        var version: Int
        /// Where `prompt` is written, if it is.
        var promptLocation: SourceLocation?
        /// The kill switch: `false` blocks every moment.
        var enabled: Located<Bool>
        /// The oldest app and library the policy runs in.
        var requires: Requirements = .none
        /// The keys written that a release after the first reads, each where it is written.
        var newerKeys: [(path: String, location: SourceLocation?)] = []
        /// The app: store id, which version string counts, platform.
        var app: AppSettings
        /// The moments that may ask, in file order.
        var triggers: [Trigger] {
            didSet {
                longestWithin = Policy.longestWithin(triggers, guards, experiment)
                sinceAskEvents = Policy.sinceAskEvents(triggers, guards, experiment)
                activeDaysWindow = Policy.activeDaysWindow(triggers, guards, experiment)
                positions = Policy.positions(triggers)
                listened = Set(triggers.map(\.event))
            }
        }
        /// Each trigger's index by id (the first, for an id written twice), so that a look-up by id
        /// takes constant time however many triggers a policy has.
        var positions: [String: Int]
        /// The events the triggers listen to.
        var listened: Set<String>
        /// Rules that hold for every trigger.
        var guards: Guards {
            didSet {
                longestWithin = Policy.longestWithin(triggers, guards, experiment)
                sinceAskEvents = Policy.sinceAskEvents(triggers, guards, experiment)
                activeDaysWindow = Policy.activeDaysWindow(triggers, guards, experiment)
            }
        }
        /// The longest `within` any trigger or condition uses: how much donation history to keep.
        var longestWithin: TimeSpan?
        /// The events counted `since: last_ask`: whose `since_ask` counters a state keeps.
        var sinceAskEvents: [String]
        /// The longest `active_days` window read, in days.
        var activeDaysWindow: Int?
        /// What the person's answers to the app's pre-prompt do.
        var responses: ResponseRules
        /// Old names whose history counts as new ones'.
        var renamed: Renames = .none
        /// How `record` updates state.
        var counting: Counting
        /// The share of people the policy asks, if limited.
        var rollout: Rollout?
        /// What each build channel does to the prompt, as written.
        var channels: ChannelRules = .none
        /// The experiment its people are split by (Semantics §13), if any: each arm decides with its own
        /// policy, the holdout is never asked.
        var experiment: Experiment? {
            didSet {
                longestWithin = Policy.longestWithin(triggers, guards, experiment)
                sinceAskEvents = Policy.sinceAskEvents(triggers, guards, experiment)
                activeDaysWindow = Policy.activeDaysWindow(triggers, guards, experiment)
            }
        }
        /// The warnings the team means, from `lint: {allow: [...]}`: `validate` does not raise them.
        var allowedWarnings: Set<LintRule>
        /// Where the policy file starts.
        var location: SourceLocation

        /// The settings of a new policy; ``longestWithin`` is worked out from its triggers and guards.
        init(
            version: Int, enabled: Located<Bool>, app: AppSettings, triggers: [Trigger], guards: Guards,
            responses: ResponseRules, counting: Counting, rollout: Rollout?, allowedWarnings: Set<LintRule>,
            location: SourceLocation
        ) {
            self.version = version
            self.enabled = enabled
            self.app = app
            self.triggers = triggers
            self.positions = Policy.positions(triggers)
            self.listened = Set(triggers.map(\.event))
            self.guards = guards
            self.longestWithin = Policy.longestWithin(triggers, guards, nil)
            self.sinceAskEvents = Policy.sinceAskEvents(triggers, guards, nil)
            self.activeDaysWindow = Policy.activeDaysWindow(triggers, guards, nil)
            self.responses = responses
            self.counting = counting
            self.rollout = rollout
            self.allowedWarnings = allowedWarnings
            self.location = location
        }
    }

    /// The one reference to a policy's settings, never changed: a change makes a new one (a
    /// policy is still a value). Its settings are a `let`, so that reading them takes no
    /// exclusivity check and no copy: a policy is read at every moment and changed only while it
    /// is decoded.
    private final class Box: Sendable {
        let stored: Stored

        init(_ stored: Stored) {
            self.stored = stored
        }
    }

    /// Changes the settings: in a new box, which this policy alone holds.
    private mutating func update(_ change: (inout Stored) -> Void) {
        var stored = box.stored
        change(&stored)
        box = Box(stored)
    }
}

/// The `app` mapping.
@_spi(ReviewGateTools) public struct AppSettings: Sendable {
    /// The App Store id (digits), used to build the iOS write-review link.
    package var storeID: Located<String>?
    /// The Android application id (`com.example.app`), used to build the Play Store link.
    package var package: Located<String>?
    /// Which version string identifies a version for `once_per_version` and `app_version`.
    @_spi(ReviewGateTools) public var versionKey: VersionKey
    /// The platform, which sets the default OS quota.
    package var platform: Platform
}

/// Which version string counts: the marketing one or the build number.
@_spi(ReviewGateTools) public enum VersionKey: String, Sendable, CaseIterable {
    /// CFBundleShortVersionString / versionName.
    case short
    /// CFBundleVersion / versionCode.
    case build

    /// The version's short name in explanations: `version` or `build`.
    public var name: String {
        switch self {
        case .short: "version"
        case .build: "build"
        }
    }

    /// The version's full name in advice: `marketing version` or `build`.
    @_spi(ReviewGateTools) public var fullName: String {
        switch self {
        case .short: "marketing version"
        case .build: "build"
        }
    }
}

/// The app's platform.
package enum Platform: String, Sendable, CaseIterable {
    /// iOS, iPadOS, macOS, visionOS: StoreKit's 3-in-365-days quota applies.
    case ios
    /// Android: Play's quota is unpublished, so none is modelled by default.
    case android
}

/// How an allowed ask is presented.
public struct Presentation: Sendable {
    /// How long the app waits before asking.
    public var delay: TimeSpan
    /// Whether the app asks only if the person is still on the moment's scene after the delay.
    public var requireSameScene: Bool
}

/// `counting`: how `record` changes state.
package struct Counting: Sendable {
    /// Whether a donation blocked by a guard still counts (Treaty: `false`).
    package var whileBlocked: Bool
    /// Whether event counts and launches start again from 0 when the app version changes.
    package var resetOnNewVersion: Bool
    /// Where `reset_on_new_version` is written, when it is.
    package var resetOnNewVersionLocation: SourceLocation? = nil
}

/// `rollout`: asks only a stable share of people.
package struct Rollout: Sendable {
    /// The share in percent, 0–100, decimals allowed.
    package var percent: Double
    /// The buckets below this one (of 0–9999) are in: `percent × 100` rounded up, worked out from
    /// the decimal as written, so that `1.1` is 110 on every platform and not 110.00000000000001.
    package var bucketLimit: Int
    /// The hash salt; the policy's name unless set.
    package var salt: String
    /// The hash version that buckets people: `v1` unless set (Semantics §13 *Hash versions*).
    package var hash: HashVersion = .v1
    /// Where `hash` is written, when it is.
    package var hashLocation: SourceLocation? = nil
    /// Where `rollout` is written.
    package var location: SourceLocation

    /// The bucket of the person `userID`, 0–9999, under this rollout's salt and hash.
    package func bucket(of userID: String) -> Int {
        RolloutBucket.bucket(salt: salt, userID: userID, hash: hash)
    }
}
