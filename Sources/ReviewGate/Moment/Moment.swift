/// The instant the app considers asking: when, which donation or trigger, which scene, from where.
public struct Moment: Sendable {
    /// The instant; the library never reads a clock.
    public var now: Timestamp
    /// The event that just happened (a donation), if any.
    public var event: String?
    /// A named trigger to consider instead of an event's, if any.
    public var trigger: String?
    /// The scene the person is on.
    public var scene: String?
    /// Where the moment comes from.
    public var source: MomentSource

    /// Creates a moment. Without a source, a `launch` event's moment comes from `launch` and
    /// every other from `system`.
    public init(
        now: Timestamp, event: String? = nil, trigger: String? = nil, scene: String? = nil,
        source: MomentSource? = nil
    ) {
        self.now = now
        self.event = event
        self.trigger = trigger
        self.scene = scene
        self.source = source ?? Self.defaultSource(event: event)
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
