import Dispatch
import ReviewGate

/// Reads a whole timeline into memory on several cores: the input is taken in blocks, each block
/// cut at line ends into one part per job, the parts read at once by ``TimelineReader``s of their
/// own, and their events, names and people put together in file order. The events, the problems
/// and their line numbers are those one reader would give.
public struct ParallelTimelineReader {
    /// How much input is gathered before its lines are read (8 MiB unless given).
    public let blockSize: Int

    /// The file's format.
    public let format: TimelineFormat
    /// The file's name, for messages.
    public let file: String
    /// Whether the first unreadable line stops the read.
    public let strict: Bool
    /// How many parts a block is read in at once.
    public let jobs: Int
    /// Names, versions and values.
    public private(set) var symbols: Symbols
    /// The people, in the order first seen.
    public private(set) var people: Symbols
    /// Every event read, in file order.
    public private(set) var events: [TimelineEvent] = []
    /// Lines read (blank ones and a CSV header included).
    public private(set) var lines = 0
    /// Lines skipped because they could not be read.
    public private(set) var skipped = 0
    /// Skipped lines and warnings, in file order, at most ``TimelineReader/problemLimit``.
    public private(set) var problems: [Diagnostic] = []

    private var block: [UInt8] = []
    private var header: [TimelineColumn?]?
    private var discarding = false
    /// Where the block's last line ends, if it holds a line's end.
    private var lastNewline: Int?
    /// The parts' event storage, kept from block to block.
    private var recycled: [[TimelineEvent]] = []
    private var warned: Set<String> = []

    /// A reader of a file in `format` on `jobs` cores; `symbols` and `people`, when given, are an
    /// earlier file's.
    public init(
        format: TimelineFormat, file: String, strict: Bool = false, jobs: Int, symbols: Symbols = Symbols(),
        people: Symbols = Symbols(), blockSize: Int = 8 << 20
    ) {
        self.blockSize = max(1, blockSize)
        self.format = format
        self.file = file
        self.strict = strict
        self.jobs = max(1, jobs)
        self.symbols = symbols
        self.people = people
    }

    /// Takes the next bytes of the file; whole blocks are read as they fill.
    public mutating func read(_ chunk: UnsafeBufferPointer<UInt8>) throws(DiagnosticError) {
        var chunk = chunk
        if discarding {
            guard let newline = chunk.firstIndex(of: 0x0A) else { return }
            discarding = false
            chunk = UnsafeBufferPointer(rebasing: chunk[(newline + 1)...])
        }
        // Only the new bytes are searched for a line's end, so a long line costs no rescans.
        if let newline = chunk.lastIndex(of: 0x0A) { lastNewline = block.count + newline }
        block.append(contentsOf: chunk)
        guard block.count >= blockSize else { return }
        guard let last = lastNewline else {
            if block.count > TimelineReader.longestLine {
                // A line longer than any read: reported once, and skipped to its end.
                lines += 1
                skipped += 1
                keep(.error("the line is longer than 1 MiB; the line is skipped", at: location(lines, 1)))
                if strict { throw DiagnosticError([.error("the line is longer than 1 MiB", at: location(lines, 1))]) }
                block.removeAll(keepingCapacity: true)
                discarding = true
                lastNewline = nil
            }
            return
        }
        try readBlock(through: last + 1)
    }

    /// Reads what is left, the last line with no newline included.
    public mutating func finish() throws(DiagnosticError) {
        try readBlock(through: block.count)
    }

    /// The timeline read, grouped by person.
    public func timeline() -> Timeline {
        Timeline(events: events, symbols: symbols, people: people)
    }

