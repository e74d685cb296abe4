@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// Reads a run's timelines (files, standard input as `-`, or bytes in memory) a megabyte at a time,
/// telling ``progress`` how far it got: whole, on every core (``readWhole(_:jobs:)``), or person by
/// person (``readGrouped(_:_:)``).
struct InputReader {
    /// The format when a file's name does not say (`--input-format`).
    var format: TimelineFormat?
    /// Whether the first unreadable line stops the run.
    var strict: Bool
    /// Names and people carried from file to file.
    var symbols = Symbols()
    var people = Symbols()
    /// Every event of the files read whole, in file order, in the pieces they were read in.
    var pieces: [TimelinePiece] = []
    /// Told what is read, for a progress line.
    var progress: (SimulationProgress) -> Void = { _ in }
    /// What was read, over every file.
    var lines = 0
    var eventCount = 0
    var skipped = 0
    var skippedByKind: [String: Int] = [:]
    var problems: [Diagnostic] = []
    /// The check that a grouped input is grouped by person, carried from file to file: several
    /// files are one input, in the order given.
    var grouping = GroupingCheck()

    /// Reads `source` whole into ``pieces``, its blocks read on `jobs` cores.
    mutating func readWhole(_ source: TimelineInput, jobs: Int) throws(DiagnosticError) {
        let file = try open(source)
        defer { file.close() }
        var reader = ParallelTimelineReader(
            format: file.format, file: file.name, strict: strict, jobs: jobs, symbols: symbols, people: people)
        symbols = Symbols()
        people = Symbols()
        if let mapped = file.mapped() {
            // A file read where the system keeps it: no copy into the reader's blocks.
            progress(.reading(file.label, bytes: file.size))
            defer { progress(.doneReading) }
            try reader.read(mapped: mapped) { bytes, events in progress(.read(bytes: bytes, events: events)) }
            try reader.finish()
        } else {
            // Read straight into the reader's block: a copy of the whole file spared.
            try chunks(of: file) { (read) throws(DiagnosticError) in
                (try reader.read(filling: read), reader.eventCount)
            } finish: { () throws(DiagnosticError) in
                try reader.finish()
            }
        }
        add(reader)
        pieces += reader.pieces
    }

