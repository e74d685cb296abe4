import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation

/// `reviewgate readout`: what an experiment did to outcomes, among the people it changed (Semantics §15).
struct ReadoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readout", _superCommandName: "reviewgate",
        abstract: "Read out an experiment: what each arm did to outcomes, among the people it changed.",
        discussion: """
            Reads the timeline logged while the experiment ran (simulate's columns and options) and \
            replays each person under their own arm exactly as simulate does. Each comparison (each \
            arm after the first against the first, and each arm against the holdout) counts its two \
            groups from one trigger, found by deciding every arm at each of the person's moments: \
            the first moment the two arms differ (against the holdout, the first the arm allows). \
            Until then both groups were treated alike, so the groups compared are alike.

            An outcome (--outcome, repeatable) is an event's name, response:rated, \
            response:declined, response:later or launch; a person has it when it happens within \
            --outcome-within days after the trigger. A person observed less than that (observation \
            ends at --until, or the latest line of the input) is not yet observable: counted apart, \
            never as a zero. The same outcome by assignment counts every assigned person within \
            --assigned-within days after their first line.

            Each difference is the arm's share minus the other group's, in percentage points, with \
            a 95% interval (Newcombe's hybrid score) and a p-value (pooled z test); they come from \
            different methods and may disagree near 0.05, and several outcomes are not corrected \
            for multiplicity. Sample ratio checks: assigned people against the bucket shares, and \
            exposure across the arms; a p-value below 0.001 puts a warning at the top. --plan \
            EFFECT gives the people and days it takes to detect EFFECT percentage points.

            --format json writes a readout that readout --merge adds up with others (of disjoint \
            people, each made with the same --until). --html FILE also writes it as one \
            self-contained page to share: a sentence per comparison, the differences drawn with \
            their intervals, the tables; it fetches nothing, and its figures are the JSON's.

            --budget FILE reads out an experiment whose policy ran inside a budget: the budget's \
            one prompt whose policy runs an experiment, each person replayed under the budget, \
            since its grants change the state (exposure is still decided on the policy's arms).

            Exit codes: 0 done, 2 an unusable policy, budget, option or (with --strict) line.

            Examples:
              reviewgate readout --policy policies/experiments/review-timing.yaml \\
                --outcome survey_completed --plan 5 policies/examples/readout/timeline.jsonl
              reviewgate readout --policy P --outcome response:rated --plan 2 events.jsonl
              reviewgate readout --policy P --outcome launch --until 2026-04-01T00:00:00Z \\
                --grouped --format json - < part.jsonl
              reviewgate readout --budget app.budget.yaml --outcome response:rated events.jsonl
              reviewgate readout --merge part-1.json part-2.json --html readout.html
            """
    )

    @Option(help: ArgumentHelp("The policy that runs the experiment (YAML or compiled).", valueName: "policy"))
    var policy: String?

    @Option(
        help: ArgumentHelp(
            "The budget the experiment's policy ran inside (YAML or compiled), instead of --policy: people replayed under it.",
            valueName: "budget"))
    var budget: String?

    @Option(
        help: ArgumentHelp(
            "An outcome: an event's name, response:rated, response:declined, response:later or launch (repeatable).",
            valueName: "outcome"))
    var outcome: [String] = []

    @Option(
        help: ArgumentHelp("Count an outcome within this many days after the trigger (default 14d).", valueName: "days")
    )
    var outcomeWithin: String?

    @Option(
        help: ArgumentHelp(
            "By assignment, count an outcome within this many days after the first line (default the outcome's window + 28d).",
            valueName: "days"))
    var assignedWithin: String?

    @Option(
        help: ArgumentHelp(
            "Also give the people and days it takes to detect this difference, in percentage points.",
            valueName: "effect"))
    var plan: Double?

    @Argument(help: ArgumentHelp("Timeline files (.jsonl or .csv), - for standard input; with --merge, readouts."))
    var inputs: [String] = []

    @Option(help: "text (for a terminal) or json (a readout that --merge reads).")
    var format: SimulateCommand.ReportFormat = .text

    @Option(
        help: ArgumentHelp(
            "Also write the readout as one self-contained HTML page: a sentence per comparison, error bars, no network.",
            valueName: "file"))
    var html: String?

    @OptionGroup var replay: ReplayOptions

    @Flag(help: "Add up JSON readouts (of disjoint people) given as arguments, and print the total.")
    var merge = false

    func validate() throws {
        guard !inputs.isEmpty else {
            throw ValidationError(
                merge ? "give the readouts to merge" : "give timeline files (or - for standard input)")
        }
        if merge {
            try replay.refuseUnderMerge(
                [
                    ("--policy", policy != nil), ("--budget", budget != nil), ("--outcome", !outcome.isEmpty),
                    ("--plan", plan != nil), ("--outcome-within", outcomeWithin != nil),
                    ("--assigned-within", assignedWithin != nil),
                ], "--merge adds up readouts")
            return
        }
        guard (policy == nil) != (budget == nil) else {
            throw ValidationError(
                policy == nil
                    ? "give the experiment's policy: --policy FILE (or the budget it ran inside: --budget FILE)"
                    : "give --policy or --budget, not both: with --budget, the policy is its prompt's that runs the experiment"
            )
        }
        guard !outcome.isEmpty else {
            throw ValidationError(
                "give an outcome to read out: --outcome NAME (an event, response:rated, response:declined, response:later or launch)"
            )
        }
        for text in outcome where ReadoutOutcome(text) == nil {
            throw ValidationError(
                "--outcome \(text): a response outcome is response:rated, response:declined or response:later")
        }
        _ = try windows()
        if let plan, !(plan.isFinite && abs(plan) >= 0.01 && abs(plan) < 100) {
            throw ValidationError(
                "--plan is a difference in percentage points, at least 0.01 and below 100 either way (-2 or 2)")
        }
        try replay.validateUntil()
        try replay.validateJobs()
    }

    /// W and A in whole days.
    private func windows() throws -> (within: Int, assigned: Int?) {
        let within = try outcomeWithin.map { try Self.days($0, option: "--outcome-within") } ?? 14
        return (within, try assignedWithin.map { try Self.days($0, option: "--assigned-within") })
    }

    /// `14d` (or `14`, or `2w`) as whole days, from 1 to 36500.
    private static func days(_ text: String, option: String) throws -> Int {
        // A bare number is days; checked before it is multiplied, so that no number overflows.
        let span =
            Int(text).map { (1...36_500).contains($0) ? TimeSpan(seconds: Int64($0) * 86_400) : nil }
            ?? TimeSpan(duration: text)
        guard let span, span.nanoseconds % (86_400 * 1_000_000_000) == 0,
            (1...36_500).contains(span.seconds / 86_400)
        else { throw ValidationError("\(option) must be whole days from 1 to 36500, such as 14d; found \(text)") }
        return Int(span.seconds / 86_400)
    }

    func run() throws {
        // Opened before anything is read, so that an unwritable path stops the run at once.
        let htmlStream = try html.map(ReplayOptions.stream)
        let report: ReadoutReport
        if merge {
            report = try InputFile.orExit { () throws(DiagnosticError) in try ReadoutReport.merged(reading: inputs) }
        } else {
            report = try readout()
        }
        try htmlStream.map { try ReplayOptions.write(report.html, as: $0) }
        switch format {
        case .text: Terminal.print(String(report.text.dropLast()))
        case .json: Terminal.print(JSONWriter(pretty: false).string(report.json))
        }
    }

    /// Replays the timelines and reads the experiment out.
    private func readout() throws -> ReadoutReport {
        let windows = try windows()
        let outcomes = outcome.compactMap(ReadoutOutcome.init)
        let request: SimulationRequest<ReadoutSimulation>
        if let path = budget {
            let loaded = try InputFile.loadedBudget(path)
            request = try InputFile.orExit { () throws(DiagnosticError) in
                try SimulationRequest(
                    readout: SimulatedBudget(loaded.budget, path: path), outcomes: outcomes, withinDays: windows.within,
                    assignedWithinDays: windows.assigned, planEffect: plan, input: .timelines(inputs))
            }
        } else {
            guard let path = policy else { throw ValidationError("give the experiment's policy: --policy FILE") }
            let loaded = try InputFile.loadedPolicy(path)
            request = try InputFile.orExit { () throws(DiagnosticError) in
                try SimulationRequest(
                    readout: SimulatedPolicy(loaded, path: path), outcomes: outcomes, withinDays: windows.within,
                    assignedWithinDays: windows.assigned, planEffect: plan, input: .timelines(inputs))
            }
        }
        let report = try replay.run(request)
        ReplayOptions.report(report.problems, skipped: report.input.skipped, byKind: report.skippedByKind)
        return report
    }
}
