/// A mapping's entries by key, after unknown keys have been reported.
package struct Fields {
    /// The mapping node itself.
    package let node: DocumentNode
    private let entries: [String: MappingEntry]
    /// Where the keys asked for are recorded, and the mapping they are asked of, when a test audits
    /// the decoders against the language catalogue.
    private let audit: (record: KeyAudit, section: LanguageCatalogue.Section)?

    init(node: DocumentNode, entries: [String: MappingEntry], audit: (KeyAudit, LanguageCatalogue.Section)? = nil) {
        self.node = node
        self.entries = entries
        self.audit = audit
    }

    /// The value for a key.
    package subscript(key: String) -> DocumentNode? {
        asked(key)
        return entries[key]?.value
    }

    /// Where a key is written (the key itself, which is where a check points).
    package func keyLocation(_ key: String) -> SourceLocation? {
        asked(key)
        return entries[key]?.key.location
    }

    /// Whether the key is present.
    package func has(_ key: String) -> Bool {
        asked(key)
        return entries[key] != nil
    }

    /// The keys present.
    package var keys: Dictionary<String, MappingEntry>.Keys { entries.keys }

    /// Marks every key of the mapping as read, for a decoder that takes the mapping whole (an arm's
    /// `override`, merged onto the policy as `extends` merges).
    package func readsWhole() {
        guard let audit else { return }
        for key in audit.section.keys { audit.record.record(key, in: audit.section) }
    }

    /// Records a key asked for, but an unknown key the mapping has (already reported), which a
    /// decoder going over the mapping's entries asks for too.
    private func asked(_ key: String) {
        guard let audit, entries[key] != nil || !(node.mapping ?? []).contains(where: { $0.key.string == key }) else {
            return
        }
        audit.record.record(key, in: audit.section)
    }
}
