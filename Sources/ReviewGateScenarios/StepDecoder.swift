@_spi(ReviewGateTools) import ReviewGate

/// Reads one step of a scenario, and its `expect`, reporting every problem at its node.
enum StepDecoder {
    /// What the steps of one scenario are read against, worked out once for all of them: the
    /// policy, or the budget and its policies, and the events they read.
    struct Subject {
        var policy: Policy?
        var budget: Budget?
        var isBudget: Bool
        var policies: [Policy]
        var readEvents: [String]
        /// The scenario's build channel: each moment's unless its step says another.
        var channel: Channel = .production
        /// Reads a `merge:` step's record file, by its path as the step writes it.
        var readRecord: ((String) throws -> DocumentNode)?

        init(policy: Policy?, budget: Budget?, isBudget: Bool) {
            self.policy = policy
            self.budget = budget
            self.isBudget = isBudget
            policies = budget?.policies ?? policy.map { [$0] } ?? []
            readEvents = Array(Set(policies.flatMap(\.readEvents))).sorted()
        }

        /// Whether what the steps are read against loaded.
        var isLoaded: Bool { budget != nil || (!isBudget && policy != nil) }
    }

    /// One step; under a budget (`subject.isBudget`) its policies are the budget's and the step may
    /// want prompts, take a lease, commit or release one.
    static func decode(_ node: DocumentNode, number: Int, subject: Subject, reader: inout NodeReader) -> ScenarioStep? {
        let what = "step \(number)"
        guard let fields = reader.fields(node, what, LanguageCatalogue.section(.scenario, "/steps/*")) else {
            return nil
        }
        let (policy, budget, isBudget, policies) = (subject.policy, subject.budget, subject.isBudget, subject.policies)
        let loaded = subject.isLoaded
        if !isBudget {
            for key in ["want", "lease", "commit", "release"] where fields.has(key) {
                reader.error(
                    "\(key) belongs to a budget's scenario (budget: FILE in place of policy:)",
                    at: fields.keyLocation(key))
            }
        }
        var step = ScenarioStep(number: number, location: node.location, repetitions: 1)

        let actions = ScenarioDecoder.actionKeys.filter(fields.has)
        if actions.count > 1 {
            reader.error(
                "\(what) does one thing; it has \(actions.dropLast().joined(separator: ", ")) and \(actions.last!): split it into \(actions.count) steps",
                at: node.location)
        }
        if actions.isEmpty, !fields.has("after"), !fields.has("at"), !fields.has("want") {
            reader.error(
                "\(what) does nothing: give one of launch, event, trigger, update, respond, set or merge, or move the clock with after or at",
                at: node.location)
        }
        if fields.has("after"), fields.has("at") {
            reader.error("\(what) has both after and at: move the clock one way", at: fields.keyLocation("at"))
        }

        if let value = fields["launch"] {
            // `launch:` with nothing after it is `launch: {}`: there is nothing to set.
            if value.mapping?.isEmpty == true || (value.scalar?.value == .null && value.scalar?.text.isEmpty == true) {
                step.action = .launch
            } else {
                reader.error("launch takes no settings: write launch: {}; found \(value.summary)", at: value.location)
            }
        }
        if let value = fields["event"], let event = reader.identifier(value, "event") {
            step.action = .event(event)
            // A misspelt event would pass a test that expects a block: say that the policy never reads it.
            if loaded, event != Trigger.launchEvent {
                let read = subject.readEvents
                // An old name of a renamed event is read as its new name (Semantics §14.4).
                if !read.contains(event), !subject.policies.contains(where: { $0.renamed.events[event] != nil }) {
                    reader.warning(
                        "event \"\(Quote.prefix(event))\" is named by no trigger or condition of the policy, so this step changes nothing it reads\(Suggestion.phrase(for: event, in: read))",
                        at: value.location)
                }
            }
        }
        if let value = fields["trigger"], let id = reader.identifier(value, "trigger") {
            if loaded, let first = policies.first, !policies.contains(where: { $0.trigger(id: id) != nil }) {
                reader.error(first.noTriggerMessage(id), at: value.location)
            }
            step.action = .trigger(id)
        }
        if let value = fields["want"] {
            for item in value.sequence ?? [value] {
                guard let name = reader.identifier(item, "a wanted prompt") else { continue }
                step.wanted.append(name)
                guard let budget else { continue }
                if budget.prompt(named: name) == nil {
                    reader.error(unknownPrompt(name, in: budget), at: item.location)
                } else if budget.prompt(named: name)?.policy != nil {
                    reader.error(
                        "\(name) is decided by its policy, not wanted: want names the budget's external prompts (\(Suggestion.list(budget.externalPrompts)))",
                        at: item.location)
                }
            }
            if actions.isEmpty { step.action = .want }
        }
        for key in ["commit", "release"] {
            guard let value = fields[key], let name = reader.identifier(value, key) else { continue }
            if let budget, budget.prompt(named: name) == nil {
                reader.error(unknownPrompt(name, in: budget), at: value.location)
            }
            step.action = key == "commit" ? .commit(prompt: name) : .release(prompt: name)
        }
        if let value = fields["lease"], let leases = reader.bool(value, "lease") { step.leases = leases }
        if let value = fields["prompt"] {
            if !fields.has("respond") {
                reader.error(
                    "prompt names the prompt a respond answers: it goes with respond", at: fields.keyLocation("prompt"))
            }
            if let name = reader.identifier(value, "prompt") {
                if let budget, budget.prompt(named: name) == nil {
                    reader.error(unknownPrompt(name, in: budget), at: value.location)
                }
                step.prompt = name
            }
        }
        if let value = fields["update"], let version = update(value, &reader) { step.action = .update(version) }
        if let value = fields["respond"], let kind = reader.choice(value, "respond", as: ResponseKind.self) {
            step.action = .respond(kind)
        }
        if let value = fields["set"], let (flags, attributes) = set(value, &reader) {
            step.action = .set(flags: flags, attributes: attributes)
        }
        if let value = fields["merge"], let record = record(value, subject: subject, &reader) {
            step.action = .merge(record)
        }

        let isMoment = fields.has("launch") || fields.has("event") || fields.has("trigger") || fields.has("want")
        for key in ["scene", "source", "channel", "expect", "lease"] where fields.has(key) && !isMoment {
            reader.error(
                "\(key) belongs to a moment: a step with launch, event or trigger", at: fields.keyLocation(key))
        }
        if fields.has("source"), fields.has("launch") {
            reader.error(
                "a launch step always has the source launch; leave out source", at: fields.keyLocation("source"))
        }
        step.scene = fields["scene"].flatMap { reader.identifier($0, "scene") }
        step.source = fields["source"].flatMap { reader.choice($0, "source", as: MomentSource.self) }
        step.channel =
            fields["channel"].flatMap { reader.choice($0, "channel", as: Channel.self) } ?? subject.channel

        if let value = fields["after"], let span = reader.duration(value, "after") {
            step.clock = .after(span)
            step.clockLocation = value.location
        }
        if let value = fields["at"], let time = reader.timestamp(value, "at") {
            step.clock = .at(time)
            step.atOffsetSeconds = value.string.flatMap(Timestamp.utcOffset(ofRFC3339:))
            step.clockLocation = value.location
        }
        if let value = fields["repeat"],
            let count = reader.int(value, "repeat", minimum: 1, maximum: ScenarioDecoder.maximumRepetitions)
        {
            step.repetitions = count
        }
        if let value = fields["expect"] {
            step.expectation =
                isBudget
                ? budgetExpectation(value, budget: budget, &reader) : expectation(value, policy: policy, &reader)
        }
        return step
    }

