/// The rules that hold for every trigger (`guards`), each with where it is written.
public struct Guards: Sendable {
    /// The moment sources that may never ask. Default `[launch, user_action]` (the HIG).
    public var neverOn: Located<[MomentSource]>
    /// The app must be installed at least this long.
    public var minInstallAge: Located<TimeSpan>?
    /// The app must have been launched at least this often.
    public var minLaunches: Located<Int>?
    /// The session must be at least this old.
    public var minSessionAge: Located<TimeSpan>?
    /// The current version must have been seen at least this long.
    public var minVersionAge: Located<TimeSpan>?
    /// The last ask must be at least this long ago.
    public var cooldown: Located<TimeSpan>?
    /// At most one ask per app version (by ``AppSettings/versionKey``).
    public var oncePerVersion: Located<Bool>?
    /// Fewer than `count` asks per window (or lifetime).
    public var maxAsks: Located<AskLimit>?
    /// The OS's own quota; `nil` when off. iOS default 3 per 365d.
    public var systemQuota: Located<AskLimit>?
    /// A condition that must hold.
    public var when: Located<Condition>?
}

/// At most `count` asks within `per` (or in a lifetime, when `per` is `nil`).
public struct AskLimit: Sendable, Hashable {
    /// The number of asks allowed in the window; the next one is refused.
    public var count: Int
    /// The window, or `nil` for a lifetime.
    public var per: TimeSpan?

    /// Creates a limit.
    public init(count: Int, per: TimeSpan?) {
        self.count = count
        self.per = per
    }

    /// StoreKit's quota: 3 prompts in 365 days.
    public static let storeKit = AskLimit(count: 3, per: TimeSpan(seconds: 365 * 86_400))
}

/// `responses`: what the person's answers to the app's pre-prompt do.
public struct ResponseRules: Sendable {
    /// After `rated`: never ask again, or not before the next version.
    public var afterRated: Located<ResponseRule>
    /// After `declined`: never, next version, or after a while.
    public var afterDeclined: Located<ResponseRule>
    /// After `later`: after a while.
    public var afterLater: Located<ResponseRule>

    /// The rule for a kind of response.
    public func rule(for kind: ResponseKind) -> Located<ResponseRule> {
        switch kind {
        case .rated: afterRated
        case .declined: afterDeclined
        case .later: afterLater
        }
    }
}

/// What one kind of response does.
public enum ResponseRule: Sendable, Hashable {
    /// Never ask again.
    case never
    /// Not again in the version it was given in.
    case nextVersion
    /// Not for this long after it was given.
    case wait(TimeSpan)
}
