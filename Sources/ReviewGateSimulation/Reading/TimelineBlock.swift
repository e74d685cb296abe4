import Dispatch
@_spi(ReviewGateTools) import ReviewGate

/// A block of a timeline's lines being read by ``ParallelTimelineReader``: its bytes cut at line
/// ends into parts, each part read by a ``TimelineReader`` of its own (on another thread, or on
/// the caller's), with its events numbered by that reader's own ``Symbols`` (on one core, the
/// file's, handed to it).
///
/// A class, so that threads still reading a block keep its bytes and results alive whatever
/// becomes of the reader that started them.
final class TimelineBlock: @unchecked Sendable {
    /// The block's bytes, when they are its own; the parts are ranges of them (or of ``mapped``).
    let bytes: [UInt8]
    /// The whole input, when the block is a window of it (``ParallelTimelineReader/read(mapped:)``):
    /// its parts are ranges of the input's bytes, kept alive while they are read.
    let mapped: MappedInput?
    /// The parts, in file order.
    let parts: [Range<Int>]
    /// What each part read, set once its reading is done.
    private let results: UnsafeMutableBufferPointer<Part>
    /// Done when every part is read.
    private let group = DispatchGroup()

    /// One part's reading.
    struct Part {
        var reader: TimelineReader
        var events: [TimelineEvent]
        var failure: DiagnosticError?
    }

    /// A block of `bytes`, whose lines from `start` to `end` are read in at most `jobs` parts
    /// (none when `start == end`).
    init(_ bytes: [UInt8], from start: Int, to end: Int, jobs: Int) {
        self.bytes = bytes
        mapped = nil
        parts =
            start < end
            ? bytes.withUnsafeBufferPointer { Self.cuts($0, from: start, to: end, into: jobs) } : []
        results = .allocate(capacity: max(1, parts.count))
    }

    /// A window of a whole input, `start..<end` of its bytes, read in at most `jobs` parts.
    init(_ input: MappedInput, from start: Int, to end: Int, jobs: Int) {
        bytes = []
        mapped = input
        parts = start < end ? Self.cuts(input.bytes, from: start, to: end, into: jobs) : []
        results = .allocate(capacity: max(1, parts.count))
    }

    /// Calls `body` with the bytes the parts are ranges of.
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let mapped { return body(mapped.bytes) }
        return bytes.withUnsafeBufferPointer(body)
    }

    deinit {
        // Every part was read before the last reference went: its thread held one until then.
        _ = results.baseAddress!.deinitialize(count: parts.count)
        results.deallocate()
    }

    /// Reads the parts: on other threads when `concurrently` (``wait()`` waits for them), else
    /// one after another on this one. `template` is a reader with the file's settings, and, for a
    /// block of one part read on this thread, the file's tables (``ParallelTimelineReader``).
    func read(_ template: consuming TimelineReader, concurrently: Bool) {
        if !concurrently && parts.count == 1 {
            // The one part reads with the template itself: a template that holds the file's tables
            // (one core) hands them over rather than sharing them, which would copy them on write.
            readPart(0, consume template)
            return
        }
        // Each part copies the template; what the copies share (arrays such as the empty symbol
        // tables' slots) is copied on write, so no part changes another's.
        nonisolated(unsafe) let template = template
        for index in parts.indices {
            if concurrently {
                DispatchQueue.global().async(group: group) { self.readPart(index, template) }
            } else {
                readPart(index, template)
            }
        }
    }

    /// Waits until every part is read.
    func wait() { group.wait() }

    /// A part's reading, once ``wait()`` returned; the events may be taken (renumbered, moved out).
    subscript(part: Int) -> Part {
        get { results[part] }
        _modify { yield &results[part] }
    }

    private func readPart(_ index: Int, _ template: consuming TimelineReader) {
        // Each part maps its own pages in, on its own core: the kernel takes 2–3 ms for a block's
        // 8 MiB, which on the caller's thread held up every block's start (issue 54).
        mapped?.prefetch(parts[index])
        var reader = consume template
        reader.atFileStart = reader.atFileStart && parts[index].lowerBound == 0
        var events: [TimelineEvent] = []
        // A guess at the lines a part holds (few are under 48 bytes); appending grows it if not, and
        // pages reserved but not written are never touched.
        events.reserveCapacity(parts[index].count / 48 + 1)
        var failure: DiagnosticError?
        withBytes { all in
            do throws(DiagnosticError) {
                try reader.read(UnsafeBufferPointer(rebasing: all[parts[index]])) { events.append($0) }
                try reader.finish { events.append($0) }
            } catch {
                failure = error
            }
        }
        (results.baseAddress! + index).initialize(to: Part(reader: reader, events: events, failure: failure))
    }

    /// `bytes[start..<end]` cut into at most `count` ranges, each ending at a line's end.
    static func cuts(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into count: Int) -> [Range<Int>]
    {
        var ranges: [Range<Int>] = []
        var lower = start
        for index in 1...count where lower < end {
            var upper = index == count ? end : max(lower, start + (end - start) * index / count)
            if upper < end {
                upper =
                    UnsafeBufferPointer(rebasing: bytes[upper..<end]).firstIndex(of: 0x0A).map { upper + $0 + 1 } ?? end
            }
            ranges.append(lower..<upper)
            lower = upper
        }
        return ranges
    }
}