    /// Reads `block[..<end]`, which ends at a line's end or the input's.
    private mutating func readBlock(through end: Int) throws(DiagnosticError) {
        guard end > 0 else { return }
        var start = 0
        if format == .csv && header == nil {
            // The header is read first, alone: every part needs its columns.
            var reader = TimelineReader(format: format, file: file, strict: strict)
            reader.lineOffset = lines
            reader.atFileStart = lines == 0
            while header == nil && start < end {
                let newline = block[start..<end].firstIndex(of: 0x0A).map { $0 + 1 } ?? end
                try block.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
                    try reader.read(UnsafeBufferPointer(rebasing: all[start..<newline])) { _ in }
                    if newline == end, all[end - 1] != 0x0A { try reader.finish { _ in } }
                }
                start = newline
                header = reader.header
            }
            lines += reader.lines
            for problem in reader.problems { keep(problem) }
        }
        let parts = Self.cuts(block, from: start, to: end, into: jobs)
        let results = UnsafeMutableBufferPointer<Part>.allocate(capacity: parts.count)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        // Each part's events go into the storage an earlier block's part used: a new array per
        // block would fault in fresh pages every time.
        while recycled.count < parts.count { recycled.append([]) }
        let buffers = UnsafeMutableBufferPointer<[TimelineEvent]>.allocate(capacity: parts.count)
        defer { buffers.deallocate() }
        for index in parts.indices { (buffers.baseAddress! + index).initialize(to: recycled[index]) }
        recycled.removeAll()
        nonisolated(unsafe) let storage = buffers
        let format = format
        let file = file
        let strict = strict
        let header = header
        let atFileStart = lines == 0
        block.withUnsafeBufferPointer { all in
            nonisolated(unsafe) let all = all
            let body: @Sendable (Int) -> Void = { index in
                var reader = TimelineReader(format: format, file: file, strict: strict)
                reader.header = header
                reader.atFileStart = atFileStart && parts[index].lowerBound == 0
                var events = (storage.baseAddress! + index).move()
                events.removeAll(keepingCapacity: true)
                var failure: DiagnosticError?
                do throws(DiagnosticError) {
                    try reader.read(UnsafeBufferPointer(rebasing: all[parts[index]])) { events.append($0) }
                    try reader.finish { events.append($0) }
                } catch {
                    failure = error
                }
                (slots.baseAddress! + index).initialize(to: Part(reader: reader, events: events, failure: failure))
            }
            if parts.count == 1 {
                body(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts.count, execute: body)
            }
        }
        defer {
            for index in parts.indices {
                let part = (results.baseAddress! + index).move()
                recycled.append(part.events)
            }
        }
        for index in parts.indices { try merge(results[index]) }
        block.removeSubrange(..<end)
        lastNewline = nil
    }

    /// One part's reading.
    private struct Part {
        var reader: TimelineReader
        var events: [TimelineEvent]
        var failure: DiagnosticError?
    }

    /// Adds a part's events, in the whole file's numbers, and its problems, at the whole file's lines.
    private mutating func merge(_ part: Part) throws(DiagnosticError) {
        let offset = lines
        if var failure = part.failure {
            for index in failure.diagnostics.indices { failure.diagnostics[index].location?.line += offset }
            throw failure
        }
        let names = part.reader.symbols.strings.map { symbols.intern($0) }
        let persons = part.reader.people.strings.map { people.intern($0) }
        if events.capacity < events.count + part.events.count {
            // Doubling, as appending does: reserving the exact count would copy every event on every block.
            events.reserveCapacity(max(events.count + part.events.count, events.capacity * 2))
        }
        for var event in part.events {
            event.person = persons[Int(event.person)]
            if event.name != TimelineEvent.none { event.name = names[Int(event.name)] }
            if event.scene != TimelineEvent.none { event.scene = names[Int(event.scene)] }
            if event.short != TimelineEvent.none { event.short = names[Int(event.short)] }
            if event.build != TimelineEvent.none { event.build = names[Int(event.build)] }
            if event.valueKind == .string || event.valueKind == .number { event.value = names[Int(event.value)] }
            events.append(event)
        }
        for var problem in part.reader.problems {
            problem.location?.line += offset
            if problem.severity == .warning {
                // Each part warns of an unknown column once; the file warns once.
                guard warned.insert(problem.message).inserted else { continue }
            }
            keep(problem)
        }
        lines += part.reader.lines
        skipped += part.reader.skipped
    }

    private mutating func keep(_ problem: Diagnostic) {
        if problems.count < TimelineReader.problemLimit { problems.append(problem) }
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// `block[start..<end]` cut into at most `count` ranges, each ending at a line's end.
    static func cuts(_ block: [UInt8], from start: Int, to end: Int, into count: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var lower = start
        for index in 1...count where lower < end {
            var upper = index == count ? end : max(lower, start + (end - start) * index / count)
            if upper < end {
                upper = block[upper..<end].firstIndex(of: 0x0A).map { $0 + 1 } ?? end
            }
            ranges.append(lower..<upper)
            lower = upper
        }
        return ranges
    }
}
