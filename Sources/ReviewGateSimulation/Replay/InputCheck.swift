@_spi(ReviewGateTools) import ReviewGate

/// The checks of Semantics §10 *What the input can tell*, made once a run has replayed its input, so
/// that a report is never confidently wrong because the input lacks what a policy reads: a run
/// whose policy reads the version that no line gives is refused; a name read that no line sends
/// is warned about (``InputWarning``).
enum InputCheck {
    /// How many of the input's most frequent event names a warning's message lists.
    static let frequentEventCount = 5

    /// What the checks of a run found, once it passed them.
    struct Checked {
        /// The names read and not sent.
        var warnings: [InputWarning]
        /// Every event name of the input with its lines, most first, when there are warnings.
        var frequentEvents: [InputWarning.Count]
        /// For each version key a policy of the run reads the version by, the people with no
        /// value in its column on any line, when there are such people.
        var peopleWithoutVersion: [VersionKey: Int] = [:]
        /// When any line gives a build channel, the people with a moment on each (Semantics §16.1).
        var peopleByChannel: [Channel: Int] = [:]

        /// Checks a run of `policies` (and of the prompts a budget `wants` without a policy, and
        /// the names a readout's `outcomes` read), whose lines sent `inventory`: throws when a
        /// policy reads a version no line gives. `versionKey` is the key of `--version-key`, when
        /// the run replays every policy with it.
        init(
            _ inventory: InputInventory, symbols: Symbols, policies: [Policy],
            wants: [(prompt: String, at: SourceLocation?)] = [], outcomes: [ReadoutOutcome] = [],
            versionKey: VersionKey? = nil
        ) throws(DiagnosticError) {
            try checkVersions(
                of: policies, inventory: inventory, sent: inventory.sent(symbols: symbols), versionKey: versionKey)
            warnings = InputCheck.warnings(
                policies: policies, wants: wants, outcomes: outcomes, inventory: inventory, symbols: symbols)
            frequentEvents = warnings.isEmpty ? [] : InputCheck.frequentEvents(inventory, symbols: symbols)
            let responses = inventory.sent(symbols: symbols)[.response] ?? []
            for policy in policies
            where PolicyReads(policy).versions.contains(where: {
                $0.response.map { responses.contains($0.rawValue) } ?? true
            }) {
                let key = policy.app.versionKey
                if inventory.peopleWithout(key) > 0 { peopleWithoutVersion[key] = inventory.peopleWithout(key) }
            }
            if inventory.linesNamingChannel > 0 {
                for (index, channel) in Channel.allCases.enumerated() {
                    peopleByChannel[channel] = inventory.peopleByChannel[index]
                }
            }
        }
    }

    /// Refuses the run when a policy of it reads the app's version (by its `version_key`) and no
    /// line of the input has a value in that column: the error is at the setting that reads it.
    /// `versionKey` is the key of `--version-key`, when the run replays every policy with it.
    static func checkVersions(
        of policies: [Policy], inventory: InputInventory, sent: [InputInventory.Kind: Set<String>],
        versionKey: VersionKey? = nil
    ) throws(DiagnosticError) {
        guard inventory.people > 0 else { return }
        let responses = sent[.response] ?? []
        for policy in policies {
            let key = policy.app.versionKey
            guard inventory.peopleWithout(key) == inventory.people,
                let reading = PolicyReads(policy).versions.first(where: {
                    $0.response.map { responses.contains($0.rawValue) } ?? true
                })
            else { continue }
            let other = key == .short ? VersionKey.build : .short
            let why = versionKey == nil ? "app.version_key: \(key.rawValue)" : "--version-key \(key.rawValue)"
            throw DiagnosticError(
                "\(reading.setting) reads the app's \(key.fullName) (\(why)), and no line of the input has a \"\(key.rawValue)\" value, so every person would run one version: add the \"\(key.rawValue)\" column to the export, or replay with --version-key \(other.rawValue) (every policy of the run as if its app.version_key were \(other.rawValue))",
                at: reading.location ?? policy.location)
        }
    }

