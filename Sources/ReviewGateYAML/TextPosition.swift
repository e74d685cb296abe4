@_spi(ReviewGateTools) import ReviewGate

/// Positions in raw input bytes that only YAML needs (the shared ones are the core's
/// ``ByteText``).
enum TextPosition {
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
