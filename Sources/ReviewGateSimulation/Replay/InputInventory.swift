@_spi(ReviewGateTools) import ReviewGate

/// What an input's lines send, taken person by person as they are replayed, so that a run can tell
/// when a policy reads what no line gives (Semantics §10 *What the input can tell*): the names each kind
/// of line names, how many lines name each event, the launches, and the people with no version on
/// any line. Sums over people, so that the parts of a run add up.
package struct InputInventory: Sendable {
    /// A kind of line whose names are kept, as a bit of ``names``.
    package enum Kind: UInt8, Sendable, CaseIterable {
        case event = 1
        case trigger = 2
        case flag = 4
        case attribute = 8
        case want = 16
        /// A `response` line's value (`rated`, `declined`, `later`).
        case response = 32
    }

    /// By symbol: the kinds of line that named it, as bits.
    private var names: [UInt8] = []
    /// By symbol: the `event` lines that named it.
    private var eventLines: [Int] = []
    /// The kinds of response lines sent, as bits by their place in `ResponseKind.allCases`.
    private var responses: UInt8 = 0
    /// `launch` lines.
    package private(set) var launches = 0
    /// `launch` lines whose time has a UTC offset other than 0 (Semantics §14.2).
    package private(set) var launchesWithOffset = 0
    /// `want` lines, which only a budget's run replays.
    package private(set) var wants = 0
    /// People taken.
    package private(set) var people = 0
    /// People none of whose lines has a `short`.
    package private(set) var peopleWithoutShort = 0
    /// People none of whose lines has a `build`.
    package private(set) var peopleWithoutBuild = 0
    /// Lines that give a build channel (the `channel` column, Semantics §16.1).
    package private(set) var linesNamingChannel = 0
    /// By channel (in `Channel.allCases` order), the people with a moment line on it (a line that
    /// gives none is production's, and a person with no moment is on production): a person on two
    /// channels counts on each, and every person on one at least.
    package private(set) var peopleByChannel = [Int](repeating: 0, count: Channel.allCases.count)

    /// Nothing taken yet.
    package init() {}

    /// Takes one person's lines. Once per line of every run: the names are marked through the
    /// arrays' storage, and a name past their end (new since they last grew) waits for one growth.
    package mutating func take(_ events: UnsafeBufferPointer<TimelineEvent>) {
        people += 1
        var short = false
        var build = false
        var launches = 0
        var launchesWithOffset = 0
        var wants = 0
        var channels: UInt8 = 0
        var linesNamingChannel = 0
        var beyond: [(symbol: Int, kind: Kind)] = []
        names.withUnsafeMutableBufferPointer { names in
            eventLines.withUnsafeMutableBufferPointer { eventLines in
                for event in events {
                    if !(short && build) {
                        short = short || event.short != TimelineEvent.none
                        build = build || event.build != TimelineEvent.none
                    }
                    if event.namesChannel { linesNamingChannel += 1 }
                    switch event.kind {
                    case .launch, .event, .trigger, .want: channels |= Self.channelBit(event.channel)
                    default: break
                    }
                    let bit = Self.bits[Int(event.kind.rawValue)]
                    guard bit != 0 else {
                        if event.kind == .launch {
                            launches += 1
                            if event.utcOffsetQuarters != 0 { launchesWithOffset += 1 }
                        }
                        continue
                    }
                    if event.kind == .want { wants += 1 }
                    if event.kind == .response {
                        // A response's value is its kind's place in ResponseKind.allCases, not a name.
                        if event.value >= 0, event.value < 8 { responses |= 1 << UInt8(event.value) }
                        continue
                    }
                    let symbol = Int(event.name)
                    guard symbol >= 0 else { continue }
                    guard symbol < names.count else {
                        beyond.append((symbol, Kind(rawValue: bit)!))
                        continue
                    }
                    names[symbol] |= bit
                    if bit == Kind.event.rawValue { eventLines[symbol] += 1 }
                }
            }
        }
        self.launches += launches
        self.launchesWithOffset += launchesWithOffset
        self.wants += wants
        for (symbol, kind) in beyond { mark(symbol, kind) }
        if !short { peopleWithoutShort += 1 }
        if !build { peopleWithoutBuild += 1 }
        self.linesNamingChannel += linesNamingChannel
        // A person with no moment is on production, as every line that names no channel is.
        if channels == 0 { channels = Self.channelBit(.production) }
        for index in peopleByChannel.indices where channels & 1 << UInt8(index) != 0 { peopleByChannel[index] += 1 }
    }

    /// A channel's bit, by its place in `Channel.allCases` (``peopleByChannel``'s order).
    @inline(__always)
    private static func channelBit(_ channel: Channel) -> UInt8 {
        switch channel {
        case .production: 1
        case .testFlight: 2
        case .development: 4
        }
    }

    /// By a line's kind (its raw value), the bit of the kind of name it sends; 0 for none.
    private static let bits: [UInt8] = TimelineEvent.Kind.allCases.map { kind in
        switch kind {
        case .event: Kind.event.rawValue
        case .trigger: Kind.trigger.rawValue
        case .flag: Kind.flag.rawValue
        case .attribute: Kind.attribute.rawValue
        case .want: Kind.want.rawValue
        case .response: Kind.response.rawValue
        case .install, .launch, .update: 0
        }
    }

    /// Marks a name past the arrays' end, growing them.
    private mutating func mark(_ symbol: Int, _ kind: Kind) {
        if symbol >= names.count {
            let count = max(symbol + 1, names.count * 2, 64)
            names += repeatElement(0, count: count - names.count)
            eventLines += repeatElement(0, count: count - eventLines.count)
        }
        names[symbol] |= kind.rawValue
        if kind == .event { eventLines[symbol] += 1 }
    }

    /// Adds another part's (whose symbols number names as these do).
    package mutating func add(_ other: InputInventory) {
        if other.names.count > names.count {
            names += repeatElement(0, count: other.names.count - names.count)
            eventLines += repeatElement(0, count: other.eventLines.count - eventLines.count)
        }
        for index in other.names.indices {
            names[index] |= other.names[index]
            eventLines[index] += other.eventLines[index]
        }
        launches += other.launches
        wants += other.wants
        responses |= other.responses
        people += other.people
        peopleWithoutShort += other.peopleWithoutShort
        peopleWithoutBuild += other.peopleWithoutBuild
        launchesWithOffset += other.launchesWithOffset
        linesNamingChannel += other.linesNamingChannel
        for index in peopleByChannel.indices { peopleByChannel[index] += other.peopleByChannel[index] }
    }

    /// The people none of whose lines has a value in `key`'s column.
    package func peopleWithout(_ key: VersionKey) -> Int {
        key == .short ? peopleWithoutShort : peopleWithoutBuild
    }

    /// The names lines of each kind named, by their text (`symbols` numbers them).
    package func sent(symbols: Symbols) -> [Kind: Set<String>] {
        var sent: [Kind: Set<String>] = [:]
        for (index, kind) in ResponseKind.allCases.enumerated() where responses & (1 << UInt8(index)) != 0 {
            sent[.response, default: []].insert(kind.rawValue)
        }
        for index in names.indices where names[index] != 0 && index < symbols.count {
            for kind in Kind.allCases where names[index] & kind.rawValue != 0 {
                sent[kind, default: []].insert(symbols[Symbols.ID(index)])
            }
        }
        return sent
    }

    /// The event names lines named, with how many lines named each.
    package func eventCounts(symbols: Symbols) -> [String: Int] {
        var counts: [String: Int] = [:]
        for index in eventLines.indices where eventLines[index] > 0 && index < symbols.count {
            counts[symbols[Symbols.ID(index)], default: 0] += eventLines[index]
        }
        return counts
    }
}
