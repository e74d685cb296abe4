/// The JSON Schemas (2020-12) of ReviewGate's files, for editors' completion and hover and for CI.
///
/// This is their one source: `schemas/*.schema.json` are these texts, each followed by a newline
/// (a test keeps them equal), and `reviewgate schema` prints them. A schema checks the shape of a
/// file — keys, types, enums, patterns — and `reviewgate validate` checks everything else.
public enum JSONSchema {
    /// A kind of file that has a schema.
    public enum Kind: String, CaseIterable, Sendable {
        /// A policy file (Semantics §2).
        case policy
        /// A state file (Semantics §3).
        case state
        /// A scenario file (Semantics §6).
        case scenario
        /// A compiled policy (Semantics §9, `reviewgate compile`).
        case compiled
        /// A budget file (Semantics §12).
        case budget
        /// A person record, carried between a person's devices (Semantics §16.5).
        case person

        /// The schema's file name in `schemas/`, such as `policy.schema.json`.
        public var fileName: String { "\(rawValue).schema.json" }
    }

    /// The schema of a kind of file, as JSON text without a final newline.
    public static func text(for kind: Kind) -> String {
        switch kind {
        case .policy: rendered.policy
        case .state: rendered.state
        case .scenario: rendered.scenario
        case .compiled: rendered.compiled
        case .budget: rendered.budget
        case .person: rendered.person
        }
    }

    /// Each schema rendered from its template once (``render(_:snippets:)``).
    private static let rendered = (
        policy: render(policyText, snippets: policySnippets), state: render(stateText),
        scenario: render(scenarioText), compiled: render(compiledText), budget: render(budgetText),
        person: render(personText)
    )
}
