@_spi(ReviewGateTools) import ReviewGateFiles

/// Where the command writes: stdout for results, stderr for diagnostics, colour only on a terminal.
/// Everything goes through ``current``, the process's own streams unless a test holds a sink of
/// its own (``Terminal/Sink``), so that a command runs in a test's process as it runs in a shell.
enum Terminal {
    /// A place for a command's two streams, and what it knows of them.
    struct Sink: Sendable {
        /// Writes text (whole lines, or a progress line's escapes) to standard output or error.
        var write: @Sendable (_ text: String, _ toError: Bool) -> Void
        /// Whether standard output is a terminal that takes colour.
        var colorsStandardOutput: Bool
        /// Whether standard error is a terminal, where a progress line may be drawn.
        var showsProgress: Bool

        /// The process's standard output and error.
        static var process: Sink {
            Sink(
                write: { text, toError in
                    if toError { SystemCalls.writeStandardError(text) } else { Swift.print(text, terminator: "") }
                },
                // Not when `NO_COLOR` is set to a non-empty value (no-color.org), nor when `TERM` is `dumb`.
                colorsStandardOutput: SystemCalls.isTerminal(1) && (SystemCalls.environment("NO_COLOR") ?? "").isEmpty
                    && SystemCalls.environment("TERM") != "dumb",
                showsProgress: SystemCalls.isTerminal(2))
        }
    }

    /// Where the running command writes.
    @TaskLocal static var current = Sink.process

    /// Writes a line to standard output.
    static func print(_ text: String) {
        current.write(text + "\n", false)
    }

    /// Writes a line to standard error.
    static func printError(_ text: String) {
        current.write(text + "\n", true)
    }

    /// Whether standard output is a terminal that takes colour.
    static var colorsStandardOutput: Bool { current.colorsStandardOutput }

    /// Ends the process with a code, flushing output first.
    static func exit(_ code: Int32) -> Never {
        SystemCalls.exit(code)
    }
}
