@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport

/// The capability tags of a policy (Semantics §18): the language catalogue's feature of every key it
/// writes (`policy`, `since_ask`, `active_days`, `conditions`, `rollout`, `experiment`, `hash_v2`, …).
enum PolicyFeatures {
    /// The tags of the policy `yaml`, `policy` first.
    static func tags(of yaml: String) -> [String] {
        guard let root = try? Fixtures.document(yaml) else { return ["policy"] }
        var features: Set<String> = ["policy"]
        walk(root, at: "", into: &features)
        return KitBuilder.ordered(Array(features))
    }

    /// Each key of the mapping `node` at the catalogue's `path`, and what lies under it.
    private static func walk(_ node: DocumentNode, at path: String, into features: inout Set<String>) {
        if path == "/when" { return condition(node, into: &features) }
        guard let entries = node.mapping else { return }
        for entry in entries {
            guard let key = entry.key.string else { continue }
            // `hash: v1` is the hash without the key: no capability beyond the section's.
            if key == "hash", entry.value.string == HashVersion.v1.rawValue { continue }
            let keyPath =
                path == "/triggers" || path == "/experiment/arms"
                ? "\(path)/*" : key == "when" ? "/when" : "\(path)/\(key)"
            if keyPath != "/when", let feature = LanguageCatalogue.key(.policy, keyPath)?.feature {
                features.insert(feature)
            }
            if keyPath.hasPrefix("/experiment/arms/*/override"), keyPath != "/experiment/arms/*/override" {
                // An override's sections are the policy's.
                walk(entry.value, at: "/\(key)", into: &features)
            } else if !keyPath.hasPrefix("/renamed/") {
                walk(entry.value, at: keyPath, into: &features)
            }
        }
    }

    /// A condition: its form's keys, and the conditions it holds.
    private static func condition(_ node: DocumentNode, into features: inout Set<String>) {
        features.insert("conditions")
        guard let entries = node.mapping else { return }
        let form = entries.compactMap(\.key.string).first { NodeReader.conditionForms.contains($0) }
        for entry in entries {
            guard let key = entry.key.string, let form else { continue }
            let keyPath = key == form ? "/when/\(form)" : "/when/\(form)/\(key)"
            if let feature = LanguageCatalogue.key(.policy, keyPath)?.feature { features.insert(feature) }
            switch key {
            case "all", "any": for item in entry.value.sequence ?? [] { condition(item, into: &features) }
            case "not": condition(entry.value, into: &features)
            default:
                for inner in entry.value.mapping ?? [] {
                    guard let name = inner.key.string,
                        let feature = LanguageCatalogue.key(.policy, "/when/\(form)/\(name)")?.feature
                    else { continue }
                    features.insert(feature)
                }
            }
        }
    }
}
