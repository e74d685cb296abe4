/// What the app knows about one person on one device (Semantics §3): the input of every decision,
/// and what `record` updates.
public struct ReviewState: Sendable, Hashable {
    /// The library version that last wrote the state file (`0.6.0`), which decides whether a key
    /// it holds that this library does not know is a newer library's or damage (Semantics §11).
    public var writtenBy: String?
    /// A stable pseudonymous id; rollout needs it.
    public var userID: String?
    /// This device's random id, set the first time the person's record is made or merged
    /// (Semantics §16.5); until then `nil`, and every ask and answer is this device's.
    public var deviceID: String?
    /// When the app was installed (first opened).
    public var installedAt: Timestamp
    /// When the current session started, if known.
    public var sessionStartedAt: Timestamp?
    /// How often the app has been launched.
    public var launches: Int
    /// The most recent launch times, oldest first, as many as a `within` on `launch` needs.
    public var launchTimes: [Timestamp] = []
    /// The distinct local dates with a launch, ascending, kept for the longest `active_days` window
    /// a policy reads (Semantics §14.2).
    public var activeDays: [LocalDate] = []
    /// Launches since each prompt's last ask, by prompt, kept for a policy that counts launches
    /// `since: last_ask` (Semantics §14.1; `launches.since_ask`).
    public var launchesSinceAsk: [String: Int] = [:]
    /// The app's current version strings.
    public var app: AppVersion
    /// When the current version was first seen; `installedAt` when unset.
    public var versionFirstSeenAt: Timestamp?
    /// Each event's count and its most recent donation times.
    public var events: [String: EventHistory]
    /// Every ask, oldest first.
    public var asks: [Ask]
    /// Every answer to the app's own pre-prompt or review link, oldest first.
    public var responses: [Response]
    /// The prompts granted and not yet shown or released (Semantics §11, §12), oldest first.
    public var leases: [Lease] = []
    /// The person's arm in each experiment they were exposed to, by the experiment's name (Semantics §13).
    public var experiments: [String: ExperimentExposure] = [:]
    /// Boolean flags the app sets (`crashed_recently`).
    public var flags: [String: Bool]
    /// Scalars the app sets (`plan: pro`).
    public var attributes: [String: AttributeValue]

    /// Creates a state; everything but the install time and version may be left out.
    public init(
        userID: String? = nil, installedAt: Timestamp, sessionStartedAt: Timestamp? = nil, launches: Int = 0,
        app: AppVersion, versionFirstSeenAt: Timestamp? = nil, events: [String: EventHistory] = [:],
        asks: [Ask] = [], responses: [Response] = [], flags: [String: Bool] = [:],
        attributes: [String: AttributeValue] = [:]
    ) {
        self.userID = userID
        self.installedAt = installedAt
        self.sessionStartedAt = sessionStartedAt
        self.launches = launches
        self.app = app
        self.versionFirstSeenAt = versionFirstSeenAt
        self.events = events
        self.asks = asks
        self.responses = responses
        self.flags = flags
        self.attributes = attributes
    }

    /// The fields of one plain value, in the order a state file writes them: the state's writer
    /// and reader handle each alike (``PlainField``), and the tests' full state sets each.
    package static let plainFields: [PlainField] = [
        .version("written_by", \.writtenBy),
        .text("user_id", \.userID),
        .text("device_id", \.deviceID),
        .time("session_started_at", \.sessionStartedAt),
        .time("version_first_seen_at", \.versionFirstSeenAt),
    ]

    /// The plain field of a state file's key, if it is one.
    package static func plainField(_ key: String) -> PlainField? {
        plainFields.first { $0.key == key }
    }

    /// Whether an ask happened on this device: one without a device was recorded here before
    /// the state had an id (Semantics §16.5).
    package func isOnThisDevice(_ ask: Ask) -> Bool { isThisDevice(ask.device) }

    /// The asks made on this device (Semantics §16.5): every ask while the state has no device id.
    package var asksOnThisDevice: [Ask] { deviceID == nil ? asks : asks.filter(isOnThisDevice) }

    /// Whether an ask's or answer's device is this one (Semantics §16.5): one without a device is, and
    /// every one is while the state has no device id of its own.
    package func isThisDevice(_ device: String?) -> Bool { deviceID == nil || device == nil || device == deviceID }

    /// When the current version was first seen.
    public var currentVersionSince: Timestamp { versionFirstSeenAt ?? installedAt }

    /// The largest count (of launches or of an event's donations) a state holds; a donation past
    /// it is not counted, so that counting never overflows and every state file reads back.
    package static let largestCount = 1_000_000_000

    /// Whether a moment's donation would pass ``largestCount``, and so will not be counted.
    package func isFull(for moment: Moment) -> Bool {
        guard let event = moment.event else { return false }
        let count = event == Trigger.launchEvent ? launches : events[event]?.count ?? 0
        return count >= Self.largestCount
    }
}

