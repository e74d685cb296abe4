import ArgumentParser
import ReviewGate
import ReviewGateFiles
import ReviewGateSimulation

/// Reads timeline files (or standard input, `-`) a megabyte at a time through a ``TimelineReader``,
/// showing progress on a terminal.
struct TimelineInput {
    /// The format when a file's name does not say (`--input-format`).
    var format: TimelineFormat?
    /// Whether the first unreadable line stops the run.
    var strict: Bool
    /// Names and people carried from file to file.
    var symbols = Symbols()
    var people = Symbols()
    /// What was read, over every file.
    var lines = 0
    var events = 0
    var skipped = 0
    var problems: [Diagnostic] = []

    /// Reads `path`, passing the events of each chunk (in file order) to `body` with the reader.
    mutating func read(
        _ path: String, _ body: ([TimelineEvent], inout TimelineReader) -> Void
    ) throws {
        guard let format = format ?? TimelineFormat.of(path: path) else {
            throw InputFile.usageError(
                "cannot tell the format of \(path) from its name: name it .jsonl or .csv, or give --input-format jsonl|csv"
            )
        }
        let descriptor = path == "-" ? 0 : Platform.openForReading(path)
        guard descriptor >= 0 else {
            throw InputFile.usageError("cannot read \(path): \(Platform.describe(Platform.lastError.number))")
        }
        defer { if descriptor != 0 { Platform.close(descriptor) } }
        var size: Int?
        if case .file(let bytes)? = Platform.kind(of: descriptor) { size = bytes }
        if case .folder? = Platform.kind(of: descriptor) {
            throw InputFile.usageError("\(path) is a folder; give the timeline files in it")
        }
        var reader = TimelineReader(
            format: format, file: path == "-" ? "<stdin>" : path, strict: strict, symbols: symbols, people: people)
        symbols = Symbols()
        people = Symbols()
        var progress = Progress(label: path == "-" ? "reading standard input" : "reading \(path)", total: size)
        do {
            try Self.chunks(of: descriptor, into: &reader, progress: &progress, body)
        } catch {
            progress.finish()
            InputFile.report(error)
            throw ExitCode(2)
        }
        progress.finish()
        lines += reader.lines
        self.events += reader.events
        skipped += reader.skipped
        problems += reader.problems
        symbols = reader.symbols
        people = reader.people
    }

    /// Reads the descriptor to its end a megabyte at a time.
    private static func chunks(
        of descriptor: Int32, into reader: inout TimelineReader, progress: inout Progress,
        _ body: ([TimelineEvent], inout TimelineReader) -> Void
    ) throws(DiagnosticError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var events: [TimelineEvent] = []
        var read = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Platform.read(descriptor, into: $0) }
            if count < 0 {
                throw DiagnosticError.unreadable(
                    "cannot read: \(Platform.describe(Platform.lastError.number))",
                    at: SourceLocation(file: reader.file, line: reader.lines, column: 1))
            }
            if count == 0 { break }
            read += count
            events.removeAll(keepingCapacity: true)
            try buffer.withUnsafeBufferPointer { (all) throws(DiagnosticError) -> Void in
                try reader.read(UnsafeBufferPointer(rebasing: all[..<count])) { events.append($0) }
            }
            body(events, &reader)
            progress.update(bytes: read, events: reader.events)
        }
        events.removeAll(keepingCapacity: true)
        try reader.finish { events.append($0) }
        body(events, &reader)
    }
}
