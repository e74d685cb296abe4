/// One rule of `guards`: a check that holds for every trigger, with its setting.
///
/// Adding a guard is a case here and in ``Key``; the compiler then points at everything that
/// must know it (decoding, evaluation, explanation, hints, lint), since each switches over it.
package enum Guard: Sendable {
    /// The moment sources that may never ask. Default `[launch, user_action]` (the HIG).
    case neverOn([MomentSource])
    /// The app must be installed at least this long.
    case minInstallAge(TimeSpan)
    /// The app must have been launched at least this often.
    case minLaunches(Int)
    /// The app must have been used (launched) on at least `count` distinct local dates among the
    /// last `withinDays` (Semantics §14.2).
    case activeDays(ActiveDays)
    /// The session must be at least this old.
    case minSessionAge(TimeSpan)
    /// The current version must have been seen at least this long.
    case minVersionAge(TimeSpan)
    /// The last ask must be at least this long ago: after the k-th ask of the prompt, the list's
    /// k-th wait, past the list its last (Semantics §14.3).
    case cooldown(WaitList<TimeSpan>)
    /// At most one ask per app version (by ``AppSettings/versionKey``); present only when `true`.
    case oncePerVersion
    /// Fewer than `count` asks per window (or lifetime).
    case maxAsks(AskLimit)
    /// The OS's own quota; absent when `false`. iOS default 3 per 365d.
    case systemQuota(AskLimit)
    /// A condition that must hold.
    case when(Condition)

    /// A guard's key under `guards`, its id in decisions; the cases are in the order guards are
    /// evaluated (Semantics §2's table).
    package enum Key: String, Sendable, Hashable, CaseIterable {
        /// `never_on`.
        case neverOn = "never_on"
        /// `min_install_age`.
        case minInstallAge = "min_install_age"
        /// `min_launches`.
        case minLaunches = "min_launches"
        /// `active_days`.
        case activeDays = "active_days"
        /// `min_session_age`.
        case minSessionAge = "min_session_age"
        /// `min_version_age`.
        case minVersionAge = "min_version_age"
        /// `cooldown`.
        case cooldown
        /// `once_per_version`.
        case oncePerVersion = "once_per_version"
        /// `max_asks`.
        case maxAsks = "max_asks"
        /// `system_quota`.
        case systemQuota = "system_quota"
        /// `when`.
        case when
    }

    /// This guard's key.
    package var key: Key {
        switch self {
        case .neverOn: .neverOn
        case .minInstallAge: .minInstallAge
        case .minLaunches: .minLaunches
        case .activeDays: .activeDays
        case .minSessionAge: .minSessionAge
        case .minVersionAge: .minVersionAge
        case .cooldown: .cooldown
        case .oncePerVersion: .oncePerVersion
        case .maxAsks: .maxAsks
        case .systemQuota: .systemQuota
        case .when: .when
        }
    }
}

/// The guards in force (`guards` with its defaults), in evaluation order.
package struct Guards: Sendable {
    /// Each guard in force with where the policy sets it (`nil` for a default), in the order of
    /// ``Guard/Key``'s cases.
    package var rules: [Located<Guard>]
    /// Where the policy's `guards:` key is, when it has one: warnings about the guards as a whole
    /// (nothing spaces asks apart) point there.
    package var location: SourceLocation?

    /// Creates guards, putting them in evaluation order.
    package init(_ rules: [Located<Guard>], at location: SourceLocation? = nil) {
        let order = Guard.Key.allCases
        self.rules = rules.sorted { order.firstIndex(of: $0.value.key)! < order.firstIndex(of: $1.value.key)! }
        self.location = location
    }

    /// The guard with a key, if it is in force.
    package subscript(key: Guard.Key) -> Located<Guard>? {
        rules.first { $0.value.key == key }
    }

    /// The sources `never_on` lists (every policy has it: by default `[launch, user_action]`).
    package var neverOn: [MomentSource] {
        if case .neverOn(let sources)? = self[.neverOn]?.value { return sources }
        return []
    }
}

/// Days of use (Semantics §14.2): at least `count` distinct local dates with a launch among the last
/// `withinDays` dates, today included.
package struct ActiveDays: Sendable, Hashable {
    /// How many days of use.
    package var count: Int
    /// The window, in days: the dates ending with the moment's own.
    package var withinDays: Int

    /// Creates a rule.
    package init(count: Int, withinDays: Int) {
        self.count = count
        self.withinDays = withinDays
    }

    /// The longest window a policy may read: a leap year.
    package static let longestWindow = 366
}

/// At most `count` asks within `per` (or in a lifetime, when `per` is `nil`).
package struct AskLimit: Sendable, Hashable {
    /// The number of asks allowed in the window; the next one is refused.
    package var count: Int
    /// The window, or `nil` for a lifetime.
    package var per: TimeSpan?

    /// Creates a limit.
    package init(count: Int, per: TimeSpan?) {
        self.count = count
        self.per = per
    }

    /// StoreKit's quota: 3 prompts in 365 days.
    package static let storeKit = AskLimit(count: 3, per: TimeSpan(seconds: 365 * 86_400))
}

/// `responses`: what the person's answers to the app's pre-prompt do.
package struct ResponseRules: Sendable {
    /// After `rated`: never ask again, or not before the next version.
    package var afterRated: Located<WaitList<ResponseRule>>
    /// After `declined`: never, next version, or after a while; a list grows with declines in a
    /// row (Semantics §14.3).
    package var afterDeclined: Located<WaitList<ResponseRule>>
    /// After `later`: after a while; a list grows with laters in a row.
    package var afterLater: Located<WaitList<ResponseRule>>

    /// The rules for a kind of response.
    package func rule(for kind: ResponseKind) -> Located<WaitList<ResponseRule>> {
        switch kind {
        case .rated: afterRated
        case .declined: afterDeclined
        case .later: afterLater
        }
    }

    /// The rule that applied to an answer of `kind`: the list's entry a check names, else the
    /// single value (or a list's first).
    package func applied(_ kind: ResponseKind, entry: AppliedEntry?) -> ResponseRule {
        let entries = rule(for: kind).value.entries
        return entries[min(entry?.index ?? 0, entries.count - 1)]
    }
}

/// What one kind of response does.
package enum ResponseRule: Sendable, Hashable {
    /// Never ask again.
    case never
    /// Not again in the version it was given in.
    case nextVersion
    /// Not for this long after it was given.
    case wait(TimeSpan)

    /// The rule as a policy writes it: `never`, `next_version`, `30d`.
    package var text: String {
        switch self {
        case .never: "never"
        case .nextVersion: "next_version"
        case .wait(let span): span.description
        }
    }
}