    private static func update(_ node: DocumentNode, _ reader: inout NodeReader) -> AppVersion? {
        guard let fields = reader.fields(node, "update", LanguageCatalogue.section(.scenario, "/steps/*/update")) else {
            return nil
        }
        guard fields.has("short") || fields.has("build") else {
            reader.error("update needs short, build or both: the app's new version strings", at: node.location)
            return nil
        }
        return AppVersion(
            short: fields["short"].flatMap { reader.string($0, "update short") },
            build: fields["build"].flatMap { reader.string($0, "update build") })
    }

    /// A person record (Semantics §16.5) written inline, or the relative path of a JSON file
    /// holding one; a record's problems are reported at their lines, in the file or here.
    private static func record(_ node: DocumentNode, subject: Subject, _ reader: inout NodeReader) -> PersonRecord? {
        guard let reference = node.string else { return PersonRecord.decode(node, &reader) }
        guard let readRecord = subject.readRecord else { return nil }
        do {
            let root = try readRecord(reference)
            var fileReader = NodeReader()
            let record = PersonRecord.decode(root, &fileReader)
            for diagnostic in fileReader.diagnostics { reader.report(diagnostic) }
            guard !fileReader.hasErrors else {
                reader.error("in the person record this step merges, \(reference)", at: node.location)
                return nil
            }
            return record
        } catch let error as DiagnosticError {
            for diagnostic in error.diagnostics { reader.report(diagnostic) }
            reader.error("in the person record this step merges, \(reference)", at: node.location)
        } catch {
            reader.error("merge: cannot read the person record \(reference): \(error)", at: node.location)
        }
        return nil
    }

