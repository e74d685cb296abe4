extension JSONSchema {
    /// Where a schema describes one mapping of the language catalogue (`LanguageCatalogue`): the
    /// catalogue's file kind and mapping path, and the schema's path of keys to the object whose
    /// `properties` are that mapping's keys. `SchemaKeysTests` holds each such object to the
    /// catalogue's keys, so that a key added to one and not the other fails by name.
    package struct Place: Sendable {
        /// The catalogue's file kind, as its raw value (`policy`, `compiled`).
        package let file: String
        /// The catalogue's mapping path (`/guards`, `/triggers/*`).
        package let mapping: String
        /// The schema.
        package let schema: Kind
        /// The path of keys from the schema's root to the object (`["properties", "guards"]`).
        package let path: [String]
        /// Keys the object lists besides the mapping's own: an event condition's `event`.
        package let besides: [String]
        /// Keys of the mapping the object leaves out: a compiled policy's `extends`, resolved.
        package let omitting: [String]
    }

    /// Every place, by schema.
    package static let places: [Place] = {
        func place(
            _ file: String, _ mapping: String, _ schema: Kind, _ path: String, besides: [String] = [],
            omitting: [String] = []
        ) -> Place {
            Place(
                file: file, mapping: mapping, schema: schema,
                path: path.isEmpty ? [] : path.split(separator: "/").map(String.init), besides: besides,
                omitting: omitting)
        }
        let policy = [
            ("", ""), ("/app", "properties/app"), ("/guards", "properties/guards"),
            ("/guards/active_days", "properties/guards/properties/active_days"),
            ("/guards/max_asks", "properties/guards/properties/max_asks"),
            ("/guards/system_quota", "properties/guards/properties/system_quota/oneOf/2"),
            ("/responses", "properties/responses"), ("/counting", "properties/counting"),
            ("/presentation", "properties/presentation"), ("/rollout", "properties/rollout"),
            ("/experiment", "properties/experiment"),
            ("/experiment/arms/*", "properties/experiment/properties/arms/additionalProperties"),
            (
                "/experiment/arms/*/override",
                "properties/experiment/properties/arms/additionalProperties/properties/override"
            ),
            ("/requires", "properties/requires"), ("/lint", "properties/lint"), ("/renamed", "properties/renamed"),
            ("/channels", "properties/channels"), ("/triggers/*", "$defs/trigger"),
            ("/when/active_days", "$defs/activeDaysCondition/properties/active_days"),
            ("/when/launches", "$defs/countComparison"), ("/when/install_age", "$defs/durationComparison"),
            ("/when/since_last_ask", "$defs/durationComparison"),
            ("/when/app_version", "$defs/appVersionCondition/properties/app_version"),
        ].map { place("policy", $0.0, .policy, $0.1) }
        let compiledPolicy = [
            ("", "properties/policy"), ("/app", "properties/policy/properties/app"),
            ("/guards", "properties/policy/properties/guards"),
            ("/guards/active_days", "properties/policy/properties/guards/properties/active_days"),
            ("/guards/max_asks", "properties/policy/properties/guards/properties/max_asks/anyOf/0"),
            ("/guards/system_quota", "properties/policy/properties/guards/properties/system_quota/anyOf/0"),
            ("/responses", "properties/policy/properties/responses"),
            ("/counting", "properties/policy/properties/counting"),
            ("/presentation", "properties/policy/properties/presentation"),
            ("/rollout", "properties/policy/properties/rollout/anyOf/0"),
            ("/requires", "properties/policy/properties/requires"), ("/lint", "properties/policy/properties/lint"),
            ("/renamed", "properties/policy/properties/renamed"),
            ("/channels", "properties/policy/properties/channels"), ("/triggers/*", "$defs/compiledTrigger"),
        ].map { place("policy", $0.0, .compiled, $0.1, omitting: $0.0 == "" ? ["extends"] : []) }
        let state = [
            ("", ""), ("/app", "$defs/appVersion"), ("/events/*", "$defs/eventRecord"), ("/asks/*", "$defs/ask"),
            ("/responses/*", "$defs/response"), ("/leases/*", "$defs/lease"),
            ("/experiments/*", "properties/experiments/additionalProperties"),
        ].map { place("state", $0.0, .state, $0.1) }
        let partialState = [
            ("", "$defs/partialState"), ("/app", "$defs/appVersion"), ("/events/*", "$defs/eventRecord"),
            ("/asks/*", "$defs/ask"), ("/responses/*", "$defs/response"), ("/leases/*", "$defs/lease"),
            ("/experiments/*", "$defs/partialState/properties/experiments/additionalProperties"),
        ].map { place("state", $0.0, .scenario, $0.1) }
        let scenario = [
            ("", ""), ("/steps/*", "$defs/step"), ("/steps/*/set", "$defs/step/properties/set"),
            ("/steps/*/expect", "$defs/expectation/anyOf/2"), ("/steps/*/expect/*", "$defs/promptExpectation"),
        ].map { place("scenario", $0.0, .scenario, $0.1) }
        let budget = [
            ("", ""), ("/prompts/*", "$defs/prompt"), ("/limits/*", "$defs/limit"), ("/gaps/*", "$defs/gap"),
            ("/lint", "properties/lint"), ("/renamed", "properties/renamed"),
            ("/prompts/*/channels", "$defs/prompt/properties/channels"),
        ].map { place("budget", $0.0, .budget, $0.1) }
        let person = [("", ""), ("/asks/*", "$defs/personAsk"), ("/answers/*", "$defs/personAnswer")].map {
            place("person", $0.0, .person, $0.1)
        }
        let conditions = [
            place("policy", "/when/event", .policy, "$defs/eventCondition", besides: ["event"]),
            place("policy", "/when/attribute", .policy, "$defs/attributeCondition", besides: ["attribute"]),
        ]
        return policy + conditions + compiledPolicy + state + partialState + scenario + budget + person
            + [place("compiled", "", .compiled, "")]
    }()
}
