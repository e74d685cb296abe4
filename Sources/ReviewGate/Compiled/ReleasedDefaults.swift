/// Which settings a compiled policy writes out when the policy leaves them out (Semantics §9
/// *Compatibility*): those of the keys that 0.4.0 knew, and no others.
///
/// A key added after 0.4.0 — a new guard, a trigger's or a section's new setting, a new section —
/// is written only when a policy sets it, as `requires`, `prompt` and `experiment` are: a policy
/// that does not set it compiles to the bytes and digest that the release before gave it, and a
/// policy compiled by that release (without the key) reads the key absent as its default, writes
/// it absent again and keeps its digest. So a new key needs nothing here: its default is written
/// where ``PolicyDefaults`` says (the compiler points there), and this table leaves it out when
/// unset. The table is 0.4.0's and is never changed; `CompiledDefaultsTests` pins it, and
/// `CompatibilityTests` loads every release's compiled files with today's library.
enum ReleasedDefaults {
    /// The release whose keys are written out when unset.
    static let release = "0.4.0"

    /// By mapping (a JSON Pointer into the policy; every trigger's as `/triggers/*`), the keys
    /// whose defaults 0.4.0 wrote when a policy left them out.
    private static let keys: [String: Set<String>] = [
        "": ["description", "enabled", "app", "guards", "responses", "counting", "presentation", "rollout", "lint"],
        "/app": ["store_id", "package", "version_key", "platform"],
        "/guards": [
            "never_on", "min_install_age", "min_launches", "min_session_age", "min_version_age", "cooldown",
            "once_per_version", "max_asks", "system_quota", "when",
        ],
        "/guards/max_asks": ["per"],
        "/responses": ["after_rated", "after_declined", "after_later"],
        "/counting": ["while_blocked", "reset_on_new_version"],
        "/presentation": ["delay", "require_same_scene"],
        "/rollout": ["salt"],
        "/lint": ["allow"],
        "/requires": ["app_version", "library_version"],
        "/triggers/*": ["event", "within", "scenes", "when"],
    ]

    /// Whether the canonical form writes `key` of the mapping at `pointer` when the policy leaves
    /// it out.
    static func writesUnset(_ key: String, at pointer: String) -> Bool {
        keys[CanonicalPolicy.isTrigger(pointer) ? "/triggers/*" : pointer]?.contains(key) ?? false
    }
}
