/// Which settings a compiled policy writes out when the policy leaves them out (Semantics §9
/// *Compatibility*): those of the keys that 0.4.0 knew, and no others.
///
/// A key added after 0.4.0 — a new guard, a trigger's or a section's new setting, a new section —
/// is written only when a policy sets it, as `requires`, `prompt` and `experiment` are: a policy
/// that does not set it compiles to the bytes and digest that the release before gave it, and a
/// policy compiled by that release (without the key) reads the key absent as its default, writes
/// it absent again and keeps its digest. So a new key needs nothing here: its default is written
/// where ``PolicyDefaults`` says (the compiler points there), and the language catalogue leaves it
/// out when unset (``LanguageKey/writtenUnset`` is `false`; `LanguageCatalogueTests` fails on a key
/// after 0.4.0 that says otherwise). The table is 0.4.0's and is never changed: `CompiledDefaultsTests`
/// pins it, and `CompatibilityTests` loads every release's compiled files with today's library.
enum ReleasedDefaults {
    /// The release whose keys are written out when unset.
    static let release = "0.4.0"

    /// By mapping (a JSON Pointer into the policy; every trigger's as `/triggers/*`), the keys
    /// whose defaults 0.4.0 wrote when a policy left them out: the catalogue's keys written unset.
    private static let keys: [String: Set<String>] = {
        var keys: [String: Set<String>] = [:]
        for key in LanguageCatalogue.keys(of: .policy) where key.writtenUnset {
            keys[key.mapping, default: []].insert(key.name)
        }
        return keys
    }()

    /// Whether the canonical form writes `key` of the mapping at `pointer` when the policy leaves
    /// it out.
    static func writesUnset(_ key: String, at pointer: String) -> Bool {
        keys[CanonicalPolicy.isTrigger(pointer) ? "/triggers/*" : pointer]?.contains(key) ?? false
    }
}
