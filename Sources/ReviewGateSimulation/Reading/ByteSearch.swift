/// Searches bytes eight at a time (SWAR): the line ends of a file of millions of lines, and the
/// hashes and comparisons of names.
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first `\n` in `bytes` at or after `start`, if any.
    static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        let pattern = ones &* 0x0A
        while index + 8 <= bytes.count {
            // Read little-endian, so that the first byte is the lowest and a borrow runs toward later ones.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian ^ pattern
            // A byte of `word` is zero exactly where the byte is `\n`: the classic zero-byte test.
            let found = (word &- ones) & ~word & highs
            if found != 0 { return index + (found.trailingZeroBitCount >> 3) }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// The index of the first byte at or after `start` that a JSON string's scan must look at:
    /// `"`, `\`, a control character or a byte of a multi-byte character (or the end, `bytes.count`).
    @inline(__always)
    static func plainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        let quotes = ones &* 0x22
        let backslashes = ones &* 0x5C
        while index + 8 <= bytes.count {
            // Read little-endian, so that the first byte is the lowest and a borrow runs toward later ones.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
            let quote = word ^ quotes
            let backslash = word ^ backslashes
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- ones &* 0x20) | word
            // A high bit marks a quote, a backslash, a byte below 0x20 or one of 0x80 and up; a
            // borrow can set one only above a byte that is one of these, so the lowest is exact.
            let found = special & highs
            if found != 0 { return index + (found.trailingZeroBitCount >> 3) }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return index }
            index += 1
        }
        return index
    }

    /// A 64-bit hash of `bytes`, eight at a time: the last eight (or four, or the first, middle
    /// and last byte of a shorter run) loaded where they end, so that a short name costs no loop.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        let hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        guard let base = bytes.baseAddress, count > 0 else { return hash }
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            var mixed = hash
            var index = 0
            while index + 8 < count {
                mixed = mix(mixed ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            return mix(mixed ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return mix(hash ^ (high << 32 | low))
        }
        return mix(hash ^ (UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16))
    }

    /// Mixes every bit of `value` into every bit of the hash, the low ones included: the table
    /// (``Symbols``) finds a slot by the low bits. Without the last shift, a product's low bits
    /// depend only on the low bits before it, and 50,000 ids such as `p00000`…`p49999` or
    /// `1000000000`… fell in about 500 of 65,536 slots, 64–78 probes each in a table of 131,072.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0xBF58_476D_1CE4_E5B9
        z ^= z >> 31
        z = z &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 29)
    }

    /// Whether two runs of bytes are equal: eight bytes at a time, the last eight (or four, or two)
    /// loaded where they end, overlapping bytes compared already, so that a short name costs two
    /// loads and no loop.
    @inline(__always)
    static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let a = left.baseAddress, let b = right.baseAddress else { return true }
        let x = UnsafeRawPointer(a)
        let y = UnsafeRawPointer(b)
        let count = left.count
        @inline(__always) func same<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> Bool {
            x.loadUnaligned(fromByteOffset: offset, as: T.self) == y.loadUnaligned(fromByteOffset: offset, as: T.self)
        }
        if count >= 8 {
            var index = 0
            while index + 8 < count {
                if !same(UInt64.self, at: index) { return false }
                index += 8
            }
            return same(UInt64.self, at: count - 8)
        }
        if count >= 4 { return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4) }
        if count >= 2 { return same(UInt16.self, at: 0) && same(UInt16.self, at: count - 2) }
        return count == 0 || a[0] == b[0]
    }
}
