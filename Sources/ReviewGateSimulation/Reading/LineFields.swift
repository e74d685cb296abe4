/// The columns a timeline line may have (Documentation/guides/exporting-from-a-warehouse.md): one per key of a JSON
/// line, or per header name of a CSV file.
package enum TimelineColumn: Int, Sendable, CaseIterable {
    /// The person: a stable pseudonymous id (rollout buckets by it).
    case user
    /// When: RFC 3339, or epoch seconds, milliseconds or microseconds.
    case time
    /// What happened: install, launch, event, trigger, update, response, flag or attribute.
    case type
    /// The event, trigger, flag or attribute name.
    case name
    /// The scene the person was on.
    case scene
    /// Where the moment came from: system, launch or user_action.
    case source
    /// The app's marketing version (CFBundleShortVersionString / versionName).
    case short
    /// The app's build (CFBundleVersion / versionCode).
    case build
    /// A response's answer, a flag's `true`/`false`, an attribute's value.
    case value
    /// The experiment arm the app logged for the person (Semantics §15: `readout` checks it).
    case arm
    /// How the app was installed: production, testflight or development (Semantics §16.1).
    case channel

    /// The column's name in a JSON line or a CSV header.
    package var name: String {
        switch self {
        case .user: "user"
        case .time: "time"
        case .type: "type"
        case .name: "name"
        case .scene: "scene"
        case .source: "source"
        case .short: "short"
        case .build: "build"
        case .value: "value"
        case .arm: "arm"
        case .channel: "channel"
        }
    }

    /// The column named by these bytes, if any: compared by length and bytes, with no table.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> TimelineColumn? {
        func equals(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == bytes.count else { return false }
            for index in 0..<bytes.count where bytes[index] != word.utf8Start[index] { return false }
            return true
        }
        switch bytes.first {
        case UInt8(ascii: "u"): return equals("user") ? .user : nil
        case UInt8(ascii: "t"): return equals("time") ? .time : equals("type") ? .type : nil
        case UInt8(ascii: "n"): return equals("name") ? .name : nil
        case UInt8(ascii: "s"):
            return equals("scene") ? .scene : equals("source") ? .source : equals("short") ? .short : nil
        case UInt8(ascii: "b"): return equals("build") ? .build : nil
        case UInt8(ascii: "v"): return equals("value") ? .value : nil
        case UInt8(ascii: "a"): return equals("arm") ? .arm : nil
        case UInt8(ascii: "c"): return equals("channel") ? .channel : nil
        default: return nil
        }
    }
}

/// The values one line gave: ranges of the line itself, or, for a value that had to be unescaped
/// or unquoted, of one reused buffer, so that a line costs no copy and no allocation.
struct LineFields {
    /// How a value was written.
    enum Kind: UInt8 {
        /// Not given, empty, or `null`.
        case absent
        /// A string.
        case string
        /// A number, as written.
        case number
        /// `true`.
        case yes
        /// `false`.
        case no
    }

    /// Unescaped and unquoted values' bytes.
    var storage: [UInt8] = []
    /// The line being read; valid only while it is.
    private(set) var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    // Each column's range, kind and position, in SIMD lanes rather than arrays, so that copying
    // the fields (into a closure) retains nothing but the buffer. A line is at most 1 MiB.
    private var starts = SIMD16<Int32>()
    private var ends = SIMD16<Int32>()
    private var columns = SIMD16<Int32>()
    private var kinds = SIMD16<UInt8>()

    /// The columns given on this line, one bit each.
    private var given: UInt16 = 0
    /// The columns whose range is in ``storage``, not in the line.
    private var stored: UInt16 = 0

    /// Forgets the last line's values (keeping the buffers) and starts reading `line`.
    mutating func reset(_ line: UnsafeBufferPointer<UInt8>) {
        self.line = line
        if !storage.isEmpty { storage.removeAll(keepingCapacity: true) }
        given = 0
        stored = 0
        kinds = SIMD16()
    }

    /// Sets a column to the bytes appended to ``storage`` since `start`.
    @inline(__always)
    mutating func set(_ column: TimelineColumn, kind: Kind, from start: Int, at position: Int) {
        set(column, kind: kind, range: start..<storage.count, at: position)
        stored |= 1 << UInt16(column.rawValue)
    }

    /// Sets a column to a range of the line.
    @inline(__always)
    mutating func set(_ column: TimelineColumn, kind: Kind, inLine range: Range<Int>, at position: Int) {
        set(column, kind: kind, range: range, at: position)
        stored &= ~(1 << UInt16(column.rawValue))
    }

