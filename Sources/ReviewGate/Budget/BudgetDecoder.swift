/// Turns a budget file's node tree (``extends`` already merged) into a ``Budget`` without its
/// policies (``BudgetLoader`` loads them), reporting every problem at its node.
package struct BudgetDecoder {
    /// The budget format this reviewgate reads.
    static let formatVersion = 1
    /// The key that marks a budget file and holds its format version.
    package static let formatKey = "reviewgate_budget"

    /// The keys of a budget's prompt (``LanguageCatalogue``).
    package static var promptKeys: [String] { LanguageCatalogue.section(.budget, "/prompts/*").keys }
    /// A prompt's priority: the higher wins.
    package static let priorities = 1...100

    package var reader = NodeReader()

    /// A decoder with nothing read yet.
    package init() {}

    /// Whether a document is a budget file rather than a policy.
    package static func isBudget(_ root: DocumentNode) -> Bool {
        root[formatKey] != nil
    }

    /// The budget, or `nil` when there were errors (then ``reader`` holds them).
    package mutating func decode(_ root: DocumentNode) -> Budget? {
        if let refusal = FormatVersion.budget.refusal(root[Self.formatKey]) {
            reader.report(refusal)
            return nil
        }
        // A signed budget (ReviewGateRemote's SignedUpdate) is for apps and verify, not a budget to decode.
        if root["reviewgate_signed"] != nil, root[Self.formatKey] == nil {
            var signed = Diagnostic.error("this is a signed budget, for remote updates", at: root.location)
            signed.advice = .verifySigned
            reader.report(signed)
            return nil
        }
        guard let fields = reader.fields(root, "the budget", LanguageCatalogue.section(.budget, "")) else { return nil }
        guard let versionNode = fields[Self.formatKey] else {
            // Loaded as a budget by its name (`*.budget.yaml`, the build plugin), without the key.
            reader.error(
                "the budget is missing \"\(Self.formatKey): 1\", the format version, as its first key",
                at: root.location)
            return nil
        }
        guard let version = reader.int(versionNode, "\(Self.formatKey) (the format version)", minimum: 1) else {
            return nil
        }
        reader.require(["name", "prompts"], in: fields, "the budget")
        let name = fields["name"].flatMap { reader.fileName($0) }
        let description = fields["description"].flatMap { reader.string($0, "description") }
        let prompts = fields["prompts"].map { decodePrompts($0) } ?? []
        let names = prompts.map(\.name)
        let limits = fields["limits"].map { decodeLimits($0) } ?? []
        let gaps = fields["gaps"].map { decodeGaps($0, prompts: names, known: Set(names)) } ?? []
        var lease = Located(Budget.defaultLease, at: nil)
        if let node = fields["lease"], let span = reader.duration(node, "lease") {
            if span.nanoseconds > 0 {
                lease = Located(span, at: fields.keyLocation("lease"))
            } else {
                reader.error("lease must be longer than 0s: a lease of 0s holds nothing", at: node.location)
            }
        }
        let allowed = decodeLint(fields["lint"])
        // A budget renames prompts for all its policies (Semantics §14.4); events are its policies' own.
        var renamed = Renames.none
        if let node = fields["renamed"] {
            if let keys = reader.fields(node, "a budget's renamed", LanguageCatalogue.section(.budget, "/renamed")) {
                keys.readsWhole()
                renamed = reader.renames(node)
            }
        }
        guard !reader.hasErrors, let name else { return nil }
        var budget = Budget(
            version: version, name: name, description: description, prompts: prompts, limits: limits, gaps: gaps,
            lease: lease, allowedWarnings: allowed, location: root.location)
        budget.ownRenames = renamed
        return budget
    }

    private mutating func decodePrompts(_ node: DocumentNode) -> [BudgetPrompt] {
        guard let entries = node.mapping else {
            reader.error(
                "prompts must be a mapping of prompt names to {priority, policy, ignores_budget, state_error, channels}; found \(node.summary)",
                at: node.location)
            return []
        }
        if entries.isEmpty { reader.error("prompts must name at least one prompt", at: node.location) }
        var prompts: [BudgetPrompt] = []
        for entry in entries {
            guard let name = reader.identifier(entry.key, "a prompt name") else { continue }
            guard
                let fields = reader.fields(
                    entry.value, "prompt \(name)", LanguageCatalogue.section(.budget, "/prompts/*"))
            else { continue }
            reader.require(["priority"], in: fields, "prompt \(name)")
            var priority = Located(Self.priorities.lowerBound, at: nil)
            if let node = fields["priority"],
                let value = reader.int(
                    node, "priority of \(name)", minimum: Self.priorities.lowerBound,
                    maximum: Self.priorities.upperBound)
            {
                priority = Located(value, at: fields.keyLocation("priority"))
            }
            var path: Located<String>?
            if let node = fields["policy"], let text = reader.string(node, "policy of \(name)") {
                if text.isEmpty {
                    reader.error("policy of \(name) must be the relative path of a policy file", at: node.location)
                } else {
                    path = Located(text, at: node.location)
                }
            }
            let ignores = fields["ignores_budget"].flatMap { reader.bool($0, "ignores_budget of \(name)") } ?? false
            var prompt = BudgetPrompt(
                name: name, priority: priority, policyPath: path, policy: nil,
                ignoresBudget: Located(ignores, at: fields.keyLocation("ignores_budget")),
                location: entry.key.location)
            if let node = fields["state_error"],
                let rule = reader.choice(node, "state_error of \(name)", as: StateErrorRule.self)
            {
                if rule == .allow, path != nil {
                    // A policy's prompt is decided on the state: without it, no guard can hold.
                    reader.error(
                        "state_error: allow is for an external prompt (one without a policy), such as a paywall the app must show; \(name)'s policy cannot decide without the state",
                        at: node.location)
                }
                prompt.grantedOnStateError = rule == .allow && path == nil
            }
            if let node = fields["channels"] {
                prompt.channels = reader.channels(
                    node, LanguageCatalogue.section(.budget, "/prompts/*/channels"), of: "channels of \(name)")
            }
            prompts.append(prompt)
        }
        return prompts
    }

    private mutating func decodeLimits(_ node: DocumentNode) -> [BudgetLimit] {
        guard let items = reader.list(node, "limits (such as [{max: 1, per: 1d}])") else { return [] }
        var limits: [BudgetLimit] = []
        for item in items {
            guard let fields = reader.fields(item, "a limit", LanguageCatalogue.section(.budget, "/limits/*")) else {
                continue
            }
            reader.require(["max"], in: fields, "a limit")
            let max = fields["max"].flatMap { reader.int($0, "a limit's max", minimum: 1) }
            var per = BudgetLimit.Span.lifetime
            if let node = fields["per"] {
                if node.string == "session" {
                    per = .session
                } else if let span = reader.duration(node, "a limit's per (a duration, or session)") {
                    per = .rolling(span)
                } else {
                    continue
                }
            }
            if let max { limits.append(BudgetLimit(max: max, per: per, location: item.location)) }
        }
        return limits
    }

    private mutating func decodeGaps(_ node: DocumentNode, prompts: [String], known: Set<String>) -> [BudgetGap] {
        guard let items = reader.list(node, "gaps (such as [{min: 2h}])") else { return [] }
        var gaps: [BudgetGap] = []
        for item in items {
            guard let fields = reader.fields(item, "a gap", LanguageCatalogue.section(.budget, "/gaps/*")) else {
                continue
            }
            reader.require(["min"], in: fields, "a gap")
            func prompt(_ key: String) -> String?? {
                guard let node = fields[key] else { return .some(nil) }
                guard let name = reader.identifier(node, "a gap's \(key)") else { return nil }
                guard known.contains(name) else {
                    reader.error(
                        "a gap's \(key) names \"\(Quote.prefix(name))\", which is not a prompt of the budget\(Suggestion.phrase(for: name, in: prompts)) (its prompts: \(Suggestion.list(prompts)))",
                        at: node.location)
                    return nil
                }
                return .some(name)
            }
            let after = prompt("after")
            let before = prompt("before")
            let min = fields["min"].flatMap { reader.duration($0, "a gap's min") }
            guard let after, let before, let min else { continue }
            gaps.append(BudgetGap(after: after, before: before, min: min, location: item.location))
        }
        return gaps
    }

    /// `lint: {allow: [...]}`: the warnings the team means, by rule id.
    private mutating func decodeLint(_ node: DocumentNode?) -> Set<BudgetLintRule> {
        guard let node, let fields = reader.fields(node, "lint", LanguageCatalogue.section(.budget, "/lint")),
            let list = fields["allow"],
            let items = reader.list(list, "lint.allow (warning ids, such as [ignores_budget])")
        else { return [] }
        return Set(items.compactMap { reader.choice($0, "a warning id in lint.allow", as: BudgetLintRule.self) })
    }
}

extension FormatVersion {
    /// Budget files (Semantics §12).
    package static let budget = FormatVersion(
        file: "this budget", name: "format", supported: BudgetDecoder.formatVersion)
}
