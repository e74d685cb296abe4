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

    /// The instant; the library never reads a clock.
    public var now: Timestamp
    /// The donation, the trigger or neither.
    package var subject: Subject
    /// The scene the person is on.
    public var scene: String?
    /// Where the moment comes from.
    public var source: MomentSource
    /// The UTC offset where the person is at ``now``, in seconds east of UTC (`+02:00` is 7200): the
    /// local date that days of use count (Semantics §14.2). `0` unless set.
    public var utcOffsetSeconds: Int = 0

    /// The date of ``now`` where the person is.
    public var localDate: LocalDate { LocalDate(now, utcOffsetSeconds: utcOffsetSeconds) }

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

    /// A donation of `event`, or with none every trigger without a donation. Without a source, a
    /// `launch` event's moment comes from `launch` and every other from `system`.
    public init(now: Timestamp, event: String? = nil, scene: String? = nil, source: MomentSource? = nil) {
        self.init(now: now, subject: event.map(Subject.event) ?? .everyTrigger, scene: scene, source: source)
    }

    /// The trigger with id `trigger`, considered without a donation (from `system` without a source).
    public init(now: Timestamp, trigger: String, scene: String? = nil, source: MomentSource? = nil) {
        self.init(now: now, subject: .trigger(trigger), scene: scene, source: source)
    }

    /// A moment of `subject`.
    package init(now: Timestamp, subject: Subject, scene: String? = nil, source: MomentSource? = nil) {
        self.now = now
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

/// Where a moment comes from.
public enum MomentSource: String, Sendable, Hashable, CaseIterable {
    /// The app's own logic at a natural break.
    case system
    /// The app's launch.
    case launch
    /// A person's tap on a button ("Rate us").
    case userAction = "user_action"
}
