import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateSchemas
import Testing

/// Each schema lists exactly the keys its decoder reads, and its enums the decoder's words: a key
/// added to one and not the other fails here.
@Suite struct SchemaKeysTests {
    private static func schema(_ kind: JSONSchema.Kind) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(JSONSchema.text(for: kind).utf8)) as? [String: Any])
    }

    /// The object at a path of keys.
    private static func object(_ root: [String: Any], _ path: String...) throws -> [String: Any] {
        var node = root
        for key in path { node = try #require(node[key] as? [String: Any], "no \(path.joined(separator: "/"))") }
        return node
    }

    private static func keys(_ root: [String: Any], _ path: String...) throws -> Set<String> {
        var node = root
        for key in path { node = try #require(node[key] as? [String: Any], "no \(path.joined(separator: "/"))") }
        return Set(
            try #require(node["properties"] as? [String: Any], "no properties at \(path.joined(separator: "/"))").keys)
    }

    @Test func policyKeys() throws {
        let schema = try Self.schema(.policy)
        #expect(try Self.keys(schema) == Set(PolicyDecoder.topLevelKeys))
        #expect(try Self.keys(schema, "properties", "guards") == Set(Guard.Key.allCases.map(\.rawValue)))
        #expect(try Self.keys(schema, "$defs", "trigger") == Set(NodeReader.triggerKeys))
        #expect(try Self.keys(schema, "properties", "app") == Set(PolicyDecoder.appKeys))
        #expect(try Self.keys(schema, "properties", "responses") == Set(PolicyDecoder.responseKeys))
        #expect(try Self.keys(schema, "properties", "counting") == Set(PolicyDecoder.countingKeys))
        #expect(try Self.keys(schema, "properties", "presentation") == Set(PolicyDecoder.presentationKeys))
        #expect(try Self.keys(schema, "properties", "rollout") == Set(PolicyDecoder.rolloutKeys))
        #expect(try Self.keys(schema, "properties", "lint") == Set(PolicyDecoder.lintKeys))
        #expect(try Self.keys(schema, "properties", "requires") == Set(PolicyDecoder.requiresKeys))
        let allow = try Self.object(schema, "properties", "lint", "properties", "allow", "items")
        #expect(Set(try #require(allow["enum"] as? [String])) == Set(LintRule.allCases.map(\.rawValue)))
        let source = try Self.object(schema, "$defs", "source")
        #expect(Set(try #require(source["enum"] as? [String])) == Set(MomentSource.allCases.map(\.rawValue)))
    }

    /// Every condition form has a schema definition whose one required key is the form's.
    @Test func conditionForms() throws {
        let schema = try Self.schema(.policy)
        let condition = try Self.object(schema, "$defs", "condition")
        let references = try #require(condition["oneOf"] as? [[String: Any]]).compactMap { $0["$ref"] as? String }
        var forms: Set<String> = []
        for reference in references {
            let definition = try Self.object(schema, "$defs", String(reference.dropFirst("#/$defs/".count)))
            let required = try #require(definition["required"] as? [String], "\(reference) requires nothing")
            forms.insert(required[0])
        }
        #expect(forms == Set(NodeReader.conditionForms))
    }

    @Test func budgetKeys() throws {
        let schema = try Self.schema(.budget)
        #expect(try Self.keys(schema) == Set(BudgetDecoder.topLevelKeys))
        #expect(try Self.keys(schema, "$defs", "prompt") == Set(BudgetDecoder.promptKeys))
        #expect(try Self.keys(schema, "$defs", "limit") == Set(BudgetDecoder.limitKeys))
        #expect(try Self.keys(schema, "$defs", "gap") == Set(BudgetDecoder.gapKeys))
        let allow = try Self.object(schema, "properties", "lint", "properties", "allow", "items")
        #expect(Set(try #require(allow["enum"] as? [String])) == Set(BudgetLintRule.allCases.map(\.rawValue)))
    }

    @Test func stateKeys() throws {
        #expect(try Self.keys(Self.schema(.state)) == Set(StateDecoder.keys))
    }

    @Test func scenarioKeys() throws {
        let schema = try Self.schema(.scenario)
        #expect(try Self.keys(schema) == Set(ScenarioDecoder.keys))
        #expect(try Self.keys(schema, "$defs", "step") == Set(ScenarioDecoder.stepKeys))
        let blockers = try Self.object(schema, "$defs", "checkId")
        #expect(Set(try #require(blockers["enum"] as? [String])) == Set(Blocker.allCases.map(\.id)))
    }
}
