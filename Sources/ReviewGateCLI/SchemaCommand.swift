import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateSchemas

/// `reviewgate schema [policy|state|scenario|compiled|budget|person]`: prints a JSON Schema, the same text as in `schemas/`.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", _superCommandName: "reviewgate",
        abstract: "Print the JSON Schema of a policy, state, scenario, compiled policy, budget or person record.",
        discussion: """
            The text is the same as schemas/<kind>.schema.json. Point an editor at it for completion \
            and hover (first line of a YAML file: # yaml-language-server: $schema=../schemas/policy.schema.json), \
            or check files in CI with any JSON Schema 2020-12 validator. A schema checks keys, types and \
            patterns; `reviewgate validate` checks everything.
            """
    )

    /// The files that have a schema.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case policy, state, scenario, compiled, budget, person

        var schemaKind: JSONSchema.Kind {
            switch self {
            case .policy: .policy
            case .state: .state
            case .scenario: .scenario
            case .compiled: .compiled
            case .budget: .budget
            case .person: .person
            }
        }
    }

    @Argument(
        help:
            "Which schema: policy (a policy file), state (a state file), scenario (a *.scenario.yaml), compiled (reviewgate compile's output), budget (a budget file) or person (a person record, from reviewgate person export)."
    )
    var kind: Kind = .policy

    func run() {
        Terminal.print(JSONSchema.text(for: kind.schemaKind))
    }
}
