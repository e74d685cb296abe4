#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the command writes: stdout for results, stderr for diagnostics, colour only on a terminal.
enum Terminal {
    /// Writes a line to standard output.
    static func print(_ text: String) {
        Swift.print(text)
    }

    /// Writes a line to standard error.
    static func printError(_ text: String) {
        fflush(nil)  // keep stdout's lines before this one
        let line = text + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }

    /// Whether standard output is a terminal that takes colour (and `NO_COLOR` is not set).
    static var colorsStandardOutput: Bool {
        isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil && getenv("TERM").map { String(cString: $0) } != "dumb"
    }

    /// Ends the process with a code, flushing output first.
    static func exit(_ code: Int32) -> Never {
        fflush(nil)
        #if canImport(Glibc)
        Glibc.exit(code)
        #elseif canImport(Musl)
        Musl.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }
}
