@_spi(ReviewGateTools) import ReviewGateFiles

/// A progress line on standard error while a long input is read, and then replayed: a bar, the
/// rate, and the time left when the size is known (bytes read when it is not, as from standard
/// input). Nothing when standard error is not a terminal.
struct Progress {
    private let total: Int?
    private let label: String
    /// Where it is drawn, taken when it starts: a replay's share is told from a worker thread,
    /// which does not see the command's task-local terminal.
    private let terminal = Terminal.current
    private var shown: Bool { terminal.showsProgress }
    private let started = SystemCalls.monotonicClock()
    private var lastDrawn: Int64 = 0
    private var drew = false

    /// Progress through `total` bytes (unknown for standard input) of `label`.
    init(label: String, total: Int?) {
        self.label = label
        self.total = total
    }

    /// Redraws, at most five times a second, after `bytes` bytes and `events` events.
    mutating func update(bytes: Int, events: Int) {
        guard let seconds = due() else { return }
        let rate = seconds > 0 ? Double(events) / seconds : 0
        var line = "\(label)  "
        if let total, total > 0 {
            line += Self.bar(Double(bytes) / Double(total), after: seconds) + "  "
        } else {
            line += "\(Self.megabytes(bytes)) read  "
        }
        line += "\(Self.rate(rate)) events/s"
        terminal.write("\r\u{1B}[K" + line, true)
    }

    /// Redraws, at most five times a second, with `share` (0 to 1) of the work done: a bar, the
    /// share and the time left.
    mutating func update(share: Double) {
        guard let seconds = due() else { return }
        terminal.write("\r\u{1B}[K\(label)  " + Self.bar(share, after: seconds), true)
    }

    /// The seconds since the start when a redraw is due (shown, and a fifth of a second since the
    /// last); `nil` otherwise.
    private mutating func due() -> Double? {
        guard shown else { return nil }
        let now = SystemCalls.monotonicClock()
        guard now - lastDrawn >= 200_000_000 else { return nil }
        lastDrawn = now
        drew = true
        return Double(now - started) / 1e9
    }

    /// `[#####.....] 45%`, and `  12s left` once past 1%, `share` done after `seconds`.
    private static func bar(_ share: Double, after seconds: Double) -> String {
        let share = min(1, max(0, share))
        let filled = Int(share * 30)
        var bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        bar += "] \(Int(share * 100))%"
        if share > 0.01 { bar += "  \(duration(seconds * (1 - share) / share)) left" }
        return bar
    }

    /// Shows `text` as the line, at once.
    mutating func show(_ text: String) {
        guard shown else { return }
        drew = true
        terminal.write("\r\u{1B}[K" + text, true)
    }

    /// Clears the line.
    func finish() {
        guard shown, drew else { return }
        terminal.write("\r\u{1B}[K", true)
    }

    private static func rate(_ value: Double) -> String {
        if value >= 1e6 { return "\(Int(value / 1e5) / 10).\(Int(value / 1e5) % 10)M" }
        if value >= 1e3 { return "\(Int(value / 1e3))K" }
        return "\(Int(value))"
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = bytes / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60)m\(whole % 60)s" : "\(whole)s"
    }
}
