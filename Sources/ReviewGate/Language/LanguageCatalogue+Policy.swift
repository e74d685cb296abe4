extension LanguageCatalogue {
    /// A policy's keys (Semantics §2, §13, §14), conditions apart (``conditions``).
    static let policy: [LanguageKey] =
        mapping(
            .policy, "", since: "0.2", feature: "policy",
            [
                row("reviewgate", "integer: 1", "required"),
                row("name", "policy name", "required"),
                row("description", "string", "null", written: true),
                row("prompt", "name", "\"review\"", since: "0.3", feature: "budget"),
                row("enabled", "boolean", "true", written: true),
                row("extends", "relative path", "null"),
                row("requires", "mapping", "null", feature: "requires"),
                row("app", "mapping", "{}", written: true),
                row("triggers", "mapping of trigger ids to triggers", "required"),
                row("guards", "mapping", "{}", written: true),
                row("responses", "mapping", "{}", written: true),
                row("counting", "mapping", "{}", written: true),
                row("presentation", "mapping", "{}", written: true),
                row("rollout", "mapping", "null", feature: "rollout", written: true),
                row("experiment", "mapping", "null", since: "0.4", feature: "experiment"),
                row("lint", "mapping", "{}", written: true),
                row("renamed", "mapping", "null", since: "0.5", feature: "renamed"),
            ])
        + mapping(
            .policy, "/app", since: "0.2", feature: "policy", written: true,
            [
                row("store_id", "digits, quoted", "null"),
                row("package", "Android application id", "null"),
                row("version_key", "short | build", "\"short\""),
                row("platform", "ios | android", "\"ios\""),
            ])
        + mapping(
            .policy, "/triggers/*", since: "0.2", feature: "policy", written: true,
            [
                row("event", "name", "the trigger's id"),
                row("at_least", "integer ≥ 1", "required: one of at_least, exactly, every", written: false),
                row("exactly", "integer ≥ 1", "required: one of at_least, exactly, every", written: false),
                row("every", "integer ≥ 1", "required: one of at_least, exactly, every", written: false),
                row("within", "duration", "null"),
                row("since", "last_ask", "null", since: "0.5", feature: "since_ask", written: false),
                row("scenes", "list of names", "null"),
                row("when", "condition", "null", feature: "conditions"),
            ])
        + mapping(
            .policy, "/guards", since: "0.2", feature: "policy", written: true,
            [
                row("never_on", "list of sources", "[\"launch\", \"user_action\"]"),
                row("min_install_age", "duration", "null"),
                row("min_launches", "integer ≥ 0", "null"),
                row("active_days", "mapping", "null", since: "0.5", feature: "active_days", written: false),
                row("min_session_age", "duration", "null"),
                row("min_version_age", "duration", "null"),
                row("cooldown", "duration", "null", lists: "0.5"),
                row("once_per_version", "boolean", "false"),
                row("max_asks", "mapping", "null"),
                row("system_quota", "mapping, or false", "{\"max\": 3, \"per\": \"365d\"} on ios, false on android"),
                row("when", "condition", "null", feature: "conditions"),
            ])
        + mapping(
            .policy, "/guards/max_asks", since: "0.2", feature: "policy",
            [
                row("count", "integer ≥ 1", "required"),
                row("per", "duration", "null", written: true),
            ])
        + mapping(
            .policy, "/guards/system_quota", since: "0.2", feature: "policy",
            [
                row("max", "integer ≥ 1", "required"),
                row("per", "duration", "null"),
            ])
        + mapping(
            .policy, "/guards/active_days", since: "0.5", feature: "active_days",
            [
                row("at_least", "integer 1–366", "required"),
                row("within", "duration in days, 1d–366d", "required"),
            ])
        + mapping(
            .policy, "/responses", since: "0.2", feature: "policy", written: true,
            [
                row("after_rated", "never | next_version", "\"next_version\""),
                row("after_declined", "never | next_version | duration", "\"next_version\"", lists: "0.5"),
                row("after_later", "duration", "\"1d\"", lists: "0.5"),
            ])
        + mapping(
            .policy, "/counting", since: "0.2", feature: "policy", written: true,
            [
                row("while_blocked", "boolean", "true"),
                row("reset_on_new_version", "boolean", "false"),
            ])
        + mapping(
            .policy, "/presentation", since: "0.2", feature: "policy", written: true,
            [
                row("delay", "duration", "\"0s\""),
                row("require_same_scene", "boolean", "false"),
            ])
        + mapping(
            .policy, "/rollout", since: "0.2", feature: "rollout",
            [
                row("percent", "number 0–100", "required"),
                row("salt", "string", "the policy's name", written: true),
            ])
        + mapping(
            .policy, "/requires", since: "0.2", feature: "requires", written: true,
            [
                row("app_version", "version", "null"),
                row("library_version", "version", "null"),
            ])
        + mapping(
            .policy, "/lint", since: "0.2", feature: "policy", written: true,
            [row("allow", "list of warning ids", "[]")])
        + mapping(
            .policy, "/experiment", since: "0.4", feature: "experiment",
            [
                row("name", "name", "required", home: false),
                row("salt", "string", "the experiment's name", home: false),
                row("version", "integer ≥ 1", "1", home: false),
                row("holdout", "percent, two decimals at most", "0"),
                row("arms", "mapping of arm names to arms", "required"),
            ])
        + mapping(
            .policy, "/experiment/arms/*", since: "0.4", feature: "experiment",
            [
                row("weight", "integer 0–10000", "required"),
                row("override", "mapping", "{}"),
            ])
        + mapping(
            .policy, "/experiment/arms/*/override", since: "0.4", feature: "experiment",
            [
                row("triggers", "as the policy's", "the policy's"),
                row("guards", "as the policy's", "the policy's"),
                row("responses", "as the policy's", "the policy's"),
                row("presentation", "as the policy's", "the policy's"),
                row("enabled", "as the policy's", "the policy's"),
            ])
        + mapping(
            .policy, "/renamed", since: "0.5", feature: "renamed",
            [
                row("events", "mapping of old names to new", "{}"),
                row("prompts", "mapping of old names to new", "{}"),
            ])

    /// A condition's keys (Semantics §2.4), wherever a `when` is written: its forms (`/when`), and
    /// the keys beside or under a form (`/when/event`: `at_least` beside `event`).
    static let conditions: [LanguageKey] =
        mapping(
            .policy, "/when", since: "0.2", feature: "conditions",
            [
                row("all", "list of conditions", "required"),
                row("any", "list of conditions", "required"),
                row("not", "condition", "required"),
                row("event", "name", "required"),
                row("launches", "mapping", "required"),
                row("install_age", "mapping", "required"),
                row("since_last_ask", "mapping", "required"),
                row("flag", "name", "required"),
                row("attribute", "name", "required"),
                row("app_version", "mapping", "required"),
                row("active_days", "mapping", "required", since: "0.5", feature: "active_days"),
            ])
        + mapping(
            .policy, "/when/event", since: "0.2", feature: "conditions",
            [
                row("at_least", "integer ≥ 0", "null"),
                row("at_most", "integer ≥ 0", "null"),
                row("exactly", "integer ≥ 0", "null"),
                row("within", "duration", "null"),
                row("since", "last_ask", "null", since: "0.5", feature: "since_ask"),
            ])
        + mapping(
            .policy, "/when/launches", since: "0.2", feature: "conditions",
            [
                row("at_least", "integer ≥ 0", "null"),
                row("at_most", "integer ≥ 0", "null"),
                row("exactly", "integer ≥ 0", "null"),
            ])
        + mapping(
            .policy, "/when/active_days", since: "0.5", feature: "active_days",
            [
                row("at_least", "integer ≥ 0", "null"),
                row("at_most", "integer ≥ 0", "null"),
                row("within", "duration in days, 1d–366d", "required"),
            ])
        + mapping(
            .policy, "/when/install_age", since: "0.2", feature: "conditions",
            [
                row("at_least", "duration", "null"),
                row("at_most", "duration", "null"),
            ])
        + mapping(
            .policy, "/when/since_last_ask", since: "0.2", feature: "conditions",
            [
                row("at_least", "duration", "null"),
                row("at_most", "duration", "null"),
            ])
        + mapping(
            .policy, "/when/app_version", since: "0.2", feature: "conditions",
            [
                row("at_least", "version", "null"),
                row("below", "version", "null"),
            ])
        + mapping(
            .policy, "/when/attribute", since: "0.2", feature: "conditions",
            [
                row("equals", "string, number or boolean", "null"),
                row("in", "list of strings, numbers or booleans", "null"),
                row("at_least", "number", "null"),
                row("at_most", "number", "null"),
            ])
}
