@_spi(ReviewGateTools) import ReviewGate

/// Warnings: a policy that works but that a reviewer would flag, each raised by a ``LintRule``
/// unless the policy allows it (`lint: {allow: [...]}`).
enum PolicyLint {
    /// The warnings for a policy. For one that also has errors (`complete` false), the warnings
    /// that a missing part could cause are left out. A compiled policy (`compiled`) is not told
    /// `hash_v1`: its form never writes `hash: v1`, which silences it in the YAML.
    static func warnings(for policy: Policy, complete: Bool = true, compiled: Bool = false) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        // Per rule, the first ten: one per trigger would be as many as the triggers.
        var raised: [LintRule: Int] = [:]
        func warn(_ rule: LintRule, _ message: @autoclosure () -> String, at location: SourceLocation?) {
            guard !policy.allowedWarnings.contains(rule) else { return }
            raised[rule, default: 0] += 1
            guard raised[rule]! <= 10 else { return }
            warnings.append(.warning(message(), at: location ?? policy.location, rule: rule))
        }
        func warnNewer(_ newer: Policy.NewerSetting, required: AppVersionNumber) {
            // A key an older release does not know is an unknown key to it; a value it does not know
            // (a list of waits) is an invalid one.
            let refusal = newer.isKey ? "invalid (an unknown key)" : "invalid"
            warn(
                .newerKey,
                "\(newer.setting) is read from reviewgate \(newer.release) on, and requires.library_version lets reviewgate \(required) take this policy: it would refuse it as \(refusal), not as too new; require \(newer.release)",
                at: newer.location)
        }
        let guards = policy.guards
        let launchTriggers = policy.triggers.filter { $0.event == Trigger.launchEvent }

