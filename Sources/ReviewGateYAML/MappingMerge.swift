@_spi(ReviewGateTools) import ReviewGate

/// Turns a mapping's keys and values into entries: applies `<<` merge keys (an explicit key
/// beside a merge wins; among merged mappings the first wins) and reports duplicate keys at their
/// second occurrence, naming the first.
struct MappingMerge {
    private(set) var problems: [Diagnostic] = []
    /// How many more problems may be listed; past it they are counted in ``unlisted``, so that a
    /// mapping of a hundred thousand duplicate keys costs no more than one of fifty.
    let room: Int
    /// The problems found past ``room``.
    private(set) var unlisted = 0

    init(room: Int = DiagnosticError.reportLimit) {
        self.room = room
    }

    /// The identity of a key for duplicate detection: scalars by resolved value, other keys by their
    /// text (`DocumentNode.keyText`, which grows with the key, not with its depth).
    private enum KeyIdentity: Hashable {
        case scalar(ScalarValue)
        case complex(String)

        init(_ node: DocumentNode) {
            if let scalar = node.scalar {
                self = .scalar(scalar.value)
            } else {
                self = .complex(node.keyText)
            }
        }
    }

    mutating func entries(from flat: [DocumentNode]) -> [MappingEntry] {
        // Small mappings, most of a policy, find an earlier key by a look along the list; large
        // ones through a hash table.
        let small = flat.count <= 16 && !Self.hasComplexKey(flat)
        var explicit: [KeyIdentity: SourceLocation] = [:]
        var hasMerge = false
        var pairs: [MappingEntry] = []
        pairs.reserveCapacity(flat.count / 2)
        var index = 0
        while index + 1 < flat.count {
            let entry = MappingEntry(key: flat[index], value: flat[index + 1])
            index += 2
            if Self.isMergeKey(entry.key) {
                hasMerge = true
                pairs.append(entry)
                continue
            }
            // A large mapping's key identity is made once, for the look-up and the insertion.
            let identity = small ? nil : KeyIdentity(entry.key)
            let first: SourceLocation?
            if let identity {
                first = explicit[identity]
            } else {
                first =
                    pairs.first { !Self.isMergeKey($0.key) && $0.key.scalar?.value == entry.key.scalar?.value }?.key
                    .location
            }
            if first != nil, problems.count >= room {
                unlisted += 1
                continue
            } else if let first {
                problems.append(
                    .error(
                        "duplicate key \(Self.describe(entry.key)): it is already set at line \(first.line)",
                        at: entry.key.location,
                        notes: [.init("first set here", at: first)], kind: .duplicateKey))
                continue
            }
            if let identity { explicit[identity] = entry.key.location }
            pairs.append(entry)
        }
        guard hasMerge else { return pairs }

        var result: [MappingEntry] = []
        var merged = Set(pairs.filter { !Self.isMergeKey($0.key) }.map { KeyIdentity($0.key) })
        for entry in pairs {
            guard Self.isMergeKey(entry.key) else {
                result.append(entry)
                continue
            }
            for source in sources(of: entry.value) {
                for candidate in source where merged.insert(KeyIdentity(candidate.key)).inserted {
                    result.append(candidate)
                }
            }
        }
        return result
    }

    private static func hasComplexKey(_ flat: [DocumentNode]) -> Bool {
        stride(from: 0, to: flat.count, by: 2).contains { flat[$0].scalar == nil }
    }

    private static func isMergeKey(_ node: DocumentNode) -> Bool {
        guard let scalar = node.scalar, scalar.text == "<<" else { return false }
        return node.tag == CoreSchema.tagPrefix + "merge" || (node.tag == nil && scalar.style == .plain)
    }

    /// The mappings a `<<` value names: one mapping, or a list of them.
    private mutating func sources(of value: DocumentNode) -> [[MappingEntry]] {
        if let mapping = value.mapping { return [mapping] }
        if let list = value.sequence, let mappings = Optional(list.compactMap(\.mapping)), mappings.count == list.count
        {
            return mappings
        }
        guard problems.count < room else {
            unlisted += 1
            return []
        }
        problems.append(
            .error(
                "a merge key << takes a mapping or a list of mappings; found \(value.summary)", at: value.location))
        return []
    }

    private static func describe(_ key: DocumentNode) -> String {
        if let scalar = key.scalar { return "\"\(Quote.prefix(scalar.text))\"" }
        return key.summary
    }
}
