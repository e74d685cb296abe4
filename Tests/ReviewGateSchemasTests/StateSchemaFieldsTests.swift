import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateSchemas
import ReviewGateTestSupport
import Testing

/// The state schema and the state's writer list every stored property of the state, nested ones
/// too (CONTRIBUTING.md, "A new state field"): walking a full state (`FullState`) with `Mirror`, beside what
/// `StateEncoder` writes for it and the schema's `properties` at the same place, each property
/// must be a key of both, and each key a property. A property added to the state and not to the
/// writer or the schema fails here by its name.
@Suite struct StateSchemaFieldsTests {
    /// The keys of properties whose key is not their name in snake case.
    static let keys = [
        // `launches: {count, times, since_ask}` holds three properties: the count, the times and
        // the counters since an ask.
        "launchTimes": "launches",
        "launchesSinceAsk": "launches",
    ]
    /// Keys that are no property: the format version.
    static let keysWithoutProperty: Set<String> = ["reviewgate_state"]

    /// A property's key: its name in snake case (`versionFirstSeenAt`: `version_first_seen_at`,
    /// `userID`: `user_id`), or its entry in ``keys``.
    static func key(_ label: String) -> String {
        if let key = keys[label] { return key }
        var key = ""
        var previous: Character?
        for character in label {
            if character.isUppercase, let previous, !previous.isUppercase { key.append("_") }
            key.append(Character(character.lowercased()))
            previous = character
        }
        return key
    }

    /// What the walk compared: the places (`asks[0]`) and their properties.
    struct Walk {
        var root: [String: Any]
        var checked: [String: Set<String>] = [:]
        var problems: [String] = []

        /// A schema with its `$ref` followed and, of a `oneOf`, the form that is an object.
        func resolve(_ schema: Any?) -> [String: Any] {
            guard let schema = schema as? [String: Any] else { return [:] }
            if let reference = schema["$ref"] as? String, reference.hasPrefix("#/$defs/") {
                let definitions = root["$defs"] as? [String: Any] ?? [:]
                return resolve(definitions[String(reference.dropFirst("#/$defs/".count))])
            }
            if let forms = schema["oneOf"] as? [Any] {
                return forms.lazy.map(resolve).first { $0["properties"] != nil } ?? schema
            }
            return schema
        }

        /// `asks[0]` and `prompt`: `asks[0].prompt`.
        static func join(_ path: String, _ label: String) -> String { path.isEmpty ? label : "\(path).\(label)" }

        /// `value` against the JSON written for it and its schema, at `path`.
        mutating func walk(_ value: Any, json: Any?, schema: [String: Any], at path: String) {
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first?.value else {
                    problems.append("\(path) is nil in a full state")
                    return
                }
                walk(wrapped, json: json, schema: schema, at: path)
            case .collection, .set:
                let items = json as? [Any] ?? []
                if items.count != mirror.children.count { problems.append("\(path): \(items.count) written") }
                for (index, (child, item)) in zip(mirror.children, items).enumerated() {
                    walk(child.value, json: item, schema: resolve(schema["items"]), at: "\(path)[\(index)]")
                }
            case .dictionary:
                let object = json as? [String: Any] ?? [:]
                for entry in mirror.children {
                    let pair = Array(Mirror(reflecting: entry.value).children)
                    let name = "\(pair[0].value)"
                    walk(
                        pair[1].value, json: object[name], schema: resolve(schema["additionalProperties"]),
                        at: "\(path)[\(name)]")
                }
            case .struct, .class:
                // A struct written as an object (a time is a string, a count alone a number).
                guard let object = json as? [String: Any] else { return }
                let labels = mirror.children.compactMap(\.label)
                let properties = Set(labels.map(StateSchemaFieldsTests.key))
                let written = Set(object.keys).subtracting(StateSchemaFieldsTests.keysWithoutProperty)
                let described = Set((schema["properties"] as? [String: Any] ?? [:]).keys).subtracting(
                    StateSchemaFieldsTests.keysWithoutProperty)
                for label in labels where !written.contains(StateSchemaFieldsTests.key(label)) {
                    problems.append(
                        "\(Self.join(path, label)): StateEncoder writes no \(StateSchemaFieldsTests.key(label))")
                }
                for label in labels where !described.contains(StateSchemaFieldsTests.key(label)) {
                    problems.append(
                        "\(Self.join(path, label)): the state schema has no \(StateSchemaFieldsTests.key(label))")
                }
                for key in written.subtracting(properties) { problems.append("\(path): \(key) written, no property") }
                for key in described.subtracting(properties) {
                    problems.append("\(path): \(key) in the schema, no property")
                }
                checked[StoredFields.field(path), default: []].formUnion(properties)
                for child in mirror.children {
                    guard let label = child.label, StateSchemaFieldsTests.keys[label] == nil else { continue }
                    let key = StateSchemaFieldsTests.key(label)
                    let properties = schema["properties"] as? [String: Any]
                    walk(
                        child.value, json: object[key], schema: resolve(properties?[key]),
                        at: Self.join(path, label))
                }
            default:
                return
            }
        }
    }

    @Test(arguments: UInt64(0)..<20)
    func everyPropertyIsWrittenAndInTheSchema(seed: UInt64) throws {
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONSchema.text(for: .state).utf8)) as? [String: Any])
        let state = FullState.make(seed: seed)
        let json = try JSONSerialization.jsonObject(with: Data(StateEncoder.encode(state, as: .json).utf8))
        var walk = Walk(root: schema)
        walk.walk(state, json: json, schema: schema, at: "")
        #expect(walk.problems == [], "seed \(seed)")
        // The walk went into the state and each of its parts: a walk that stopped early cannot pass.
        #expect(
            Set(walk.checked.keys).isSuperset(of: [
                "", "app", "events[]", "asks[]", "responses[]", "leases[]", "experiments[]",
            ]),
            "\(walk.checked)")
        #expect(walk.checked[""]?.contains("user_id") == true)
    }
}