    private static func set(_ node: DocumentNode, _ reader: inout NodeReader) -> (
        [String: Bool], [String: AttributeValue]
    )? {
        guard let fields = reader.fields(node, "set", LanguageCatalogue.section(.scenario, "/steps/*/set")) else {
            return nil
        }
        guard fields.has("flags") || fields.has("attributes") else {
            reader.error("set needs flags, attributes or both", at: node.location)
            return nil
        }
        return (
            fields["flags"].map { reader.flags($0) } ?? [:], fields["attributes"].map { reader.attributes($0) } ?? [:]
        )
    }

    /// `allow`, `block`, or a mapping of `decision`, `trigger`, `blocked_by`, `next_eligible_at`,
    /// and under an experiment `arm` and `exposure`. A trigger or an arm the policy does not have
    /// is an error, with a did-you-mean.
    private static func expectation(
        _ node: DocumentNode, policy: Policy?, _ reader: inout NodeReader
    ) -> Expectation? {
        if node.mapping == nil {
            return outcome(node, "expect", &reader).map { Expectation([.decision($0)]) }
        }
        let section = LanguageCatalogue.section(.scenario, "/steps/*/expect")
        guard let fields = reader.fields(node, "expect", section) else { return nil }
        var parts: [Expectation.Part] = []
        // In the order written, so that a failure lists them as the author did.
        for entry in node.mapping ?? [] {
            guard let key = entry.key.string, fields.has(key) else { continue }
            let value = entry.value
            switch key {
            case "decision":
                if let outcome = outcome(value, "expect decision", &reader) { parts.append(.decision(outcome)) }
            case "trigger":
                if value.scalar?.value == .null {
                    parts.append(.trigger(nil))
                } else if let id = reader.identifier(value, "expect trigger") {
                    if let policy, policy.trigger(id: id) == nil {
                        reader.error("expect trigger: " + policy.noTriggerMessage(id), at: value.location)
                    }
                    parts.append(.trigger(id))
                }
            case "blocked_by":
                if let ids = blockedBy(value, &reader) { parts.append(.blockedBy(ids)) }
            case "arm", "exposure":
                guard let experiment = policy?.experiment else {
                    reader.error(
                        "expect \(key) is for a policy with an experiment; this one has none", at: entry.key.location)
                    continue
                }
                if key == "exposure" {
                    if let exposed = reader.bool(value, "expect exposure") { parts.append(.exposure(exposed)) }
                } else if let arm = reader.identifier(value, "expect arm") {
                    let names = experiment.arms.map(\.name) + [Experiment.holdoutArm]
                    if !names.contains(arm) {
                        reader.error(
                            "expect arm: the experiment \(experiment.name) has no arm \"\(Quote.prefix(arm))\"\(Suggestion.phrase(for: arm, in: names)) (its arms: \(names.joined(separator: ", ")))",
                            at: value.location)
                    }
                    parts.append(.arm(arm))
                }
            default:
                if value.scalar?.value == .null {
                    parts.append(.nextEligibleAt(nil))
                } else if let time = reader.timestamp(value, "expect next_eligible_at") {
                    parts.append(.nextEligibleAt(time))
                }
            }
        }
        if fields.keys.isEmpty {
            reader.error("expect needs at least one of \(Suggestion.list(section.keys))", at: node.location)
        }
        return Expectation(parts)
    }

