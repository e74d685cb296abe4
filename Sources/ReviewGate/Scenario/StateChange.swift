/// What a step changed in the state, in words for transcripts: `launches 3`, `session started`,
/// `process_completed 4`, `walk_ended not counted`, `ask #1 in build "1"`.
enum StateChange {
    static func describe(from old: ReviewState, to new: ReviewState, moment: Moment?, policy: Policy) -> [String] {
        var changes: [String] = []
        if new.launches != old.launches { changes.append("launches \(new.launches)") }
        if new.sessionStartedAt != old.sessionStartedAt { changes.append("session started") }
        if new.app.short != old.app.short { changes.append("short \(YAMLScalarText.quoted(new.app.short ?? ""))") }
        if new.app.build != old.app.build { changes.append("build \(YAMLScalarText.quoted(new.app.build ?? ""))") }
        if new.versionFirstSeenAt != old.versionFirstSeenAt { changes.append("new version") }
        if new.events != old.events {
            for name in Set(new.events.keys).union(old.events.keys).sorted() {
                let count = new.events[name]?.count ?? 0
                if count != old.events[name]?.count ?? 0 { changes.append("\(name) \(count)") }
            }
        }
        if let event = moment?.event, event != Trigger.launchEvent, new.events[event]?.count == old.events[event]?.count {
            changes.append("\(event) not counted")
        }
        let key = policy.app.versionKey
        for (index, ask) in new.asks.enumerated().dropFirst(old.asks.count) {
            changes.append("ask #\(index + 1) in \(key.rawValue) \(YAMLScalarText.quoted(ask.version(key) ?? ""))")
        }
        for response in new.responses.dropFirst(old.responses.count) { changes.append("response \(response.kind.rawValue)") }
        for (name, flag) in new.flags.sorted(by: { $0.key < $1.key }) where old.flags[name] != flag {
            changes.append("flag \(name) \(flag)")
        }
        for (name, value) in new.attributes.sorted(by: { $0.key < $1.key }) where old.attributes[name] != value {
            changes.append("attribute \(name) \(text(value))")
        }
        return changes
    }

    /// An attribute's value as a transcript shows it: strings quoted, so `"1"` and `1` differ.
    static func text(_ value: AttributeValue) -> String {
        if case .string(let string) = value { return YAMLScalarText.quoted(string) }
        return value.description
    }
}
