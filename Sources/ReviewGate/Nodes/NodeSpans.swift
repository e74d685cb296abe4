/// Where each node of a file ends, by where it starts: what an editor underlines for a diagnostic
/// at a node's start (`validate --format json`'s `end_line` and `end_column`).
package struct NodeSpans: Sendable {
    /// A 1-based line and column (in Unicode scalars).
    package struct Position: Sendable, Hashable, Comparable {
        /// The 1-based line.
        package var line: Int
        /// The 1-based column.
        package var column: Int

        /// Creates a position.
        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        /// The position of a location, without its file.
        package init(_ location: SourceLocation) {
            self.init(line: location.line, column: location.column)
        }

        package static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    /// Each node's start, in the order nodes start (libyaml's events come in that order).
    private var starts: [Position] = []
    /// Each node's end, at its start's index.
    private var ends: [Position] = []

    /// No spans: every diagnostic ends where it starts.
    package init() {}

    /// Records a node from `start` to `end`, started after every node recorded before it.
    package mutating func add(from start: Position, to end: Position) {
        ends[open(at: start)] = end
    }

    /// Records a node that starts at `start` (after every node recorded before it) and ends
    /// later (a mapping, a list): its index, for ``close(_:at:)``.
    package mutating func open(at start: Position) -> Int {
        assert(starts.last.map { $0 <= start } ?? true, "nodes are recorded in the order they start")
        starts.append(start)
        ends.append(start)
        return starts.count - 1
    }

    /// Records where the node ``open(at:)`` gave `index` for ends.
    package mutating func close(_ index: Int, at end: Position) {
        ends[index] = end
    }

    /// Where the innermost node starting at `start` ends (of a block mapping and its first key,
    /// which start together, the key); `start` itself when no node of any length starts there.
    package func end(from start: Position) -> Position {
        // The first node starting after `start`, then back over those starting at it: the innermost
        // is the last that started there.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0, starts[index] == start {
            if ends[index] > start { return ends[index] }
            index -= 1
        }
        return start
    }
}
