import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

extension MomentSource: ExpressibleByArgument {}
extension Channel: ExpressibleByArgument {}

/// The policy (or budget) and state files every decision needs.
struct PolicyStateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The policy file: YAML, or compiled by reviewgate compile (.json).", valueName: "file"))
    var policy: String?

    @Option(
        help: ArgumentHelp(
            "In place of --policy: a budget file (Semantics §12), which arbitrates between its prompts' policies.",
            valueName: "file"))
    var budget: String?

    @Option(help: ArgumentHelp("The state file (JSON or YAML, Semantics §3).", valueName: "file"))
    var state: String

    @Option(
        name: .customLong("want"),
        help: ArgumentHelp(
            "With --budget: an external prompt the app wants to show now (paywall); repeat for several.",
            valueName: "name"))
    var wanted: [String] = []

    func validate() throws {
        if (policy == nil) == (budget == nil) {
            throw ValidationError("give --policy FILE or --budget FILE (one of them)")
        }
        if !wanted.isEmpty, budget == nil {
            throw ValidationError("--want names a budget's external prompt: it goes with --budget")
        }
        for name in wanted {
            if let problem = Name.problem(name) {
                throw ValidationError("--want \"\(name)\" is not a name: \(problem)")
            }
        }
    }
}

/// The moment being decided: `--event` or `--trigger`, `--scene`, `--source`, `--channel`, `--now`.
struct MomentOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The event that just happened (a donation); its triggers are the candidates.", valueName: "name"))
    var event: String?

    @Option(help: ArgumentHelp("A trigger id to consider on its own, without a donation.", valueName: "id"))
    var trigger: String?

    @Option(help: ArgumentHelp("The scene the person is on.", valueName: "name"))
    var scene: String?

    @Option(
        help: ArgumentHelp(
            "Where the moment comes from (default: launch for --event launch, else system).", valueName: "source"))
    var source: MomentSource?

    @Option(
        help: ArgumentHelp(
            "How the app was installed: testflight never shows the App Store review dialog, development shows it every time with no quota (the policy's channels say what each does).",
            valueName: "channel"))
    var channel: Channel = .production

    @Option(
        help: ArgumentHelp(
            "The instant, RFC 3339 (2026-11-22T10:00:00Z, or 2026-11-22T11:00:00+01:00: the offset dates days of use). Default: the clock, in the machine's offset.",
            valueName: "time"))
    var now: String?

    func validate() throws {
        if event != nil, trigger != nil { throw ValidationError("give --event or --trigger, not both") }
        // Refused before any file is read, so that no state file ever holds a name its loader refuses.
        for (option, value) in [("--event", event), ("--trigger", trigger), ("--scene", scene)] {
            if let value, let problem = Name.problem(value) {
                throw ValidationError("\(option) \"\(value)\" is not a name: \(problem)")
            }
        }
        if let now, Timestamp(rfc3339: now) == nil {
            throw ValidationError(
                "--now must be an RFC 3339 time such as 2026-11-22T10:00:00Z, in the years \(Timestamp.years.lowerBound)–\(Timestamp.years.upperBound); found \"\(now)\""
            )
        }
    }

    /// The moment, at `--now` or the clock.
    var moment: Moment {
        // In the offset `--now` is written in, or the machine's (Semantics §14.2).
        let time =
            now.flatMap(LocalTime.init(rfc3339:))
            ?? {
                let clock = Self.clock()
                return LocalTime(
                    clock, utcOffsetSeconds: SystemCalls.utcOffset(atNanoseconds: clock.nanosecondsSince1970))
            }()
        var moment = Moment(
            time: time,
            subject: trigger.map(Moment.Subject.trigger) ?? event.map(Moment.Subject.event) ?? .everyTrigger,
            scene: scene, source: source)
        moment.channel = channel
        return moment
    }

    /// The system clock: only the command line reads it, never the library.
    static func clock() -> Timestamp {
        Timestamp(nanosecondsSince1970: SystemCalls.wallClock())
    }
}
