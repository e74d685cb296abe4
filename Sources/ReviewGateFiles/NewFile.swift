@_spi(ReviewGateTools) import ReviewGate

/// Writes a file that must not exist yet (a key: never one over another), readable only as `mode`
/// says from the instant it exists.
package enum NewFile {
    /// Creates `path` with `text`; throws when it exists or cannot be written (then nothing is left).
    package static func create(_ text: String, at path: String, mode: UInt32) throws(FileError) {
        let descriptor = SystemCalls.createExclusive(path, mode: mode)
        guard descriptor >= 0 else {
            throw FileError("cannot be created", path: path, system: SystemCalls.lastError)
        }
        var text = text
        let written = text.withUTF8 { SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        let flushed = written && SystemCalls.flush(descriptor)
        SystemCalls.close(descriptor)
        guard flushed else {
            let error = FileError("cannot be written", path: path, system: SystemCalls.lastError)
            SystemCalls.remove(path)
            throw error
        }
    }
}
