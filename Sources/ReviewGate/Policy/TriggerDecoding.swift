extension NodeReader {
    static let triggerKeys = ["event", "at_least", "exactly", "every", "within", "scenes", "when"]

    /// A trigger: exactly one of `at_least`/`exactly`/`every`, with optional `event`, `within`,
    /// `scenes`, `when`.
    mutating func trigger(id: String, _ node: Node, at location: SourceLocation) -> Trigger? {
        guard let fields = fields(node, "trigger \"\(id)\"", allowed: Self.triggerKeys) else { return nil }
        let event = fields["event"].flatMap { identifier($0, "event") } ?? id
        let countKeys = ["at_least", "exactly", "every"].filter(fields.has)
        var count: Located<CountRule>?
        switch countKeys.count {
        case 0:
            error("trigger \"\(id)\" needs one of at_least, exactly or every (how many \(event) donations, this one included)",
                  at: location)
        case 1:
            let key = countKeys[0]
            if let n = int(fields[key]!, key, minimum: 1) {
                let rule: CountRule = key == "at_least" ? .atLeast(n) : key == "exactly" ? .exactly(n) : .every(n)
                count = Located(rule, at: fields.keyLocation(key))
            }
        default:
            error("trigger \"\(id)\" has \(Suggestion.list(countKeys)); it takes exactly one of them",
                  at: fields.keyLocation(countKeys[1]))
        }
        let within = fields["within"].flatMap { duration($0, "within") }.map { Located($0, at: fields.keyLocation("within")) }
        var scenes: Located<[String]>?
        if let scenesNode = fields["scenes"], let items = list(scenesNode, "scenes") {
            let names = items.compactMap { string($0, "a scene", scalarText: true) }
            if items.isEmpty { error("scenes must list at least one scene (leave it out to allow every scene)", at: scenesNode.location) }
            scenes = Located(names, at: fields.keyLocation("scenes"))
        }
        let when = fields["when"].flatMap { condition($0) }
        guard let count else { return nil }
        return Trigger(id: id, event: event, count: count, within: within, scenes: scenes, when: when, location: location)
    }
}
