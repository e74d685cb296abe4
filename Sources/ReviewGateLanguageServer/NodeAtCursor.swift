@_spi(ReviewGateTools) import ReviewGate

/// The node under the cursor, with the keys that lead to it from the document's root.
struct NodeAtCursor {
    /// The keys from the root to the node (to the key itself, for a key); `*` for a list's element.
    var path: [String]
    /// The node: a key, or a scalar value.
    var node: DocumentNode
    /// Whether the node is a mapping's key.
    var isKey: Bool

    /// The node at a 1-based line and column, when a scalar (a key or a value) is there.
    static func find(in root: DocumentNode, spans: NodeSpans, line: Int, column: Int) -> NodeAtCursor? {
        let cursor = NodeSpans.Position(line: line, column: column)
        var node = root
        var path: [String] = []
        // No recursion: a document nests at most 64 deep, but a loop needs no stack at all.
        while true {
            switch node.content {
            case .scalar:
                return covers(node, cursor, spans) ? NodeAtCursor(path: path, node: node, isKey: false) : nil
            case .sequence(let items):
                guard let item = last(items, before: cursor, start: \.location) else { return nil }
                path.append("*")
                node = item
            case .mapping(let entries):
                guard let entry = last(entries, before: cursor, start: \.key.location) else { return nil }
                let key = entry.key.scalar?.text ?? "?"
                path.append(key)
                if covers(entry.key, cursor, spans) { return NodeAtCursor(path: path, node: entry.key, isKey: true) }
                node = entry.value
            }
        }
    }

    /// The last element starting at or before the cursor (a collection's elements are in file order).
    private static func last<T>(_ items: [T], before cursor: NodeSpans.Position, start: KeyPath<T, SourceLocation>)
        -> T?
    {
        items.last { NodeSpans.Position($0[keyPath: start]) <= cursor }
    }

    /// Whether a scalar's text holds the cursor (its end included, where a cursor after a word is).
    private static func covers(_ node: DocumentNode, _ cursor: NodeSpans.Position, _ spans: NodeSpans) -> Bool {
        let start = NodeSpans.Position(node.location)
        return start <= cursor && cursor <= spans.end(from: start)
    }
}
