import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateSchemas
import Testing

/// Each schema lists exactly the keys the language catalogue has (``LanguageCatalogue``, which the
/// decoders read theirs from), and its enums the decoders' words: a key added to one and not the
/// other fails here by name.
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

    /// Every place a schema describes a mapping of the language catalogue lists exactly its keys.
    @Test(arguments: JSONSchema.places.indices)
    func aSchemaListsTheCataloguesKeys(_ index: Int) throws {
        let place = JSONSchema.places[index]
        let file = try #require(LanguageFile(rawValue: place.file))
        var current: Any = try Self.schema(place.schema)
        for key in place.path {
            if let object = current as? [String: Any], let next = object[key] {
                current = next
            } else {
                let list = try #require(current as? [Any], "\(place.schema) has no \(place.path)")
                let index = try #require(Int(key).flatMap { list.indices.contains($0) ? $0 : nil })
                current = list[index]
            }
        }
        let node = try #require(current as? [String: Any], "\(place.schema) has no object at \(place.path)")
        let listed = Set(try #require(node["properties"] as? [String: Any]).keys)
        let catalogued = Set(LanguageCatalogue.section(file, place.mapping).keys + place.besides)
            .subtracting(place.omitting)
        #expect(
            listed.subtracting(catalogued).isEmpty,
            "\(place.schema) lists keys of \(file) \(place.mapping) the catalogue lacks")
        #expect(catalogued.subtracting(listed).isEmpty, "\(place.schema) lacks keys of \(file) \(place.mapping)")
    }

    /// A state's field of one plain value (`ReviewState.plainFields`) has a shape the schemas can
    /// take from the catalogue, so that a new one needs nothing written in a template; those
    /// spelled out there agree with it.
    @Test(arguments: ReviewState.plainFields.map(\.key))
    func aPlainStateFieldHasItsShapeFromTheCatalogue(_ name: String) throws {
        let key = try #require(LanguageCatalogue.key(.state, "/" + name))
        let shape = try #require(JSONSchema.simpleShape(key, compiled: false), "state:/\(name) has no simple shape")
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data("{\(shape)}".utf8)) as? [String: Any])
        let spelled = try Self.object(Self.schema(.state), "properties", name)
        for (member, value) in expected {
            #expect("\(spelled[member] ?? "none")" == "\(value)", "state:/\(name)'s \(member)")
        }
    }

    /// Every mapping of a kind of file with a schema is in it, but those a schema describes by a
    /// reference or a pattern of its own.
    @Test func everyMappingOfTheCatalogueHasItsPlace() {
        let placed = Set(JSONSchema.places.map { "\($0.file):\($0.mapping)" })
        let elsewhere: Set = [
            "policy:/when",  // the condition forms, one definition each (``conditionForms()``)
            "scenario:/steps/*/update",  // the app's versions, as a state's `app`
            "compiled_budget:",  // a compiled budget has no schema of its own
            "compiled_scenario:",  // the build plugin's, read by the test kit alone
        ]
        for key in LanguageCatalogue.keys where key.file != .cohort {
            let mapping = "\(key.file.rawValue):\(key.mapping)"
            #expect(placed.contains(mapping) || elsewhere.contains(mapping), "no schema describes \(mapping)")
        }
    }

    @Test func enumsAreTheDecodersWords() throws {
        let schema = try Self.schema(.policy)
        let allow = try Self.object(schema, "properties", "lint", "properties", "allow", "items")
        #expect(Set(try #require(allow["enum"] as? [String])) == Set(LintRule.allCases.map(\.rawValue)))
        let source = try Self.object(schema, "$defs", "source")
        #expect(Set(try #require(source["enum"] as? [String])) == Set(MomentSource.allCases.map(\.rawValue)))
        let budget = try Self.schema(.budget)
        let budgetAllow = try Self.object(budget, "properties", "lint", "properties", "allow", "items")
        #expect(Set(try #require(budgetAllow["enum"] as? [String])) == Set(BudgetLintRule.allCases.map(\.rawValue)))
        let stateError = try Self.object(
            budget, "$defs", "prompt", "properties", "state_error")
        #expect(Set(try #require(stateError["enum"] as? [String])) == Set(StateErrorRule.allCases.map(\.rawValue)))
        let blockers = try Self.object(Self.schema(.scenario), "$defs", "checkId")
        #expect(Set(try #require(blockers["enum"] as? [String])) == Set(Blocker.allCases.map(\.id)))
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
}
