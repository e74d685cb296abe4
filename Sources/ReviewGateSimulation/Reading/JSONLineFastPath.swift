/// The JSON Lines fast path: a line written the way exports write them, a flat object of the
/// columns' keys written plainly whose values are strings with no escape, control character or
/// byte of 0x80 and up, numbers, `true`, `false` or `null` (spaces at most around them), read in
/// one pass, its newline found on the way. Other keys so written, with values so written, are
/// skipped, once the scanner has noted them (``UnknownColumns/isQuiet(_:)``): a wide export's
/// unused columns are passed over, not parsed. Any other line, and any line it does not finish, is
/// left to ``JSONLineScanner``, which reads every line and reports what is wrong; a line read here
/// gives the columns that scanner gives it (checked by tests and the fuzzer).
enum JSONLineFastPath {
    /// Reads the line that starts at `start` of `chunk` into `line`: the index of the newline that
    /// ends it (after `\r` if there is one), or `nil` when the line is not one this path reads or
    /// does not end in `chunk`.
    @inline(__always)
    static func scan(
        _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, into line: inout PlainLine, unknown: UnknownColumns
    ) -> Int? {
        guard let base = chunk.baseAddress, start < chunk.count, base[start] == UInt8(ascii: "{") else { return nil }
        // Each key is read where sixteen bytes are at hand from its quote, so that the key, its
        // colon and the value's first byte need no bounds check; a line that ends closer to the
        // chunk's end is left to the scanner.
        let limit = chunk.count
        @inline(__always) func string(_ column: TimelineColumn, from first: Int) -> (value: PlainLine.Value, end: Int)?
        {
            let end: Int
            if column == .time, limit &- first > 20, base[first &+ 20] == UInt8(ascii: "\""),
                TimeColumn.isDayAndTime(UnsafeBufferPointer(start: base + first, count: 20))
            {
                // A time of that shape is read only if each of its bytes is what it should be,
                // so no quote, backslash or control character is among them: its end is known.
                end = first &+ 20
            } else {
                end = ByteSearch.plainRun(in: chunk, from: first)
                guard end < limit, base[end] == UInt8(ascii: "\"") else { return nil }
            }
            return (
                PlainLine.Value(
                    bytes: UnsafeBufferPointer(start: base + first, count: end &- first),
                    kind: end > first ? .string : .absent),
                end
            )
        }
        // The value of `column` after its key's closing quote at `index` (and its colon, with
        // spaces around it), set in `line`: the index after it.
        func value(of column: TimelineColumn, at start: Int) -> Int? {
            var index = start
            if base[index] != UInt8(ascii: ":") {
                index = skipSpaces(base, from: index, limit: limit)
                guard index < limit, base[index] == UInt8(ascii: ":") else { return nil }
            }
            index &+= 1
            guard index < limit else { return nil }
            if base[index] == 0x20 {
                index = skipSpaces(base, from: index, limit: limit)
                guard index < limit else { return nil }
            }
            let value: PlainLine.Value
            switch base[index] {
            case UInt8(ascii: "\""):
                guard let (string, end) = string(column, from: index &+ 1) else { return nil }
                value = string
                index = end &+ 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let end = number(base, from: index, limit: limit) else { return nil }
                value = PlainLine.Value(
                    bytes: UnsafeBufferPointer(start: base + index, count: end &- index), kind: .number)
                index = end
            case UInt8(ascii: "t"):
                guard literal(base, at: index, limit: limit, 0x6575_7274) else { return nil }
                value = PlainLine.Value(kind: .yes)
                index &+= 4
            case UInt8(ascii: "n"):
                guard literal(base, at: index, limit: limit, 0x6C6C_756E) else { return nil }
                value = PlainLine.Value(kind: .absent)
                index &+= 4
            case UInt8(ascii: "f"):
                guard literal(base, at: index &+ 1, limit: limit, 0x6573_6C61) else { return nil }
                value = PlainLine.Value(kind: .no)
                index &+= 5
            default: return nil
            }
            line.set(column, value)
            return index
        }
        var index = start &+ 1
        var given: UInt16 = 0
        while true {
            guard limit &- index >= 16 else { return nil }
            if base[index] == 0x20 {
                index = skipSpaces(base, from: index, limit: limit)
                guard limit &- index >= 16 else { return nil }
            }
            guard base[index] == UInt8(ascii: "\"") else { return nil }
            let word = UnsafeRawPointer(base + (index &+ 1)).loadUnaligned(as: UInt64.self).littleEndian
            if let (column, count) = JSONLineScanner.plainColumn(word) {
                let bit: UInt16 = 1 << UInt16(column.rawValue)
                guard given & bit == 0 else { return nil }
                given |= bit
                // Most keys are followed by `":"`, read in the same word as the key.
                if count <= 6, UInt16(truncatingIfNeeded: word >> UInt64(8 &* count)) == 0x223A {
                    guard let (value, end) = string(column, from: index &+ 3 &+ count) else { return nil }
                    line.set(column, value)
                    index = end &+ 1
                } else {
                    index &+= 1 &+ count
                    guard let end = value(of: column, at: index) else { return nil }
                    index = end
                }
            } else {
                // Another key: skipped with its value, once the scanner has noted it.
                guard let end = skipUnknown(chunk, key: index &+ 1, unknown: unknown) else { return nil }
                index = end
            }
            guard index < limit else { return nil }
            if base[index] == 0x20 {
                index = skipSpaces(base, from: index, limit: limit)
                guard index < limit else { return nil }
            }
            if base[index] == UInt8(ascii: ",") {
                index &+= 1
                continue
            }
            guard base[index] == UInt8(ascii: "}") else { return nil }
            index &+= 1
            break
        }
        guard index < limit else { return nil }
        if base[index] == 0x0A { return index }
        guard base[index] == 0x0D, index &+ 1 < limit, base[index &+ 1] == 0x0A else { return nil }
        return index &+ 1

    }

