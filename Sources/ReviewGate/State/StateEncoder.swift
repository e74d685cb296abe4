/// Writes a state back as a state file (Semantics §3): keys in the catalogue's order, names sorted, times
/// in RFC 3339 UTC, the same bytes for the same state. What it writes ``StateDecoder`` reads back
/// as the same state.
@_spi(ReviewGateTools) public enum StateEncoder {
    /// A state file's text form.
    @_spi(ReviewGateTools) public enum Format: Sendable {
        /// YAML, as the spec shows it.
        case yaml
        /// JSON, indented.
        case json

        /// JSON for a path ending in `.json`, YAML otherwise.
        @_spi(ReviewGateTools) public init(path: String) {
            self = path.lowercased().hasSuffix(".json") ? .json : .yaml
        }
    }

    /// The state file's text, ending in a newline.
    @_spi(ReviewGateTools) public static func encode(_ state: ReviewState, as format: Format) -> String {
        switch format {
        case .yaml: yaml(state)
        case .json: YAMLScalarText.escapingNonPrintable(json: JSONWriter(pretty: true).string(json(state))) + "\n"
        }
    }

    /// The state as YAML: block mappings at the top, one flow mapping per ask, response and timed event.
    @_spi(ReviewGateTools) public static func yaml(_ state: ReviewState) -> String {
        var lines: [String] = []
        // The keys in the catalogue's order of a state's keys; the plain fields' from their list.
        for key in StateDecoder.keys {
            switch key {
            case "reviewgate_state": lines.append("reviewgate_state: \(StateDecoder.formatVersion)")
            case "installed_at": lines.append("installed_at: \(state.installedAt)")
            case "launches": lines.append("launches: \(yamlHistory(state.launchHistory))")
            case "app": lines.append("app: \(flow(versionFields(short: state.app.short, build: state.app.build)))")
            case "events" where !state.events.isEmpty:
                lines.append("events:")
                for (name, history) in state.events.sorted(by: { $0.key < $1.key }) {
                    lines.append("  \(YAMLScalarText.scalar(name)): \(yamlHistory(history))")
                }
            case "active_days" where !state.activeDays.isEmpty:
                lines.append("active_days: [" + state.activeDays.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
            case "asks" where !state.asks.isEmpty:
                lines.append("asks:")
                for ask in state.asks {
                    var fields = [("at", ask.at.description)] + versionFields(short: ask.short, build: ask.build)
                    if let trigger = ask.trigger { fields.append(("trigger", YAMLScalarText.scalar(trigger))) }
                    if ask.prompt != Ask.review { fields.append(("prompt", YAMLScalarText.scalar(ask.prompt))) }
                    if let device = ask.device { fields.append(("device", YAMLScalarText.scalar(device))) }
                    lines.append("  - \(flow(fields))")
                }
            case "responses" where !state.responses.isEmpty:
                lines.append("responses:")
                for response in state.responses {
                    var fields = [("at", response.at.description), ("kind", response.kind.rawValue)]
                    if response.prompt != Ask.review {
                        fields.append(("prompt", YAMLScalarText.scalar(response.prompt)))
                    }
                    if let device = response.device { fields.append(("device", YAMLScalarText.scalar(device))) }
                    lines.append("  - \(flow(fields))")
                }
            case "leases" where !state.leases.isEmpty:
                lines.append("leases:")
                for lease in state.leases {
                    let fields = [
                        ("id", YAMLScalarText.scalar(lease.id)), ("prompt", YAMLScalarText.scalar(lease.prompt)),
                        ("at", lease.at.description), ("expires", lease.expires.description),
                    ]
                    lines.append("  - \(flow(fields))")
                }
            case "experiments" where !state.experiments.isEmpty:
                lines.append("experiments:")
                for (name, exposure) in state.experiments.sorted(by: { $0.key < $1.key }) {
                    let fields = [
                        ("arm", YAMLScalarText.scalar(exposure.arm)), ("version", String(exposure.version)),
                        ("exposed_at", exposure.exposedAt.description),
                    ]
                    lines.append("  \(YAMLScalarText.scalar(name)): \(flow(fields))")
                }
            case "flags" where !state.flags.isEmpty:
                lines.append("flags:")
                for (name, flag) in state.flags.sorted(by: { $0.key < $1.key }) {
                    lines.append("  \(YAMLScalarText.scalar(name)): \(flag)")
                }
            case "attributes" where !state.attributes.isEmpty:
                lines.append("attributes:")
                for (name, value) in state.attributes.sorted(by: { $0.key < $1.key }) {
                    lines.append("  \(YAMLScalarText.scalar(name)): \(yamlScalar(value))")
                }
            default:
                if let value = ReviewState.plainField(key)?.yaml(state) { lines.append("\(key): \(value)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The state as a JSON value, keys in the same order as the YAML form.
    @_spi(ReviewGateTools) public static func json(_ state: ReviewState) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        for key in StateDecoder.keys {
            let value: JSONValue? =
                switch key {
                case "reviewgate_state": .int(StateDecoder.formatVersion)
                case "installed_at": .string(state.installedAt.description)
                case "launches": jsonHistory(state.launchHistory)
                case "app": versionObject(short: state.app.short, build: state.app.build)
                case "events" where !state.events.isEmpty:
                    .object(
                        state.events.sorted(by: { $0.key < $1.key }).map { name, history in
                            (key: name, value: jsonHistory(history))
                        })
                case "active_days" where !state.activeDays.isEmpty:
                    .array(state.activeDays.map { .string($0.description) })
                case "asks" where !state.asks.isEmpty:
                    .array(
                        state.asks.map { ask in
                            guard case .object(var fields) = versionObject(short: ask.short, build: ask.build) else {
                                return .null
                            }
                            fields.insert(("at", .string(ask.at.description)), at: 0)
                            if let trigger = ask.trigger { fields.append(("trigger", .string(trigger))) }
                            if ask.prompt != Ask.review { fields.append(("prompt", .string(ask.prompt))) }
                            if let device = ask.device { fields.append(("device", .string(device))) }
                            return .object(fields)
                        })
                case "responses" where !state.responses.isEmpty:
                    .array(
                        state.responses.map {
                            var fields: [(key: String, value: JSONValue)] = [
                                ("at", .string($0.at.description)), ("kind", .string($0.kind.rawValue)),
                            ]
                            if $0.prompt != Ask.review { fields.append(("prompt", .string($0.prompt))) }
                            if let device = $0.device { fields.append(("device", .string(device))) }
                            return .object(fields)
                        })
                case "leases" where !state.leases.isEmpty:
                    .array(
                        state.leases.map {
                            .object([
                                ("id", .string($0.id)), ("prompt", .string($0.prompt)),
                                ("at", .string($0.at.description)), ("expires", .string($0.expires.description)),
                            ])
                        })
                case "experiments" where !state.experiments.isEmpty:
                    .object(
                        state.experiments.sorted(by: { $0.key < $1.key }).map {
                            (
                                key: $0.key,
                                value: .object([
                                    ("arm", .string($0.value.arm)), ("version", .int($0.value.version)),
                                    ("exposed_at", .string($0.value.exposedAt.description)),
                                ])
                            )
                        })
                case "flags" where !state.flags.isEmpty:
                    .object(state.flags.sorted(by: { $0.key < $1.key }).map { (key: $0.key, value: .bool($0.value)) })
                case "attributes" where !state.attributes.isEmpty:
                    .object(
                        state.attributes.sorted(by: { $0.key < $1.key }).map { name, value in
                            let json: JSONValue =
                                switch value {
                                case .string(let text): .string(text)
                                case .number(let number): .double(number)
                                case .bool(let flag): .bool(flag)
                                }
                            return (key: name, value: json)
                        })
                default: ReviewState.plainField(key)?.json(state)
                }
            if let value { members.append((key, value)) }
        }
        return .object(members)
    }

    private static func versionFields(short: String?, build: String?) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let short { fields.append(("short", YAMLScalarText.scalar(short))) }
        if let build { fields.append(("build", YAMLScalarText.scalar(build))) }
        return fields
    }

    private static func versionObject(short: String?, build: String?) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = []
        if let short { fields.append(("short", .string(short))) }
        if let build { fields.append(("build", .string(build))) }
        return .object(fields)
    }

    /// `{a: 1, b: 2}`.
    private static func flow(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// An attribute as a YAML scalar that reads back as the same kind of value.
    private static func yamlScalar(_ value: AttributeValue) -> String {
        switch value {
        case .string(let text): return YAMLScalarText.scalar(text)
        case .bool(let flag): return String(flag)
        case .number(let number):
            // A whole number reads back as a number; a fraction keeps its `.` or exponent.
            return NumberText.shortest(number)
        }
    }

    /// A count, or `{count: N, times: [...], since_ask: {...}}` when it keeps times or counters
    /// since an ask (Semantics §14.1; each written only when used).
    private static func yamlHistory(_ history: EventHistory) -> String {
        guard !history.times.isEmpty || !history.sinceAsk.isEmpty else { return "\(history.count)" }
        var members = [("count", "\(history.count)")]
        if !history.times.isEmpty {
            members.append(("times", "[" + history.times.map(\.description).joined(separator: ", ") + "]"))
        }
        if !history.sinceAsk.isEmpty {
            members.append(
                (
                    "since_ask",
                    flow(
                        history.sinceAsk.sorted { $0.key < $1.key }.map {
                            (YAMLScalarText.scalar($0.key), "\($0.value)")
                        })
                ))
        }
        return flow(members)
    }

    /// A count, or `{"count": N, "times": [...], "since_ask": {...}}` when it keeps times or
    /// counters since an ask.
    private static func jsonHistory(_ history: EventHistory) -> JSONValue {
        guard !history.times.isEmpty || !history.sinceAsk.isEmpty else { return .int(history.count) }
        var members: [(key: String, value: JSONValue)] = [("count", .int(history.count))]
        if !history.times.isEmpty { members.append(("times", .array(history.times.map { .string($0.description) }))) }
        if !history.sinceAsk.isEmpty {
            members.append(
                ("since_ask", .object(history.sinceAsk.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })))
        }
        return .object(members)
    }
}

extension ReviewState {
    /// The launches as an event's history: their count, times and counters since an ask.
    var launchHistory: EventHistory {
        EventHistory(count: launches, times: launchTimes, sinceAsk: launchesSinceAsk)
    }
}
