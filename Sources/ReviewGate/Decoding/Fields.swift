/// A mapping's entries by key, after unknown keys have been reported.
package struct Fields {
    /// The mapping node itself.
    package let node: DocumentNode
    private let entries: [String: MappingEntry]

    init(node: DocumentNode, entries: [String: MappingEntry]) {
        self.node = node
        self.entries = entries
    }

    /// The value for a key.
    package subscript(key: String) -> DocumentNode? { entries[key]?.value }

    /// Where a key is written (the key itself, which is where a check points).
    package func keyLocation(_ key: String) -> SourceLocation? { entries[key]?.key.location }

    /// Whether the key is present.
    package func has(_ key: String) -> Bool { entries[key] != nil }

    /// The keys present.
    package var keys: Dictionary<String, MappingEntry>.Keys { entries.keys }
}
