/// One person's asks and answers on every device they use (Semantics §16.5): what the app carries
/// between devices through its own store (iCloud key-value storage, its backend), since only it
/// knows the person, and merges into each device's state.
///
/// Merging is a union: asks keyed by (prompt, time, device), answers by (prompt, kind, time,
/// device), kept sorted by (time, device, prompt, kind). So merging records in any order, any number
/// of times, gives one record (commutative, associative, idempotent).
public struct PersonRecord: Sendable, Hashable {
    /// The record's format version, `reviewgate_person: 1`.
    public static let formatVersion = 1
    /// The most asks, and the most answers, a record or a merged state holds: a person is asked a
    /// few times a year, and a state must stay well under a file's size limit (Semantics §7).
    public static let maximumEntries = 1_000

    /// The person's id, as the states that made it hold it: records of two ids never merge.
    public var userID: String?
    /// Every ask on every device, each with its device, in the union's order. An ask's trigger
    /// stays on its device: a record's asks have none.
    public var asks: [Ask]
    /// Every answer on every device, each with its device, in the union's order.
    public var answers: [Response]

    /// Creates a record; the asks and answers are put in the union's order, one of each key.
    public init(userID: String?, asks: [Ask] = [], answers: [Response] = []) {
        self.userID = userID
        self.asks = PersonUnion.asks(
            asks.map { ask in
                var ask = ask
                ask.trigger = nil
                return ask
            }, [])
        self.answers = PersonUnion.answers(answers, [])
    }

    /// The record of both: the union of their asks and answers. A record of another person is
    /// refused.
    public func merging(_ other: PersonRecord) throws(PersonRecordError) -> PersonRecord {
        guard other.userID == userID else { throw .otherPerson(userID, other: other.userID) }
        var merged = self
        merged.asks = PersonUnion.asks(asks, other.asks)
        merged.answers = PersonUnion.answers(answers, other.answers)
        let largest = max(merged.asks.count, merged.answers.count)
        guard largest <= Self.maximumEntries else { throw .tooLarge(largest) }
        return merged
    }
}

/// Why a person record cannot be merged.
public enum PersonRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record is another person's: its `user_id` differs (the first is this side's).
    case otherPerson(String?, other: String?)
    /// The union would hold more asks or answers than ``PersonRecord/maximumEntries``.
    case tooLarge(Int)

    /// The refusal in words.
    public var description: String {
        switch self {
        case .otherPerson(let mine, let other):
            "the record is \(Self.name(other))'s, not \(Self.name(mine))'s: a person's devices must share one user_id (pass the same userID: on each device), and records of two people never merge"
        case .tooLarge(let count):
            "the merge would hold \(count) asks or answers, more than a person's record holds (\(PersonRecord.maximumEntries)): nothing merged"
        }
    }

    private static func name(_ id: String?) -> String {
        id.map { "user_id \($0)" } ?? "a person with no user_id"
    }
}

/// The union of asks and of answers (Semantics §16.5), in one order whatever the order of the parts.
package enum PersonUnion {
    /// The asks of both, one per (prompt, time, device), sorted by (time, device, prompt). Two asks
    /// of one key join field by field, a value winning over none and the larger of two winning,
    /// so that the union does not depend on which side an ask came from.
    package static func asks(_ first: [Ask], _ second: [Ask]) -> [Ask] {
        let sorted = (first + second).sorted(by: isBefore)
        var union: [Ask] = []
        union.reserveCapacity(sorted.count)
        for ask in sorted {
            if let last = union.last, last.at == ask.at, last.device == ask.device, last.prompt == ask.prompt {
                union[union.count - 1] = last.joined(with: ask)
            } else {
                union.append(ask)
            }
        }
        return union
    }

    /// The answers of both, one per (prompt, kind, time, device), sorted by (time, device, prompt,
    /// kind).
    package static func answers(_ first: [Response], _ second: [Response]) -> [Response] {
        var union: [Response] = []
        for answer in (first + second).sorted(by: isBefore) where union.last != answer {
            union.append(answer)
        }
        return union
    }

    /// The union's order of asks: by time, then device (none first), then prompt; then, for asks of
    /// one key before they join, by their other fields, so that sorting is total.
    package static func isBefore(_ a: Ask, _ b: Ask) -> Bool {
        if a.at != b.at { return a.at < b.at }
        if a.device != b.device { return isBefore(a.device, b.device) }
        if a.prompt != b.prompt { return a.prompt < b.prompt }
        if a.short != b.short { return isBefore(a.short, b.short) }
        if a.build != b.build { return isBefore(a.build, b.build) }
        return isBefore(a.trigger, b.trigger)
    }

    /// The union's order of answers: by time, then device (none first), then prompt, then kind.
    package static func isBefore(_ a: Response, _ b: Response) -> Bool {
        if a.at != b.at { return a.at < b.at }
        if a.device != b.device { return isBefore(a.device, b.device) }
        if a.prompt != b.prompt { return a.prompt < b.prompt }
        return a.kind.rawValue < b.kind.rawValue
    }

    /// None before any text; texts in order.
    private static func isBefore(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, .some): true
        case (.some(let a), .some(let b)): a < b
        default: false
        }
    }
}

extension Ask {
    /// This ask joined with another of its key: each field the one that is set, or the larger of
    /// two set ones.
    fileprivate func joined(with other: Ask) -> Ask {
        var joined = self
        joined.short = Self.join(short, other.short)
        joined.build = Self.join(build, other.build)
        joined.trigger = Self.join(trigger, other.trigger)
        return joined
    }

    private static func join(_ a: String?, _ b: String?) -> String? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }
}
