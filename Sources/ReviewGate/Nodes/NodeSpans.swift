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

    /// The end of the innermost node starting at each start.
    private var ends: [Position: Position] = [:]

    /// No spans: every diagnostic ends where it starts.
    package init() {}

    /// Records a node from `start` to `end`; of two nodes with one start (a block mapping and its
    /// first key), the shorter is kept.
    package mutating func add(from start: Position, to end: Position) {
        guard end > start else { return }
        if let known = ends[start], known <= end { return }
        ends[start] = end
    }

    /// Where the innermost node starting at `start` ends; `start` itself when no node starts there.
    package func end(from start: Position) -> Position {
        ends[start] ?? start
    }
}
