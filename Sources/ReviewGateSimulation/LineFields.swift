/// The columns a timeline line may have (README, "Simulating a policy"): one per key of a JSON
/// line, or per header name of a CSV file.
public enum TimelineColumn: Int, Sendable, CaseIterable {
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

    /// The column's name in a JSON line or a CSV header.
    public var name: String {
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
        }
    }

    /// The column named by these bytes, if any.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> TimelineColumn? {
        for column in allCases where column.bytes.elementsEqual(bytes) { return column }
        return nil
    }

    private var bytes: [UInt8] { Self.names[rawValue] }
    private static let names = allCases.map { Array($0.name.utf8) }
}

/// The values one line gave, each copied (unescaped, unquoted) into one reused buffer, so that a
/// line costs no allocation once the buffer has grown to the longest line.
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

    /// The values' bytes.
    var storage: [UInt8] = []
    private var ranges = [Range<Int>](repeating: 0..<0, count: TimelineColumn.allCases.count)
    private var kinds = [Kind](repeating: .absent, count: TimelineColumn.allCases.count)
    /// Where each value starts in the line (1-based), for messages.
    private(set) var columns = [Int](repeating: 0, count: TimelineColumn.allCases.count)

    /// The columns given on this line, one bit each.
    private var given: UInt16 = 0

    /// Forgets the last line's values (keeping the buffers).
    mutating func reset() {
        storage.removeAll(keepingCapacity: true)
        given = 0
        for index in kinds.indices { kinds[index] = .absent }
    }

    /// Sets a column to the bytes appended to ``storage`` since `start`.
    mutating func set(_ column: TimelineColumn, kind: Kind, from start: Int, at position: Int) {
        ranges[column.rawValue] = start..<storage.count
        kinds[column.rawValue] = start == storage.count && kind == .string ? .absent : kind
        columns[column.rawValue] = position
        given |= 1 << UInt16(column.rawValue)
    }

    /// Whether the line gave the column already (even as `null` or empty).
    func isGiven(_ column: TimelineColumn) -> Bool { given & (1 << UInt16(column.rawValue)) != 0 }

    /// How a column was given.
    func kind(_ column: TimelineColumn) -> Kind { kinds[column.rawValue] }

    /// Where a column's value starts in the line.
    func position(_ column: TimelineColumn) -> Int { columns[column.rawValue] }

    /// Runs `body` with a column's bytes.
    func withBytes<T, Failure: Error>(
        _ column: TimelineColumn, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> T
    ) throws(Failure) -> T {
        let range = ranges[column.rawValue]
        return try storage.withUnsafeBufferPointer { (all) throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: all[range]))
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

    /// Notes an unknown key; a new name is kept for a warning.
    mutating func note(_ name: UnsafeBufferPointer<UInt8>, at column: Int) {
        guard seen.count < 20, !seen.contains(where: { $0.utf8.elementsEqual(name) }) else { return }
        let text = String(decoding: name, as: UTF8.self)
        seen.append(text)
        fresh.append((text, column))
    }
}
