/// How a policy that `extends` another lies on top of it (Semantics §2 *Extending a policy*).
///
/// The sections `app`, `guards`, `responses`, `counting`, `presentation`, `rollout`, `lint` and `channels` merge key by
/// key; `triggers` merge by trigger id, each trigger's keys merging in turn, except that a count
/// key (`at_least`, `exactly`, `every`) replaces the base's count key. Every other value replaces
/// the base's whole: a `when`, `max_asks`, `system_quota`, a list, a scalar. A key set to `null`
/// removes the base's setting.
package enum ExtendsMerge {
    /// The top-level sections whose keys merge one by one.
    static let keyByKey: Set<String> = [
        "app", "guards", "responses", "counting", "presentation", "rollout", "lint", "channels",
    ]
    /// A trigger's count keys: the child's replaces whichever the base has.
    static let countKeys: Set<String> = ["at_least", "exactly", "every"]

    /// `child` on top of `base`; `extends` itself is dropped.
    package static func merge(_ base: DocumentNode, under child: DocumentNode) -> DocumentNode {
        var merged = combined(base, child) { key, baseValue, childValue in
            if key == "triggers" { return triggers(baseValue, childValue) }
            // `renamed.events` and `renamed.prompts` merge key by key (Semantics §14.4).
            if key == "renamed" {
                return combined(baseValue, childValue) { _, base, child in
                    combined(base, child) { _, _, value in value }
                }
            }
            return keyByKey.contains(key) ? combined(baseValue, childValue) { _, _, value in value } : childValue
        }
        if let entries = merged.mapping { merged.content = .mapping(entries.filter { $0.key.string != "extends" }) }
        return merged
    }

    /// A budget `child` on top of `base` (Semantics §12): `prompts` merge by name, each prompt's keys
    /// merging in turn, and `lint` key by key; `limits`, `gaps` and every other value replace the
    /// base's whole. `extends` itself is dropped.
    package static func mergeBudget(_ base: DocumentNode, under child: DocumentNode) -> DocumentNode {
        var merged = combined(base, child) { key, baseValue, childValue in
            switch key {
            case "prompts":
                combined(baseValue, childValue) { _, basePrompt, childPrompt in
                    combined(basePrompt, childPrompt) { _, _, value in value }
                }
            case "lint": combined(baseValue, childValue) { _, _, value in value }
            case "renamed":
                combined(baseValue, childValue) { _, base, child in combined(base, child) { _, _, value in value } }
            default: childValue
            }
        }
        if let entries = merged.mapping { merged.content = .mapping(entries.filter { $0.key.string != "extends" }) }
        return merged
    }

    /// Triggers by id, each trigger's keys merged, a count key replacing the base's.
    private static func triggers(_ base: DocumentNode, _ child: DocumentNode) -> DocumentNode {
        combined(base, child) { _, baseTrigger, childTrigger in
            let childCounts = childTrigger.mapping?.contains { countKeys.contains($0.key.string ?? "") } ?? false
            var baseTrigger = baseTrigger
            if childCounts, let baseEntries = baseTrigger.mapping {
                baseTrigger.content = .mapping(baseEntries.filter { !countKeys.contains($0.key.string ?? "") })
            }
            return combined(baseTrigger, childTrigger) { _, _, value in value }
        }
    }

    /// `base` and `child` combined when both are mappings: the base's entries in its order, a key
    /// of both combined by `combine`, the child's new keys after; a key set to `null` in the child
    /// is dropped. When either is not a mapping, the child's value replaces the base's.
    private static func combined(
        _ base: DocumentNode, _ child: DocumentNode,
        combine: (String, DocumentNode, DocumentNode) -> DocumentNode
    ) -> DocumentNode {
        guard let baseEntries = base.mapping, let childEntries = child.mapping else { return child }
        var result: [MappingEntry] = []
        var used = Set<String>()
        // The child's entries by key (the first of a key), so that merging takes linear time.
        var overrides: [String: MappingEntry] = [:]
        for entry in childEntries {
            if let key = entry.key.string, overrides[key] == nil { overrides[key] = entry }
        }
        for entry in baseEntries {
            guard let key = entry.key.string, let override = overrides[key] else {
                result.append(entry)
                continue
            }
            used.insert(key)
            if override.value.scalar?.value == .null { continue }
            result.append(MappingEntry(key: override.key, value: combine(key, entry.value, override.value)))
        }
        for entry in childEntries where !used.contains(entry.key.string ?? "") || entry.key.string == nil {
            if entry.value.scalar?.value == .null, entry.key.string != nil { continue }
            result.append(entry)
        }
        return DocumentNode(.mapping(result), at: child.location, tag: child.tag)
    }
}
