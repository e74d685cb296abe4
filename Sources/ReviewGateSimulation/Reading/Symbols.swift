/// The distinct strings of a timeline (people, event names, scenes, versions, values), each kept
/// once and named by a small number, so that a line of a million-line file costs no string.
///
/// Looked up by their UTF-8 bytes in an open-addressing table (hashed eight bytes at a time, each
/// slot holding part of the hash so that bytes are compared only on a likely match), so that
/// reading a line builds no `String` for a name seen before.
package struct Symbols: Sendable {
    /// A symbol's number.
    package typealias ID = Int32

    /// Each symbol's text.
    package private(set) var strings: [String] = []
    /// Each symbol's bytes, one after another; symbol `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Slots of the hash table: the high half of a symbol's hash above its number + 1, or 0 for
    /// an empty slot.
    private var slots: [UInt64] = Array(repeating: 0, count: 64)

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

    /// The number of the symbol with these bytes, added if new.
    package mutating func intern(_ text: UnsafeBufferPointer<UInt8>) -> ID {
        let hash = Self.hash(text)
        return find(text, hash: hash) ?? add(text, hash: hash)
    }

    /// The number of the symbol with these bytes, added if new, unless `hint` is its number
    /// already (a cheap check: the same person, name or version line after line); `hint` is then
    /// that number.
    @inline(__always)
    package mutating func intern(_ text: UnsafeBufferPointer<UInt8>, hint: inout ID) -> ID {
        if matches(hint, text) { return hint }
        hint = intern(text)
        return hint
    }

    /// The number of the symbol with these bytes, if there is one (nothing added).
    package func lookUp(_ text: UnsafeBufferPointer<UInt8>) -> ID? {
        find(text, hash: Self.hash(text))
    }

    /// Whether symbol `id` (any number, ``TimelineEvent/none`` included) has these bytes.
    @inline(__always)
    package func matches(_ id: ID, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard id >= 0, Int(id) < count else { return false }
        return equals(Int(id), text)
    }

    /// The number of the symbol with these bytes (whose ``hash(_:)`` is `hash`), if there is one.
    private func find(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> ID? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            let tag = UInt64(truncatingIfNeeded: hash >> 32)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                // A slot holds the hash's high half above the number + 1: bytes are compared only
                // when the halves agree.
                if slots[slot] >> 32 == tag {
                    let id = Int(slots[slot] & 0xFFFF_FFFF) - 1
                    if equals(id, text) { return ID(id) }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Adds a symbol that is not there yet, whose ``hash(_:)`` is `hash` (`string` its text, when
    /// at hand): its number.
    private mutating func add(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, string: String? = nil) -> ID {
        let id = strings.count
        strings.append(string ?? String(decoding: text, as: UTF8.self))
        bytes.append(contentsOf: text)
        starts.append(bytes.count)
        place(id, hash: hash)
        if strings.count * 2 > slots.count { grow() }
        return ID(id)
    }

    /// Puts symbol `id` in the first empty slot from its hash's.
    private mutating func place(_ id: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash >> 32) << 32 | UInt64(id + 1)
    }

    /// The number of `text`, added if new.
    package mutating func intern(_ text: String) -> ID {
        let string = text
        var text = text
        return text.withUTF8 { bytes in
            let hash = Self.hash(bytes)
            // A new symbol keeps the string given, rather than one made from its bytes.
            return find(bytes, hash: hash) ?? add(bytes, hash: hash, string: string)
        }
    }

    /// The numbers here of every symbol of `other`, in its order, each added if new (keeping
    /// `other`'s string): how a range or a part read with a table of its own is put in the file's.
    /// The table is grown once, beforehand, as if they were all new.
    package mutating func intern(contentsOf other: Symbols) -> [ID] {
        let room = count + other.count
        if room * 2 > slots.count {
            var size = slots.count
            while room * 2 > size { size *= 2 }
            grow(to: size)
        }
        strings.reserveCapacity(room)
        starts.reserveCapacity(room + 1)
        bytes.reserveCapacity(bytes.count + other.bytes.count)
        return other.bytes.withUnsafeBufferPointer { all in
            (0..<other.count).map { index in
                let text = UnsafeBufferPointer(rebasing: all[other.starts[index]..<other.starts[index + 1]])
                let hash = Self.hash(text)
                return find(text, hash: hash) ?? add(text, hash: hash, string: other.strings[index])
            }
        }
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

    @inline(__always)
    private func equals(_ id: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        starts.withUnsafeBufferPointer { starts in
            let start = starts[id]
            guard starts[id + 1] - start == text.count else { return false }
            return bytes.withUnsafeBufferPointer { stored in
                ByteSearch.equal(
                    UnsafeBufferPointer(start: stored.baseAddress.map { $0 + start }, count: text.count), text)
            }
        }
    }

    private mutating func grow(to size: Int? = nil) {
        slots = Array(repeating: 0, count: size ?? slots.count * 2)
        for id in 0..<strings.count {
            let hash = bytes.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[starts[id]..<starts[id + 1]]))
            }
            place(id, hash: hash)
        }
    }

    /// The hash the table files `text` under.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteSearch.hash(text)
    }
}
