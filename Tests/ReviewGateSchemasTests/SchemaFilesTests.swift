import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateSchemas
import ReviewGateTestSupport
import Testing

/// `schemas/*.schema.json` are the library's schema texts, byte for byte, and the schemas are whole:
/// every property described, every `$ref` resolving, unknown keys refused, shared pieces alike.
@Suite("Schema files")
struct SchemaFilesTests {

    /// Set to 1 to write the schema files from the Swift source instead of failing on a difference.
    private static let updateVariable = "REVIEWGATE_UPDATE_SCHEMAS"

    @Test("schemas/ holds the library's text", arguments: JSONSchema.Kind.allCases)
    func fileMatchesSource(_ kind: JSONSchema.Kind) throws {
        let folder = Repository.root.appending(path: "schemas")
        let file = folder.appending(path: kind.fileName)
        let expected = Data((JSONSchema.text(for: kind) + "\n").utf8)
        let actual = try? Data(contentsOf: file)
        guard actual != expected else { return }

        if ProcessInfo.processInfo.environment[Self.updateVariable] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try expected.write(to: file, options: .atomic)
            return
        }
        let problem = actual == nil ? "is missing" : "differs from Sources/ReviewGate/Schemas"
        Issue.record(
            """
            schemas/\(kind.fileName) \(problem). The Swift source is the schema's one source: edit it \
            there, then run \(Self.updateVariable)=1 swift test --filter SchemaFiles to rewrite the file.
            """)
    }

    @Test("every property and definition has a description", arguments: JSONSchema.Kind.allCases)
    func everythingIsDescribed(_ kind: JSONSchema.Kind) throws {
        let schema = try Self.parse(kind)
        var undescribed: [String] = []
        if !Self.hasDescription(schema) { undescribed.append("#") }
        Self.walk(schema, at: "#") { node, path in
            for (name, property) in Self.members(node["properties"]) where !Self.hasDescription(property) {
                undescribed.append("\(path)/properties/\(name)")
            }
            for (name, definition) in Self.members(node["$defs"]) where !Self.hasDescription(definition) {
                undescribed.append("\(path)/$defs/\(name)")
            }
        }
        #expect(undescribed.isEmpty, "\(kind.fileName): no description at \(undescribed.joined(separator: ", "))")
    }

    @Test("every object with properties refuses unknown keys", arguments: JSONSchema.Kind.allCases)
    func unknownKeysAreRefused(_ kind: JSONSchema.Kind) throws {
        let schema = try Self.parse(kind)
        var open: [String] = []
        Self.walk(schema, at: "#") { node, path in
            // Schemas without a `type` are constraints added on top of another (as `standalonePolicy`).
            guard node["properties"] != nil, node["type"] as? String == "object" else { return }
            if (node["additionalProperties"] as? Bool) != false { open.append(path) }
        }
        #expect(open.isEmpty, "\(kind.fileName): additionalProperties is not false at \(open.joined(separator: ", "))")
    }

    @Test("every $ref names a definition in the same schema", arguments: JSONSchema.Kind.allCases)
    func referencesResolve(_ kind: JSONSchema.Kind) throws {
        let schema = try Self.parse(kind)
        let definitions = Set(Self.members(schema["$defs"]).map(\.name))
        var dangling: [String] = []
        Self.walk(schema, at: "#") { node, path in
            guard let reference = node["$ref"] as? String else { return }
            let prefix = "#/$defs/"
            let name = reference.hasPrefix(prefix) ? String(reference.dropFirst(prefix.count)) : reference
            if !definitions.contains(name) { dangling.append("\(path): \(reference)") }
        }
        #expect(dangling.isEmpty, "\(kind.fileName): \(dangling.joined(separator: "; "))")
    }

    /// Each schema file stands alone (an editor or a CI job may fetch just one), so shared pieces are
    /// written out in each; this keeps the copies from drifting apart.
    @Test("definitions with the same name are the same in every schema")
    func sharedDefinitionsAgree() throws {
        let definitions = try JSONSchema.Kind.allCases.map { kind in
            (kind, Dictionary(uniqueKeysWithValues: Self.members(try Self.parse(kind)["$defs"])))
        }
        for (index, (kind, mine)) in definitions.enumerated() {
            for (otherKind, theirs) in definitions[(index + 1)...] {
                for (name, definition) in mine.sorted(by: { $0.key < $1.key }) {
                    guard let other = theirs[name] else { continue }
                    #expect(
                        try Self.canonical(definition) == Self.canonical(other),
                        "$defs/\(name) differs between \(kind.fileName) and \(otherKind.fileName)")
                }
            }
        }
    }

    @Test("a scenario's state has the state file's keys, each with the same schema")
    func scenarioStateMatchesStateFile() throws {
        let state = try Self.parse(.state)
        let scenario = try Self.parse(.scenario)
        let partial = try #require(Self.members(scenario["$defs"]).first { $0.name == "partialState" }?.value)
        let stateProperties = Dictionary(uniqueKeysWithValues: Self.members(state["properties"]))
        let partialProperties = Dictionary(uniqueKeysWithValues: Self.members(partial["properties"]))
        #expect(Set(stateProperties.keys) == Set(partialProperties.keys))
        for (name, property) in stateProperties {
            // Descriptions may differ: a scenario's `installed_at` defaults to its `start`.
            var mine = property
            var theirs = partialProperties[name] ?? [:]
            for member in ["description", "markdownDescription"] {
                mine[member] = nil
                theirs[member] = nil
            }
            #expect(
                try Self.canonical(mine) == Self.canonical(theirs), "state property \(name) differs in the scenario")
        }
    }

    // MARK: - Walking the JSON

    private static func parse(_ kind: JSONSchema.Kind) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(JSONSchema.text(for: kind).utf8))
        return try #require(object as? [String: Any], "\(kind.fileName) is not a JSON object")
    }

    /// The JSON with its keys sorted, for comparing two schemas.
    private static func canonical(_ schema: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys])
    }

    private static func hasDescription(_ schema: Any) -> Bool {
        guard let description = (schema as? [String: Any])?["description"] as? String else { return false }
        return !description.isEmpty
    }

    /// The entries of a `properties` or `$defs` mapping, sorted by name.
    private static func members(_ value: Any?) -> [(name: String, value: [String: Any])] {
        guard let mapping = value as? [String: Any] else { return [] }
        return mapping.keys.sorted().compactMap { name in (mapping[name] as? [String: Any]).map { (name, $0) } }
    }

    /// Calls `visit` with every schema object under `node`, by JSON pointer; skips the keywords
    /// whose values are data (`examples`, `default`, `const`, `enum`), not schemas.
    private static func walk(_ node: Any, at path: String, _ visit: ([String: Any], String) -> Void) {
        if let object = node as? [String: Any] {
            visit(object, path)
            for key in object.keys.sorted() where !["examples", "default", "const", "enum"].contains(key) {
                walk(object[key]!, at: "\(path)/\(key)", visit)
            }
        } else if let array = node as? [Any] {
            for (index, element) in array.enumerated() { walk(element, at: "\(path)/\(index)", visit) }
        }
    }
}
