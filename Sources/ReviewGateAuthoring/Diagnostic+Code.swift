@_spi(ReviewGateTools) import ReviewGate

extension Diagnostic {
    /// What kind of problem it is, for a machine: a lint warning's rule (`ask_at_launch`), an error's
    /// kind as the diagnostics reference names its page (`unknown-key`), `nil` for a warning with
    /// no rule (a scenario's step that no trigger reads).
    package var code: String? {
        switch severity {
        case .warning: rule?.rawValue
        case .error: (kind ?? DiagnosticKind(telling: message)).rawValue
        }
    }

    /// The name or value the message suggests instead (`did you mean "cooldown"?`, `did you mean 1w?`),
    /// which an editor offers as a quick fix.
    package var didYouMean: String? {
        guard let range = message.firstRange(of: "did you mean ") else { return nil }
        let rest = message[range.upperBound...]
        if rest.first == "\"" {
            let quoted = rest.dropFirst()
            guard let close = quoted.firstIndex(of: "\"") else { return nil }
            return String(quoted[..<close])
        }
        guard let mark = rest.firstIndex(of: "?") else { return nil }
        let word = rest[..<mark]
        return word.isEmpty || word.contains(" ") ? nil : String(word)
    }
}

extension DiagnosticKind {
    /// The kind of an error whose raiser did not name one, told from its message: the decoders'
    /// messages say what they found in set words (`unknown key`, `must be at least`, `has no`),
    /// which the diagnostics reference's pages quote. `invalid-value` when no word says more.
    package init(telling message: String) {
        func has(_ words: String...) -> Bool { words.contains { message.contains($0) } }
        self =
            if has("needs a newer reviewgate", "newer reviewgate") {
                .newerFormat
            } else if message.hasPrefix("extends ") || has("extends makes", "an extends") {
                .extends
            } else if has("signed policy", "compiled policy's digest", "compiled budget's digest") {
                .compiledOrSigned
            } else if message.hasPrefix("unknown key") || message.hasPrefix("unknown condition") {
                .unknownKey
            } else if has("missing the required key", " needs one of ", "is missing ") {
                .missingKey
            } else if has("must be a duration") {
                .badDuration
            } else if has("must be at least", "must be at most", "must be between", "must be no more than") {
                .outOfRange
            } else if has(
                "must be a whole number", "must be a number", "must be a string", "must be true or false",
                "must be a mapping", "must be a list")
            {
                .wrongType
            } else if has("has both", "can never", "takes exactly one of", "cannot hold together", "not both") {
                .conflictingSettings
            } else if has("has no ", "which is not a", "is not defined", "names no ") {
                .undefinedReference
            } else if has("YAML documents", "the file is empty") {
                .notOneDocument
            } else if has(" limit)") {
                .limit
            } else {
                .invalidValue
            }
    }
}