    /// Reads `source`, passing the events of each chunk (in file order) to `body` with the reader.
    mutating func readGrouped(
        _ source: TimelineInput, _ body: ([TimelineEvent], inout TimelineReader) -> Void
    ) throws(DiagnosticError) {
        let file = try open(source)
        defer { file.close() }
        var reader = TimelineReader(
            format: file.format, file: file.name, strict: strict, symbols: symbols, people: people)
        symbols = Symbols()
        people = Symbols()
        reader.grouping = grouping
        grouping = GroupingCheck()
        defer { grouping = reader.grouping ?? GroupingCheck() }
        var events: [TimelineEvent] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        try chunks(of: file) { (read) throws(DiagnosticError) in
            let count = buffer.withUnsafeMutableBytes(read)
            guard count > 0 else { return (count, reader.eventCount) }
            events.removeAll(keepingCapacity: true)
            try buffer.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
                try reader.readGrouped(UnsafeBufferPointer(rebasing: all[..<count])) { events.append($0) }
            }
            body(events, &reader)
            return (count, reader.eventCount)
        } finish: { () throws(DiagnosticError) in
            events.removeAll(keepingCapacity: true)
            try reader.finish { events.append($0) }
            body(events, &reader)
        }
        add(reader)
    }

    /// Adds what one file's reader counted and found, and takes back the names it carried on.
    private mutating func add(_ reader: some TimelineReading) {
        lines += reader.lines
        eventCount += reader.eventCount
        skipped += reader.skipped
        skippedByKind.merge(reader.skippedByKind, uniquingKeysWith: +)
        problems += reader.problems
        symbols = reader.symbols
        people = reader.people
    }

    /// An open input.
    private final class OpenFile {
        /// The file read, or `nil` for bytes in memory.
        let descriptor: Int32?
        var format: TimelineFormat
        let name: String
        let size: Int?
        let label: String
        /// Bytes at hand before the file's (standard input's first, read to tell its format, or
        /// all of them in memory), handed out from ``handedOut`` on.
        var readAhead: [UInt8] = []
        var handedOut = 0

        init(descriptor: Int32?, format: TimelineFormat, name: String, size: Int?, label: String) {
            self.descriptor = descriptor
            self.format = format
            self.name = name
            self.size = size
            self.label = label
        }

        func close() { if let descriptor, descriptor != 0 { SystemCalls.close(descriptor) } }

        /// The whole file mapped, when it is a file on disk that nothing was read from yet.
        func mapped() -> MappedInput? {
            guard let descriptor, descriptor != 0, let size, size > 0, readAhead.isEmpty else { return nil }
            return MappedInput(descriptor: descriptor, count: size)
        }

        /// Reads into `buffer`: what is at hand first, then the file.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard handedOut == readAhead.count else {
                let count = min(buffer.count, readAhead.count - handedOut)
                readAhead.withUnsafeBytes {
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[handedOut..<handedOut + count]))
                }
                handedOut += count
                return count
            }
            guard let descriptor else { return 0 }
            return SystemCalls.read(descriptor, into: buffer)
        }
    }

    private func open(_ source: TimelineInput) throws(DiagnosticError) -> OpenFile {
        let path: String
        switch source {
        case .bytes(let bytes, let name):
            guard let format = format ?? TimelineFormat.of(path: name) else { throw Self.unnamed(name) }
            let file = OpenFile(
                descriptor: nil, format: format, name: name, size: bytes.count, label: "reading \(name)")
            file.readAhead = bytes
            return file
        case .path(let given): path = given
        }
        let named = format ?? TimelineFormat.of(path: path)
        guard let format = named ?? (path == "-" ? .jsonl : nil) else { throw Self.unnamed(path) }
        let descriptor = path == "-" ? 0 : SystemCalls.openForReading(path)
        guard descriptor >= 0 else {
            // As every command says it: `FILE:1:1: error: no such file`.
            throw DiagnosticError(reading: FileError(reading: path, system: SystemCalls.lastError))
        }
        var size: Int?
        switch SystemCalls.kind(of: descriptor) {
        case .file(let bytes)?: size = bytes
        case .folder?:
            SystemCalls.close(descriptor)
            throw DiagnosticError("\(path) is a folder; give the timeline files in it", at: nil)
        default: break
        }
        let file = OpenFile(
            descriptor: descriptor, format: format, name: path == "-" ? "<stdin>" : path, size: size,
            label: path == "-" ? "reading standard input" : "reading \(path)")
        if named == nil { file.format = Self.guessFormat(of: file, descriptor: descriptor) }
        return file
    }

    /// The error of a timeline whose format its name does not tell.
    private static func unnamed(_ path: String) -> DiagnosticError {
        DiagnosticError(
            "cannot tell the format of \(path) from its name: name it .jsonl or .csv", at: nil, advice: .inputFormat)
    }

    /// Standard input's format when no option says: JSON Lines when its first byte (past a byte
    /// order mark and blank space) is `{`, else CSV, whose first line is a header.
    private static func guessFormat(of file: OpenFile, descriptor: Int32) -> TimelineFormat {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while file.readAhead.count < 1 << 16 {
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(descriptor, into: $0) }
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
    /// the events read so far, for the progress line.
    private func chunks(
        of file: OpenFile,
        _ body: ((UnsafeMutableRawBufferPointer) -> Int) throws(DiagnosticError) -> (count: Int, events: Int),
        finish: () throws(DiagnosticError) -> Void
    ) throws(DiagnosticError) {
        progress(.reading(file.label, bytes: file.size))
        defer { progress(.doneReading) }
        var read = 0
        while true {
            let (count, events) = try body { file.read(into: $0) }
            if count < 0 {
                throw DiagnosticError.unreadable(
                    "cannot read: \(SystemCalls.describe(SystemCalls.lastError.number))",
                    at: SourceLocation(file: file.name, line: 0, column: 1))
            }
            if count == 0 { break }
            read += count
            progress(.read(bytes: read, events: events))
        }
        try finish()
    }
}

/// What a timeline reader, whole or person by person, has counted and found in its file.
protocol TimelineReading {
    var lines: Int { get }
    var eventCount: Int { get }
    var skipped: Int { get }
    var skippedByKind: [String: Int] { get }
    var problems: [Diagnostic] { get }
    var symbols: Symbols { get }
    var people: Symbols { get }
}

extension ParallelTimelineReader: TimelineReading {}

extension TimelineReader: TimelineReading {}

/// One timeline to read.
package enum TimelineInput {
    /// A file, or standard input (`-`).
    case path(String)
    /// Bytes in memory, named.
    case bytes([UInt8], name: String)
}
