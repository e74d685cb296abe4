import ReviewGate

/// Positions in raw input bytes: libyaml reports reader errors as a byte offset only, and the
/// loader's own UTF-8 check finds one; people want a line and a column.
enum TextPosition {
    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                // A CR LF pair is one break, counted at the LF.
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The byte offset of the first invalid UTF-8 sequence, or `nil` when all of it is valid.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Whether a 1-based line and column holds a tab with only spaces and tabs before it on its line.
    static func isIndentationTab(atLine line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var currentLine = 1
        var start = 0
        while currentLine < line, start < bytes.count {
            if bytes[start] == 0x0A { currentLine += 1 }
            start += 1
        }
        let lead = bytes[start...].prefix { $0 == 0x20 || $0 == 0x09 }
        return currentLine == line && lead.count >= column && bytes[start + column - 1] == 0x09
    }
}