/// The app's version strings.
public struct AppVersion: Sendable, Hashable {
    /// CFBundleShortVersionString / versionName.
    public var short: String?
    /// CFBundleVersion / versionCode.
    public var build: String?

    /// Creates a version.
    public init(short: String? = nil, build: String? = nil) {
        self.short = short
        self.build = build
    }

    /// The string for a version key.
    @_spi(ReviewGateTools) public subscript(key: VersionKey) -> String? {
        switch key {
        case .short: short
        case .build: build
        }
    }
}

/// An event's donations: a count and the most recent times.
public struct EventHistory: Sendable, Hashable {
    /// How many donations have been counted.
    public var count: Int
    /// The most recent donation times, oldest first, at most `count` of them.
    public var times: [Timestamp]
    /// Donations since each prompt's last ask, by prompt, kept for a policy that counts this event
    /// `since: last_ask` (Semantics §14.1; `since_ask`).
    public var sinceAsk: [String: Int]

    /// Creates a history.
    public init(count: Int, times: [Timestamp] = [], sinceAsk: [String: Int] = [:]) {
        self.count = count
        self.times = times
        self.sinceAsk = sinceAsk
    }
}

/// One ask: the app called the system's review request, or showed another prompt of its budget
/// (Semantics §12).
public struct Ask: Sendable, Hashable {
    /// When.
    public var at: Timestamp
    /// The marketing version then.
    public var short: String?
    /// The build then.
    public var build: String?
    /// The trigger that allowed it.
    public var trigger: String?
    /// The prompt that was shown: `review` unless a budget's other prompt.
    public var prompt: String
    /// The device it happened on (Semantics §16.5); `nil` for this device's before it had an id.
    public var device: String?

    /// Creates an ask.
    public init(
        at: Timestamp, short: String? = nil, build: String? = nil, trigger: String? = nil,
        prompt: String = Ask.review, device: String? = nil
    ) {
        self.at = at
        self.short = short
        self.build = build
        self.trigger = trigger
        self.prompt = prompt
        self.device = device
    }

    /// The review prompt's name, which a state leaves unwritten.
    public static let review = "review"

    /// The version string for a version key.
    @_spi(ReviewGateTools) public func version(_ key: VersionKey) -> String? {
        key == .short ? short : build
    }
}

/// One answer to the app's own pre-prompt or review link.
public struct Response: Sendable, Hashable {
    /// When.
    public var at: Timestamp
    /// What.
    public var kind: ResponseKind
    /// The prompt answered: `review` unless a budget's other prompt.
    public var prompt: String
    /// The device it was given on (Semantics §16.5); `nil` for this device's before it had an id.
    public var device: String?

    /// Creates a response.
    public init(at: Timestamp, kind: ResponseKind, prompt: String = Ask.review, device: String? = nil) {
        self.at = at
        self.kind = kind
        self.prompt = prompt
        self.device = device
    }
}

/// A person's exposure to an experiment (Semantics §13): the arm they were in, kept from then on while
/// the experiment's `version` stays.
public struct ExperimentExposure: Sendable, Hashable {
    /// The arm (`holdout` for the held-out people).
    public var arm: String
    /// The experiment's `version` at the exposure.
    public var version: Int
    /// When the arms first differed for the person.
    public var exposedAt: Timestamp

    /// Creates an exposure.
    public init(arm: String, version: Int, exposedAt: Timestamp) {
        self.arm = arm
        self.version = version
        self.exposedAt = exposedAt
    }
}

/// A prompt granted and not yet shown: while live (`at ≤ now < expires`) it holds the prompt for
/// the prompter that took it, so that two prompters on one state file never both present (Semantics §11).
/// Committed (the prompt showed: an ask) or released (it did not: nothing recorded) by its id; an
/// expired lease is ignored, so a crash never holds prompts back for longer than its span.
public struct Lease: Sendable, Hashable {
    /// Names this lease, for its commit or release.
    public var id: String
    /// The prompt it holds (`review`).
    public var prompt: String
    /// When it was taken.
    public var at: Timestamp
    /// When it lapses.
    public var expires: Timestamp

    /// Creates a lease.
    public init(id: String, prompt: String = Ask.review, at: Timestamp, expires: Timestamp) {
        self.id = id
        self.prompt = prompt
        self.at = at
        self.expires = expires
    }

    /// Whether it holds its prompt at `now`.
    public func isLive(at now: Timestamp) -> Bool {
        at <= now && now < expires
    }
}

/// What the person answered.
public enum ResponseKind: String, Sendable, Hashable, CaseIterable {
    /// They rated, or used the write-review link.
    case rated
    /// They said no.
    case declined
    /// They said not now.
    case later
}

/// An attribute's scalar value.
public enum AttributeValue: Sendable, Hashable, CustomStringConvertible {
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// A boolean.
    case bool(Bool)

    /// The value as YAML would show it.
    public var description: String {
        switch self {
        case .string(let text): text
        case .number(let number): NumberText.shortest(number)
        case .bool(let flag): String(flag)
        }
    }
}
