@_spi(ReviewGateTools) import ReviewGate

/// Reads a timeline (JSON Lines or CSV, one event per line) into ``TimelineEvent``s, a chunk of
/// bytes at a time, so that a file of any size is read in bounded memory. A line that cannot be
/// read is reported at its line and column and skipped (or, when ``strict``, stops the read).
package struct TimelineReader {
    /// The longest line read; a longer one is reported and skipped.
    package static let longestLine = 1 << 20

    /// The file's format.
    package let format: TimelineFormat
    /// The file's name, for messages.
    package let file: String
    /// Whether the first unreadable line stops the read.
    package var strict: Bool
    /// Names, versions and values.
    package private(set) var symbols = Symbols()
    /// The people, in the order first seen.
    package private(set) var people = Symbols()
    /// Lines read so far (blank ones and a CSV header included).
    package private(set) var lines = 0
    /// Events read so far.
    package private(set) var eventCount = 0
    /// Lines skipped because they could not be read.
    package private(set) var skipped = 0
    /// Every skipped line counted by the kind of its problem (``problemKind(_:)``), so that a few
    /// lines of a rare kind are not hidden behind many of a common one.
    package private(set) var skippedByKind: [String: Int] = [:]
    /// Skipped lines and warnings, in file order, at most ``problemLimit`` of them.
    package private(set) var problems: [Diagnostic] = []
    /// The most problems kept; the rest are counted in ``skipped``.
    package static let problemLimit = 1000

    /// A CSV file's columns, once its header is read (given to the readers of later parts).
    package var header: [TimelineColumn?]?
    /// Lines before the part this reader reads, for messages (``ParallelTimelineReader``).
    package var lineOffset = 0
    /// Whether this reader starts at the file's start, where a byte order mark may be.
    package var atFileStart = true
    /// Whether JSON lines written plainly are read by the fast path (``JSONLineFastPath``); the
    /// same events either way, so that tests and the fuzzer can compare the two.
    package var usesFastPath = true
    /// With `--grouped`: the check that each person's lines are together (``GroupingCheck``),
    /// carried from file to file; `nil` for a read in memory.
    var grouping: GroupingCheck?
    /// The stop the fast path found at its line, which the general path then throws.
    private var groupingError: DiagnosticError?
    private var fields = LineFields()
    private var hints = SymbolHints()
    private var scratch = TimeColumn.Scratch()
    private var pending: [UInt8] = []
    private var discarding = false
    private var unknown = UnknownColumns()

    /// A reader of a file in `format`; `file` names it in messages. `symbols` and `people`, when
    /// given, are an earlier file's, so that the same person or name in several files is one.
    package init(
        format: TimelineFormat, file: String, strict: Bool = false, symbols: Symbols = Symbols(),
        people: Symbols = Symbols()
    ) {
        self.format = format
        self.file = file
        self.strict = strict
        self.symbols = symbols
        self.people = people
    }

    /// Takes this reader's names and people out, leaving it with none: for a reader that read on
    /// from the file's tables (``ParallelTimelineReader`` on one core), whose tables are then the
    /// file's, handed on to the next block's reader without a copy.
    package mutating func takeTables() -> (symbols: Symbols, people: Symbols) {
        defer {
            symbols = Symbols()
            people = Symbols()
            // The hints name numbers of the tables taken.
            hints = SymbolHints()
        }
        return (symbols, people)
    }

    /// Reads the complete lines in `chunk` (and the end of a line an earlier chunk began), passing
    /// each event to `body`; an unfinished last line waits for the next chunk or ``finish(_:)``.
    @inline(__always)
    package mutating func read(
        _ chunk: UnsafeBufferPointer<UInt8>, _ body: (TimelineEvent) -> Void
    ) throws(DiagnosticError) {
        try read(chunk, checkingGrouping: false, body)
    }

    /// ``read(_:_:)`` for a grouped read: each new person is checked by ``grouping``, and one whose
    /// lines had ended stops the read at their line.
    @inline(__always)
    package mutating func readGrouped(
        _ chunk: UnsafeBufferPointer<UInt8>, _ body: (TimelineEvent) -> Void
    ) throws(DiagnosticError) {
        try read(chunk, checkingGrouping: grouping != nil, body)
    }

    /// The read of ``read(_:_:)``, checking each new person's lines when `checkingGrouping` (a
    /// constant where it is inlined, so that a read in memory runs no check at all).
    @inline(__always)
    private mutating func read(
        _ chunk: UnsafeBufferPointer<UInt8>, checkingGrouping: Bool, _ body: (TimelineEvent) -> Void
    ) throws(DiagnosticError) {
        var start = 0
        while true {
            if usesFastPath, format == .jsonl, pending.isEmpty, !discarding,
                let newline = plainLine(chunk, from: start, checkingGrouping: checkingGrouping, body)
            {
                start = newline + 1
                continue
            }
            guard let newline = ByteSearch.newline(in: chunk, from: start) else { break }
            let piece = UnsafeBufferPointer(rebasing: chunk[start..<newline])
            start = newline + 1
            if discarding {
                discarding = false
                continue
            }
            if pending.isEmpty {
                try line(piece, body)
            } else {
                pending.append(contentsOf: piece)
                let whole = pending
                pending.removeAll(keepingCapacity: true)
                try whole.withUnsafeBufferPointer { (whole) throws(DiagnosticError) in try line(whole, body) }
            }
        }
        guard !discarding else { return }
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
        if pending.count > Self.longestLine {
            lines += 1
            pending.removeAll()
            discarding = true
            try skip(LineProblem(message: "the line is longer than 1 MiB", column: 1))
        }
    }

    /// Reads the line at `start` of `chunk` by the fast path (``JSONLineFastPath``,
    /// ``TimelineLine/plainEvent(_:symbols:people:hints:scratch:)``), passing its event to `body`:
    /// the index of its newline; `nil`, nothing read, for a line left to ``line(_:_:)``.
    @inline(__always)
    private mutating func plainLine(
        _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, checkingGrouping: Bool, _ body: (TimelineEvent) -> Void
    ) -> Int? {
        var line = PlainLine()
        guard let newline = JSONLineFastPath.scan(chunk, from: start, into: &line, unknown: unknown),
            newline - start <= Self.longestLine,
            let event = TimelineLine.plainEvent(
                &line, symbols: &symbols, people: &people, hints: &hints, scratch: &scratch)
        else { return nil }
        if checkingGrouping, event.person != grouping!.person, !takeGrouping(event, line: lines + 1) {
            // Left to the general path, which stops there.
            return nil
        }
        lines += 1
        eventCount += 1
        body(event)
        return newline
    }

    /// Takes a new person in ``grouping``: false, with ``groupingError`` set for the line, when
    /// their lines had ended before. Kept out of the fast path's code, which runs on every line.
    @inline(never)
    private mutating func takeGrouping(_ event: TimelineEvent, line: Int) -> Bool {
        let name = people[event.person]
        guard grouping!.begin(event.person, name: name) else {
            groupingError = GroupingCheck.error(
                name: name, format: format, at: SourceLocation(file: file, line: lineOffset + line, column: 1))
            return false
        }
        return true
    }

    /// Forgets every person but `person`, who is numbered anew: the number returned. For a
    /// grouped read, which needs no one but the person in flight.
    package mutating func forgetPeople(keeping person: Symbols.ID) -> Symbols.ID {
        let kept = people.keeping(person)
        people = kept.symbols
        hints.person = kept.id
        if grouping != nil { grouping!.person = grouping!.person == person ? kept.id : TimelineEvent.none }
        return kept.id
    }

    /// Reads the last line when the input does not end with a newline.
    package mutating func finish(_ body: (TimelineEvent) -> Void) throws(DiagnosticError) {
        guard !pending.isEmpty, !discarding else { return }
        let whole = pending
        pending.removeAll()
        try whole.withUnsafeBufferPointer { (whole) throws(DiagnosticError) in try line(whole, body) }
    }

    /// Reads one line (without its newline).
    private mutating func line(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (TimelineEvent) -> Void
    ) throws(DiagnosticError) {
        lines += 1
        var bytes = bytes
        if lines == 1, atFileStart, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = UnsafeBufferPointer(rebasing: bytes[3...])
        }
        if bytes.count > Self.longestLine {
            try skip(LineProblem(message: "the line is longer than 1 MiB", column: 1))
            return
        }
        if bytes.last == 0x0D { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        if format == .csv, header == nil {
            try readHeader(bytes)
            return
        }
        let event: TimelineEvent
        do throws(LineProblem) {
            fields.reset(bytes)
            switch format {
            case .jsonl: try JSONLineScanner.scan(bytes, into: &fields, unknown: &unknown)
            case .csv: try CSVLineScanner.scan(bytes, columns: header ?? [], into: &fields)
            }
            event = try TimelineLine.event(
                from: fields, symbols: &symbols, people: &people, hints: &hints, scratch: &scratch)
        } catch {
            warnUnknown()
            try skip(error)
            return
        }
        if !unknown.fresh.isEmpty { warnUnknown() }
        if let groupingError { throw groupingError }
        if grouping != nil, event.person != grouping!.person, !takeGrouping(event, line: lines) {
            throw groupingError!
        }
        eventCount += 1
        body(event)
    }

    private mutating func readHeader(_ bytes: UnsafeBufferPointer<UInt8>) throws(DiagnosticError) {
        let read: (columns: [TimelineColumn?], unknown: [(name: String, column: Int)])
        do {
            read = try CSVLineScanner.header(bytes)
        } catch {
            throw DiagnosticError("the CSV header: \(error.message)", at: location(error.column))
        }
        for required in [TimelineColumn.user, .time, .type] where !read.columns.contains(required) {
            throw DiagnosticError(
                "the CSV header has no \"\(required.name)\" column; the columns are "
                    + TimelineColumn.allCases.map(\.name).joined(separator: ", "),
                at: location(1))
        }
        header = read.columns
        for (name, column) in read.unknown { warn(name, at: column) }
    }

    /// Warns about the unknown columns this line named first.
    private mutating func warnUnknown() {
        guard !unknown.fresh.isEmpty else { return }
        for (name, column) in unknown.fresh { warn(name, at: column) }
        unknown.fresh.removeAll()
    }

    /// Warns that a column is ignored.
    private mutating func warn(_ name: String, at column: Int) {
        let columns = TimelineColumn.allCases.map(\.name)
        let hint = Suggestion.closest(to: name, in: columns).map { "; did you mean \"\($0)\"?" } ?? ""
        keep(
            .warning(
                "column \"\(Quote.prefix(name))\" is not one simulate reads, and is ignored\(hint)",
                at: location(column)))
    }

    /// A problem's message without the values it quotes or its did-you-mean: `time "…" is not an
    /// RFC 3339 time ...` for every bad time.
    package static func problemKind(_ message: String) -> String {
        var kind = ""
        var quoted = false
        for character in message.prefix(while: { $0 != ";" }) {
            if character == "\"" {
                if !quoted { kind += "\"…\"" }
                quoted.toggle()
            } else if !quoted {
                kind.append(character)
            }
        }
        return kind
    }

    /// Counts a skipped line of `message`'s kind.
    private mutating func countSkip(_ message: String) {
        skippedByKind[Self.problemKind(message), default: 0] += 1
    }

    private mutating func skip(_ problem: LineProblem) throws(DiagnosticError) {
        skipped += 1
        countSkip(problem.message)
        let diagnostic = Diagnostic.error("\(problem.message); the line is skipped", at: location(problem.column))
        if strict { throw DiagnosticError([Diagnostic.error(problem.message, at: location(problem.column))]) }
        keep(diagnostic)
    }

    private mutating func keep(_ diagnostic: Diagnostic) {
        if problems.count < Self.problemLimit { problems.append(diagnostic) }
    }

    private func location(_ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: lineOffset + lines, column: column)
    }
}
