@_spi(ReviewGateTools) import ReviewGate

extension Prompter {
    /// The person's record (Semantics §16.5): their user id, and the asks and answers of every
    /// device this state has heard of, for the app to carry to the person's other devices through
    /// its own store (iCloud key-value storage, its backend). The first call gives this device its
    /// id, and from then on each ask and answer names the device it happened on. Throws when the
    /// state cannot be read or written.
    public func personRecord() async throws -> PersonRecord {
        let now = timestamp()
        let result = await onDisk(at: now, rules: ruling().stateRules) { state in
            state.personRecord(makeDeviceID: ReviewState.randomDeviceID)
        }
        return try result.get()
    }

    /// Merges the person's record from another device into this device's state (Semantics §16.5):
    /// from then on `cooldown`, `max_asks`, `once_per_version`, `responses` and a budget's limits and
    /// gaps read every device's asks and answers, and `system_quota` this device's alone. Sends a
    /// `merge` event saying what was added. Throws `PersonRecordError` for a record of another
    /// user id (nothing merged), or when the state cannot be read or written.
    @discardableResult
    public func merge(_ record: PersonRecord) async throws -> PersonMerge {
        let (now, ruling) = (timestamp(), ruling())
        let result = await onDisk(at: now, rules: ruling.stateRules) { state in
            try state.merge(record, makeDeviceID: ReviewState.randomDeviceID)
        }
        let merged = try result.get()
        sink(PromptEvent(kind: .merge, origin: ruling.origin, trigger: nil, detail: merged.description, at: now))
        return merged
    }
}
