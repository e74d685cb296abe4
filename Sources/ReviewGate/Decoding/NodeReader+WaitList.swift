extension NodeReader {
    /// A setting that is one value or a list of them (Semantics §14.3): each entry read by `entry`, which
    /// reports its own errors; an empty list is an error at the list. `nil` when any entry is wrong.
    mutating func waitList<Entry>(
        _ node: DocumentNode, _ what: String, entry: (inout NodeReader, DocumentNode, String) -> Entry?
    ) -> WaitList<Entry>? {
        guard let items = node.sequence else { return entry(&self, node, what).map { WaitList($0) } }
        guard !items.isEmpty else {
            error("\(what) is an empty list: give one value, or a list of at least one", at: node.location)
            return nil
        }
        var entries: [Entry] = []
        entries.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            // Each entry is read, so that every wrong one is reported at its line.
            if let value = entry(&self, item, "\(what)[\(index + 1)]") { entries.append(value) }
        }
        guard entries.count == items.count else { return nil }
        return WaitList(list: entries)
    }
}
