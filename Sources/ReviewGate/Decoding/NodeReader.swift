/// Reads typed values out of nodes, collecting a diagnostic at the node for every problem instead
/// of stopping at the first: what was found, what was expected, and a did-you-mean for near misses.
package struct NodeReader {
    /// How many diagnostics a reader keeps; past it, errors are counted and their messages never
    /// built, so that a list of a hundred thousand bad items costs no more than a thousand. (A
    /// report lists ``DiagnosticError/reportLimit`` of them, the first in file order.)
    package static let keepLimit = 1000

    /// A reader with nothing found yet.
    package init() {}

    /// The problems found so far, in the order found, at most ``keepLimit``.
    package private(set) var diagnostics: [Diagnostic] = []
    /// The errors found past ``keepLimit``.
    package private(set) var uncounted = 0
    /// How many unknown keys were found (a newer reviewgate's file has some).
    package private(set) var unknownKeys = 0
    /// The keys of a policy written that a release after the first reads, each with where it is
    /// written, in the order read: what `newer_key` holds to `requires.library_version`.
    package private(set) var newerKeys: [(path: String, location: SourceLocation?)] = []
    /// Where the keys the decoders ask of each mapping are recorded, when a test audits them
    /// against the language catalogue (``KeyAudit``); `nil` otherwise.
    package var audit: KeyAudit? = KeyAudit.current
    /// Whether errors are counted only from now on: a caller may skip working out what to say.
    package var isFull: Bool { diagnostics.count >= Self.keepLimit }

    /// Whether any error was found.
    package var hasErrors: Bool { uncounted > 0 || diagnostics.contains { $0.severity == .error } }

    /// Everything found, as an error to throw.
    /// How many required keys were missing (``require(_:in:_:)``): a state missing one is damaged
    /// whoever wrote it (Semantics §11).
    package var missingKeys = 0
    package var failure: DiagnosticError { DiagnosticError(diagnostics, alsoFound: uncounted) }

    package mutating func error(
        _ message: @autoclosure () -> String, at location: SourceLocation?, notes: [Diagnostic.Note] = [],
        kind: DiagnosticKind? = nil
    ) {
        guard !isFull else {
            uncounted += 1
            return
        }
        diagnostics.append(.error(message(), at: location, notes: notes, kind: kind))
    }

    package mutating func report(_ diagnostic: Diagnostic) {
        guard !isFull else {
            if diagnostic.severity == .error { uncounted += 1 }
            return
        }
        diagnostics.append(diagnostic)
    }

    package mutating func warning(_ message: @autoclosure () -> String, at location: SourceLocation?) {
        guard !isFull else { return }
        diagnostics.append(.warning(message(), at: location))
    }

    /// The fields of a mapping, reporting unknown keys (with a did-you-mean, or where the key belongs
    /// when `home` knows it) and non-string keys.
    package mutating func fields(
        _ node: DocumentNode, _ what: String, _ section: LanguageCatalogue.Section,
        home: (String) -> String? = { _ in nil }
    ) -> Fields? {
        let fields = fields(node, what, allowed: section.keys, home: home, audit: audit.map { ($0, section) })
        if section.file == .policy, let fields {
            // Looked up without asking `fields`, which would count as the decoder reading the key
            // (``KeyAudit``).
            for entry in node.mapping ?? [] {
                guard let key = entry.key.string, LanguageCatalogue.newerNames.contains(key), fields.keys.contains(key)
                else { continue }
                let path = "\(section.mapping)/\(key)"
                if LanguageCatalogue.key(.policy, path).map({ $0.since > LanguageCatalogue.firstRelease }) == true {
                    newerKeys.append((path, entry.key.location))
                }
            }
        }
        return fields
    }

    /// The fields of a mapping whose keys are `allowed`, reporting unknown keys as
    /// ``fields(_:_:_:home:)`` does; the keys asked of it are recorded in `audit`, when there is one.
    private mutating func fields(
        _ node: DocumentNode, _ what: String, allowed: [String], home: (String) -> String?,
        audit: (KeyAudit, LanguageCatalogue.Section)?
    ) -> Fields? {
        guard let entries = node.mapping else {
            error("\(what) must be a mapping; found \(Self.notAMapping(node))", at: node.location, kind: .wrongType)
            return nil
        }
        var byKey: [String: MappingEntry] = [:]
        for entry in entries {
            guard let key = entry.key.scalar?.text, entry.key.scalar?.value != .null else {
                error(
                    "keys in \(what) must be names; found \(entry.key.summary)", at: entry.key.location,
                    kind: .wrongType)
                continue
            }
            guard allowed.contains(key) else {
                unknownKeys += 1
                guard !isFull else {
                    uncounted += 1
                    continue
                }
                let hint =
                    home(key).map { "; \(key) \($0)" }
                    ?? Suggestion.closest(to: key, in: allowed).map { "; did you mean \"\($0)\"?" }
                    ?? "; expected \(Suggestion.list(allowed))"
                error(
                    "unknown key \"\(Quote.prefix(key))\" in \(what)\(hint)", at: entry.key.location, kind: .unknownKey)
                continue
            }
            byKey[key] = entry
        }
        return Fields(node: node, entries: byKey, audit: audit)
    }

    /// What a node that should be a mapping is, with the likely cause when it is a common slip:
    /// nothing under a key (its lines lost their indentation), or `key:value` without a space.
    private static func notAMapping(_ node: DocumentNode) -> String {
        guard let scalar = node.scalar, scalar.style == .plain else { return node.summary }
        if scalar.value == .null && scalar.text.isEmpty {
            return "nothing under it (are the lines below it meant to be indented under it?)"
        }
        let text = scalar.text
        if let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex,
            !text[text.index(after: colon)].isWhitespace
        {
            let key = text[..<colon]
            let value = text[text.index(after: colon)...]
            return
                "the text \"\(Quote.prefix(text))\"; YAML needs a space after the colon of a key: \(Quote.prefix(String(key))): \(Quote.prefix(String(value)))"
        }
        return node.summary
    }

    /// Reports each listed key that is missing.
    package mutating func require(_ keys: [String], in fields: Fields, _ what: String) {
        for key in keys where !fields.has(key) {
            missingKeys += 1
            error("\(what) is missing the required key \"\(key)\"", at: fields.node.location, kind: .missingKey)
        }
    }

    /// An integer, optionally at least `minimum`, and at most `maximum` (``ReviewState/largestCount`` unless given).
    package mutating func int(_ node: DocumentNode, _ what: String, minimum: Int? = nil, maximum: Int? = nil) -> Int? {
        let maximum = maximum ?? ReviewState.largestCount
        guard case .int(let value)? = node.scalar?.value else {
            if case .float(let number)? = node.scalar?.value, number.rounded() == number, abs(number) > Double(maximum)
            {
                error(
                    "\(what) must be at most \(maximum); found \(Quote.prefix(node.scalar!.text)), which is too large",
                    at: node.location, kind: .outOfRange)
            } else {
                error("\(what) must be a whole number; found \(node.summary)", at: node.location, kind: .wrongType)
            }
            return nil
        }
        if let minimum, value < minimum {
            error("\(what) must be at least \(minimum); found \(value)", at: node.location, kind: .outOfRange)
            return nil
        }
        if value > maximum {
            error("\(what) must be at most \(maximum); found \(value)", at: node.location, kind: .outOfRange)
            return nil
        }
        return value
    }

    /// A number (integer or decimal).
    package mutating func number(_ node: DocumentNode, _ what: String) -> Double? {
        switch node.scalar?.value {
        case .int(let value)?: return Double(value)
        case .float(let value)? where value.isFinite: return value
        default:
            error("\(what) must be a number; found \(node.summary)", at: node.location, kind: .wrongType)
            return nil
        }
    }

    /// A boolean: only `true`/`false` in their YAML 1.2 spellings.
    package mutating func bool(_ node: DocumentNode, _ what: String) -> Bool? {
        guard case .bool(let value)? = node.scalar?.value else {
            var hint = ""
            if let text = node.scalar?.text, ["yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) {
                hint = " (YAML 1.2 reads \(text) as a string: write true or false)"
            }
            error("\(what) must be true or false; found \(node.summary)\(hint)", at: node.location, kind: .wrongType)
            return nil
        }
        return value
    }

    /// A string. A plain scalar that YAML reads as something else (`store_id: 1234567890`,
    /// `at_least: 1.10`, which is the number 1.1) is an error that says how to quote it.
    package mutating func string(_ node: DocumentNode, _ what: String) -> String? {
        if let text = node.string { return text }
        if let scalar = node.scalar, scalar.value != .null, scalar.style == .plain {
            error(
                "\(what) must be a string, but YAML reads \(Quote.prefix(scalar.text)) as \(scalar.value.summary): write it in quotes, \"\(Quote.prefix(scalar.text))\"",
                at: node.location, kind: .wrongType)
            return nil
        }
        error("\(what) must be a string; found \(node.summary)", at: node.location, kind: .wrongType)
        return nil
    }

    /// A ``Name`` (events, triggers, scenes, flags, attributes).
    package mutating func identifier(_ node: DocumentNode, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        if let problem = Name.problem(text) {
            error(
                "\(what) \"\(Self.prefix(text))\" is not a valid name: \(problem)", at: node.location,
                kind: .invalidValue)
            return nil
        }
        return text
    }

    /// At most the first 40 characters of a value, for a message that quotes it.
    static func prefix(_ text: String) -> String {
        Quote.prefix(text)
    }

    /// A duration: a whole number and one unit of `s m h d w`, at most 100 years.
    package mutating func duration(_ node: DocumentNode, _ what: String) -> TimeSpan? {
        if let text = node.string, let span = TimeSpan(duration: text) { return span }
        guard !isFull else {
            uncounted += 1
            return nil
        }
        var found = node.summary
        if case .int = node.scalar?.value { found += " (a bare number has no unit)" }
        if let text = node.string, let unit = text.last, let scale = TimeSpan.units.first(where: { $0.symbol == unit }),
            let value = Double(text.dropLast()), value * Double(scale.seconds) > Double(TimeSpan.maximum.seconds)
        {
            found = "\(Quote.prefix(text)), which is over 100 years (the longest duration)"
        } else if let text = node.string, text.first == "-" || text.first == "+" {
            found += " (a duration has no sign)"
        } else if let text = node.string, let meant = Self.durationMeant(text) {
            found += ": did you mean \(meant)?"
        }
        error(
            "\(what) must be a duration such as 21d (a whole number and s, m, h, d or w); found \(found)",
            at: node.location, kind: .badDuration)
        return nil
    }

    /// The duration a team likely meant by `text` written in words (`30 days`, `2 weeks`, `1 month`,
    /// `12h `): the number and the unit's letter (a month as 30 days, a year as 365).
    static func durationMeant(_ text: String) -> String? {
        let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(String(digits)), number > 0, number <= 36_500 else { return nil }
        let word = String(trimmed.dropFirst(digits.count).drop { $0 == " " }).lowercased()
        let units: [(words: [String], letter: String, times: Int)] = [
            (["s", "sec", "secs", "second", "seconds"], "s", 1), (["m", "min", "mins", "minute", "minutes"], "m", 1),
            (["h", "hr", "hrs", "hour", "hours"], "h", 1), (["d", "day", "days"], "d", 1),
            (["w", "wk", "wks", "week", "weeks"], "w", 1), (["mo", "month", "months"], "d", 30),
            (["y", "yr", "yrs", "year", "years"], "d", 365),
        ]
        guard let unit = units.first(where: { $0.words.contains(word) }) else { return nil }
        let meant = "\(number * unit.times)\(unit.letter)"
        return meant == String(trimmed) ? nil : meant
    }

    /// An RFC 3339 time with `Z` or an offset.
    package mutating func timestamp(_ node: DocumentNode, _ what: String) -> Timestamp? {
        if let text = node.scalar?.text, node.scalar?.value != .null, let time = Timestamp(rfc3339: text) {
            return time
        }
        error(
            "\(what) must be an RFC 3339 time such as 2026-11-22T10:00:00Z (with Z or an offset, in the years \(Timestamp.years.lowerBound)–\(Timestamp.years.upperBound)); found \(node.summary)",
            at: node.location, kind: .invalidValue)
        return nil
    }

    /// One of an enumeration's raw values, with a did-you-mean.
    package mutating func choice<T: RawRepresentable & CaseIterable>(_ node: DocumentNode, _ what: String, as: T.Type)
        -> T?
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        if let text = node.string, let value = T(rawValue: text) { return value }
        let hint = node.string.map { Suggestion.phrase(for: $0, in: names) } ?? ""
        error(
            "\(what) must be \(Suggestion.list(names)); found \(node.summary)\(hint)", at: node.location,
            kind: .invalidValue)
        return nil
    }

    /// A list's elements.
    package mutating func list(_ node: DocumentNode, _ what: String) -> [DocumentNode]? {
        guard let items = node.sequence else {
            error("\(what) must be a list; found \(node.summary)", at: node.location, kind: .wrongType)
            return nil
        }
        return items
    }
}