    /// Skips the key whose text starts at `key` (after its quote) and its value, when the key is
    /// written plainly and quiet in `unknown`, and its value is a plain string, a number, `true`,
    /// `false` or `null`: the index after the value; `nil` otherwise (the line is the scanner's).
    /// The key is no column's: ``JSONLineScanner/plainColumn(_:)`` found none in its first eight
    /// bytes, which would hold any column's key written plainly, with its closing quote.
    @inline(never)
    private static func skipUnknown(_ chunk: UnsafeBufferPointer<UInt8>, key: Int, unknown: UnknownColumns) -> Int? {
        let base = chunk.baseAddress!
        let limit = chunk.count
        let keyEnd = ByteSearch.plainRun(in: chunk, from: key)
        let name = UnsafeBufferPointer(start: base + key, count: keyEnd &- key)
        guard keyEnd < limit, base[keyEnd] == UInt8(ascii: "\""), unknown.isQuiet(name) else { return nil }
        assert(TimelineColumn.named(name) == nil, "a column's plain key is found by plainColumn")
        var index = skipSpaces(base, from: keyEnd &+ 1, limit: limit)
        guard index < limit, base[index] == UInt8(ascii: ":") else { return nil }
        index = skipSpaces(base, from: index &+ 1, limit: limit)
        guard index < limit else { return nil }
        // A string, most often: tested first, so that it costs a branch the processor predicts
        // rather than a jump through a table.
        if base[index] == UInt8(ascii: "\"") {
            let end = ByteSearch.plainRun(in: chunk, from: index &+ 1)
            guard end < limit, base[end] == UInt8(ascii: "\"") else { return nil }
            return end &+ 1
        }
        switch base[index] {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(base, from: index, limit: limit)
        case UInt8(ascii: "t"):
            return literal(base, at: index, limit: limit, 0x6575_7274) ? index &+ 4 : nil
        case UInt8(ascii: "n"):
            return literal(base, at: index, limit: limit, 0x6C6C_756E) ? index &+ 4 : nil
        case UInt8(ascii: "f"):
            return literal(base, at: index &+ 1, limit: limit, 0x6573_6C61) ? index &+ 5 : nil
        default:
            return nil
        }
    }

    /// The first index at or after `index` that holds no space (or `limit`).
    private static func skipSpaces(_ base: UnsafePointer<UInt8>, from index: Int, limit: Int) -> Int {
        var index = index
        while index < limit, base[index] == 0x20 { index &+= 1 }
        return index
    }

    /// Whether the four bytes at `index` are `word`'s, read little-endian (`true` is `0x6575_7274`).
    @inline(__always)
    private static func literal(_ base: UnsafePointer<UInt8>, at index: Int, limit: Int, _ word: UInt32) -> Bool {
        index + 4 <= limit && UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self).littleEndian == word
    }

    /// The end of the JSON number at `index`, or `nil` when there is none: the grammar
    /// ``JSONLineScanner`` reads.
    @inline(__always)
    private static func number(_ base: UnsafePointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var index = start
        @inline(__always) func isDigit() -> Bool { index < limit && base[index] &- 0x30 < 10 }
        @inline(__always) func skipDigits() { while isDigit() { index += 1 } }
        if base[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit() else { return nil }
        index += 1
        if base[index - 1] != UInt8(ascii: "0") { skipDigits() }
        if index < limit, base[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit() else { return nil }
            skipDigits()
        }
        if index < limit, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < limit, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit() else { return nil }
            skipDigits()
        }
        return index
    }
}