        if !policy.enabled.value {
            warn(
                .killSwitchOff, "the kill switch is off (enabled: false): every moment is blocked",
                at: policy.enabled.location)
        }
        for rule in guards.rules {
            switch rule.value {
            case .neverOn(let sources):
                let anchor = rule.location ?? policy.location
                if Set(sources) == Set(MomentSource.allCases) {
                    warn(
                        .neverAsks,
                        "never_on lists every source (\(sources.map(\.rawValue).joined(separator: ", "))): this policy can never ask",
                        at: anchor)
                }
                if !sources.contains(.launch) {
                    warn(
                        .askAtLaunch,
                        "this policy may ask at launch: Apple's HIG advises against asking when the app opens; list launch in never_on, or allow ask_at_launch under lint if that is what you mean",
                        at: anchor)
                }
                if !sources.contains(.userAction) {
                    warn(
                        .askFromButton,
                        "this policy may ask from a button (source user_action): the system may show nothing, so a button that asks can do nothing; link to the write-review page instead",
                        at: anchor)
                }
                if sources.contains(.launch) {
                    for trigger in launchTriggers {
                        warn(
                            .launchTriggerBlocked,
                            "trigger \"\(trigger.id)\" listens to launch, but never_on blocks moments from launch: it can never allow",
                            at: trigger.location)
                    }
                }
            case .minSessionAge(let span) where span.nanoseconds > 0:
                for trigger in launchTriggers {
                    warn(
                        .sessionAgeAtLaunch,
                        "trigger \"\(trigger.id)\" listens to launch, which starts the session: min_session_age \(span) can never pass at it",
                        at: rule.location)
                }
            case .systemQuota(let quota) where policy.app.platform == .ios && rule.location != nil:
                let most = quota.mostAsks(in: AskLimit.storeKit.per!)
                if most.map({ $0 > AskLimit.storeKit.count }) ?? true {
                    let window = quota.per.map { " per \($0)" } ?? " in all"
                    let allows = most.map { "up to \($0) asks in 365 days" } ?? "any number of asks in 365 days"
                    warn(
                        .quotaAboveOS,
                        "iOS shows the prompt at most 3 times in 365 days; system_quota \(quota.count)\(window) allows \(allows), and the OS drops the rest silently",
                        at: rule.location)
                }
            case .when(let condition) where condition.neverHolds:
                warn(.neverAsks, "this guard's condition can never hold: this policy can never ask", at: rule.location)
            case .maxAsks(let cap):
                // The quota reaches any window of `per` first when it allows no more asks in a
                // window at least as long (Semantics §14.5); a lifetime cap can still block.
                guard case .systemQuota(let quota)? = guards[.systemQuota]?.value, let per = cap.per,
                    let quotaPer = quota.per, cap.count >= quota.count, per <= quotaPer
                else { continue }
                warn(
                    .capAboveQuota,
                    "max_asks \(cap.count) per \(per) can never block: the OS quota (system_quota \(quota.count) per \(quotaPer)) refuses an ask first; lower max_asks, give it a longer per, or remove it",
                    at: rule.location)
            // A guard has a lint only where a setting of it can never work; a new guard needs none.
            default: continue
            }
        }
        if complete, guards[.cooldown] == nil, guards[.oncePerVersion] == nil, guards[.maxAsks] == nil,
            guards[.systemQuota] == nil
        {
            warn(
                .noLimit,
                "nothing limits how often this policy asks: add a cooldown, once_per_version or max_asks (system_quota is off)",
                at: guards.location)
        } else if complete, !guards.spaceAsksApart, raised[.neverAsks] == nil {
            // The OS's quota is the review prompt's only: another prompt of a budget has none.
            let quota =
                policy.app.platform == .ios && policy.prompt == Ask.review
                ? " and spend iOS's whole quota of 3 a year" : ""
            warn(
                .noSpacing,
                "nothing spaces asks a day apart: with no cooldown of a day or more, once_per_version or max_asks of 1, this policy may ask several times in one evening\(quota); add a cooldown (cooldown: 30d)",
                at: guards.location)
        }
        if policy.app.platform == .android, let storeID = policy.app.storeID {
            warn(
                .storeLinkUnused,
                "store_id builds the App Store's write-review link, which an android policy does not have: set app.package for the Play Store's",
                at: storeID.location)
        }
        if policy.app.platform == .ios, let package = policy.app.package {
            warn(
                .storeLinkUnused,
                "package builds the Play Store's link, which an ios policy does not use: set app.store_id for the App Store's",
                at: package.location)
        }
        if let rollout = policy.rollout, rollout.percent == 0 {
            warn(.rolloutNone, "rollout percent 0 asks no one", at: rollout.location)
        }
        if let experiment = policy.experiment {
            for arm in experiment.arms where arm.changesNothing {
                warn(
                    .armUnchanged,
                    "arm \(arm.name)'s override changes nothing: it decides as the policy does, another control",
                    at: arm.location)
            }
            if experiment.hashLocation == nil, !compiled {
                warn(
                    .hashV1,
                    "experiment \(experiment.name) has no hash, so it assigns with hash v1, which splits sequential ids (u1, u2, …) less evenly than chance: for a new experiment write hash: v2; for one already running, write hash: v1, which moves no one",
                    at: experiment.location)
            }
            if experiment.holdoutLimit >= 10_000 {
                warn(
                    .holdoutAll,
                    "holdout 100 holds everyone out of \(experiment.name): the policy asks no one",
                    at: experiment.location)
            }
        }
        // A key a later release reads, the newest first (as 0.5 warned: experiment, then prompt).
        if let required = policy.requires.libraryVersion {
            for newer in policy.newerKeys(readBy: required.value) { warnNewer(newer, required: required.value) }
        }
        if policy.hasRenames {
            let read = Set(policy.readEvents)
            for (old, new) in policy.renamed.events.sorted(by: { $0.key < $1.key }) where !read.contains(new) {
                warn(
                    .renamedUnread,
                    "\(old) is renamed to \(new), which no trigger or condition of this policy reads: its history counts for nothing here",
                    at: policy.renamed.locations["events.\(old)"])
            }
        }
        if let written = policy.channels.written[.testFlight], written.value == .decide,
            guards[.systemQuota] != nil
        {
            warn(
                .channelDecideTestflight,
                "testflight: decide asks TestFlight builds as the App Store's, but TestFlight never shows the review dialog: each ask is recorded, spends the quota's count and is never seen; block (the default) keeps TestFlight from asking",
                at: written.location)
        }
        for trigger in policy.triggers where trigger.since != nil {
            guard case .exactly(let n) = trigger.count.value else { continue }
            warn(
                .exactSinceStalls,
                "trigger \"\(trigger.id)\" passes on exactly \(n) \(trigger.event) since the last ask: a moment that reaches it without an ask (blocked by a guard, outranked, or not presented) stalls it until the next ask; at_least \(n) asks at the next moment instead",
                at: trigger.count.location ?? trigger.location)
        }
        // Semantics §14's rules in their own words, after the other warnings (the keys come first).
        if let required = policy.requires.libraryVersion {
            for newer in policy.handWrittenRules where required.value < newer.release {
                warnNewer(newer, required: required.value)
            }
        }
        return warnings
    }
}

