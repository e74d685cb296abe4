/// What a step changed in the state, in words for transcripts: `launches 3`, `session started`,
/// `process_completed 4`, `walk_ended not counted`, `ask #1 in build "1"`.
package enum StateChange {
    /// What a description compares against: the state before a step, without the donation times,
    /// so that holding it does not make the step copy them.
    package struct Snapshot {
        var launches: Int
        var sessionStartedAt: Timestamp?
        var app: AppVersion
        var versionFirstSeenAt: Timestamp?
        var counts: [String: Int]
        var activeDays: [LocalDate]
        var asks: Int
        var responses: Int
        var flags: [String: Bool]
        var attributes: [String: AttributeValue]
        var experiments: [String: ExperimentExposure]

        package init(_ state: ReviewState) {
            launches = state.launches
            sessionStartedAt = state.sessionStartedAt
            app = state.app
            versionFirstSeenAt = state.versionFirstSeenAt
            counts = state.events.mapValues(\.count)
            activeDays = state.activeDays
            asks = state.asks.count
            responses = state.responses.count
            flags = state.flags
            attributes = state.attributes
            experiments = state.experiments
        }
    }

    package static func describe(from old: Snapshot, to new: ReviewState, moment: Moment?, policy: Policy) -> [String] {
        describe(from: old, to: new, moment: moment, versionKey: policy.app.versionKey)
    }

    /// The changes, each ask in `versionKey`'s version (`ask #1 in build "77"`), or in both when
    /// there is none (`ask #1 in short "1.0", build "77"`).
    package static func describe(from old: Snapshot, to new: ReviewState, moment: Moment?, versionKey: VersionKey?)
        -> [String]
    {
        var changes: [String] = []
        if new.launches != old.launches {
            changes.append("launches \(new.launches)\(sinceAsk(new.launchesSinceAsk))")
        }
        if new.sessionStartedAt != old.sessionStartedAt { changes.append("session started") }
        if new.app.short != old.app.short { changes.append("short \(YAMLScalarText.quoted(new.app.short ?? ""))") }
        if new.app.build != old.app.build { changes.append("build \(YAMLScalarText.quoted(new.app.build ?? ""))") }
        if new.versionFirstSeenAt != old.versionFirstSeenAt { changes.append("new version") }
        // Events are only ever added or counted, never removed.
        var counted: [(name: String, count: Int, sinceAsk: [String: Int])] = []
        for (name, history) in new.events where history.count != old.counts[name] ?? 0 {
            counted.append((name, history.count, history.sinceAsk))
        }
        for (name, count, since) in counted.sorted(by: { $0.name < $1.name }) {
            changes.append("\(name) \(count)\(sinceAsk(since))")
        }
        // A date of use added (Semantics §14.2); the dates that leave the window go without a word.
        for date in new.activeDays where !old.activeDays.contains(date) { changes.append("day of use \(date)") }
        if let event = moment?.event, event != Trigger.launchEvent, new.events[event]?.count == old.counts[event] {
            changes.append("\(event) not counted")
        }
        for (index, ask) in new.asks.enumerated().dropFirst(old.asks) {
            let keys = versionKey.map { [$0] } ?? [.short, .build]
            let versions = keys.map { "\($0.rawValue) \(YAMLScalarText.quoted(ask.version($0) ?? ""))" }
            // A prompt other than the review's is named, so that a budget's transcript tells them apart.
            let prompt = ask.prompt == Ask.review ? "" : "\(ask.prompt) "
            changes.append("\(prompt)ask #\(index + 1) in " + versions.joined(separator: ", "))
        }
        for response in new.responses.dropFirst(old.responses) {
            let prompt = response.prompt == Ask.review ? "" : " to \(response.prompt)"
            changes.append("response \(response.kind.rawValue)\(prompt)")
        }
        for (name, exposure) in new.experiments.sorted(by: { $0.key < $1.key }) where old.experiments[name] != exposure
        {
            changes.append("exposed to \(name) in arm \(exposure.arm)")
        }
        for (name, flag) in new.flags.sorted(by: { $0.key < $1.key }) where old.flags[name] != flag {
            changes.append("flag \(name) \(flag)")
        }
        for (name, value) in new.attributes.sorted(by: { $0.key < $1.key }) where old.attributes[name] != value {
            changes.append("attribute \(name) \(text(value))")
        }
        return changes
    }

    /// A count's counters since an ask (Semantics §14.1), in words: ` (3 since the last ask)`, the
    /// review's first, another prompt's named (` (2 since the last survey ask)`).
    static func sinceAsk(_ counters: [String: Int]) -> String {
        counters.sorted { ($0.key == Ask.review ? "" : $0.key) < ($1.key == Ask.review ? "" : $1.key) }.map {
            prompt, count in
            " (\(count) since the last \(prompt == Ask.review ? "" : "\(prompt) ")ask)"
        }.joined()
    }

    /// An attribute's value as a transcript shows it: strings quoted, so `"1"` and `1` differ.
    package static func text(_ value: AttributeValue) -> String {
        if case .string(let string) = value { return YAMLScalarText.quoted(string) }
        return value.description
    }
}
