@_spi(ReviewGateTools) import ReviewGate

extension JSONSchema {
    /// A schema's text from its template: each `"description": "{{FILE:PATH}}"` is the language
    /// catalogue key's description (``KeyWords/description(_:)``), preceded by its
    /// `markdownDescription` (``KeyWords/markdown(_:)``, what the common YAML editor extension shows
    /// on hover) and, for the blocks a team writes most, its `defaultSnippets` (``snippets``).
    /// So every key is described once, in the words, and each schema keeps only its shape.
    static func render(_ template: String, snippets: [String: String] = [:]) -> String {
        var out = ""
        out.reserveCapacity(template.utf8.count * 3 / 2)
        var lines = template.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            out += renderLine(String(line), snippets: snippets)
            if !lines.isEmpty { out += "\n" }
        }
        return out
    }

    /// One line with its placeholders filled in, and the members put before them. `"{{blockers}}"`
    /// is the list of what can block a moment (`Blocker`: `enabled`, `trigger`, each guard in its
    /// order, ...), so that a new guard is in the scenario schema's `checkId` with nothing written there.
    private static func renderLine(_ line: String, snippets: [String: String]) -> String {
        if let blockers = line.firstRange(of: "\"{{blockers}}\"") {
            // The kill switch and the candidate trigger first, as a moment is decided (Semantics §4),
            // then the rest in `Blocker`'s order.
            let first = ["enabled", "trigger"]
            let ids = (first + Blocker.allCases.map(\.id).filter { !first.contains($0) }).map(quoted)
                .joined(separator: ", ")
            var line = line
            line.replaceSubrange(blockers, with: "[\(ids)]")
            return line
        }
        let opening = "\"description\": \"{{"
        guard let start = line.firstRange(of: opening), let end = line[start.upperBound...].firstRange(of: "}}\"")
        else { return line }
        let id = String(line[start.upperBound..<end.lowerBound])
        let parts = id.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let file = LanguageFile(rawValue: parts[0]),
            let key = LanguageCatalogue.key(file, parts[1]), let description = KeyWords.description(key),
            let markdown = KeyWords.markdown(key)
        else { preconditionFailure("a schema's template names \(id), which has no words") }
        let before = line[..<start.lowerBound]
        let rest = renderLine(String(line[end.upperBound...]), snippets: snippets)
        var members = ["\"markdownDescription\": \(quoted(markdown)),"]
        if let snippet = snippets[id] { members.append("\"defaultSnippets\": \(snippet),") }
        let described = "\"description\": \(quoted(description))\(rest)"
        // A description on a line of its own gets the members on lines of their own before it.
        if before.allSatisfy({ $0 == " " }) {
            return (members + [described]).map { "\(before)\($0)" }.joined(separator: "\n")
        }
        return "\(before)\((members + [described]).joined(separator: " "))"
    }

    /// `text` as a JSON string literal, as the library's JSON writer quotes it.
    static func quoted(_ text: String) -> String {
        var out = ""
        JSONWriter.quote(text, to: &out)
        return out
    }

    /// The snippets an editor offers for the blocks a team writes most (`defaultSnippets`, read
    /// by the common YAML editor extension), by the key whose value they fill.
    static let policySnippets: [String: String] = [
        "policy:/triggers":
            #"[{"label": "a trigger on an event's count", "description": "Ask on the 3rd donation of an event.", "body": {"${1:task_completed}": {"at_least": 3}}}]"#,
        "policy:/guards":
            #"[{"label": "the three-week rule", "description": "Not at launch, three weeks after the install, 90 days apart, once per version.", "body": {"never_on": ["launch", "user_action"], "min_install_age": "21d", "cooldown": "90d", "once_per_version": true}}]"#,
        "policy:/responses":
            #"[{"label": "answers to the pre-prompt", "body": {"after_rated": "never", "after_declined": "next_version", "after_later": "7d"}}]"#,
        "policy:/rollout": #"[{"label": "a share of people", "body": {"percent": "${1:10}"}}]"#,
        "policy:/experiment":
            #"[{"label": "two arms", "description": "A control and a variant that asks earlier.", "body": {"name": "${1:ask-earlier}", "arms": {"control": {"weight": 5000}, "earlier": {"weight": 5000, "override": {"triggers": {"${2:task_completed}": {"at_least": 2}}}}}}}]"#,
    ]
}
