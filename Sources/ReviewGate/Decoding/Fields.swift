/// A mapping's entries by key, after unknown keys have been reported.
struct Fields {
    /// The mapping node itself.
    let node: DocumentNode
    private let entries: [String: MappingEntry]

    init(node: DocumentNode, entries: [String: MappingEntry]) {
        self.node = node
        self.entries = entries
    }

    /// The value for a key.
    subscript(key: String) -> DocumentNode? { entries[key]?.value }

    /// Where a key is written (the key itself, which is where a check points).
    func keyLocation(_ key: String) -> SourceLocation? { entries[key]?.key.location }

    /// Whether the key is present.
    func has(_ key: String) -> Bool { entries[key] != nil }

    /// The keys present.
    var keys: Dictionary<String, MappingEntry>.Keys { entries.keys }
}
