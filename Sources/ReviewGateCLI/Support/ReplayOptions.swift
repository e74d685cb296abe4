import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation

/// How a command that replays timelines reads them (`simulate`, `readout`): their format, the
/// version key, grouped or whole, strict, on how many cores, exact repeats, where observation ends;
/// and what both do with the files they write and the lines they skip. Its options are the library's
/// `ReplaySettings`, one for one (``settings``), and both commands refuse them under `--merge` from
/// here (``givenUnderMerge``).
struct ReplayOptions: ParsableArguments {
    @Option(
        help:
            "The timelines' format when their names do not say: jsonl or csv (standard input: JSON Lines if it starts with {, else CSV)."
    )
    var inputFormat: TimelineFormat?

    @Option(
        help: ArgumentHelp(
            "Replay every policy as if its app.version_key were short or build: for an export that has only one of the two columns.",
            valueName: "short|build"))
    var versionKey: VersionKey?

    @Flag(
        help:
            "The timeline's lines are grouped by person: replay each as it ends, in bounded memory (a person who appears again after fewer than 100,000 others stops the run; further on, they would count as two)."
    )
    var grouped = false

    @Flag(help: "Stop at the first line that cannot be read (exit 2).")
    var strict = false

    @Option(help: "How many people to replay at once (default: every core).")
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "A line that repeats an earlier line of its person exactly (time and every column read): warn (counted and replayed, as if it happened twice) or drop (counted and replayed once).",
            valueName: "warn|drop"))
    var duplicates: DuplicateHandling = .warn

    @Option(
        help: ArgumentHelp(
            "Where observation ends (RFC 3339): a person's lines after it are not replayed, so nothing after it counts; default the latest time in the input. simulate takes it with --within-days; a --grouped readout needs it.",
            valueName: "time"))
    var until: String?

    /// The library's settings these options say, one for one.
    var settings: ReplaySettings {
        var settings = ReplaySettings()
        settings.format = inputFormat
        settings.versionKey = versionKey
        settings.grouped = grouped
        settings.strict = strict
        settings.jobs = jobs
        settings.dropsDuplicates = duplicates == .drop
        settings.until = until.flatMap { Timestamp(rfc3339: $0) }
        return settings
    }

    /// The options given, by name, that `--merge` refuses in both commands: a report keeps what its
    /// run was replayed with, and adding reports replays nothing.
    var givenUnderMerge: [(name: String, given: Bool)] {
        [
            ("--input-format", inputFormat != nil), ("--version-key", versionKey != nil), ("--grouped", grouped),
            ("--strict", strict), ("--jobs", jobs != nil), ("--duplicates", duplicates != .warn),
            ("--until", until != nil),
        ]
    }

    /// Refuses a `--merge` run given any of `own` (a command's options) or of the replay's: `reason`,
    /// then every one of them named, then `end`.
    func refuseUnderMerge(_ own: [(name: String, given: Bool)], _ reason: String, then end: String = "") throws {
        try Self.refuse(own + givenUnderMerge, reason, then: end)
    }

    /// Refuses a run given any of `options`: `reason`, then every one of them named, then `end`.
    static func refuse(_ options: [(name: String, given: Bool)], _ reason: String, then end: String = "") throws {
        guard options.contains(where: \.given) else { return }
        let names = options.map(\.name)
        let named = names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw ValidationError("\(reason): give no \(named)\(end)")
    }

    /// What `--duplicates` does with a line that repeats an earlier one exactly.
    enum DuplicateHandling: String, ExpressibleByArgument, CaseIterable {
        case warn, drop
    }

    /// Refuses `--jobs` below 1.
    func validateJobs() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    /// Refuses an `--until` that is no time.
    func validateUntil() throws {
        if let until, Timestamp(rfc3339: until) == nil {
            throw ValidationError("--until must be an RFC 3339 time, such as 2026-03-01T00:00:00Z; found \(until)")
        }
    }

    /// Runs `request` with a progress line, each policy replayed by `--version-key` when given.
    func run<Kind>(_ request: SimulationRequest<Kind>) throws -> Kind.Report {
        var request = request
        request.settings = settings
        var progress: Progress?
        request.progress = { step in
            switch step {
            case .reading(let label, let bytes): progress = Progress(label: label, total: bytes)
            case .read(let bytes, let events): progress?.update(bytes: bytes, events: events)
            case .replaying(let people, let jobs):
                let label = "replaying \(SimulationReport.people(people)) on \(jobs) core\(jobs == 1 ? "" : "s")"
                progress = Progress(label: label, total: nil)
                progress?.show(label + "…")
            case .replayed(let share): progress?.update(share: share)
            case .doneReading, .doneReplaying:
                progress?.finish()
                progress = nil
            }
        }
        return try InputFile.orExit { () throws(DiagnosticError) in try request.run() }
    }

    /// Writes `html`, a report's page (`--html`), and commits it.
    static func write(_ html: String, as page: AtomicFile.Stream) throws {
        page.write(html)
        try commit(page)
    }

    /// Prints the first 20 skipped lines and warnings, then, when more lines were skipped, every
    /// skipped line counted by kind, so that a few lines of a rare kind show beside many of a common one.
    static func report(_ problems: [Diagnostic], skipped: Int, byKind: [String: Int]) {
        let shown = Array(problems.prefix(20))
        InputFile.report(shown)
        let shownSkips = shown.filter { $0.severity == .error }.count
        guard skipped > shownSkips else { return }
        Terminal.printError(
            "reviewgate: note: \(skipped - shownSkips) more unreadable line\(skipped - shownSkips == 1 ? "" : "s") skipped (\(skipped) in all), by kind:"
        )
        let kinds = byKind.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let width = String(kinds.first?.value ?? 0).count
        for (kind, count) in kinds {
            Terminal.printError("  \(String(repeating: " ", count: width - String(count).count))\(count)  \(kind)")
        }
    }

    /// Opens `path` to be written atomically as it goes; exit 2 when it cannot be.
    static func stream(_ path: String) throws -> AtomicFile.Stream {
        do {
            return try AtomicFile.Stream(path)
        } catch {
            InputFile.report(DiagnosticError(reading: error))
            throw ExitCode(2)
        }
    }

    /// Finishes writing a file (exit 2 when a write failed).
    static func commit(_ stream: AtomicFile.Stream) throws {
        do {
            try stream.commit()
        } catch {
            InputFile.report(DiagnosticError(reading: error))
            throw ExitCode(2)
        }
    }
}
