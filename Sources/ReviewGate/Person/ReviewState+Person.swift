extension ReviewState {
    /// A new random device id: `d-` and 16 hex digits.
    public static func randomDeviceID() -> String {
        let digits = String(UInt64.random(in: 0 ... .max), radix: 16)
        return "d-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Gives the state a device id when it has none (Semantics §16.5), made by `make`: every ask and
    /// answer recorded so far happened on this device, and says so from now on.
    package mutating func adoptDeviceID(_ make: () -> String) {
        let id = deviceID ?? make()
        deviceID = id
        // Always, not only the first time: an ask or answer without a device is this device's.
        asks = Self.stamping(asks, with: id, \.device)
        responses = Self.stamping(responses, with: id, \.device)
    }

    /// `items`, each that names no device given `device`.
    private static func stamping<Item>(
        _ items: [Item], with device: String?, _ path: WritableKeyPath<Item, String?>
    ) -> [Item] {
        var items = items
        for index in items.indices where items[index][keyPath: path] == nil { items[index][keyPath: path] = device }
        return items
    }

    /// The person's record (Semantics §16.5): the user id, and the asks and answers of every device
    /// this state has heard of. The state gets its device id first when it has none, from `makeDeviceID`.
    public mutating func personRecord(makeDeviceID: () -> String = ReviewState.randomDeviceID) -> PersonRecord {
        adoptDeviceID(makeDeviceID)
        return PersonRecord(userID: userID, asks: asks, answers: responses)
    }

    /// Adds another device's asks and answers from the person's record (Semantics §16.5), as the
    /// records' union; the state gets its device id first when it has none. What it added. A record
    /// of another `user_id` is refused, and the state is left as it was.
    @discardableResult
    public mutating func merge(
        _ record: PersonRecord, makeDeviceID: () -> String = ReviewState.randomDeviceID
    ) throws(PersonRecordError) -> PersonMerge {
        guard record.userID == userID else { throw .otherPerson(userID, other: record.userID) }
        var merged = self
        merged.adoptDeviceID(makeDeviceID)
        // A record's ask or answer without a device (one an app made in code) is this device's.
        merged.asks = PersonUnion.asks(merged.asks, Self.stamping(record.asks, with: merged.deviceID, \.device))
        merged.responses = PersonUnion.answers(
            merged.responses, Self.stamping(record.answers, with: merged.deviceID, \.device))
        let largest = max(merged.asks.count, merged.responses.count)
        guard largest <= PersonRecord.maximumEntries else { throw .tooLarge(largest) }
        let added = PersonMerge(
            asksAdded: max(0, merged.asks.count - asks.count),
            answersAdded: max(0, merged.responses.count - responses.count))
        self = merged
        return added
    }
}

/// What a merge of a person's record added to a state.
public struct PersonMerge: Sendable, Hashable {
    /// The asks on other devices (or lost from this one) that the state did not hold.
    public var asksAdded: Int
    /// The answers the state did not hold.
    public var answersAdded: Int

    /// Creates a summary.
    public init(asksAdded: Int, answersAdded: Int) {
        self.asksAdded = asksAdded
        self.answersAdded = answersAdded
    }
}

extension PersonMerge: CustomStringConvertible {
    /// What was added, in words: `1 ask, 0 answers`.
    public var description: String {
        "\(asksAdded) ask\(asksAdded == 1 ? "" : "s"), \(answersAdded) answer\(answersAdded == 1 ? "" : "s")"
    }
}