    /// Under a budget: `granted: NAME` (or `null`), and each prompt's outcome by its name:
    /// `allow`, `block`, or a mapping of `decision`, `trigger`, `blocked_by` (ids, `budget` among
    /// them), `next_eligible_at`.
    private static func budgetExpectation(
        _ node: DocumentNode, budget: Budget?, _ reader: inout NodeReader
    ) -> Expectation? {
        guard let entries = node.mapping, !entries.isEmpty else {
            reader.error(
                "expect under a budget is a mapping of granted (a prompt or null) and prompts' outcomes by name; found \(node.summary)",
                at: node.location)
            return nil
        }
        let names = budget?.prompts.map(\.name) ?? []
        var parts: [Expectation.Part] = []
        for entry in entries {
            guard let key = entry.key.string else { continue }
            if key == "granted" {
                if entry.value.scalar?.value == .null {
                    parts.append(.granted(nil))
                } else if let name = reader.identifier(entry.value, "expect granted") {
                    if budget != nil, !names.contains(name) {
                        reader.error(
                            "expect granted: the budget has no prompt \"\(Quote.prefix(name))\"\(Suggestion.phrase(for: name, in: names))",
                            at: entry.value.location)
                    }
                    parts.append(.granted(name))
                }
                continue
            }
            guard budget == nil || names.contains(key) else {
                reader.error(
                    "expect under a budget takes granted and the budget's prompts; \"\(Quote.prefix(key))\" is neither\(Suggestion.phrase(for: key, in: ["granted"] + names))",
                    at: entry.key.location)
                continue
            }
            for part in promptParts(entry.value, prompt: key, &reader) { parts.append(.prompt(key, part)) }
        }
        return Expectation(parts)
    }

    /// One prompt's expected outcome under a budget.
    private static func promptParts(_ node: DocumentNode, prompt: String, _ reader: inout NodeReader)
        -> [Expectation.Part]
    {
        let what = "expect \(prompt)"
        guard node.mapping != nil else { return outcome(node, what, &reader).map { [.decision($0)] } ?? [] }
        guard let fields = reader.fields(node, what, LanguageCatalogue.section(.scenario, "/steps/*/expect/*")) else {
            return []
        }
        var parts: [Expectation.Part] = []
        for entry in node.mapping ?? [] {
            guard let key = entry.key.string, fields.has(key) else { continue }
            let value = entry.value
            switch key {
            case "decision":
                if let outcome = outcome(value, "\(what) decision", &reader) { parts.append(.decision(outcome)) }
            case "trigger":
                parts.append(.trigger(value.scalar?.value == .null ? nil : reader.identifier(value, "\(what) trigger")))
            case "blocked_by":
                let ids = Blocker.allCases.map(\.id) + ["budget"]
                let items = reader.list(value, "\(what) blocked_by") ?? []
                var found: [String] = []
                for item in items {
                    guard let id = reader.string(item, "a blocked_by id") else { continue }
                    if !ids.contains(id) {
                        reader.error(
                            "\"\(Quote.prefix(id))\" is nothing that blocks\(Suggestion.phrase(for: id, in: ids))",
                            at: item.location)
                    }
                    found.append(id)
                }
                parts.append(.blockedByIDs(found))
            case "next_eligible_at":
                if value.scalar?.value == .null {
                    parts.append(.nextEligibleAt(nil))
                } else if let time = reader.timestamp(value, "\(what) next_eligible_at") {
                    parts.append(.nextEligibleAt(time))
                }
            default: continue
            }
        }
        return parts
    }

    /// A prompt the budget does not have, with a did-you-mean.
    static func unknownPrompt(_ name: String, in budget: Budget) -> String {
        "the budget has no prompt \"\(Quote.prefix(name))\"\(Suggestion.phrase(for: name, in: budget.prompts.map(\.name)))"
    }

    private static func outcome(_ node: DocumentNode, _ what: String, _ reader: inout NodeReader) -> Decision.Outcome? {
        if let text = node.string, let outcome = Decision.Outcome(rawValue: text) { return outcome }
        let hint = node.string.map { Suggestion.phrase(for: $0, in: ["allow", "block"]) } ?? ""
        reader.error(
            "\(what) must be allow or block (or a mapping of decision, trigger, blocked_by, next_eligible_at); found \(node.summary)\(hint)",
            at: node.location)
        return nil
    }

    private static func blockedBy(_ node: DocumentNode, _ reader: inout NodeReader) -> [Blocker]? {
        guard let items = reader.list(node, "expect blocked_by") else { return nil }
        var blockers: [Blocker] = []
        for item in items {
            guard let id = reader.string(item, "a blocked_by id") else { continue }
            guard let blocker = Blocker(id: id) else {
                let ids = Blocker.allCases.map(\.id)
                let hint =
                    Suggestion.closest(to: id, in: ids).map { "did you mean \"\($0)\"?" }
                    ?? "expected \(Suggestion.list(ids))"
                reader.error("\"\(Quote.prefix(id))\" is nothing that blocks; \(hint)", at: item.location)
                continue
            }
            blockers.append(blocker)
        }
        return blockers
    }
}
