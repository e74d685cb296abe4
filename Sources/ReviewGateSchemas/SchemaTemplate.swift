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
        let all = template.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in all.enumerated() {
            if let more = moreKeys(line, after: all[..<index]) {
                // The object's last member, whose line ends without a comma: the next line closes it.
                precondition(
                    all[(index + 1)...].first { !$0.allSatisfy { $0 == " " } }?.drop { $0 == " " }.hasPrefix("}")
                        ?? false,
                    "a schema's \(line) must be the last line of its object")
                // After the object's last member: a comma and the keys, or nothing at all.
                if out.hasSuffix("\n") { out.removeLast() }
                if !more.isEmpty {
                    out += ",\n" + more.map { renderLine($0, snippets: snippets) }.joined(separator: ",\n")
                }
            } else {
                out += renderLine(String(line), snippets: snippets)
            }
            if index < all.count - 1 { out += "\n" }
        }
        return out
    }

    /// For a `"{{more:FILE:PATH}}"` line (`"{{more:compiled:FILE:PATH}}"` in a compiled file's
    /// schema; `PATH` empty for the file's top level), the members of the catalogue's keys directly under `PATH` that the object above it
    /// (`lines`, back to its opening) does not spell out: a new key of a simple form (a duration,
    /// a count, a switch) then needs nothing written in a template. `nil` for any other line.
    private static func moreKeys(_ line: Substring, after lines: ArraySlice<Substring>) -> [String]? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("\"{{more:"), trimmed.hasSuffix("}}\"") else { return nil }
        var id = trimmed.dropFirst("\"{{more:".count).dropLast("}}\"".count)
        let compiled = id.hasPrefix("compiled:")
        if compiled { id = id.dropFirst("compiled:".count) }
        let parts = id.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let file = LanguageFile(rawValue: parts[0]) else {
            preconditionFailure("a schema's template has \(line), which names no file of the language")
        }
        let indent = String(line.prefix { $0 == " " })
        var spelled: Set<String> = []
        for above in lines.reversed() {
            let spaces = above.prefix { $0 == " " }.count
            if spaces < indent.count, !above.allSatisfy({ $0 == " " }) { break }
            if spaces == indent.count, above.dropFirst(spaces).hasPrefix("\""),
                let name = above.dropFirst(spaces + 1).split(separator: "\"", maxSplits: 1).first
            {
                spelled.insert(String(name))
            }
        }
        return LanguageCatalogue.keys(of: file).filter { $0.mapping == parts[1] }.compactMap {
            key in
            let name = String(key.path.split(separator: "/").last ?? "")
            guard !spelled.contains(name) else { return nil }
            guard let shape = simpleShape(key, compiled: compiled) else {
                preconditionFailure(
                    "\(key.file.rawValue):\(key.path) is \(key.form), no simple form: spell it out in the schema's template"
                )
            }
            let description = compiled ? "" : "\"description\": \"{{\(key.file.rawValue):\(key.path)}}\", "
            return "\(indent)\"\(name)\": { \(description)\(shape) }"
        }
    }

    /// A key's schema when its form is a simple one (a duration, a count, a switch), as the policy
    /// schema writes it or, `compiled`, as a compiled file has it (its default written out); a
    /// state's count with its default, time or string. `nil` for any other form.
    package static func simpleShape(_ key: LanguageKey, compiled: Bool) -> String? {
        if key.file == .state {
            // The forms of a state's plain fields (`ReviewState.plainFields`): a count, a time, a
            // string, a version.
            return switch key.form {
            case "integer ≥ 0" where Int(key.defaultValue) != nil:
                ##""type": "integer", "maximum": 1000000000, "minimum": 0, "default": \##(key.defaultValue)"##
            case "timestamp": ##""$ref": "#/$defs/time""##
            case "string": ##""type": "string""##
            case "reviewgate version": ##""type": "string", "pattern": "^[0-9]+(\\.[0-9]+)*(-.+)?$""##
            default: nil
            }
        }
        // `integer ≥ N`'s N.
        let minimum = key.form.split(separator: " ").last.map(String.init) ?? ""
        return switch key.form {
        case "duration":
            compiled
                ? ##""description": "A duration, or null.", "$ref": "#/$defs/optionalDuration""##
                : ##""anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }]"##
        case "integer ≥ 0", "integer ≥ 1":
            compiled
                ? ##""description": "A count, or null.", "type": ["integer", "null"], "minimum": \##(minimum)"##
                : ##""type": ["integer", "null"], "maximum": 1000000000, "minimum": \##(minimum)"##
        case "boolean":
            compiled ? ##""description": "Whether it is on.", "type": "boolean""## : ##""type": ["boolean", "null"]"##
        default: nil
        }
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
            let key = LanguageCatalogue.key(file, parts[1])
        else { preconditionFailure("a schema's template names \(id), which the language catalogue lacks") }
        // A key without words yet is said so in the schema, which KeyWordsTests and the schemas'
        // golden files then fail on by name, rather than stopping every test.
        let missing = "\(id) has no words: write them in Sources/ReviewGateSchemas/Words"
        let (description, markdown) = (KeyWords.description(key) ?? missing, KeyWords.markdown(key) ?? missing)
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
