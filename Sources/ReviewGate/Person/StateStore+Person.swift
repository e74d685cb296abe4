extension StateStore {
    /// Merges the person's record from another device into the stored state, in one update
    /// (``ReviewState/merge(_:makeDeviceID:)``, Semantics §16.5): what it added. A record of another
    /// user id is refused, and nothing is written.
    @discardableResult
    public func merge(_ record: PersonRecord) throws -> PersonMerge {
        try update { state in try state.merge(record) }
    }

    /// The person's record of the stored state, giving the state its device id first when it has
    /// none (and so writing it then).
    public func personRecord() throws -> PersonRecord {
        try update { state in state.personRecord() }
    }
}

extension PersonMerge {
    /// The `recorded` member of `record --merge --format json`: the change in words, as a moment's
    /// record has them, and the counts added.
    package var json: JSONValue {
        .object([
            ("changes", .array([.string("merged \(description)")])), ("donated", .null), ("counted", .null),
            ("not_counted_because", .null), ("asked", .bool(false)),
            ("merged", .object([("asks", .int(asksAdded)), ("answers", .int(answersAdded))])),
        ])
    }

    /// `recorded: merged 1 ask, 0 answers`.
    package var summary: String { "recorded: merged \(description)" }
}
