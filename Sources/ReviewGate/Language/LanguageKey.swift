/// A kind of file ReviewGate reads, as the language catalogue (``LanguageCatalogue``) sorts its keys.
package enum LanguageFile: String, CaseIterable, Sendable {
    /// A policy (Semantics §2), an experiment's arms included.
    case policy
    /// A budget (Semantics §12).
    case budget
    /// A scenario file (Semantics §6).
    case scenario
    /// A state file (Semantics §3).
    case state
    /// A compiled policy (Semantics §9).
    case compiledPolicy = "compiled"
    /// A compiled budget (Semantics §12).
    case compiledBudget = "compiled_budget"
    /// A synthetic cohort for `simulate` (Semantics §10).
    case cohort
    /// A person record, carried between a person's devices (Semantics §16.5).
    case person
    /// A scenario file the build plugin compiled for the test kit (Semantics §16.2).
    case compiledScenario = "compiled_scenario"

    /// What a file whose first key is `key` is: the one table of first keys (`validate`, the
    /// editor). A cohort has no first key of its own; any key no file names is a policy's.
    package init(firstKey key: String) {
        self =
            switch key {
            case "reviewgate_state": .state
            case "reviewgate_budget": .budget
            case "reviewgate_compiled_budget": .compiledBudget
            case "reviewgate_scenario": .scenario
            case "reviewgate_compiled_scenario": .compiledScenario
            case "reviewgate_person": .person
            case "reviewgate_compiled": .compiledPolicy
            default: .policy
            }
    }
}

/// One key of a file ReviewGate reads: where it is, the value it takes, its default, the release
/// that first reads it, and the feature (a conformance kit's tag) it belongs to. The catalogue of
/// every such key (``LanguageCatalogue``) is the one description of the language: the decoders'
/// known keys, the release gates and the frozen lists of what each release reads come from it, and
/// `ReviewGateSchemas`' words for each key (``LanguageCatalogue/Section`` path for path) are the
/// schemas', the editor's hover and the reference pages'.
package struct LanguageKey: Sendable {
    /// The file it is a key of.
    package let file: LanguageFile
    /// The mapping it is a key of, as a path from the file's root: `""` (the top level),
    /// `/guards`, `/triggers/*` (any trigger id), `/when/event` (an event condition, wherever a
    /// condition is written).
    package let mapping: String
    /// The key.
    package let name: String
    /// Its value, in a word or a few: `duration`, `integer ≥ 0`, `mapping`.
    package let form: String
    /// Its default as JSON text (`"short"`, `true`, `null` for none), or `required`.
    package let defaultValue: String
    /// The release that first reads it.
    package let since: AppVersionNumber
    /// The release that first reads a list of its values (`cooldown: [1d, 7d]`), if any.
    package let listSince: AppVersionNumber?
    /// The feature it belongs to, as a conformance case's capability tag: `policy`, `since_ask`.
    package let feature: String
    /// Whether a compiled policy writes its default when the policy leaves it out (Semantics §9
    /// *Compatibility*: only the keys 0.4.0 wrote so; ``ReleasedDefaults``).
    package let writtenUnset: Bool
    /// Whether a key written in the wrong mapping is told that it belongs here (``KeyHome``).
    package let isHome: Bool

    /// The key's path: `/guards/cooldown`.
    package var path: String { "\(mapping)/\(name)" }

    /// Its value as release `release` reads it: a list form only from the release that reads lists.
    package func form(in release: AppVersionNumber) -> String {
        guard let listSince, listSince <= release else { return form }
        return "\(form), or a list of them"
    }
}
