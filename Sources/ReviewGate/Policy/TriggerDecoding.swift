extension NodeReader {
    /// A `within` window over an event's donations (or launches): longer than 0s.
    mutating func window(_ node: DocumentNode) -> TimeSpan? {
        guard let span = duration(node, "within") else { return nil }
        if span.nanoseconds == 0 {
            error(
                "within must be longer than 0s: a window of 0s holds no donation but the current one", at: node.location
            )
            return nil
        }
        return span
    }

    /// A trigger: exactly one of `at_least`/`exactly`/`every`, with optional `event`, `within`,
    /// `scenes`, `when`.
    mutating func trigger(id: String, _ node: DocumentNode, at location: SourceLocation) -> Trigger? {
        guard let fields = fields(node, "trigger \"\(id)\"", .policy("/triggers/*"), home: KeyHome.of) else {
            return nil
        }
        let event = fields["event"].flatMap { identifier($0, "event") } ?? id
        let countKeys = ["at_least", "exactly", "every"].filter(fields.has)
        var count: Located<CountRule>?
        switch countKeys.count {
        case 0:
            error(
                "trigger \"\(id)\" needs one of at_least, exactly or every (how many \(event) donations, this one included)",
                at: location)
        case 1:
            let key = countKeys[0]
            if let n = int(fields[key]!, key, minimum: 1) {
                let rule: CountRule = key == "at_least" ? .atLeast(n) : key == "exactly" ? .exactly(n) : .every(n)
                count = Located(rule, at: fields.keyLocation(key))
            }
        default:
            error(
                "trigger \"\(id)\" has \(countKeys.count == 2 ? "both " : "")\(countKeys.joined(separator: " and ")); it takes exactly one of at_least, exactly or every",
                at: fields.keyLocation(countKeys[1]))
        }
        let within = fields["within"].flatMap { window($0) }.map {
            Located($0, at: fields.keyLocation("within"))
        }
        let since = fields["since"].flatMap { choice($0, "since", as: CountSince.self) }.map {
            Located($0, at: fields.keyLocation("since"))
        }
        var scenes: Located<[String]>?
        if let scenesNode = fields["scenes"], let items = list(scenesNode, "scenes") {
            let names = items.compactMap { identifier($0, "a scene") }
            if items.isEmpty {
                error(
                    "scenes must list at least one scene (leave it out to allow every scene)", at: scenesNode.location)
            }
            scenes = Located(names, at: fields.keyLocation("scenes"))
        }
        let when = fields["when"].flatMap { condition($0) }
        guard let count else { return nil }
        return Trigger(
            id: id, event: event, count: count, within: within, since: since, scenes: scenes, when: when,
            location: location)
    }
}
