/// The distinct strings of a timeline (people, event names, scenes, versions, values), each kept
/// once and named by a small number, so that a line of a million-line file costs no string.
///
/// Looked up by their UTF-8 bytes in an open-addressing table (hashed eight bytes at a time), so that reading a line
/// builds no `String` for a name seen before.
package struct Symbols: Sendable {
    /// A symbol's number.
    package typealias ID = Int32

    /// Each symbol's text.
    package private(set) var strings: [String] = []
    /// Each symbol's bytes, one after another; symbol `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Slots of the hash table: a symbol's number + 1, or 0 for an empty slot.
    private var slots: [Int32] = Array(repeating: 0, count: 64)

    /// An empty table.
    package init() {}

    /// A copy whose strings share no storage with these, for a job on another core: it then
    /// retains and releases only its own.
    package func unshared() -> Symbols {
        var copy = self
        copy.strings = strings.map { text in
            var text = text
            return text.withUTF8 { String(decoding: $0, as: UTF8.self) }
        }
        return copy
    }

    /// How many symbols there are.
    package var count: Int { strings.count }

    /// The text of symbol `id`.
    package subscript(id: ID) -> String { strings[Int(id)] }

    /// A direct-mapped cache of recent symbols (number + 1, 0 for none), by a key of a few bytes:
    /// the same person, name or version line after line is found without hashing or probing.
    private var recent = [Int32](repeating: 0, count: 256)

    /// The number of the symbol with these bytes, added if new.
    package mutating func intern(_ text: UnsafeBufferPointer<UInt8>) -> ID {
        let key = Self.recentKey(text)
        let cached = Int(recent[key]) - 1
        if cached >= 0, equals(cached, text) { return ID(cached) }
        let id = lookUp(text)
        recent[key] = id + 1
        return id
    }

    /// A slot of ``recent`` for `text`, from its length and three of its bytes.
    private static func recentKey(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = text.first, let last = text.last else { return 0 }
        let middle = text[text.count / 2]
        var key: UInt = UInt(text.count) &* 0x9E37
        key ^= UInt(first) &* 31
        key ^= UInt(last) &* 131
        key ^= UInt(middle) &* 7
        return Int(key & 255)
    }

    /// The number of the symbol with these bytes, added if new, by the hash table.
    private mutating func lookUp(_ text: UnsafeBufferPointer<UInt8>) -> ID {
        let hash = Self.hash(text)
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if equals(id, text) { return ID(id) }
            slot = (slot + 1) & (slots.count - 1)
        }
        let id = strings.count
        strings.append(String(decoding: text, as: UTF8.self))
        bytes.append(contentsOf: text)
        starts.append(bytes.count)
        slots[slot] = Int32(id + 1)
        if strings.count * 2 > slots.count { grow() }
        return ID(id)
    }

    /// The number of `text`, added if new.
    package mutating func intern(_ text: String) -> ID {
        var text = text
        return text.withUTF8 { intern($0) }
    }

    /// A table holding only symbol `id` (as symbol 0), so that a long read forgets what it no
    /// longer needs; `id` is ``TimelineEvent/none`` for an empty table.
    package func keeping(_ id: ID) -> (symbols: Symbols, id: ID) {
        var kept = Symbols()
        guard id >= 0, Int(id) < count else { return (kept, TimelineEvent.none) }
        // Interned first: a tuple of `kept` and `kept.intern(…)` would copy the table before the
        // symbol is in it, and the next person would be numbered as the one kept.
        let keptID = kept.intern(strings[Int(id)])
        return (kept, keptID)
    }

    private func equals(_ id: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[id]
        guard starts[id + 1] - start == text.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            ByteSearch.equal(UnsafeBufferPointer(rebasing: stored[start..<start + text.count]), text)
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        bytes.withUnsafeBufferPointer { stored in
            for id in 0..<strings.count {
                let text = UnsafeBufferPointer(rebasing: stored[starts[id]..<starts[id + 1]])
                var slot = Int(truncatingIfNeeded: Self.hash(text)) & (slots.count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = Int32(id + 1)
            }
        }
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteSearch.hash(text)
    }
}
