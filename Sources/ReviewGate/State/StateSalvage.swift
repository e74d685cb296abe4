/// What a fresh state keeps after a state file was found damaged and moved aside (Semantics §11,
/// *A state that cannot be decoded*): the person's user id and this device's id, the flags and attributes the app set,
/// the experiments' arms and exposures, and the asks and answers. So that no guard forgets a
/// crash flag and no `exposure: true` is sent twice for one person and experiment version, the
/// prompter seeds the fresh state with what the old file still shows and what it knows from its
/// own process, before the moment that found the damage is decided.
package struct StateSalvage: Sendable, Equatable {
    /// The person's id.
    package var userID: String?
    /// This device's id (Semantics §16.5), so that its asks stay its own.
    package var deviceID: String?
    /// The flags set.
    package var flags: [String: Bool] = [:]
    /// The attributes set.
    package var attributes: [String: AttributeValue] = [:]
    /// The arm and exposure in each experiment.
    package var experiments: [String: ExperimentExposure] = [:]
    /// The asks, oldest first.
    package var asks: [Ask] = []
    /// The answers, oldest first.
    package var responses: [Response] = []

    /// Nothing kept.
    package init() {}

    /// What a state holds of it: what the prompter knows from its own process.
    package init(_ state: ReviewState) {
        (userID, deviceID, flags, attributes) = (state.userID, state.deviceID, state.flags, state.attributes)
        (experiments, asks, responses) = (state.experiments, state.asks, state.responses)
    }

    /// What the JSON of a damaged state file still shows: each part that reads, without the
    /// entries that do not (an ask whose time is not a time is left out, the others kept).
    /// Nothing when the bytes are not JSON or not a mapping.
    package init(damaged bytes: [UInt8], file: String) {
        guard let root = try? JSONReader().loadDocument(bytes, file: file), root.mapping != nil else { return }
        // A reader per part, so that a problem in one takes nothing from another; their problems
        // are not reported (the file is moved aside).
        var reader = NodeReader()
        if case .string(let id)? = root["user_id"]?.scalar?.value { userID = id }
        if case .string(let id)? = root["device_id"]?.scalar?.value { deviceID = id }
        if let node = root["flags"], node.mapping != nil { flags = reader.flags(node) }
        if let node = root["attributes"], node.mapping != nil { attributes = reader.attributes(node) }
        if let node = root["experiments"] { experiments = StateDecoder.experiments(node, &reader) }
        if let items = root["asks"]?.sequence { asks = items.compactMap { StateDecoder.ask($0, &reader) } }
        if let items = root["responses"]?.sequence {
            responses = items.compactMap { StateDecoder.response($0, &reader) }
        }
    }

    /// Both, `newer`'s values winning where both set one: the user id, a flag, an attribute, an
    /// experiment; the asks and answers of both, each once, oldest first.
    package func merging(_ newer: StateSalvage) -> StateSalvage {
        var merged = self
        merged.userID = newer.userID ?? userID
        merged.deviceID = newer.deviceID ?? deviceID
        merged.flags.merge(newer.flags) { _, new in new }
        merged.attributes.merge(newer.attributes) { _, new in new }
        merged.experiments.merge(newer.experiments) { _, new in new }
        merged.asks = Self.union(asks, newer.asks, at: \.at)
        merged.responses = Self.union(responses, newer.responses, at: \.at)
        return merged
    }

    /// Sets what it keeps on a fresh state (its user id and device id only when the state has none).
    package func seed(_ state: inout ReviewState) {
        if state.userID == nil { state.userID = userID }
        if state.deviceID == nil { state.deviceID = deviceID }
        state.flags.merge(flags) { _, kept in kept }
        state.attributes.merge(attributes) { _, kept in kept }
        state.experiments.merge(experiments) { _, kept in kept }
        state.asks = Self.union(state.asks, asks, at: \.at)
        state.responses = Self.union(state.responses, responses, at: \.at)
    }

    /// The items of `a` and `b`, each once, in order of time (those of one time in the order given).
    /// Lists of asks and answers are short: each item is looked for among those kept, then put in place.
    private static func union<Item: Equatable>(_ a: [Item], _ b: [Item], at time: (Item) -> Timestamp) -> [Item] {
        var merged: [Item] = []
        for item in a + b where !merged.contains(item) {
            let after = merged.lastIndex { time($0) <= time(item) }.map { $0 + 1 } ?? 0
            merged.insert(item, at: after)
        }
        return merged
    }
}
