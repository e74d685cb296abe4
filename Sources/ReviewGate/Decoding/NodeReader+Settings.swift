extension NodeReader {
    /// `flags`: names to `true` or `false` (a state's, or a scenario's `set`).
    package mutating func flags(_ node: DocumentNode) -> [String: Bool] {
        guard let entries = node.mapping else {
            error("flags must be a mapping of names to true or false; found \(node.summary)", at: node.location)
            return [:]
        }
        var flags: [String: Bool] = [:]
        for entry in entries {
            if let name = identifier(entry.key, "a flag name"), let value = bool(entry.value, "flag \(name)") {
                flags[name] = value
            }
        }
        return flags
    }

    /// `attributes`: names to scalars (a state's, or a scenario's `set`).
    package mutating func attributes(_ node: DocumentNode) -> [String: AttributeValue] {
        guard let entries = node.mapping else {
            error("attributes must be a mapping of names to scalars; found \(node.summary)", at: node.location)
            return [:]
        }
        var attributes: [String: AttributeValue] = [:]
        for entry in entries {
            if let name = identifier(entry.key, "an attribute name"),
                let value = attributeValue(entry.value, "attribute \(name)")
            {
                attributes[name] = value
            }
        }
        return attributes
    }
}
