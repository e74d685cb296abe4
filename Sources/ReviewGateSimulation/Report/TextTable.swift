/// A table for a terminal.
enum TextTable {
    /// Rows as lines: the first column left-aligned, the others right-aligned, two spaces apart.
    static func lines(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = row[0] + String(repeating: " ", count: widths[0] - row[0].count)
            for column in row.indices.dropFirst() {
                line += "  " + String(repeating: " ", count: widths[column] - row[column].count) + row[column]
            }
            return line
        }
    }
}