extension Policy {
    /// A setting of the policy that a release after the first reads, with the release from the
    /// language catalogue (``LanguageCatalogue``): `prompt` (Semantics §12), `experiment` (Semantics §13),
    /// and the rules of Semantics §14, each with where it is.
    struct NewerSetting {
        /// The setting in the policy language's words: `a list of cooldowns`.
        var setting: String
        /// Where it is written.
        var location: SourceLocation?
        /// The release that first reads it.
        var release: AppVersionNumber
        /// Whether an older release reads it as a key it does not know (rather than a value).
        var isKey: Bool
        /// The language catalogue's path of the key it is (of).
        var path: String
    }

    /// The keys written that `release` does not read, the outermost of each, in the order
    /// `newer_key` warns of them: the newest release first, then as written. The rules of
    /// Semantics §14 are ``handWrittenRules``, in their own words.
    func newerKeys(readBy release: AppVersionNumber) -> [NewerSetting] {
        var settings: [NewerSetting] = []
        for (path, location) in newerKeys where !Self.wordedPaths.contains(path) {
            guard let key = LanguageCatalogue.key(.policy, path), release < key.since,
                (LanguageCatalogue.parent(of: key)?.since ?? LanguageCatalogue.firstRelease) <= release
            else { continue }
            settings.append(.init(key: key.name, at: location, path: path))
        }
        return settings.enumerated().sorted { a, b in
            a.element.release != b.element.release ? a.element.release > b.element.release : a.offset < b.offset
        }.map(\.element)
    }

    /// The keys ``handWrittenRules`` words itself (`since: last_ask`, not `since`), whether or not
    /// a policy's value makes it a rule of Semantics §14 (`renamed: {}` renames nothing).
    static let wordedPaths: Set<String> = [
        "/triggers/*/since", "/when/event/since", "/renamed", "/when/active_days", "/guards/active_days",
    ]

    /// The settings of Semantics §14 the policy uses, in the words `newer_key` names them.
    var handWrittenRules: [NewerSetting] {
        var settings: [NewerSetting] = []
        if case .cooldown(let waits)? = guards[.cooldown]?.value, waits.isList {
            settings.append(
                .init(list: "a list of cooldowns", at: guards[.cooldown]?.location, path: "/guards/cooldown"))
        }
        for kind in [ResponseKind.declined, .later] where responses.rule(for: kind).value.isList {
            settings.append(
                .init(
                    list: "a list for after_\(kind.rawValue)", at: responses.rule(for: kind).location,
                    path: "/responses/after_\(kind.rawValue)"))
        }
        for trigger in triggers where trigger.since != nil {
            settings.append(.init(value: "since: last_ask", at: trigger.since?.location, path: "/triggers/*/since"))
        }
        if hasRenames {
            let first = renamed.locations.values.min { ($0.line, $0.column) < ($1.line, $1.column) }
            settings.append(.init(value: "renamed", at: first, path: "/renamed"))
        }
        var conditions: [Condition] = triggers.compactMap(\.when)
        if case .when(let condition)? = guards[.when]?.value { conditions.append(condition) }
        for leaf in conditions.flatMap(\.nested) {
            if case .event(_, _, _, true) = leaf.test {
                settings.append(.init(value: "since: last_ask", at: leaf.location, path: "/when/event/since"))
            }
            if case .activeDays = leaf.test {
                settings.append(.init(value: "active_days", at: leaf.location, path: "/when/active_days"))
            }
        }
        if guards[.activeDays] != nil {
            settings.append(.init(value: "active_days", at: guards[.activeDays]?.location, path: "/guards/active_days"))
        }
        return settings
    }
}

