/// Positions and checks in raw input bytes, shared by the readers: libyaml reports reader errors
/// as a byte offset only, and the UTF-8 check finds one; people want a line and a column.
package enum ByteText {
    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    package static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String)
        -> SourceLocation
    {
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
    package static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
}
