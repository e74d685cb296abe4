import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation

/// `reviewgate simulate`: replays recorded or synthetic usage through a policy (and a baseline)
/// and reports who would be asked, how soon, and why the rest are not (Semantics §10).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate", _superCommandName: "reviewgate",
        abstract: "Replay usage through a policy: who would be asked, how soon, and why the rest are not.",
        discussion: """
            Each person's lines are replayed in time order exactly as `record` would: launches, events \
            and triggers are decided and counted, allowed moments append an ask, updates change the \
            version, responses, flags and attributes change the state. Lines of different people may be \
            interleaved. A line that cannot be read is reported at its line and skipped (--strict stops).

            Timeline columns (JSON Lines keys, or a CSV header): user, time (RFC 3339, or epoch \
            seconds, milliseconds or microseconds), type (install, launch, event, trigger, update, \
            response, flag, attribute, want), name, scene, source, short, build, value, arm (the \
            experiment arm the app logged, which readout checks). \
            Documentation/guides/exporting-from-a-warehouse.md has export queries for GA4's tables.

            --vary PATH=V1,V2 replays the same people through each variant of the policy, the \
            setting at PATH (dot-separated keys, "quoted" when a key holds a dot) set to each value \
            (a YAML flow value; null removes it); repeated, every combination (at most 256), \
            reported one row each beside the policy as written. Each variant is validated before \
            the input is read.

            With --budget, each person's lines are replayed under the budget as record --budget \
            would (want lines name the external prompt the app asked for), beside each of its \
            policies alone: per prompt, granted, held back (outranked, gap, limit), delayed by \
            another prompt and lost; an experiment's arms are rows under its prompt. It takes \
            --within-days, --baseline OTHER.budget.yaml (prompts matched by name), --merge, --html \
            (a section per budget) and --vary, whose paths are the budget's keys, a list's entry by its index from 0 \
            (gaps.1.min=1d,3d), or prompts.NAME. then a path into that prompt's policy \
            (prompts.review.guards.cooldown=7d,30d).

            Where observation starts and ends: an install line from before the export (the \
            warehouse recipes write one at each person's first open) is not where the data starts; \
            people first seen before the start (the earliest other line, or --since) are left out of \
            the days to first ask and of --within-days' cohort, and counted apart. Lines after \
            --until are not replayed: nothing after it counts.

            Memory: the whole timeline is held (about 80 bytes an event at the peak, 45 when its lines \
            are grouped by person already) and people run on every core; --grouped reads a timeline \
            whose lines are grouped by person (sorted, or Spark's CLUSTER BY) holding one person at a time \
            (and 16 bytes, for each policy, arm and variant, a person first seen before the start found so \
            far, unless --since gives the start). --format json writes a report that `simulate --merge` adds \
            up with others: run one per partition with the same --since, then merge.

            --html FILE also writes the report as one self-contained page to share: the headline \
            figures side by side (policy, baseline, experiment arms), then per column asks per week, \
            days from first seen to first ask, what blocked the trigger moments and why people were \
            never asked, drawn. It fetches nothing and runs no script, prints one page per policy, and \
            its figures are the JSON report's (kept in it). It draws a merged report too.

            Exit codes: 0 done, 2 an unusable policy, cohort, option or (with --strict) line.

            Examples:
              reviewgate simulate --policy policies/apple-sample.yaml \\
                policies/examples/simulate/timeline.jsonl
              reviewgate simulate --policy new.yaml --baseline old.yaml events.csv
              reviewgate simulate --policy P --synthetic cohort.yaml
              reviewgate simulate --policy P --grouped --format json - < part.jsonl
              reviewgate simulate --policy P --synthetic cohort.yaml \\
                --vary guards.cooldown=7d,30d --vary triggers.done.at_least=3,4,5
              reviewgate simulate --merge part-1.json part-2.json
              reviewgate simulate --policy new.yaml --baseline old.yaml events.csv --html report.html
              reviewgate simulate --merge part-1.json part-2.json --html report.html
              reviewgate simulate --budget policies/budget/calm-app.budget.yaml \\
                --synthetic policies/examples/simulate/calm-app.cohort.yaml
              reviewgate simulate --budget new.budget.yaml --baseline old.budget.yaml \\
                events.jsonl
              reviewgate simulate --budget B --synthetic cohort.yaml \\
                --vary gaps.1.min=1d,3d,7d
            """
    )

    @Option(help: ArgumentHelp("The policy to simulate (YAML or compiled).", valueName: "policy"))
    var policy: String?

    @Option(
        help: ArgumentHelp(
            "A policy to compare with, side by side (with --budget, a budget).", valueName: "file"))
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Also replay the policy (or the budget) with a setting changed, once per value (YAML flow values, null removes it); repeat to try every combination, at most 256.",
            valueName: "path=v1,v2"))
    var vary: [String] = []

    @Option(
        help: ArgumentHelp(
            "Replay under a budget (YAML or compiled) instead of one policy: per prompt, granted, held back and delayed, beside its policy alone.",
            valueName: "budget"))
    var budget: String?

    @Argument(help: ArgumentHelp("Timeline files (.jsonl or .csv), - for standard input; with --merge, reports."))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Generate the timeline from a cohort file instead of reading one.", valueName: "cohort"))
    var synthetic: String?

    @Option(help: ArgumentHelp("With --synthetic: also write the generated timeline (JSON Lines).", valueName: "file"))
    var writeTimeline: String?

    @Option(help: "text (for a terminal) or json (a report that --merge reads; with --budget, a budget report).")
    var format: ReportFormat = .text

    @Option(
        help: ArgumentHelp("Write one JSON line per ask (person, time, trigger, policy digest).", valueName: "file"))
    var asks: String?

    @Option(
        help: ArgumentHelp(
            "Also write the report as one self-contained HTML page: figures side by side, charts, no network.",
            valueName: "file"))
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Also report the people observed at least N days and how many were asked (with --budget, granted each prompt) in their first N days.",
            valueName: "N"))
    var withinDays: Int?

    @Option(
        help: ArgumentHelp(
            "Where observation starts (RFC 3339), the export's first day; default the earliest line that is not an install before the person's other lines. People first seen before it are counted apart. Give the same to each partition you --merge.",
            valueName: "time"))
    var since: String?

    @OptionGroup var replay: ReplayOptions

    @Flag(help: "Add up JSON reports (of partitions of people) given as arguments, and print the total.")
    var merge = false

    /// The report's forms.
    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        // A merge reads reports: what follows is about replaying.
        if try kind() == .merge { return }
        if synthetic != nil {
            guard inputs.isEmpty else { throw ValidationError("give timelines or --synthetic, not both") }
            guard !replay.grouped else {
                throw ValidationError("--grouped reads timeline files; a cohort is generated whole")
            }
        } else {
            guard !inputs.isEmpty else {
                throw ValidationError("give timeline files (or - for standard input), or --synthetic COHORT")
            }
            guard writeTimeline == nil else { throw ValidationError("--write-timeline goes with --synthetic") }
        }
        // A policy is replayed beside a baseline or its variants (`PolicySimulation`), never both;
        // checked after the input, as it always was, so that two mistakes are named in that order.
        if !vary.isEmpty, baseline != nil {
            throw ValidationError(
                "--vary compares each variant with the \(budget == nil ? "policy" : "budget") as written: give no --baseline (vary the baseline's settings instead)"
            )
        }
        _ = try varyOptions()
        try replay.validateJobs()
        if let withinDays, !(1...36_500).contains(withinDays) {
            throw ValidationError("--within-days must be a whole number of days from 1 to 36500")
        }
        for (name, value) in [("--until", replay.until), ("--since", since)] {
            guard let value else { continue }
            guard withinDays != nil || name == "--since" else {
                throw ValidationError("\(name) goes with --within-days")
            }
            guard Timestamp(rfc3339: value) != nil else {
                throw ValidationError("\(name) must be an RFC 3339 time, such as 2026-03-01T00:00:00Z; found \(value)")
            }
        }
        if let since = since.flatMap(Timestamp.init(rfc3339:)), let until = replay.settings.until,
            since >= until
        {
            throw ValidationError("--since must come before --until")
        }
    }

    func run() throws {
        let report: SimulationReport
        switch try kind() {
        case .budget(let path):
            let report = try simulated(budget: path)
            switch format {
            case .text: Terminal.print(String(report.text.dropLast()))
            case .json: Terminal.print(JSONWriter(pretty: false).string(report.json))
            }
            return
        case .merge:
            // Opened before anything is read, so that an unwritable path stops the run at once.
            let htmlStream = try html.map(ReplayOptions.stream)
            let merged = try InputFile.orExit { () throws(DiagnosticError) in try MergedReport(reading: inputs) }
            switch merged {
            case .policy(let merged): report = merged
            case .budget(let merged):
                try htmlStream.map { try ReplayOptions.write(merged.html, as: $0) }
                switch format {
                case .text: Terminal.print(String(merged.text.dropLast()))
                case .json: Terminal.print(JSONWriter(pretty: false).string(merged.json))
                }
                return
            }
            try htmlStream.map { try ReplayOptions.write(report.html, as: $0) }
        case .policy(let path):
            report = try simulated(policy: path)
        }
        switch format {
        case .text: Terminal.print(String(report.text.dropLast()))
        case .json: Terminal.print(JSONWriter(pretty: false).string(report.json))
        }
    }

    /// Replays the timelines (or the cohort) under a budget, beside its policies alone.
    private func simulated(budget path: String) throws -> BudgetSimulationReport {
        let loaded = try InputFile.loadedBudget(path)
        var kind = BudgetSimulation(budget: SimulatedBudget(loaded.budget, path: path))
        let variants = try variants(of: loaded, path: path)
        if !variants.isEmpty {
            kind.beside = .variants(variants)
        } else if let baseline {
            // Read once, as what its keys say.
            let other = try InputFile.orExit { () throws(DiagnosticError) in
                try PolicyOrBudget.load(path: baseline, with: InputFile.loader)
            }
            guard case .budget(let result) = other else {
                throw InputFile.usageError(
                    "--baseline with --budget takes a budget to compare with; \(baseline) is a policy (it has no reviewgate_budget)"
                )
            }
            InputFile.report(result.warnings)
            kind.beside = .baseline(SimulatedBudget(result.budget, path: baseline))
        }
        kind.horizon = horizon
        kind.since = since.flatMap { Timestamp(rfc3339: $0) }
        // Opened before anything is read, so that an unwritable path stops the run at once.
        let htmlStream = try html.map(ReplayOptions.stream)
        let input = try self.input()
        let timelineStream = try writeTimeline.map(ReplayOptions.stream)
        let report = try replay.run(SimulationRequest(kind, input: input, generatedLines: timelineStream?.write))
        if synthetic == nil {
            ReplayOptions.report(report.problems, skipped: report.input.skipped, byKind: report.skippedByKind)
        }
        try timelineStream.map(ReplayOptions.commit)
        try htmlStream.map { try ReplayOptions.write(report.html, as: $0) }
        return report
    }

    /// The timelines to read, or the cohort's document (checked before anything is opened).
    private func input() throws -> SimulationInput {
        guard let synthetic else { return .timelines(inputs) }
        return .cohort(
            try InputFile.orExit { () throws(DiagnosticError) in
                let document = try InputFile.documents.document(atPath: synthetic)
                // Checked before a file is opened, so that a cohort's mistakes come first.
                _ = try CohortDecoder.decode(document)
                return document
            })
    }

    /// Replays the timelines (or the cohort) through the policies.
    private func simulated(policy path: String) throws -> SimulationReport {
        let loaded = try InputFile.loadedPolicy(path)
        let policy = SimulatedPolicy(loaded, path: path)
        let variants = try variants(of: loaded, path: path)
        let baseline = try baseline.map { SimulatedPolicy(try InputFile.loadedPolicy($0), path: $0) }
        // Opened before anything is read, so that an unwritable path stops the run at once.
        let askStream = try asks.map(ReplayOptions.stream)
        let htmlStream = try html.map(ReplayOptions.stream)
        let input = try self.input()
        let timelineStream = try writeTimeline.map(ReplayOptions.stream)
        var kind =
            variants.isEmpty
            ? PolicySimulation(policy: policy, baseline: baseline)
            : PolicySimulation(policy: policy, variants: variants)
        kind.horizon = horizon
        kind.since = since.flatMap { Timestamp(rfc3339: $0) }
        kind.asks = askStream.map { stream in { stream.write($0 + "\n") } }
        let report = try replay.run(SimulationRequest(kind, input: input, generatedLines: timelineStream?.write))
        if synthetic == nil {
            ReplayOptions.report(report.problems, skipped: report.input.skipped, byKind: report.skippedByKind)
        }
        try timelineStream.map(ReplayOptions.commit)
        try askStream.map(ReplayOptions.commit)
        try htmlStream.map { try ReplayOptions.write(report.html, as: $0) }
        return report
    }

    /// The horizon `--within-days` asks for (it ends where `--until`, a replay option, says).
    private var horizon: SimulationReport.Horizon? { withinDays.map { SimulationReport.Horizon(days: $0) } }
}

extension TimelineFormat: ExpressibleByArgument {}

extension VersionKey: ExpressibleByArgument {}