extension Policy.NewerSetting {
    /// A key an older release does not know (`prompt`, `experiment`): it refuses the policy as
    /// having an unknown key.
    init(key: String, at location: SourceLocation?, path: String) {
        self.init(
            setting: key, location: location, release: LanguageCatalogue.since(.policy, path), isKey: true, path: path)
    }

    /// A setting of Semantics §14 at `path`, from the release that reads the key.
    init(value setting: String, at location: SourceLocation?, path: String) {
        self.init(
            setting: setting, location: location, release: LanguageCatalogue.since(.policy, path), isKey: false,
            path: path)
    }

    /// A list for the key at `path` (Semantics §14.3), from the release that reads its lists.
    init(list setting: String, at location: SourceLocation?, path: String) {
        self.init(
            setting: setting, location: location, release: LanguageCatalogue.listSince(.policy, path), isKey: false,
            path: path)
    }
}

extension Guards {
    /// Whether a guard keeps two asks at least a day apart: a cooldown of a day or more,
    /// `once_per_version`, or a `max_asks` or `system_quota` of one per a day or more.
    /// The OS's quota does not: it lets its three asks come one after another.
    var spaceAsksApart: Bool {
        let day = TimeSpan(seconds: 86_400)
        func spaces(_ limit: AskLimit) -> Bool { limit.count <= 1 && (limit.per.map { $0 >= day } ?? true) }
        if case .cooldown(let waits)? = self[.cooldown]?.value, waits.entries.allSatisfy({ $0 >= day }) {
            return true
        }
        if self[.oncePerVersion] != nil { return true }
        if case .maxAsks(let limit)? = self[.maxAsks]?.value, spaces(limit) { return true }
        if case .systemQuota(let limit)? = self[.systemQuota]?.value, spaces(limit) { return true }
        return false
    }
}

extension AskLimit {
    /// The most asks the limit lets through in a window of `span`, or `nil` when there is no bound
    /// (a lifetime limit bounds it by its count).
    func mostAsks(in span: TimeSpan) -> Int? {
        guard let per else { return count }
        guard per.nanoseconds > 0 else { return nil }
        // Asks at 0, per, 2·per, … all fall in one window of `span`: ⌈span / per⌉ bursts of `count`.
        let bursts = (span.nanoseconds + per.nanoseconds - 1) / per.nanoseconds
        let (most, overflow) = Int(bursts).multipliedReportingOverflow(by: count)
        return overflow ? nil : most
    }
}

extension Condition {
    /// Whether the condition can never hold whatever the state: `any: []`, `not: {all: []}`, or
    /// made of such parts.
    var neverHolds: Bool {
        switch test {
        case .all(let parts): parts.contains(where: \.neverHolds)
        case .any(let parts): parts.allSatisfy(\.neverHolds)
        case .not(let inner): inner.alwaysHolds
        default: false
        }
    }

    /// Whether the condition holds whatever the state: `all: []`, `not: {any: []}`, or made of such parts.
    var alwaysHolds: Bool {
        switch test {
        case .all(let parts): parts.allSatisfy(\.alwaysHolds)
        case .any(let parts): parts.contains(where: \.alwaysHolds)
        case .not(let inner): inner.neverHolds
        default: false
        }
    }
}
