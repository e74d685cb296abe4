@_spi(ReviewGateTools) import ReviewGate

/// The language catalogue (`LanguageCatalogue`) read from a place in a document: which file it is,
/// which key a path of keys names, and which keys a mapping takes.
enum CatalogueLookup {
    /// What a document is, by its first key: the parsed document's, else the first key at the start
    /// of a line (so a document that does not read yet, mid-edit, is still known).
    static func file(of document: OpenDocument) -> LanguageFile {
        if let key = document.parsed?.root?.mapping?.first?.key.string { return LanguageFile(firstKey: key) }
        for line in document.text.lines {
            guard let first = line.first, first != "#", first != " ", first != "-", first != "\t" else { continue }
            return LanguageFile(firstKey: line.prefix { $0 != ":" }.trimmingQuotes)
        }
        return .policy
    }

    /// The key that `path` (keys from the root, `*` for a list's element) names, when the language has it.
    static func key(_ file: LanguageFile, _ path: some Collection<String>) -> LanguageKey? {
        let path = Array(path)
        guard let name = path.last else { return nil }
        let mapping = Array(path.dropLast())
        if let key = LanguageCatalogue.keys(of: file).first(where: { $0.name == name && matches($0.mapping, mapping) })
        {
            return key
        }
        guard file == .policy || file == .compiledPolicy else { return nil }
        if let rest = policyPath(mapping) { return key(.policy, rest + [name]) }
        return nil
    }

    /// The keys a mapping at `path` takes, in the catalogue's order.
    static func keys(_ file: LanguageFile, in path: [String]) -> [LanguageKey] {
        let direct = LanguageCatalogue.keys(of: file).filter { matches($0.mapping, path) }
        if !direct.isEmpty || !(file == .policy || file == .compiledPolicy) { return direct }
        if let rest = policyPath(path) { return keys(.policy, in: rest) }
        return []
    }

    /// A policy path inside an arm's override (the policy's own section) or inside a condition
    /// (`/when/...` wherever a condition is written, a list's element of `all` or `any` and what
    /// `not` holds being conditions too).
    private static func policyPath(_ path: [String]) -> [String]? {
        var condition: Int?
        for (index, segment) in path.enumerated() {
            let previous = index > 0 ? path[index - 1] : ""
            if segment == "when" || segment == "not" || (segment == "*" && (previous == "all" || previous == "any")) {
                condition = index
            }
        }
        if let condition { return ["when"] + path[(condition + 1)...] }
        if let override = path.lastIndex(of: "override") { return Array(path[(override + 1)...]) }
        return nil
    }

    /// Whether a catalogue mapping (`/triggers/*`) is `path`.
    private static func matches(_ mapping: String, _ path: [String]) -> Bool {
        let parts = mapping.split(separator: "/")
        guard parts.count == path.count else { return false }
        return zip(parts, path).allSatisfy { $0 == "*" || $0 == $1 }
    }

    /// The values a key's form lists (`short | build`, `v1 | v2`), or `true` and `false` for a boolean.
    static func values(of key: LanguageKey) -> [String] {
        if key.form == "boolean" { return ["true", "false"] }
        let form = key.form.split(separator: ",").first.map(String.init) ?? key.form
        let choices = form.split(separator: "|").map { $0.trimmedSpaces }
        guard choices.count > 1, choices.allSatisfy({ !$0.contains(" ") || $0 == "duration" }) else { return [] }
        return choices.filter { $0 != "duration" }
    }

    /// The semantics page of a key, on the project's site.
    static func page(of key: LanguageKey) -> String {
        let base = "https://github.com/reviewgate/ReviewGate/blob/main/Documentation/semantics/"
        switch (key.file, key.feature) {
        case (.state, _): return base + "state.md"
        case (.budget, _), (.compiledBudget, _), (_, "budget"): return base + "budget.md"
        case (.scenario, _), (.compiledScenario, _):
            return base + "command-line.md#6-scenario-files-golden-file-tests-for-policy-authors"
        case (.person, _), (_, "channels"), (_, "damage"), (_, "devices"): return base + "around-the-prompter.md"
        case (_, "experiment"), (_, "hash_v2"): return base + "experiments.md"
        case (.cohort, _): return base + "simulate.md"
        default: return base + "language.md"
        }
    }
}

extension StringProtocol {
    /// The text without surrounding spaces and quotes.
    var trimmingQuotes: String {
        String(trimmedSpaces.drop { $0 == "\"" || $0 == "'" }.reversed().drop { $0 == "\"" || $0 == "'" }.reversed())
    }

    /// The text without surrounding spaces and tabs.
    var trimmedSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
