@_spi(ReviewGateTools) import ReviewGate

/// What an input's lines send, taken person by person as they are replayed, so that a run can tell
/// when a policy reads what no line gives (SPEC §10 *What the input can tell*): the names each kind
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
    /// `launch` lines.
    package private(set) var launches = 0
    /// People taken.
    package private(set) var people = 0
    /// People none of whose lines has a `short`.
    package private(set) var peopleWithoutShort = 0
    /// People none of whose lines has a `build`.
    package private(set) var peopleWithoutBuild = 0

    /// Nothing taken yet.
    package init() {}

    /// Takes one person's lines.
    package mutating func take(_ events: UnsafeBufferPointer<TimelineEvent>) {
        people += 1
        var short = false
        var build = false
        for event in events {
            if event.short != TimelineEvent.none { short = true }
            if event.build != TimelineEvent.none { build = true }
            switch event.kind {
            case .launch: launches += 1
            case .event:
                mark(event.name, .event)
                eventLines[Int(event.name)] += 1
            case .trigger: mark(event.name, .trigger)
            case .flag: mark(event.name, .flag)
            case .attribute: mark(event.name, .attribute)
            case .want: mark(event.name, .want)
            case .response: mark(event.value, .response)
            case .install, .update: break
            }
        }
        if !short { peopleWithoutShort += 1 }
        if !build { peopleWithoutBuild += 1 }
    }

    private mutating func mark(_ symbol: Symbols.ID, _ kind: Kind) {
        guard symbol >= 0 else { return }
        let index = Int(symbol)
        if index >= names.count {
            let count = max(index + 1, names.count * 2)
            names += repeatElement(0, count: count - names.count)
            eventLines += repeatElement(0, count: count - eventLines.count)
        }
        names[index] |= kind.rawValue
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
        people += other.people
        peopleWithoutShort += other.peopleWithoutShort
        peopleWithoutBuild += other.peopleWithoutBuild
    }

    /// The people none of whose lines has a value in `key`'s column.
    package func peopleWithout(_ key: VersionKey) -> Int {
        key == .short ? peopleWithoutShort : peopleWithoutBuild
    }

    /// The names lines of each kind named, by their text (`symbols` numbers them).
    package func sent(symbols: Symbols) -> [Kind: Set<String>] {
        var sent: [Kind: Set<String>] = [:]
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
