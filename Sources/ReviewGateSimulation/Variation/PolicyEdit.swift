@_spi(ReviewGateTools) import ReviewGate

/// Sets or removes one setting of a policy's document, as `--vary PATH=V` does (Semantics §10): any
/// setting under a section or an existing trigger, never a trigger itself, `name`, `extends` or
/// the format version. A count key (`at_least`, `exactly`, `every`) replaces the trigger's count
/// key, as `extends` does; `null` removes the setting. The new value takes the location of the
/// value it replaces (or of the mapping it joins), so the policy's diagnostics about it point
/// into the policy file.
enum PolicyEdit {
    /// The top-level keys a variant may not change: a variant is the same policy with other settings.
    static let fixedKeys: Set<String> = ["name", "extends", "reviewgate"]
    /// A trigger's count keys: setting one removes the others.
    static let countKeys: Set<String> = ["at_least", "exactly", "every"]

    /// `root` with `value` at `path` (removed when `value` is `null`); an error at the nearest
    /// node when the path cannot be set.
    static func apply(_ value: DocumentNode, at path: [String], to root: DocumentNode) throws(DiagnosticError)
        -> DocumentNode
    {
        guard let first = path.first, root.mapping != nil else {
            throw DiagnosticError("the policy is not a mapping of settings", at: root.location)
        }
        let pathText = path.joined(separator: ".")
        if fixedKeys.contains(first) {
            throw DiagnosticError(
                "a variant cannot change \(first): it is the same policy with other settings",
                at: root[first]?.location ?? root.location)
        }
        if first == "triggers" {
            guard path.count >= 3 else {
                throw DiagnosticError(
                    "a path into triggers names a trigger and one of its settings (triggers.ID.at_least): a variant cannot add, remove or replace a trigger",
                    at: root[first]?.location ?? root.location)
            }
            guard let triggers = root[first]?.mapping, triggers.contains(where: { $0.key.string == path[1] }) else {
                let ids = root[first]?.mapping?.compactMap(\.key.string) ?? []
                throw DiagnosticError(
                    "the policy has no trigger \(path[1])"
                        + (ids.isEmpty ? "" : " (its triggers: \(ids.joined(separator: ", ")))")
                        + "; a variant cannot add one",
                    at: root[first]?.location ?? root.location)
            }
        } else if path.count == 1, root[first]?.mapping != nil {
            throw DiagnosticError(
                "\(first) is a section: vary one of its settings (\(first).KEY), not the whole section",
                at: root[first]?.location ?? root.location)
        }
        var edited = root
        // A trigger's count key, in the policy or in an arm's override.
        let inTrigger =
            path.count == 3
            || (path.count == 7 && first == "experiment" && path[1] == "arms" && path[3] == "override")
        let replacesCount =
            inTrigger && path[path.count - 3] == "triggers" && countKeys.contains(path[path.count - 1])
        try set(
            value, at: path[...], in: &edited, home: root.location, pathText: pathText, replacesCount: replacesCount)
        return edited
    }

    /// `root` with `value` at `path`, with none of a policy's rules: how a budget's variant is made
    /// (Semantics §12), its lists' entries named by their index from 0 (`gaps.1.min`).
    static func set(_ value: DocumentNode, at path: [String], in root: DocumentNode) throws(DiagnosticError)
        -> DocumentNode
    {
        var edited = root
        try set(
            value, at: path[...], in: &edited, home: root.location, pathText: path.joined(separator: "."),
            replacesCount: false)
        return edited
    }

    /// Sets `value` at `path` inside the mapping (or the list) `node`, whose key is at `home` (where
    /// a new setting in it is said to be); a count key set in a trigger (`replacesCount`) removes
    /// the trigger's other count keys. A list's entry is named by its index from 0.
    private static func set(
        _ value: DocumentNode, at path: ArraySlice<String>, in node: inout DocumentNode, home: SourceLocation,
        pathText: String, replacesCount: Bool
    ) throws(DiagnosticError) {
        if var elements = node.sequence {
            // A list's entry, by its index from 0: replaced, or removed by null; never added.
            guard let index = Int(path.first!), elements.indices.contains(index) else {
                let entries = elements.isEmpty ? "the list is empty" : "its entries are 0 to \(elements.count - 1)"
                throw DiagnosticError(
                    "\(pathText): \(path.first!) is not an entry of this list (\(entries)); a variant cannot add one",
                    at: node.location)
            }
            if path.count == 1 {
                if case .null? = value.scalar?.value {
                    elements.remove(at: index)
                } else {
                    elements[index] = relocated(value, to: elements[index].location)
                }
            } else {
                try set(
                    value, at: path.dropFirst(), in: &elements[index], home: elements[index].location,
                    pathText: pathText, replacesCount: replacesCount)
            }
            node.content = .sequence(elements)
            return
        }
        guard var entries = node.mapping else {
            throw DiagnosticError(
                "\(pathText) goes into \(node.summary), not a mapping of settings or a list", at: node.location)
        }
        let key = path.first!
        let index = entries.firstIndex { $0.key.string == key }
        if path.count == 1 {
            if case .null? = value.scalar?.value {
                if let index { entries.remove(at: index) }
            } else {
                let location = index.map { entries[$0].value.location } ?? home
                let placed = relocated(value, to: location)
                if let index {
                    entries[index].value = placed
                } else {
                    entries.append(MappingEntry(key: keyNode(key, at: home), value: placed))
                }
                if replacesCount {
                    entries.removeAll { entry in
                        entry.key.string != key && countKeys.contains(entry.key.string ?? "")
                    }
                }
            }
        } else if case .null? = value.scalar?.value, index == nil {
            // Removing a setting under one the policy does not have changes nothing.
            return
        } else if let index {
            try set(
                value, at: path.dropFirst(), in: &entries[index].value, home: entries[index].key.location,
                pathText: pathText, replacesCount: replacesCount)
        } else {
            var child = DocumentNode(.mapping([]), at: home)
            try set(
                value, at: path.dropFirst(), in: &child, home: home, pathText: pathText, replacesCount: replacesCount)
            entries.append(MappingEntry(key: keyNode(key, at: home), value: child))
        }
        node.content = .mapping(entries)
    }

    /// A plain string key.
    private static func keyNode(_ key: String, at location: SourceLocation) -> DocumentNode {
        DocumentNode(.scalar(DocumentScalar(text: key, style: .plain, value: .string(key))), at: location)
    }

    /// `node` and everything in it at `location`.
    static func relocated(_ node: DocumentNode, to location: SourceLocation) -> DocumentNode {
        var node = node
        node.location = location
        switch node.content {
        case .scalar: break
        case .sequence(let elements): node.content = .sequence(elements.map { relocated($0, to: location) })
        case .mapping(let entries):
            node.content = .mapping(
                entries.map {
                    MappingEntry(key: relocated($0.key, to: location), value: relocated($0.value, to: location))
                })
        }
        return node
    }
}