/// A part's names and people in the whole file's numbers: what turns its events' numbers into
/// the file's.
struct Renumbering: Sendable {
    var names: [Symbols.ID]
    var people: [Symbols.ID]

    /// Whether each number stays as it is (as in the file's first part).
    var isIdentity: Bool {
        names.indices.allSatisfy { names[$0] == $0 } && people.indices.allSatisfy { people[$0] == $0 }
    }

    /// The event in the file's numbers.
    @inline(__always)
    func apply(_ event: TimelineEvent) -> TimelineEvent {
        var event = event
        event.person = people[Int(event.person)]
        if event.name != TimelineEvent.none { event.name = names[Int(event.name)] }
        if event.scene != TimelineEvent.none { event.scene = names[Int(event.scene)] }
        if event.short != TimelineEvent.none { event.short = names[Int(event.short)] }
        if event.build != TimelineEvent.none { event.build = names[Int(event.build)] }
        if event.arm != TimelineEvent.none { event.arm = names[Int(event.arm)] }
        if event.valueKind == .string || event.valueKind == .number { event.value = names[Int(event.value)] }
        return event
    }
}

/// Events read together (a part of a block), in file order, with what turns their numbers into
/// the file's: they are renumbered as they are grouped by person (``Timeline``), on every core,
/// rather than in a pass of their own.
package struct TimelinePiece: Sendable {
    /// The events, in the numbers of the reader that read them.
    package private(set) var events: [TimelineEvent]
    /// Their numbers in the file's; `nil` when they are the file's already.
    private(set) var renumbering: Renumbering?

    /// Events already in the file's numbers.
    package init(_ events: [TimelineEvent]) {
        self.events = events
        renumbering = nil
    }

    init(_ events: [TimelineEvent], renumbering: Renumbering) {
        self.events = events
        self.renumbering = renumbering.isIdentity ? nil : renumbering
    }

    /// Events in numbers that `renumbering`, known to change some, puts in the file's: the pieces
    /// of one range share it, checked once for them all.
    init(_ events: [TimelineEvent], changedBy renumbering: Renumbering) {
        assert(!renumbering.isIdentity, "a renumbering that changes some number")
        self.events = events
        self.renumbering = renumbering
    }

    /// Whether the events are in their reader's numbers still, not the file's.
    package var needsRenumbering: Bool { renumbering != nil }

    /// Puts the events in the file's numbers where they lie.
    mutating func renumberInPlace() {
        guard let renumbering else { return }
        events.withUnsafeMutableBufferPointer { events in
            for index in events.indices { events[index] = renumbering.apply(events[index]) }
        }
        self.renumbering = nil
    }

    /// Calls `body` with the events, to change where they lie.
    mutating func withMutableEvents<Result>(_ body: (UnsafeMutableBufferPointer<TimelineEvent>) -> Result) -> Result {
        events.withUnsafeMutableBufferPointer { body($0) }
    }

    /// The events in the file's numbers.
    package var renumbered: [TimelineEvent] {
        guard let renumbering else { return events }
        return events.map(renumbering.apply)
    }
}
