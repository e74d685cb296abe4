import Dispatch
@_spi(ReviewGateTools) import ReviewGate

/// Reads a whole timeline into memory on several cores: the input is taken in blocks, each block
/// cut at line ends into one part per job, the parts read at once by ``TimelineReader``s of their
/// own, and their events, names and people put together in file order. On one core, a block's
/// one part reads on from the file's names and people instead, which nothing then puts together.
/// An input whole in memory (a mapped file) is cut into a range per job instead, each read so on
/// a thread of its own (``read(mapped:progress:)``). The events, the problems and their line
/// numbers are those one reader would give.
///
/// With several jobs, a block's parts are read on other threads while the caller fills the next
/// block and puts the one before together, so that no core waits for the input; with one job,
/// everything happens on the caller's thread. A reader is used by one owner, start to finish: a
/// copy made mid-read would share the block in flight with it. Once it throws, it is done.
package struct ParallelTimelineReader {
    /// How much input is gathered before its lines are read (8 MiB unless given).
    package let blockSize: Int

    /// The file's format.
    package let format: TimelineFormat
    /// The file's name, for messages.
    package let file: String
    /// Whether the first unreadable line stops the read.
    package let strict: Bool
    /// How many parts a block is read in at once.
    package let jobs: Int
    /// Names, versions and values.
    package private(set) var symbols: Symbols
    /// The people, in the order first seen.
    package private(set) var people: Symbols
    /// Every event read, in file order, in the pieces they were read in (a part of a block each);
    /// with several jobs, complete once ``finish()`` returns, as are the counts and problems.
    package private(set) var pieces: [TimelinePiece] = []
    /// How many events were read.
    package private(set) var eventCount = 0
    /// Every event read, in file order, in one array.
    package var events: [TimelineEvent] { pieces.flatMap(\.renumbered) }
    /// Lines read (blank ones and a CSV header included).
    package private(set) var lines = 0
    /// Lines skipped because they could not be read.
    package private(set) var skipped = 0
    /// Every skipped line counted by the kind of its problem (``TimelineReader/problemKind(_:)``).
    package private(set) var skippedByKind: [String: Int] = [:]
    /// Skipped lines and warnings, in file order, at most ``TimelineReader/problemLimit``.
    package private(set) var problems: [Diagnostic] = []

    /// The block being filled: its first ``filled`` bytes; the rest is room for more, so that the
    /// input can be read straight into it (``read(filling:)``).
    private var block: [UInt8] = []
    private var filled = 0
    /// The storage of a block read before, for the next one.
    private var spare: [UInt8] = []
    /// The block whose parts are being read on other threads.
    private var inFlight: TimelineBlock?
    private var header: [TimelineColumn?]?
    private var discarding = false
    /// Where the block's last line ends, if it holds a line's end.
    private var lastNewline: Int?
    private var warned: Set<String> = []
    /// Whether a block has been read (the first may start with a byte order mark).
    private var started = false
    /// Whether the file's names and people are with the reader of the block in flight (one core:
    /// ``launch(_:)``), to be taken back when it is settled.
    private var tablesInFlight = false

    /// A reader of a file in `format` on `jobs` cores; `symbols` and `people`, when given, are an
    /// earlier file's.
    package init(
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
    package mutating func read(_ chunk: UnsafeBufferPointer<UInt8>) throws(DiagnosticError) {
        guard !chunk.isEmpty else { return }
        makeRoom(for: chunk.count)
        let start = filled
        block.withUnsafeMutableBytes { room in
            UnsafeMutableRawBufferPointer(rebasing: room[start...]).copyMemory(from: UnsafeRawBufferPointer(chunk))
        }
        try took(chunk.count)
    }

    /// Reads the next bytes of the file straight into the block, sparing a copy: `fill` writes at
    /// most the buffer's count of bytes (1 MiB, or a block when blocks are smaller) into it and
    /// returns how many, or 0 at the input's end, or a negative number when the input cannot be
    /// read, which is returned as is. Whole blocks are read as they fill.
    package mutating func read(
        filling fill: (UnsafeMutableRawBufferPointer) -> Int
    ) throws(DiagnosticError) -> Int {
        makeRoom(for: readSize)
        let room = filled..<filled + readSize
        let count = block.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[room])) }
        if count > 0 { try took(min(count, readSize)) }
        return count
    }

    /// How much ``read(filling:)`` asks for at a time: 1 MiB, or a block when blocks are smaller
    /// (the fuzz target's blocks of a few hundred bytes would otherwise each take a MiB of room).
    private var readSize: Int { min(1 << 20, blockSize) }

    /// Makes room in the block for `count` more bytes.
    private mutating func makeRoom(for count: Int) {
        guard block.count < filled + count else { return }
        // Zeros as an array, appended whole: appending `repeatElement(0, ...)` walks it byte by byte
        // in a debug build (2 s for a block, in every test that reads a file).
        let more = max(filled + count, blockSize + readSize) - block.count
        block.append(contentsOf: [UInt8](repeating: 0, count: more))
    }

    /// Takes the `count` bytes just written after the block's ``filled`` ones.
    private mutating func took(_ count: Int) throws(DiagnosticError) {
        var new = filled..<filled + count
        if discarding {
            // The rest of a line too long to read is dropped; the block is empty meanwhile.
            guard let newline = block[new].firstIndex(of: 0x0A) else { return }
            discarding = false
            let kept = newline + 1..<new.upperBound
            let start = filled
            block.withUnsafeMutableBufferPointer { room in
                let base = room.baseAddress!
                (base + start).update(from: base + kept.lowerBound, count: kept.count)
            }
            new = filled..<filled + kept.count
        }
        // Only the new bytes are searched for a line's end, so a long line costs no rescans.
        if let newline = block[new].lastIndex(of: 0x0A) { lastNewline = newline }
        filled = new.upperBound
        guard filled >= blockSize else { return }
        guard let last = lastNewline else {
            if filled > TimelineReader.longestLine {
                try skipLongLine()
                filled = 0
                discarding = true
                lastNewline = nil
            }
            return
        }
        try readBlock(through: last + 1)
    }

    /// A line longer than any read, found before its end: reported once (after the lines before
    /// it), as one reader reports it; the caller skips it to its end.
    private mutating func skipLongLine() throws(DiagnosticError) {
        try settle()
        lines += 1
        skipped += 1
        skippedByKind[TimelineReader.problemKind("the line is longer than 1 MiB"), default: 0] += 1
        keep(.error("the line is longer than 1 MiB; the line is skipped", at: location(lines, 1)))
        if strict { throw DiagnosticError([.error("the line is longer than 1 MiB", at: location(lines, 1))]) }
    }

    /// Reads what is left, the last line with no newline included, and waits for every block.
    package mutating func finish() throws(DiagnosticError) {
        try readBlock(through: filled)
        try settle()
    }

    /// The timeline read, grouped by person on ``jobs`` cores.
    package func timeline() -> Timeline {
        Timeline(pieces: pieces, symbols: symbols, people: people, jobs: jobs)
    }

    /// Starts reading `block[..<end]`, which ends at a line's end or the input's, and puts the
    /// block before together meanwhile; the rest of `block` stays for the next.
    private mutating func readBlock(through end: Int) throws(DiagnosticError) {
        guard end > 0 else { return }
        let bytes = block
        let start = try bytes.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
            try readHeader(all, from: 0, to: end)
        }
        // The block keeps its bytes; the next one starts in the storage of one already read.
        let taken = TimelineBlock(block, from: start, to: end, jobs: jobs)
        let rest = end..<filled
        block = spare
        spare = []
        filled = 0
        makeRoom(for: rest.count)
        taken.bytes.withUnsafeBytes { taken in
            block.withUnsafeMutableBytes { room in room.copyMemory(from: UnsafeRawBufferPointer(rebasing: taken[rest]))
            }
        }
        filled = rest.count
        lastNewline = nil
        try launch(taken)
    }

    /// Reads a whole input in memory (a mapped file) a block at a time, each block a window of
    /// its bytes that ends at a line's end (a line longer than a block but not than a line's
    /// longest ends its own; a longer one is skipped, as the chunks' reading skips it, never held
    /// whole), with no copy into a block of the reader's; `progress` is told how many bytes are
    /// taken and events read so far. Then ``finish()``. The events, problems and lines are those of
    /// the same bytes given in chunks.
    ///
    /// With several jobs, the input is cut at line ends into one range per job, and each range is
    /// read a block at a time by a reader of one core of its own, on its own thread, whose blocks
    /// read on from its own names and people (the first range's from the file's). The ranges are
    /// then put together once: each later range's names and people are taken into the file's, and
    /// its events renumbered when the timeline groups them, on every core. Reading blocks cut into
    /// parts instead put every part's names together on the caller's thread while the next block
    /// was read, a third thread on two cores, and made every part learn its names afresh. A strict
    /// read is read in blocks cut into parts still, so that it stops at its first bad line.
    package mutating func read(
        mapped input: MappedInput, progress: (_ bytes: Int, _ events: Int) -> Void = { _, _ in }
    ) throws(DiagnosticError) {
        precondition(filled == 0 && !started, "a mapped input is read whole, by a reader of its own")
        // A strict read stops at its first bad line: read in ranges, every range would be read to
        // its end before the first range's bad line could stop it.
        if jobs > 1 && !strict {
            try readInRanges(input, progress: progress)
        } else {
            try readBlocks(of: input, from: 0, to: input.bytes.count, progress: progress)
        }
    }

    /// Reads `input`'s bytes from `lower` (a line's start) to `upper` (a line's end, or the
    /// input's) a block at a time, as ``read(mapped:progress:)`` does.
    private mutating func readBlocks(
        of input: MappedInput, from lower: Int, to upper: Int, progress: (_ bytes: Int, _ events: Int) -> Void
    ) throws(DiagnosticError) {
        let all = UnsafeBufferPointer(rebasing: input.bytes[..<upper])
        var position = lower
        while position < all.count {
            var end = all.count
            if position + blockSize < all.count {
                let window = UnsafeBufferPointer(rebasing: all[position..<position + blockSize])
                // Past the block, a line's end is looked for only as far as the longest line.
                let reach = min(all.count, position + max(blockSize, TimelineReader.longestLine + 1))
                if let newline = window.lastIndex(of: 0x0A) {
                    end = position + newline + 1
                } else if let newline = ByteSearch.newline(
                    in: UnsafeBufferPointer(rebasing: all[..<reach]), from: position + blockSize)
                {
                    end = newline + 1
                } else if reach < all.count {
                    try skipLongLine()
                    position = ByteSearch.newline(in: all, from: reach).map { $0 + 1 } ?? all.count
                    progress(position, eventCount)
                    continue
                }
            }
            let start = try readHeader(all, from: position, to: end)
            try launch(TimelineBlock(input, from: start, to: end, jobs: jobs))
            position = end
            progress(position, eventCount)
        }
    }

    /// ``read(mapped:progress:)`` on several cores: a range of the input per job, each read by a
    /// reader of one core on its own thread, then put together in file order.
    private mutating func readInRanges(
        _ input: MappedInput, progress: (_ bytes: Int, _ events: Int) -> Void
    ) throws(DiagnosticError) {
        let all = input.bytes
        // A CSV file's header first, here: every range reads its lines by the header's columns.
        let start = try readHeader(all, from: 0, to: all.count)
        let ranges = TimelineBlock.cuts(all, from: start, to: all.count, into: jobs)
        started = true
        var readers = ranges.map { _ in
            var reader = ParallelTimelineReader(
                format: format, file: file, strict: strict, jobs: 1, blockSize: blockSize)
            reader.header = header
            return reader
        }
        guard !readers.isEmpty else {
            progress(all.count, eventCount)
            return
        }
        // The first range reads on from the file's names and people, moved to it, not copied.
        swap(&readers[0].symbols, &symbols)
        swap(&readers[0].people, &people)
        var failures = [DiagnosticError?](repeating: nil, count: ranges.count)
        let first = ranges[0].upperBound
        let count = all.count
        readers.withUnsafeMutableBufferPointer { readers in
            failures.withUnsafeMutableBufferPointer { failures in
                // Each job reads and writes its own range's reader and failure only; the first alone
                // tells `progress` how far the whole input is (the ranges are read at about one pace),
                // and its own events, which the whole input's, told at the end, are more than.
                nonisolated(unsafe) let (readers, failures) = (readers, failures)
                withoutActuallyEscaping(progress) { progress in
                    nonisolated(unsafe) let progress = progress
                    Timeline.perform(ranges.count) { index in
                        do throws(DiagnosticError) {
                            try readers[index].readBlocks(
                                of: input, from: ranges[index].lowerBound, to: ranges[index].upperBound
                            ) { bytes, events in
                                if index == 0 {
                                    progress(Int(Double(bytes) / Double(max(1, first)) * Double(count)), events)
                                }
                            }
                            try readers[index].finish()
                        } catch {
                            failures[index] = error
                        }
                    }
                }
            }
        }
        for index in readers.indices {
            try take(&readers[index], failure: failures[index], renumbered: index > 0)
        }
        progress(count, eventCount)
    }

    /// Takes what a range's reader read (its names and people, when `renumbered`, into the file's;
    /// else they are the file's, handed back), its events, counts and problems at the whole file's
    /// lines; its failure, when it has one, is thrown at them.
    private mutating func take(
        _ range: inout ParallelTimelineReader, failure: DiagnosticError?, renumbered: Bool
    ) throws(DiagnosticError) {
        // The tables come back first, so that a reader stopped here still holds what it read.
        if !renumbered {
            swap(&symbols, &range.symbols)
            swap(&people, &range.people)
        }
        // A range's reader is not strict (a strict read is not read in ranges): it does not stop,
        // but a failure, were there one, is thrown as a block's is.
        if let failure { throw atFileLines(failure) }
        if renumbered {
            let renumbering = Renumbering(
                names: symbols.intern(contentsOf: range.symbols), people: people.intern(contentsOf: range.people))
            // The range's own tables go at once: their strings are the file's now.
            (range.symbols, range.people) = (Symbols(), Symbols())
            pieces +=
                renumbering.isIdentity
                ? range.pieces : range.pieces.map { TimelinePiece($0.events, changedBy: renumbering) }
        } else {
            pieces += range.pieces
        }
        eventCount += range.eventCount
        count(problems: range.problems, lines: range.lines, skipped: range.skipped, byKind: range.skippedByKind)
    }

    /// A part's or a range's failure, its lines counted from the file's start rather than its own.
    private func atFileLines(_ failure: DiagnosticError) -> DiagnosticError {
        var failure = failure
        for index in failure.diagnostics.indices { failure.diagnostics[index].location?.line += lines }
        return failure
    }

    /// Counts what a part's or a range's reader read after the lines before it: its lines, its
    /// skipped lines by kind, and its problems at the file's lines (an unknown column warned of once
    /// in the file, however many parts or ranges warn of it).
    private mutating func count(
        problems found: [Diagnostic], lines read: Int, skipped skippedThere: Int, byKind: [String: Int]
    ) {
        for var problem in found {
            problem.location?.line += lines
            if problem.severity == .warning {
                guard warned.insert(problem.message).inserted else { continue }
            }
            keep(problem)
        }
        lines += read
        skipped += skippedThere
        skippedByKind.merge(byKind, uniquingKeysWith: +)
    }

    /// Reads a CSV file's header, alone, from `all[start..<end]` when it has not been read (every
    /// part needs its columns): where the lines after it start.
    private mutating func readHeader(
        _ all: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) throws(DiagnosticError) -> Int {
        guard format == .csv && header == nil else { return start }
        try settle()
        var reader = TimelineReader(format: format, file: file, strict: strict)
        reader.lineOffset = lines
        reader.atFileStart = lines == 0
        var start = start
        while header == nil && start < end {
            let newline =
                UnsafeBufferPointer(rebasing: all[start..<end]).firstIndex(of: 0x0A).map { start + $0 + 1 } ?? end
            try reader.read(UnsafeBufferPointer(rebasing: all[start..<newline])) { _ in }
            if newline == end, all[end - 1] != 0x0A { try reader.finish { _ in } }
            start = newline
            header = reader.header
        }
        lines += reader.lines
        for problem in reader.problems { keep(problem) }
        return start
    }

    /// Starts reading a block's parts, and puts the block before together meanwhile.
    private mutating func launch(_ taken: TimelineBlock) throws(DiagnosticError) {
        // On one core, nothing is in flight: the block's one part reads on from the file's names
        // and people, which it hands back when settled, so that nothing is merged or renumbered.
        let continues = jobs == 1 && taken.parts.count == 1
        // Every block before is put together (on one core, each is as soon as it is read), so the
        // tables handed over hold every name and person before this block's.
        assert(!continues || inFlight == nil, "a block reads on from the file's tables only after the one before")
        let template = self.template(withTables: continues)
        started = true
        let concurrently = jobs > 1 && taken.parts.count > 1
        taken.read(consume template, concurrently: concurrently)
        do {
            try settle()
        } catch {
            // The block just started is waited for: its threads are reading it until they finish.
            taken.wait()
            throw error
        }
        tablesInFlight = continues
        inFlight = taken
        if !concurrently { try settle() }
    }

    /// A reader with the file's settings for the next block's parts; `withTables`, one that reads
    /// on from the file's names and people, which are moved to it, not copied: a second reference
    /// to them would copy them when the reader adds to them.
    private mutating func template(withTables: Bool) -> TimelineReader {
        var names = Symbols()
        var persons = Symbols()
        if withTables {
            swap(&names, &symbols)
            swap(&persons, &people)
        }
        var template = TimelineReader(format: format, file: file, strict: strict, symbols: names, people: persons)
        template.header = header
        template.atFileStart = !started && lines == 0
        return template
    }

    /// Waits for the block in flight, if any, and puts its parts together.
    private mutating func settle() throws(DiagnosticError) {
        guard let block = inFlight else { return }
        inFlight = nil
        block.wait()
        for index in block.parts.indices {
            let renumbering = try merge(&block[index])
            eventCount += block[index].events.count
            if !block[index].events.isEmpty {
                pieces.append(
                    renumbering.map { TimelinePiece(block[index].events, renumbering: $0) }
                        ?? TimelinePiece(block[index].events))
            }
            block[index].events = []
        }
        if let mapped = block.mapped {
            // The block's lines are read: its pages can go (the header's, before it, went with the block before).
            if let first = block.parts.first, let last = block.parts.last {
                mapped.release(first.lowerBound..<last.upperBound)
            }
        } else {
            spare = block.bytes
        }
    }

    /// Takes a part's names and people into the file's (the renumbering returned; `nil` when the
    /// part read on from the file's tables, which it hands back) and its problems, at the whole
    /// file's lines.
    private mutating func merge(_ part: inout TimelineBlock.Part) throws(DiagnosticError) -> Renumbering? {
        // The tables come back first, so that a reader stopped here still holds what it read.
        let continued = tablesInFlight
        if continued {
            tablesInFlight = false
            (symbols, people) = part.reader.takeTables()
        }
        if let failure = part.failure { throw atFileLines(failure) }
        var renumbering: Renumbering?
        if !continued {
            renumbering = Renumbering(
                names: symbols.intern(contentsOf: part.reader.symbols),
                people: people.intern(contentsOf: part.reader.people))
        }
        count(
            problems: part.reader.problems, lines: part.reader.lines, skipped: part.reader.skipped,
            byKind: part.reader.skippedByKind)
        return renumbering
    }

    private mutating func keep(_ problem: Diagnostic) {
        if problems.count < TimelineReader.problemLimit { problems.append(problem) }
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
