@_spi(ReviewGateTools) import ReviewGate

/// Prints diagnostics as clang and swiftc do: `FILE:LINE:COL: error: message`, then the source line
/// and a caret under the column when the file can be read, and each note likewise. A diagnostic
/// with no place is `reviewgate: error: message`. The command line and the build plugin's tool both
/// print through it.
package struct DiagnosticPrinter {
    /// Source lines by file, read once per report; `nil` for a file that cannot be read.
    private var sources: [String: [String]?] = [:]

    /// A printer that has read no source yet.
    package init() {}

    /// The lines that show one diagnostic, as given: the command line first words its advice
    /// (`Diagnostic.advised`), the plugin's tool, whose inputs carry none, does not.
    package mutating func lines(_ diagnostic: Diagnostic) -> [String] {
        var lines = block(diagnostic.location, diagnostic.severity.rawValue, diagnostic.displayMessage)
        for note in diagnostic.notes { lines += block(note.location, "note", note.message) }
        return lines
    }

    /// The lines that show an error: each of its diagnostics, then how many more it had.
    package mutating func lines(_ error: DiagnosticError) -> [String] {
        let more = error.omitted > 0 ? ["reviewgate: note: \(error.omittedSummary)"] : []
        return error.diagnostics.flatMap { lines($0) } + more
    }

    private mutating func block(_ location: SourceLocation?, _ label: String, _ message: String) -> [String] {
        guard let location else { return ["reviewgate: \(label): \(message)"] }
        return ["\(location): \(label): \(message)"] + snippet(at: location)
    }

    /// The source line and a caret under the column; nothing when the line is not at hand or too
    /// long to show.
    private mutating func snippet(at location: SourceLocation) -> [String] {
        // Only the kinds of file reviewgate reads: a compiled policy names its YAML files itself, and
        // a hostile one must not make a CI log show a line of /proc/self/environ or a .netrc.
        guard Self.isShown(location.file) else { return [] }
        if sources[location.file] == nil {
            sources[location.file] = (try? FileBytes.read(location.file, maxBytes: DocumentLimits.default.maxBytes)).map
            {
                String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
                    String($0.hasSuffix("\r") ? $0.dropLast() : $0)
                }
            }
        }
        guard let lines = sources[location.file] ?? nil, location.line >= 1, location.line <= lines.count else {
            return []
        }
        // The length in bytes first: a 1 MiB line is not turned into an array for each diagnostic.
        guard lines[location.line - 1].utf8.count <= 4 * Self.widest else { return [] }
        let line = Array(lines[location.line - 1].unicodeScalars)
        guard line.count <= Self.widest, location.column >= 1, location.column <= line.count + 1 else { return [] }
        // Tabs stay tabs, so that the caret lines up however the terminal shows them.
        let padding = line.prefix(location.column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
        return [String(String.UnicodeScalarView(line)), padding + "^"]
    }

    /// Whether lines of a file may be shown: a `.yaml`, `.yml` or `.json` file outside the system's
    /// `/proc`, `/sys` and `/dev`.
    private static func isShown(_ file: String) -> Bool {
        let lowered = file.lowercased()
        guard [".yaml", ".yml", ".json"].contains(where: lowered.hasSuffix) else { return false }
        let normalized = PathArithmetic.normalize(file)
        return !["/proc/", "/sys/", "/dev/"].contains(where: normalized.hasPrefix)
    }

    /// The longest source line shown, in characters.
    private static let widest = 240
}
