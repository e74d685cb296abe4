extension LanguageCatalogue {
    /// A budget's keys (Semantics §12).
    static let budget: [LanguageKey] =
        mapping(
            .budget, "", since: "0.3", feature: "budget",
            [
                row("reviewgate_budget", "integer: 1", "required"),
                row("name", "policy name", "required"),
                row("description", "string", "null"),
                row("extends", "relative path", "null"),
                row("prompts", "mapping of prompt names to prompts", "required"),
                row("limits", "list of limits", "[]"),
                row("gaps", "list of gaps", "[]"),
                row("lease", "duration", "\"30s\""),
                row("lint", "mapping", "{}"),
                row("renamed", "mapping", "null", since: "0.5", feature: "renamed"),
            ])
        + mapping(
            .budget, "/prompts/*", since: "0.3", feature: "budget",
            [
                row("priority", "integer 1–100", "required"),
                row("policy", "relative path", "null"),
                row("ignores_budget", "boolean", "false"),
            ])
        + mapping(
            .budget, "/limits/*", since: "0.3", feature: "budget",
            [
                row("max", "integer ≥ 1", "required"),
                row("per", "duration, or session", "a lifetime"),
            ])
        + mapping(
            .budget, "/gaps/*", since: "0.3", feature: "budget",
            [
                row("after", "prompt name", "any prompt"),
                row("before", "prompt name", "any prompt"),
                row("min", "duration", "required"),
            ])
        + mapping(.budget, "/lint", since: "0.3", feature: "budget", [row("allow", "list of warning ids", "[]")])
        + mapping(
            .budget, "/renamed", since: "0.5", feature: "renamed",
            [row("prompts", "mapping of old names to new", "{}")])

    /// A scenario file's keys (Semantics §6).
    static let scenario: [LanguageKey] =
        mapping(
            .scenario, "", since: "0.2", feature: "scenario",
            [
                row("reviewgate_scenario", "integer: 1", "required"),
                row("name", "string", "required"),
                row("description", "string", "null"),
                row("policy", "relative path", "required: policy or budget"),
                row("budget", "relative path", "required: policy or budget", since: "0.3", feature: "budget"),
                row("start", "timestamp", "required"),
                row("state", "state, or a relative path", "a fresh install at start"),
                row("steps", "list of steps", "required"),
                row("golden", "relative path", "null"),
            ])
        + mapping(
            .scenario, "/steps/*", since: "0.2", feature: "scenario",
            [
                row("launch", "null or {}", "one action", home: false),
                row("event", "name", "one action", home: false),
                row("trigger", "trigger id", "one action", home: false),
                row("update", "mapping", "one action", home: false),
                row("respond", "rated | declined | later | write_review", "one action", home: false),
                row("set", "mapping", "one action", home: false),
                row("commit", "prompt name", "one action", since: "0.3", feature: "budget", home: false),
                row("release", "prompt name", "one action", since: "0.3", feature: "budget", home: false),
                row("want", "prompt name, or a list of them", "null", since: "0.3", feature: "budget", home: false),
                row("lease", "boolean", "false", since: "0.3", feature: "budget", home: false),
                row("prompt", "prompt name", "null", since: "0.3", feature: "budget", home: false),
                row("scene", "name", "null", home: false),
                row("source", "system | launch | user_action", "\"system\"", home: false),
                row("after", "duration", "\"0s\"", home: false),
                row("at", "timestamp", "null", home: false),
                row("repeat", "integer ≥ 1", "1", home: false),
                row("expect", "decision, or mapping", "null", home: false),
            ])
        + mapping(
            .scenario, "/steps/*/update", since: "0.2", feature: "scenario",
            [
                row("short", "string", "null"),
                row("build", "string", "null"),
            ])
        + mapping(
            .scenario, "/steps/*/set", since: "0.2", feature: "scenario",
            [
                row("flags", "mapping of names to booleans", "{}"),
                row("attributes", "mapping of names to values", "{}"),
            ])
        + mapping(
            .scenario, "/steps/*/expect", since: "0.2", feature: "scenario",
            [
                row("decision", "allow | block", "null"),
                row("trigger", "trigger id", "null"),
                row("blocked_by", "list of check ids", "null"),
                row("next_eligible_at", "timestamp, or null", "null"),
                row("arm", "arm name", "null", since: "0.4", feature: "experiment"),
                row("exposure", "boolean", "null", since: "0.4", feature: "experiment"),
            ])
        + mapping(
            .scenario, "/steps/*/expect/*", since: "0.3", feature: "budget",
            [
                row("decision", "allow | block", "null"),
                row("trigger", "trigger id", "null"),
                row("blocked_by", "list of check ids", "null"),
                row("next_eligible_at", "timestamp, or null", "null"),
            ])

    /// A state file's keys (Semantics §3).
    static let state: [LanguageKey] =
        mapping(
            .state, "", since: "0.2", feature: "state",
            [
                row("reviewgate_state", "integer: 1", "required"),
                row("user_id", "string", "null"),
                row("installed_at", "timestamp", "required"),
                row("session_started_at", "timestamp", "null"),
                row("launches", "integer ≥ 0", "0"),
                row("app", "mapping", "required"),
                row("version_first_seen_at", "timestamp", "null"),
                row("events", "mapping of names to counts", "{}"),
                row("active_days", "list of local dates", "[]", since: "0.5", feature: "active_days"),
                row("asks", "list of asks", "[]"),
                row("responses", "list of responses", "[]"),
                row("leases", "list of leases", "[]"),
                row("experiments", "mapping of experiment names", "{}", since: "0.4", feature: "experiment"),
                row("flags", "mapping of names to booleans", "{}"),
                row("attributes", "mapping of names to values", "{}"),
            ])
        + mapping(
            .state, "/app", since: "0.2", feature: "state",
            [row("short", "string", "null"), row("build", "string", "null")])
        + mapping(
            .state, "/events/*", since: "0.2", feature: "state",
            [
                row("count", "integer ≥ 0", "0"),
                row("times", "list of timestamps", "[]"),
                row("since_ask", "integer ≥ 0", "0", since: "0.5", feature: "since_ask"),
            ])
        + mapping(
            .state, "/asks/*", since: "0.2", feature: "state",
            [
                row("at", "timestamp", "required"),
                row("short", "string", "null"),
                row("build", "string", "null"),
                row("trigger", "trigger id", "null"),
                row("prompt", "prompt name", "\"review\"", since: "0.3", feature: "budget"),
            ])
        + mapping(
            .state, "/responses/*", since: "0.2", feature: "state",
            [
                row("at", "timestamp", "required"),
                row("kind", "rated | declined | later | write_review", "required"),
                row("prompt", "prompt name", "\"review\"", since: "0.3", feature: "budget"),
            ])
        + mapping(
            .state, "/leases/*", since: "0.2", feature: "state",
            [
                row("id", "string", "required"),
                row("prompt", "prompt name", "required"),
                row("at", "timestamp", "required"),
                row("expires", "timestamp", "required"),
            ])
        + mapping(
            .state, "/experiments/*", since: "0.4", feature: "experiment",
            [
                row("arm", "arm name", "required"),
                row("version", "integer ≥ 1", "required"),
                row("exposed_at", "timestamp", "null"),
            ])

    /// A compiled policy's and a compiled budget's keys (Semantics §9, §12).
    static let compiled: [LanguageKey] =
        mapping(
            .compiledPolicy, "", since: "0.2", feature: "compiled",
            [
                row("reviewgate_compiled", "integer: 1", "required"),
                row("digest", "sha256:HEX", "required"),
                row("policy", "the canonical policy", "required"),
                row("locations", "mapping of JSON Pointers to places", "required"),
            ])
        + mapping(
            .compiledBudget, "", since: "0.3", feature: "budget",
            [
                row("reviewgate_compiled_budget", "integer: 1", "required"),
                row("digest", "sha256:HEX", "required"),
                row("budget", "the canonical budget", "required"),
                row("locations", "mapping of JSON Pointers to places", "required"),
                row("policies", "mapping of prompt names to compiled policies", "required"),
            ])

    /// A synthetic cohort's keys (Semantics §10, `simulate --cohort`).
    static let cohort: [LanguageKey] =
        mapping(
            .cohort, "", since: "0.2", feature: "simulate",
            [
                row("reviewgate_cohort", "integer: 1", "required"),
                row("name", "string", "required"),
                row("description", "string", "null"),
                row("seed", "integer ≥ 0", "1"),
                row("people", "integer ≥ 1", "required"),
                row("start", "timestamp", "required"),
                row("installs_over", "duration", "\"0s\""),
                row("days", "integer ≥ 1", "required"),
                row("app", "mapping", "{\"short\": \"1.0\", \"build\": \"1\"}"),
                row("updates", "mapping", "null"),
                row("launches_per_day", "rate", "1"),
                row("events", "mapping of event names to rates", "{}"),
                row("wants", "mapping of prompt names to rates", "{}", since: "0.3", feature: "budget"),
                row("churn", "mapping", "null"),
            ])
        + mapping(
            .cohort, "/app", since: "0.2", feature: "simulate",
            [row("short", "string", "\"1.0\""), row("build", "string", "\"1\"")])
        + mapping(.cohort, "/updates", since: "0.2", feature: "simulate", [row("every", "duration ≥ 1d", "required")])
        + mapping(.cohort, "/churn", since: "0.2", feature: "simulate", [row("per_day", "chance 0–1", "required")])
        + mapping(
            .cohort, "/events/*", since: "0.2", feature: "simulate",
            [row("per_day", "rate", "required"), row("scene", "name", "null")])
}
