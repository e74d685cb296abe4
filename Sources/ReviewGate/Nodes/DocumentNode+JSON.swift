extension DocumentNode {
    /// The node's data as JSON: mappings become objects (non-string keys by their text),
    /// sequences arrays, scalars their resolved values.
    public var jsonValue: JSONValue {
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
                    let key = entry.key.scalar?.text ?? JSONWriter().string(entry.key.jsonValue)
                    return (key: key, value: entry.value.jsonValue)
                })
        }
    }
}
