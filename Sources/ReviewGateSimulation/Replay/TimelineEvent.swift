@_spi(ReviewGateTools) import ReviewGate

/// One line of a timeline: who, when, and what happened, with every name as a ``Symbols`` number.
package struct TimelineEvent: Sendable, Hashable {
    /// What a line says happened (its `type` column).
    package enum Kind: UInt8, Sendable, CaseIterable {
        /// The person was first seen: the app was installed or first opened.
        case install
        /// The app was launched: the moment of event `launch`, source `launch`.
        case launch
        /// An event was donated (`name`), a moment like `record --event`.
        case event
        /// A named trigger was considered (`name`), like `record --trigger`.
        case trigger
        /// The app now runs the line's `short` and `build`.
        case update
        /// The person answered the app's own pre-prompt (`value`: rated, declined or later).
        case response
        /// A flag was set (`name`, `value` true or false).
        case flag
        /// An attribute was set (`name`, `value`).
        case attribute
        /// The app wanted to show an external prompt of a budget (`name`), like `record --want`
        /// (Semantics §12); replays without a budget skip it.
        case want

        /// The word in the `type` column.
        package var word: String {
            switch self {
            case .install: "install"
            case .launch: "launch"
            case .event: "event"
            case .trigger: "trigger"
            case .update: "update"
            case .response: "response"
            case .flag: "flag"
            case .attribute: "attribute"
            case .want: "want"
            }
        }
    }

    /// What a `value` column held, for flags and attributes.
    package enum ValueKind: UInt8, Sendable {
        /// No value.
        case none
        /// A string.
        case string
        /// A number.
        case number
        /// `true` or `false`.
        case bool
    }

    /// The symbol for "no value".
    package static let none: Symbols.ID = -1

    /// The person (their `user` column).
    package var person: Symbols.ID
    /// The experiment arm the line logs (its `arm` column), or ``none``. Here, beside the person,
    /// it takes what was padding before the time: a line stays 40 bytes.
    package var arm: Symbols.ID = none
    /// When.
    package var time: Timestamp
    /// What happened.
    package var kind: Kind
    /// The moment's source (low two bits: 0 for none given, else its index + 1) and build channel
    /// (the next two: 0 for none given, production's, else its index + 1), in one byte where the
    /// line's layout has room for it: a line stays 40 bytes.
    private var sourceAndChannel: UInt8 = 0
    /// The moment's source, when the line gives one.
    package var source: MomentSource? {
        get {
            switch sourceAndChannel & 0b11 {
            case 1: .system
            case 2: .launch
            case 3: .userAction
            default: nil
            }
        }
        set {
            let bits: UInt8 =
                switch newValue {
                case nil: 0
                case .system?: 1
                case .launch?: 2
                case .userAction?: 3
                }
            sourceAndChannel = sourceAndChannel & ~0b11 | bits
        }
    }
    /// Whether the line gives a build channel (the `channel` column).
    package var namesChannel: Bool { sourceAndChannel >> 2 != 0 }
    /// The moment's build channel (Semantics §16.1): `production` when the line gives none.
    package var channel: Channel {
        get {
            switch sourceAndChannel >> 2 {
            case 2: .testFlight
            case 3: .development
            default: .production
            }
        }
        set {
            let bits: UInt8 =
                switch newValue {
                case .production: 1
                case .testFlight: 2
                case .development: 3
                }
            sourceAndChannel = sourceAndChannel & 0b11 | bits << 2
        }
    }
    /// How the value reads.
    package var valueKind: ValueKind = .none
    /// The UTC offset the line's time is written in, in quarter hours east (every zone's offset is
    /// a multiple of 15 minutes): the local date a launch is a day of use on (Semantics §14.2). 0 for
    /// `Z`, `UTC` and an epoch number. One byte, where the line's layout has room for it.
    package var utcOffsetQuarters: Int8 = 0

    /// The line's time with its UTC offset (``utcOffsetQuarters``).
    package var localTime: LocalTime { LocalTime(time, utcOffsetSeconds: Int(utcOffsetQuarters) * 900) }
    /// The event, trigger, flag, attribute or wanted prompt's name, or ``none``.
    package var name: Symbols.ID = none
    /// The scene, or ``none``.
    package var scene: Symbols.ID = none
    /// The app's marketing version at this line, or ``none``.
    package var short: Symbols.ID = none
    /// The app's build at this line, or ``none``.
    package var build: Symbols.ID = none
    /// The value, or ``none``.
    package var value: Symbols.ID = none

    /// Creates a line's event.
    package init(person: Symbols.ID, time: Timestamp, kind: Kind) {
        self.person = person
        self.time = time
        self.kind = kind
    }
}
