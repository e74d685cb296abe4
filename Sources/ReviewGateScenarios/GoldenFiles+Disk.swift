@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

extension GoldenFiles {
    /// The largest golden transcript read: far above the 1 MiB of a policy, since a long scenario's
    /// transcript grows with its steps.
    public static let maxBytes = 64 << 20

    /// Golden transcripts on disk: read whole, written atomically beside the scenario.
    public static let disk = GoldenFiles(
        read: { path throws(DiagnosticError) in
            guard AtomicFile.exists(path) else { return nil }
            do throws(FileError) {
                return String(decoding: try FileBytes.read(path, maxBytes: maxBytes), as: UTF8.self)
            } catch {
                throw DiagnosticError(reading: error)
            }
        },
        write: { path, text throws(DiagnosticError) in
            do throws(FileError) {
                try AtomicFile.write(text, to: path)
            } catch {
                throw DiagnosticError(reading: error)
            }
        })
}