    @inline(__always)
    private mutating func set(_ column: TimelineColumn, kind: Kind, range: Range<Int>, at position: Int) {
        let lane = column.rawValue
        starts[lane] = Int32(truncatingIfNeeded: range.lowerBound)
        ends[lane] = Int32(truncatingIfNeeded: range.upperBound)
        kinds[lane] = (range.isEmpty && kind == .string ? Kind.absent : kind).rawValue
        columns[lane] = Int32(truncatingIfNeeded: position)
        given |= 1 << UInt16(lane)
    }

    /// Whether the line gave the column already (even as `null` or empty).
    @inline(__always)
    func isGiven(_ column: TimelineColumn) -> Bool { given & (1 << UInt16(column.rawValue)) != 0 }

    /// How a column was given.
    @inline(__always)
    func kind(_ column: TimelineColumn) -> Kind { Kind(rawValue: kinds[column.rawValue]) ?? .absent }

    /// Where a column's value starts in the line.
    @inline(__always)
    func position(_ column: TimelineColumn) -> Int { Int(columns[column.rawValue]) }

    /// Runs `body` with a column's bytes.
    func withBytes<T, Failure: Error>(
        _ column: TimelineColumn, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> T
    ) throws(Failure) -> T {
        let range = Int(starts[column.rawValue])..<Int(ends[column.rawValue])
        guard stored & (1 << UInt16(column.rawValue)) != 0 else {
            return try body(UnsafeBufferPointer(rebasing: line[range]))
        }
        return try storage.withUnsafeBufferPointer { (all) throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: all[range]))
        }
    }

    /// Runs `body` with a view of every column's bytes, which copies without retaining anything.
    func withView<T, Failure: Error>(_ body: (LineView) throws(Failure) -> T) throws(Failure) -> T {
        try storage.withUnsafeBufferPointer { (buffer) throws(Failure) in
            try body(
                LineView(
                    line: line, buffer: buffer, starts: starts, ends: ends, columns: columns, kinds: kinds,
                    stored: stored))
        }
    }

    /// A column's text, for a message.
    func text(_ column: TimelineColumn) -> String {
        withBytes(column) { String(decoding: $0, as: UTF8.self) }
    }
}

/// Why a line could not be read: a message and the (1-based) byte column it points at.
struct LineProblem: Error {
    /// What is wrong.
    var message: String
    /// Where in the line.
    var column: Int
}

/// The unknown columns a timeline names, each warned about once (the first 20 names).
struct UnknownColumns {
    /// The names seen so far.
    private var seen: [String] = []
    /// Names first seen on the current line, with their columns, to warn about.
    var fresh: [(name: String, column: Int)] = []

    /// Whether noting `name` would change nothing: it was seen, or 20 names were. The fast path
    /// (``JSONLineFastPath``) skips such a key; a line with another is left to the scanner, which notes it.
    @inline(__always)
    func isQuiet(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        seen.count >= 20 || hasSeen(name)
    }

    /// Whether `name` is among the names seen.
    @inline(never)
    private func hasSeen(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        seen.contains(where: { $0.utf8.elementsEqual(name) })
    }

    /// Notes an unknown key; a new name is kept for a warning.
    mutating func note(_ name: UnsafeBufferPointer<UInt8>, at column: Int) {
        guard seen.count < 20, !seen.contains(where: { $0.utf8.elementsEqual(name) }) else { return }
        let text = String(decoding: name, as: UTF8.self)
        seen.append(text)
        fresh.append((text, column))
    }
}

/// The columns of one line as bytes, valid only inside ``LineFields/withView(_:)``.
struct LineView {
    let line: UnsafeBufferPointer<UInt8>
    let buffer: UnsafeBufferPointer<UInt8>
    let starts: SIMD16<Int32>
    let ends: SIMD16<Int32>
    let columns: SIMD16<Int32>
    let kinds: SIMD16<UInt8>
    let stored: UInt16

    /// A column's bytes.
    @inline(__always)
    func bytes(_ column: TimelineColumn) -> UnsafeBufferPointer<UInt8> {
        let lane = column.rawValue
        let range = Int(starts[lane])..<Int(ends[lane])
        return UnsafeBufferPointer(rebasing: (stored & (1 << UInt16(lane)) != 0 ? buffer : line)[range])
    }

    /// How a column was given.
    @inline(__always)
    func kind(_ column: TimelineColumn) -> LineFields.Kind {
        LineFields.Kind(rawValue: kinds[column.rawValue]) ?? .absent
    }

    /// Where a column's value starts in the line.
    @inline(__always)
    func position(_ column: TimelineColumn) -> Int { Int(columns[column.rawValue]) }

    /// A column's text, for a message.
    func text(_ column: TimelineColumn) -> String { String(decoding: bytes(column), as: UTF8.self) }
}
