@_spi(ReviewGateTools) import ReviewGate

/// A state with every field set, from a seed: no optional `nil`, no list or mapping empty, every
/// ask, response and lease of a prompt other than `review` (which a state file leaves unwritten),
/// and each kind of attribute. The state tests (`StateFieldTests`, `StateSchemaFieldsTests`) check
/// with `Mirror` that it leaves no field at its default, so that a field added to ``ReviewState``
/// must be added here, and then fails the tests wherever the state's reader, writer, change words
/// or schema leave it out.
package enum FullState {
    /// Strings that a careless writer would let YAML or JSON read as something else.
    static let strings = [
        "1.4.0", "142", "0x1F", "1e3", ".inf", "NO", "true", "null", "~", "", " padded ", "a: b", "- item", "#hash",
        "[1]", "{a}", "*alias", "'single'", "\"double\"", "back\\slash", "line\nbreak", "tab\there", "bell\u{7}",
        "ü-Ünïcödé", "🙂", "---", "2026-11-22T10:00:00Z", "u-8c1f",
    ]

    /// Names (events, prompts, flags, attributes, experiments, arms) that a careless writer would
    /// let YAML read as something else; never `launch` or `review`.
    static let names = ["done", "true", "null", "NO", "walk_ended", "y", "a.b-c", "2fa_completed", "1.5", "paywall"]

    /// The state of `seed`.
    package static func make(seed: UInt64) -> ReviewState {
        var random = SplitMix(seed: seed)
        func string() -> String { strings.randomElement(using: &random)! }
        func name() -> String { names.randomElement(using: &random)! }
        /// Some distinct names, at least one.
        func someNames(_ most: Int) -> [String] {
            Array(names.shuffled(using: &random).prefix(Int.random(in: 1...most, using: &random)))
        }
        func time() -> Timestamp {
            // Whole seconds mostly, sometimes a fraction, across 1970–2150 (the years a time may take).
            let seconds = Int64.random(in: 0..<5_680_281_600, using: &random)
            let nanos = Bool.random(using: &random) ? Int64.random(in: 1..<1_000_000_000, using: &random) : 0
            return Timestamp(nanosecondsSince1970: seconds * 1_000_000_000 + nanos)
        }
        func times(_ count: Int) -> [Timestamp] { (0..<count).map { _ in time() }.sorted() }
        func history() -> EventHistory {
            let count = Int.random(in: 1...ReviewState.largestCount, using: &random)
            // Counters since each of some prompts' last asks (Semantics §14.1), at most the count.
            var sinceAsk: [String: Int] = [:]
            for prompt in someNames(3) { sinceAsk[prompt] = Int.random(in: 0...count, using: &random) }
            return EventHistory(
                count: count, times: times(Int.random(in: 1...min(count, 4), using: &random)), sinceAsk: sinceAsk)
        }

        var state = ReviewState(installedAt: time(), app: AppVersion(short: string(), build: string()))
        for field in ReviewState.plainFields {
            switch field.value {
            case .text(let path): state[keyPath: path] = string()
            case .version(let path):
                let dev = Bool.random(using: &random) ? "-dev" : ""
                state[keyPath: path] =
                    "0.\(Int.random(in: 2...99, using: &random)).\(Int.random(in: 0...9, using: &random))\(dev)"
            case .time(let path): state[keyPath: path] = time()
            case .count(let path): state[keyPath: path] = Int.random(in: 1...ReviewState.largestCount, using: &random)
            }
        }
        let launches = history()
        state.launches = launches.count
        state.launchTimes = launches.times
        state.launchesSinceAsk = launches.sinceAsk
        // Days of use (Semantics §14.2): distinct dates, ascending.
        var day = Int.random(in: -25_000...60_000, using: &random)
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            state.activeDays.append(LocalDate(daysSince1970: day))
            day += Int.random(in: 1...3, using: &random)
        }
        for event in someNames(4) { state.events[event] = history() }
        state.asks = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            Ask(at: time(), short: string(), build: string(), trigger: name(), prompt: name(), device: string())
        }
        // Every kind of answer, in a random order.
        state.responses = ResponseKind.allCases.shuffled(using: &random).map {
            Response(at: time(), kind: $0, prompt: name(), device: string())
        }
        state.leases = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let at = time()
            return Lease(
                id: string(), prompt: name(), at: at,
                expires: at + TimeSpan(seconds: Int64.random(in: 1...600, using: &random)))
        }
        for experiment in someNames(3) {
            state.experiments[experiment] = ExperimentExposure(
                arm: name(), version: Int.random(in: 1...1000, using: &random), exposedAt: time())
        }
        // Both values of a flag.
        for (index, flag) in someNames(4).enumerated() { state.flags[flag] = index % 2 == 0 }
        state.flags[name() + "_off"] = false
        // Every kind of value: a string, a whole number, a fraction, a boolean.
        let numbers = [
            3, -2.5, 1e20, 0.1, 1e-7, 123_456.789, Double(Int.random(in: -1_000_000...1_000_000, using: &random)),
        ]
        let values: [AttributeValue] = [
            .string(string()), .number(numbers.randomElement(using: &random)!),
            .number(numbers.randomElement(using: &random)! / 8),
            .bool(Bool.random(using: &random)),
        ]
        for (value, attribute) in zip(values, names.shuffled(using: &random)) { state.attributes[attribute] = value }
        return state
    }
}
