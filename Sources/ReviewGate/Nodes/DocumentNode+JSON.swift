extension DocumentNode {
    /// The node's data as JSON: mappings become objects (non-string keys by their text),
    /// sequences arrays, scalars their resolved values.
    @_spi(ReviewGateTools) public var jsonValue: JSONValue {
        switch content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return .null
            case .bool(let flag): return .bool(flag)
            case .int(let number): return .int(number)
            case .float(let number): return .double(number)
            case .string(let text): return .string(text)
            }
        case .sequence(let items): return .array(items.map(\.jsonValue))
        case .mapping(let entries):
            return .object(
                entries.map { entry in
                    (key: entry.key.scalar?.text ?? entry.key.keyText, value: entry.value.jsonValue)
                })
        }
    }

    /// The text of a node as a mapping key that is not a scalar: its compact JSON, except that a key
    /// inside it that is not a scalar is written as its own text rather than as a string of it. Each
    /// level is then escaped once, not once more per level: as strings, a key 40 mappings deep would
    /// be 2^40 backslashes (a fuzzer's finding).
    package var keyText: String {
        switch content {
        case .scalar: return JSONWriter().string(jsonValue)
        case .sequence(let items): return "[" + items.map(\.keyText).joined(separator: ",") + "]"
        case .mapping(let entries):
            let pairs = entries.map { entry in
                (entry.key.scalar.map { JSONWriter().string(.string($0.text)) } ?? entry.key.keyText) + ":"
                    + entry.value.keyText
            }
            return "{" + pairs.joined(separator: ",") + "}"
        }
    }
}
