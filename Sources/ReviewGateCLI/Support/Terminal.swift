import ReviewGateFiles

/// Where the command writes: stdout for results, stderr for diagnostics, colour only on a terminal.
enum Terminal {
    /// Writes a line to standard output.
    static func print(_ text: String) {
        Swift.print(text)
    }

    /// Writes a line to standard error.
    static func printError(_ text: String) {
        SystemCalls.writeStandardError(text + "\n")
    }

    /// Whether standard output is a terminal that takes colour: not when `NO_COLOR` is set to a
    /// non-empty value (no-color.org), nor when `TERM` is `dumb`.
    static var colorsStandardOutput: Bool {
        SystemCalls.isTerminal(1) && (SystemCalls.environment("NO_COLOR") ?? "").isEmpty
            && SystemCalls.environment("TERM") != "dumb"
    }

    /// Ends the process with a code, flushing output first.
    static func exit(_ code: Int32) -> Never {
        SystemCalls.exit(code)
    }
}
