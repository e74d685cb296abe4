@_spi(ReviewGateTools) import ReviewGate

/// What a key of the language means, in words, beside what the language catalogue
/// (`LanguageCatalogue`, in the core) knows of it: the schemas' descriptions, the editor's hover, the
/// reference tables. Kept here rather than in the catalogue so that an app, which links the core,
/// carries none of these ~40 KB of text; `KeyWordsTests` holds the two to the same keys.
package struct KeyWords: Sendable {
    /// What the key does, in a sentence or a few, with Markdown's backticks: a schema's `description`.
    package let description: String
    /// What the key does in a table's few words: the reference page's cell, where it has one.
    package let summary: String?
    /// Its default in the reference page's words (`none`, `` `short` ``, `the trigger's id`).
    package let defaultWords: String?

    init(_ description: String, summary: String? = nil, defaultWords: String? = nil) {
        self.description = description
        self.summary = summary
        self.defaultWords = defaultWords
    }

    /// The words of every key that has them, by `FILE:PATH` (`policy:/guards/cooldown`).
    package static let all: [String: KeyWords] = policy.merging(files) { first, _ in first }

    /// The words of `key`.
    package static func of(_ key: LanguageKey) -> KeyWords? { all["\(key.file.rawValue):\(key.path)"] }

    /// The release note a description ends with: a key of a policy or a budget read only from a
    /// release after 0.4.0 (the first whose compiled policies every later release reads, Semantics §9
    /// *Compatibility*), or a list of values read only from then, when its mapping is older.
    package static func releaseNote(_ key: LanguageKey) -> String {
        guard key.file == .policy || key.file == .budget else { return "" }
        let baseline = AppVersionNumber("0.4")!
        let mappingSince = LanguageCatalogue.parent(of: key)?.since ?? LanguageCatalogue.firstRelease
        if key.since > baseline, mappingSince <= baseline { return " Needs reviewgate \(key.since)." }
        if let lists = key.listSince, lists > baseline { return " A list needs reviewgate \(lists)." }
        return ""
    }

    /// The key's description with its release note: what a schema's `description` says.
    package static func description(_ key: LanguageKey) -> String? {
        of(key).map { $0.description + releaseNote(key) }
    }

    /// The key's description for an editor's hover (a schema's `markdownDescription`): its
    /// description, then its default and the release that first reads it.
    package static func markdown(_ key: LanguageKey) -> String? {
        guard let description = description(key) else { return nil }
        return "\(description)\n\n\(defaultSentence(key.defaultValue)) Read from reviewgate \(key.since) on."
    }

    /// A default as a sentence: `Required.`, `Default: none.`, ``Default: `"short"`.``.
    static func defaultSentence(_ value: String) -> String {
        if value == "required" { return "Required." }
        if value.hasPrefix("required: ") { return "Required: \(value.dropFirst("required: ".count))." }
        if value == "null" { return "Default: none." }
        // JSON text is shown as code; a default in words (`the trigger's id`, one that depends on the
        // platform) as words.
        let isJSON =
            value == "true" || value == "false" || value.first.map { "\"[{-0123456789".contains($0) } == true
        return isJSON && !value.contains(" on ") ? "Default: `\(value)`." : "Default: \(value)."
    }
}
