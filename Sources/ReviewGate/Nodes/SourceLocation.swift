/// A place in an input file: the file's name and a 1-based line and column.
///
/// Columns count Unicode scalars, as libyaml and most editors' problem matchers do.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file name as the user gave it (relative paths stay relative).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a location from a file name and 1-based line and column.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form Xcode, VS Code and CI problem matchers read.
    public var description: String { "\(file):\(line):\(column)" }
}