    /// The warnings of a run of `policies` (and of the prompts a budget `wants` without a policy,
    /// each where the budget names it, and of a readout's `outcomes`): each name read that no line
    /// sends, once.
    static func warnings(
        policies: [Policy], wants: [(prompt: String, at: SourceLocation?)] = [], outcomes: [ReadoutOutcome] = [],
        inventory: InputInventory, symbols: Symbols
    ) -> [InputWarning] {
        let sent = inventory.sent(symbols: symbols)
        var warnings: [InputWarning] = []
        var warned = Set<String>()
        var reads = policies.flatMap { PolicyReads($0).names }
        reads += wants.map {
            PolicyReads.Name(kind: .want, name: $0.prompt, by: "the budget's prompt \($0.prompt)", location: $0.at)
        }
        reads += outcomes.map(\.read)
        // An event read under its new name is sent by lines of its old names too (Semantics §14.4).
        var oldNames: [String: [String]] = [:]
        for policy in policies where policy.hasRenames {
            for (old, new) in policy.renamed.events { oldNames[new, default: []].append(old) }
        }
        for read in reads {
            let kind = read.kind
            let names = [read.name] + (kind == .event ? oldNames[read.name] ?? [] : [])
            let isSent =
                kind.map { kind in names.contains { sent[kind]?.contains($0) ?? false } }
                ?? (inventory.launches > 0 || sent[.event]?.contains(Trigger.launchEvent) == true)
            guard !isSent, !(read.trigger.map { sent[.trigger]?.contains($0) ?? false } ?? false),
                warned.insert("\(kind?.rawValue ?? 0) \(read.name)").inserted
            else { continue }
            let candidates = kind.map { Array(sent[$0] ?? []).sorted() } ?? []
            warnings.append(
                InputWarning(
                    kind: InputWarning.word(of: kind), name: read.name, readBy: read.by,
                    at: read.location?.description,
                    didYouMean: Suggestion.closest(to: read.name, in: candidates)))
        }
        // Days of use are local dates (Semantics §14.2): without an offset on any launch, all are UTC's.
        if inventory.launches > 0, inventory.launchesWithOffset == 0,
            let policy = policies.first(where: { $0.activeDaysWindow != nil })
        {
            warnings.append(
                InputWarning(
                    kind: InputWarning.offsetKind, name: "active_days", readBy: "policy \(policy.name)'s active_days",
                    at: (policy.guards[.activeDays]?.location ?? policy.location).description, didYouMean: nil))
        }
        return warnings
    }

    /// Every event name of the input with its lines, most first (names in order on a tie).
    static func frequentEvents(_ inventory: InputInventory, symbols: Symbols) -> [InputWarning.Count] {
        InputWarning.mostFrequent(inventory.eventCounts(symbols: symbols))
    }
}

/// A name a policy reads and no line of the input sends (Semantics §10 *What the input can tell*): a
/// policy whose trigger never fires reports 0 asks and says why.
package struct InputWarning: Sendable, Hashable {
    /// The kind of line that would send it: `event`, `launch`, `flag`, `attribute` or `want`.
    package var kind: String
    /// The name.
    package var name: String
    /// What reads it: `trigger process_completed`, `a condition of guards.when`.
    package var readBy: String
    /// Where the policy writes what reads it (`FILE:LINE:COLUMN`).
    package var at: String?
    /// The name sent by lines of the same kind that is nearest, when one is near.
    package var didYouMean: String?

    /// An event name and how many lines named it.
    package struct Count: Sendable, Hashable {
        /// The event's name.
        package var name: String
        /// Lines naming it.
        package var lines: Int
    }

    /// The word for a kind of line (`nil`: a launch).
    static func word(of kind: InputInventory.Kind?) -> String {
        switch kind {
        case nil: "launch"
        case .event?: "event"
        case .trigger?: "trigger"
        case .flag?: "flag"
        case .attribute?: "attribute"
        case .want?: "want"
        case .response?: "response"
        }
    }

    /// The kind of the warning that no launch line has a UTC offset, for a policy that counts days
    /// of use.
    static let offsetKind = "utc_offset"

    /// The warning's sentence, with the input's most frequent event names for an event.
    package func message(frequentEvents: [Count]) -> String {
        if kind == Self.offsetKind {
            return
                "\(readBy) counts days of use on local dates, and no launch line's time has a UTC offset: each is dated in UTC; write each time with the device's offset (+hh:mm), as the GA4 recipe of Documentation/guides/exporting-from-a-warehouse.md does"
        }
        let what = kind == "launch" ? "launches" : "\(kind) \(name)"
        let line = kind == "launch" ? "no launch line" : "no \(kind) line names it"
        var text = "\(readBy) reads \(what), and the input never sends it (\(line))"
        if kind == "event" {
            text +=
                frequentEvents.isEmpty
                ? "; the input has no event lines"
                : "; its most frequent events: "
                    + frequentEvents.prefix(InputCheck.frequentEventCount).map { "\($0.name) (\($0.lines))" }
                    .joined(separator: ", ")
        }
        if let didYouMean { text += "; did you mean \"\(didYouMean)\"?" }
        return text
    }

    /// `counts`, most first (names in order on a tie).
    static func mostFrequent(_ counts: [String: Int]) -> [Count] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { Count(name: $0.key, lines: $0.value) }
    }
}
