/// The instant the app considers asking: when, a donation or a named trigger (never both), which
/// scene, from where.
public struct Moment: Sendable {
    /// What a moment considers: a donation of an event, a trigger by its id, or every trigger.
    package enum Subject: Sendable, Hashable {
        /// Every trigger, without a donation.
        case everyTrigger
        /// A donation of the event: the triggers that listen to it.
        case event(String)
        /// The trigger with this id, without a donation.
        case trigger(String)
    }

    /// The instant and the UTC offset where the person is then: the local date that days of use
    /// count (Semantics §14.2). The library never reads a clock.
    public var time: LocalTime
    /// The donation, the trigger or neither.
    package var subject: Subject
    /// The scene the person is on.
    public var scene: String?
    /// Where the moment comes from.
    public var source: MomentSource
    /// How the app was installed (Semantics §16.1): `production` unless the app says otherwise.
    public var channel: Channel = .production
    /// The instant of ``time``; setting it keeps the offset.
    public var now: Timestamp {
        get { time.instant }
        set { time.instant = newValue }
    }

    /// The date of ``time`` where the person is.
    public var localDate: LocalDate { time.date }

    /// The event that just happened (a donation), if any.
    public var event: String? {
        if case .event(let event) = subject { return event }
        return nil
    }

    /// The named trigger considered instead of an event's, if any.
    public var trigger: String? {
        if case .trigger(let trigger) = subject { return trigger }
        return nil
    }

    /// A donation of `event` at `time`, or with none every trigger without a donation. Without a
    /// source, a `launch` event's moment comes from `launch` and every other from `system`.
    public init(time: LocalTime, event: String? = nil, scene: String? = nil, source: MomentSource? = nil) {
        self.init(time: time, subject: event.map(Subject.event) ?? .everyTrigger, scene: scene, source: source)
    }

    /// The trigger with id `trigger` at `time`, considered without a donation (from `system` without
    /// a source).
    public init(time: LocalTime, trigger: String, scene: String? = nil, source: MomentSource? = nil) {
        self.init(time: time, subject: .trigger(trigger), scene: scene, source: source)
    }

    /// A moment of `subject` at `time`.
    package init(time: LocalTime, subject: Subject, scene: String? = nil, source: MomentSource? = nil) {
        self.time = time
        self.subject = subject
        self.scene = scene
        self.source =
            source ?? Self.defaultSource(event: subject == .event(Trigger.launchEvent) ? Trigger.launchEvent : nil)
    }

    /// The source of a moment that gives none: `launch` for a `launch` event's, else `system`.
    package static func defaultSource(event: String?) -> MomentSource {
        event == Trigger.launchEvent ? .launch : .system
    }

    /// Whether the moment is a donation of `event`, which its count then includes.
    public func donates(_ event: String) -> Bool {
        self.event == event
    }
}

extension Moment {
    /// A donation of `event`, or with none every trigger without a donation, in UTC.
    @available(
        *, deprecated,
        message:
            "give the time with its UTC offset: Moment(time: LocalTime(now, utcOffsetSeconds: …), event: …), or .utc(now)"
    )
    public init(now: Timestamp, event: String? = nil, scene: String? = nil, source: MomentSource? = nil) {
        self.init(time: .utc(now), event: event, scene: scene, source: source)
    }

    /// The trigger with id `trigger`, considered without a donation, in UTC.
    @available(
        *, deprecated,
        message:
            "give the time with its UTC offset: Moment(time: LocalTime(now, utcOffsetSeconds: …), trigger: …), or .utc(now)"
    )
    public init(now: Timestamp, trigger: String, scene: String? = nil, source: MomentSource? = nil) {
        self.init(time: .utc(now), trigger: trigger, scene: scene, source: source)
    }

    /// The UTC offset of ``time``, in seconds east of UTC.
    @available(*, deprecated, message: "the offset is time.utcOffsetSeconds: set the time with its offset, one value")
    public var utcOffsetSeconds: Int {
        get { time.utcOffsetSeconds }
        set { time.utcOffsetSeconds = newValue }
    }
}

/// Where a moment comes from.
public enum MomentSource: String, Sendable, Hashable, CaseIterable {
    /// The app's own logic at a natural break.
    case system
    /// The app's launch.
    case launch
    /// A person's tap on a button ("Rate us").
    case userAction = "user_action"
}
