import ArgumentParser
import ReviewGate
import ReviewGateFiles
import ReviewGateSimulation

/// Reads timeline files (or standard input, `-`) a megabyte at a time, showing progress on a
/// terminal: whole, on every core (``readWhole(_:jobs:)``), or person by person (``readGrouped(_:_:)``).
struct TimelineInput {
    /// The format when a file's name does not say (`--input-format`).
    var format: TimelineFormat?
    /// Whether the first unreadable line stops the run.
    var strict: Bool
    /// Names and people carried from file to file.
    var symbols = Symbols()
    var people = Symbols()
    /// Every event of the files read whole, in file order, in the pieces they were read in.
    var pieces: [TimelinePiece] = []
    /// What was read, over every file.
    var lines = 0
    var eventCount = 0
    var skipped = 0
    var skippedByKind: [String: Int] = [:]
    var problems: [Diagnostic] = []

    /// Reads `path` whole into ``pieces``, its blocks read on `jobs` cores.
    mutating func readWhole(_ path: String, jobs: Int) throws {
        let file = try open(path)
        defer { file.close() }
        var reader = ParallelTimelineReader(
            format: file.format, file: file.name, strict: strict, jobs: jobs, symbols: symbols, people: people)
        symbols = Symbols()
        people = Symbols()
        // Read straight into the reader's block: a copy of the whole file spared.
        try Self.chunks(of: file) { (read) throws(DiagnosticError) in
            (try reader.read(filling: read), reader.eventCount)
        } finish: { () throws(DiagnosticError) in
            try reader.finish()
        }
        lines += reader.lines
        eventCount += reader.eventCount
        skipped += reader.skipped
        skippedByKind.merge(reader.skippedByKind, uniquingKeysWith: +)
        problems += reader.problems
        symbols = reader.symbols
        people = reader.people
        pieces += reader.pieces
    }

    /// Reads `path`, passing the events of each chunk (in file order) to `body` with the reader.
    mutating func readGrouped(_ path: String, _ body: ([TimelineEvent], inout TimelineReader) -> Void) throws {
        let file = try open(path)
        defer { file.close() }
        var reader = TimelineReader(
            format: file.format, file: file.name, strict: strict, symbols: symbols, people: people)
        symbols = Symbols()
        people = Symbols()
        var events: [TimelineEvent] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        try Self.chunks(of: file) { (read) throws(DiagnosticError) in
            let count = buffer.withUnsafeMutableBytes(read)
            guard count > 0 else { return (count, reader.events) }
            events.removeAll(keepingCapacity: true)
            try buffer.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
                try reader.read(UnsafeBufferPointer(rebasing: all[..<count])) { events.append($0) }
            }
            body(events, &reader)
            return (count, reader.events)
        } finish: { () throws(DiagnosticError) in
            events.removeAll(keepingCapacity: true)
            try reader.finish { events.append($0) }
            body(events, &reader)
        }
        lines += reader.lines
        eventCount += reader.events
        skipped += reader.skipped
        skippedByKind.merge(reader.skippedByKind, uniquingKeysWith: +)
        problems += reader.problems
        symbols = reader.symbols
        people = reader.people
    }

    /// An open input.
    private final class OpenFile {
        let descriptor: Int32
        var format: TimelineFormat
        let name: String
        let size: Int?
        let label: String
        /// Bytes read ahead (standard input's first, to tell its format), handed out before the rest.
        var readAhead: [UInt8] = []

        init(descriptor: Int32, format: TimelineFormat, name: String, size: Int?, label: String) {
            self.descriptor = descriptor
            self.format = format
            self.name = name
            self.size = size
            self.label = label
        }

        func close() { if descriptor != 0 { SystemCalls.close(descriptor) } }

        /// Reads into `buffer`: what was read ahead first, then the file.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard !readAhead.isEmpty else { return SystemCalls.read(descriptor, into: buffer) }
            let count = min(buffer.count, readAhead.count)
            readAhead.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            readAhead.removeFirst(count)
            return count
        }
    }

    private func open(_ path: String) throws -> OpenFile {
        let named = format ?? TimelineFormat.of(path: path)
        guard let format = named ?? (path == "-" ? .jsonl : nil) else {
            throw InputFile.usageError(
                "cannot tell the format of \(path) from its name: name it .jsonl or .csv, or give --input-format jsonl|csv"
            )
        }
        let descriptor = path == "-" ? 0 : SystemCalls.openForReading(path)
        guard descriptor >= 0 else {
            // As every command says it: `FILE:1:1: error: no such file`.
            InputFile.report(DiagnosticError(reading: FileError(reading: path, system: SystemCalls.lastError)))
            throw ExitCode(2)
        }
        var size: Int?
        switch SystemCalls.kind(of: descriptor) {
        case .file(let bytes)?: size = bytes
        case .folder?:
            SystemCalls.close(descriptor)
            throw InputFile.usageError("\(path) is a folder; give the timeline files in it")
        default: break
        }
        let file = OpenFile(
            descriptor: descriptor, format: format, name: path == "-" ? "<stdin>" : path, size: size,
            label: path == "-" ? "reading standard input" : "reading \(path)")
        if named == nil { file.format = Self.guessFormat(of: file) }
        return file
    }

    /// Standard input's format when no option says: JSON Lines when its first byte (past a byte
    /// order mark and blank space) is `{`, else CSV, whose first line is a header.
    private static func guessFormat(of file: OpenFile) -> TimelineFormat {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while file.readAhead.count < 1 << 16 {
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(file.descriptor, into: $0) }
            guard count > 0 else { break }
            file.readAhead += buffer[..<count]
            var bytes = file.readAhead[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                return first == UInt8(ascii: "{") ? .jsonl : .csv
            }
        }
        return .jsonl
    }

    /// Reads the file through `body` until its end, then calls `finish`: `body` reads with the
    /// function it is given (up to a megabyte into the memory given it, returning how many bytes,
    /// 0 at the end, or a negative number when the read failed) and returns what that returned and
    /// the events read so far, for the progress line. An unreadable input is reported with exit 2.
    private static func chunks(
        of file: OpenFile,
        _ body: ((UnsafeMutableRawBufferPointer) -> Int) throws(DiagnosticError) -> (count: Int, events: Int),
        finish: () throws(DiagnosticError) -> Void
    ) throws {
        var progress = Progress(label: file.label, total: file.size)
        defer { progress.finish() }
        var read = 0
        do throws(DiagnosticError) {
            while true {
                let (count, events) = try body { file.read(into: $0) }
                if count < 0 {
                    throw DiagnosticError.unreadable(
                        "cannot read: \(SystemCalls.describe(SystemCalls.lastError.number))",
                        at: SourceLocation(file: file.name, line: 0, column: 1))
                }
                if count == 0 { break }
                read += count
                progress.update(bytes: read, events: events)
            }
            try finish()
        } catch {
            progress.finish()
            InputFile.report(error)
            throw ExitCode(2)
        }
    }
}
