@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// A run of `reviewgate simulate` (Semantics §10): what it replays and reports (its `Kind`: one
/// policy, with a baseline or variants beside it, or a budget), the usage to replay, and how to
/// read it. ``run()`` is this module's one door: it reads, replays and tallies, and returns the
/// kind's report. What does not fit a kind cannot be asked of it: a budget's run has no baseline,
/// and a policy's has a baseline or variants, never both.
public struct SimulationRequest<Kind: SimulationKind> {
    /// Where the usage comes from.
    public typealias Input = SimulationInput

    /// What is replayed and reported.
    package var kind: Kind
    /// Where the usage comes from.
    package var input: Input
    /// How the input is read and replayed: the settings every kind of run shares.
    package var settings: ReplaySettings
    /// The timelines' format when their names do not say (`--input-format`).
    package var format: TimelineFormat? { settings.format }
    /// Whether each person is replayed as their lines end (`--grouped`).
    package var grouped: Bool { settings.grouped }
    /// Whether the first unreadable line stops the run.
    package var strict: Bool { settings.strict }
    /// How many people are replayed at once.
    package var jobs: Int { settings.cores }
    /// The version key every policy of the run is replayed with, or `nil` for each policy's own.
    package var versionKey: VersionKey? { settings.versionKey }
    /// Whether exact repeats are dropped.
    package var dropsDuplicates: Bool { settings.dropsDuplicates }
    /// Given the generated timeline's JSON Lines, with a cohort.
    package var generatedLines: ((String) -> Void)?
    /// Told what is read and replayed, for a progress line.
    package var progress: (SimulationProgress) -> Void = { _ in }

    /// A run of `kind` over `input`.
    package init(
        _ kind: Kind, input: Input, grouped: Bool = false, strict: Bool = false, jobs: Int? = nil,
        generatedLines: ((String) -> Void)? = nil
    ) {
        self.kind = kind
        self.input = input
        settings = ReplaySettings()
        settings.grouped = grouped
        settings.strict = strict
        settings.jobs = jobs
        self.generatedLines = generatedLines
    }

    /// `horizon` ending where the settings say observation ends (`--until`), when they say.
    func observed(_ horizon: SimulationReport.Horizon?) -> SimulationReport.Horizon? {
        guard var horizon, let until = settings.until else { return horizon }
        horizon.until = until
        return horizon
    }

    /// Reads and replays the input, and reports. Unreadable lines are skipped and kept in the
    /// report's `problems` (with `strict`, the first is thrown); an input that cannot be read, or
    /// a cohort that cannot be used, is thrown.
    public func run() throws(DiagnosticError) -> Kind.Report {
        try kind.report(self)
    }
}

/// Where the usage a ``SimulationRequest`` replays comes from.
public enum SimulationInput: Sendable {
    /// Timeline files, `.jsonl` or `.csv` by their names; `-` is standard input (JSON Lines when
    /// it starts with `{`, else CSV).
    case timelines([String])
    /// A timeline in memory, its format told by `name` (`events.jsonl`), which diagnostics cite.
    case bytes([UInt8], name: String)
    /// A cohort file's document, whose synthetic timeline is generated and replayed.
    @_spi(ReviewGateTools) case cohort(DocumentNode)
}

extension SimulationRequest where Kind == PolicySimulation {
    /// A run of `policy`, side by side with `baseline` when given, over `input`.
    ///
    /// - Parameters:
    ///   - policy: The policy to simulate.
    ///   - baseline: A policy to compare it with, replayed on the same people.
    ///   - input: Where the usage comes from.
    ///   - grouped: The timelines' lines are grouped by person (sorted, or Spark's `CLUSTER BY`):
    ///     each person is replayed as their lines end, in bounded memory.
    ///   - strict: The first unreadable line stops the run; otherwise it is skipped and counted.
    ///   - jobs: How many people to replay at once (default: every core).
    ///   - withinDays: Also count the people observed at least this many days (1 to 36500), and
    ///     how many were asked in their first days; observation ends at `until`, or at the latest
    ///     time in the input.
    ///   - until: Where observation ends for `withinDays`.
    ///   - asks: Given one JSON line per ask (person, time, trigger, policy digest), as each
    ///     person's asks are counted.
    ///   - generatedLines: With a cohort: given the generated timeline as JSON Lines, a person at a time.
    public init(
        policy: SimulatedPolicy, baseline: SimulatedPolicy? = nil, input: Input, grouped: Bool = false,
        strict: Bool = false, jobs: Int? = nil, withinDays: Int? = nil, until: Timestamp? = nil,
        asks: ((String) -> Void)? = nil, generatedLines: ((String) -> Void)? = nil
    ) {
        var kind = PolicySimulation(policy: policy, baseline: baseline)
        kind.horizon = withinDays.map { SimulationReport.Horizon(days: $0) }
        kind.asks = asks
        self.init(kind, input: input, grouped: grouped, strict: strict, jobs: jobs, generatedLines: generatedLines)
        settings.until = until
    }
}

extension SimulationRequest where Kind == BudgetSimulation {
    /// A run of `budget` (Semantics §12) over `input`, beside each of its policies alone.
    ///
    /// - Parameters:
    ///   - budget: The budget to simulate, with its policies.
    ///   - input: Where the usage comes from.
    ///   - grouped: The timelines' lines are grouped by person: each person is replayed as their
    ///     lines end, in bounded memory.
    ///   - strict: The first unreadable line stops the run; otherwise it is skipped and counted.
    ///   - jobs: How many people to replay at once (default: every core).
    public init(budget: SimulatedBudget, input: Input, grouped: Bool = false, strict: Bool = false, jobs: Int? = nil) {
        self.init(BudgetSimulation(budget: budget), input: input, grouped: grouped, strict: strict, jobs: jobs)
    }

    /// ``run()``, by its 0.4 name (deprecated since 0.5).
    @available(*, deprecated, renamed: "run()")
    public func runBudget() throws(DiagnosticError) -> BudgetSimulationReport { try run() }
}

/// What a ``SimulationRequest`` replays, and the report it makes: ``PolicySimulation`` or
/// ``BudgetSimulation``.
public protocol SimulationKind {
    /// The report a run of this kind makes.
    associatedtype Report
    /// Replays `request`'s input and reports.
    func report(_ request: SimulationRequest<Self>) throws(DiagnosticError) -> Report
}

/// A policy's run: the policy, and beside it a baseline or variants (`--vary`), on the same people.
public struct PolicySimulation: SimulationKind {
    /// The policy.
    package var policy: SimulatedPolicy
    /// The baseline it is compared with, or its variants (``PolicyVariants``), each beside the
    /// policy as written: one or the other.
    package var beside: Beside
    /// The horizon (`--within-days`, `--until`).
    package var horizon: SimulationReport.Horizon?
    /// Where observation starts (`--since`), when given.
    package var since: Timestamp?
    /// Given one JSON line per ask, when asks are kept.
    package var asks: ((String) -> Void)?

    /// What a policy is replayed beside.
    package enum Beside {
        /// A baseline, or nothing.
        case baseline(SimulatedPolicy?)
        /// Variants of the policy.
        case variants([SimulatedPolicy])
    }

    /// A run of `policy`, beside `baseline` when given.
    package init(policy: SimulatedPolicy, baseline: SimulatedPolicy? = nil) {
        self.policy = policy
        beside = .baseline(baseline)
    }

    /// A run of `policy` beside its `variants`.
    package init(policy: SimulatedPolicy, variants: [SimulatedPolicy]) {
        self.policy = policy
        beside = variants.isEmpty ? .baseline(nil) : .variants(variants)
    }

    /// Replays the input through the policy (and its baseline or variants) and reports on each.
    public func report(_ request: SimulationRequest<Self>) throws(DiagnosticError) -> SimulationReport {
        let horizon = request.observed(horizon)
        if let horizon, !(1...36_500).contains(horizon.days) {
            throw DiagnosticError("the horizon must be a whole number of days from 1 to 36500", at: nil)
        }
        var besides: [SimulatedPolicy] = []
        var variants: [SimulatedPolicy] = []
        switch beside {
        case .baseline(let baseline): besides = baseline.map { [$0] } ?? []
        case .variants(let given): variants = given
        }
        let versionKey = request.versionKey
        let all = ([policy] + besides + variants).map { policy in
            versionKey.map { policy.replaying(versionKey: $0) } ?? policy
        }
        var simulation = Simulation(policies: all, keepsAsks: asks != nil, horizonDays: horizon?.days)
        simulation.observe(horizon, since: since)
        let (replayed, checked) = try request.replayChecked(simulation, asks: asks, policies: all.map(\.policy))
        request.hand(replayed.outcome.asks, to: asks)
        let results = all.indices.map { index in
            SimulationReport.PolicyResult(
                all[index], tally: replayed.outcome.tallies[index],
                arms: index < replayed.outcome.arms.count ? replayed.outcome.arms[index] : nil)
        }
        var report = SimulationReport(
            input: replayed.input, policy: results[0], baseline: besides.isEmpty ? nil : results[1],
            horizon: horizon)
        if !variants.isEmpty { report.variants = Array(results.dropFirst()) }
        report.since = since
        report.input.take(checked, versionKey: versionKey)
        report.problems = replayed.problems
        report.skippedByKind = replayed.skippedByKind
        return report
    }
}

/// A budget's run (Semantics §12): its prompts under the budget, beside each of its policies alone, and
/// beside a baseline budget or the budget's variants (`--vary`), on the same people.
public struct BudgetSimulation: SimulationKind {
    /// The budget.
    package var budget: SimulatedBudget
    /// The baseline budget it is compared with, or its variants (``BudgetVariants``): one or the other.
    package var beside: Beside = .baseline(nil)
    /// The horizon (`--within-days`, `--until`).
    package var horizon: SimulationReport.Horizon?
    /// Where observation starts (`--since`), when given.
    package var since: Timestamp?

    /// What a budget is replayed beside.
    package enum Beside {
        /// A baseline budget, or nothing.
        case baseline(SimulatedBudget?)
        /// Variants of the budget.
        case variants([SimulatedBudget])
    }

    /// A run of `budget`.
    package init(budget: SimulatedBudget) { self.budget = budget }

    /// Replays the input under the budget (and its baseline or variants) and reports per prompt.
    public func report(_ request: SimulationRequest<Self>) throws(DiagnosticError) -> BudgetSimulationReport {
        let horizon = request.observed(horizon)
        if let horizon, !(1...36_500).contains(horizon.days) {
            throw DiagnosticError("the horizon must be a whole number of days from 1 to 36500", at: nil)
        }
        let besides: [SimulatedBudget]
        switch beside {
        case .baseline(let baseline): besides = baseline.map { [$0] } ?? []
        case .variants(let variants): besides = variants
        }
        let versionKey = request.versionKey
        let budgets = ([budget] + besides).map { budget in versionKey.map { budget.replaying(versionKey: $0) } ?? budget
        }
        var simulation = Simulation(budgets: budgets, horizonDays: horizon?.days)
        simulation.observe(horizon, since: since)
        let (replayed, checked) = try request.replayChecked(
            simulation, asks: nil, policies: budgets.flatMap(\.budget.policies),
            wants: budgets.flatMap { $0.budget.prompts.filter { $0.policy == nil }.map { ($0.name, $0.location) } })
        // Each budget's policies alone, in the order Simulation(budgets:) replays them.
        var offset = 0
        let results = budgets.indices.map { index in
            let count = budgets[index].policies.count
            defer { offset += count }
            return BudgetSimulationReport.BudgetResult(
                budgets[index], tally: replayed.outcome.budgets[index],
                tallies: Array(replayed.outcome.tallies[offset..<offset + count]),
                arms: Array(replayed.outcome.arms[offset..<offset + count]))
        }
        var report = BudgetSimulationReport(input: replayed.input, budget: results[0], horizon: horizon)
        switch beside {
        case .baseline(let baseline): report.baseline = baseline == nil ? nil : results[1]
        case .variants: report.variants = Array(results.dropFirst())
        }
        report.since = since
        report.input.take(checked, versionKey: versionKey)
        report.problems = replayed.problems
        report.skippedByKind = replayed.skippedByKind
        return report
    }
}

extension SimulationRequest {
    /// What a replay gave: the outcome, what was read, and the lines skipped.
    struct Replayed {
        var outcome: Simulation.Outcome
        var input: SimulationReport.Input
        /// The names of the lines read, by their numbers in the outcome's inventory.
        var symbols: Symbols
        var problems: [Diagnostic] = []
        var skippedByKind: [String: Int] = [:]

        /// How many skipped lines a refusal shows before counting the rest, as the report does.
        static var shownSkips: Int { 20 }

        /// Refuses a run in which no line could be read (Semantics §10 *What the input can tell*):
        /// whatever the policies read, a report of no one would be confidently wrong. The first line
        /// errors come first.
        fileprivate func checkLinesRead() throws(DiagnosticError) {
            guard input.events == 0, input.skipped > 0 else { return }
            let shown = Array(problems.prefix(Self.shownSkips))
            let errors = shown.filter { $0.severity == .error }.count
            var error = DiagnosticError(
                "no line of the input could be read: \(SimulationReport.grouped(input.skipped)) line\(input.skipped == 1 ? "" : "s") skipped\(errors == 0 ? "" : ", the first \(errors) above")\(Self.byKind(skippedByKind))",
                at: nil)
            error.diagnostics = shown + error.diagnostics
            error.errorCount += errors
            error.warningCount += shown.count - errors
            throw error
        }

        /// `refusal`, which depends on what was read (a version no line gives), after the first
        /// errors of the lines skipped, which may be why: a column that none of them could give.
        fileprivate func refusal(_ refusal: DiagnosticError) -> DiagnosticError {
            guard input.skipped > 0 else { return refusal }
            let shown = Array(problems.prefix(Self.shownSkips))
            var error = refusal
            error.diagnostics =
                shown
                + refusal.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.message +=
                        " (\(SimulationReport.grouped(input.skipped)) line\(input.skipped == 1 ? " was" : "s were") skipped, unread: the first above)"
                    return diagnostic
                }
            let errors = shown.filter { $0.severity == .error }.count
            error.errorCount += errors
            error.warningCount += shown.count - errors
            return error
        }

        /// `; by kind: 12 the time is not RFC 3339, 3 ...`: the skipped lines by kind, most first.
        private static func byKind(_ counts: [String: Int]) -> String {
            guard !counts.isEmpty else { return "" }
            let kinds = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            return "; by kind: "
                + kinds.map { "\(SimulationReport.grouped($0.value)) \($0.key)" }.joined(separator: ", ")
        }
    }

    /// Reads the input, replays it through `simulation` (``replay(_:asks:)``), and makes the input
    /// checks of Semantics §10 *What the input can tell* for `policies`, the prompts a budget
    /// `wants` without a policy and a readout's `outcomes`: a run in which no line could be read is
    /// refused, and a refusal of the checks comes after the errors of the lines skipped.
    func replayChecked(
        _ simulation: Simulation, asks: ((String) -> Void)?, policies: [Policy],
        wants: [(prompt: String, at: SourceLocation?)] = [], outcomes: [ReadoutOutcome] = []
    ) throws(DiagnosticError) -> (replayed: Replayed, checked: InputCheck.Checked) {
        let replayed = try replay(simulation, asks: asks)
        try replayed.checkLinesRead()
        do {
            let checked = try InputCheck.Checked(
                replayed.outcome.inventory, symbols: replayed.symbols, policies: policies, wants: wants,
                outcomes: outcomes, versionKey: versionKey)
            return (replayed, checked)
        } catch {
            throw replayed.refusal(error)
        }
    }

    /// Reads the input and replays it through `simulation`, giving each person's asks to `asks`
    /// as they are counted when the run is grouped.
    func replay(_ simulation: Simulation, asks: ((String) -> Void)?) throws(DiagnosticError) -> Replayed {
        var simulation = simulation
        // The request's settings, observation ending where its kind says (a horizon's, a readout's).
        let until = simulation.until
        simulation.settings = settings
        simulation.until = until
        var replayed = try replay(simulation, from: input, asks: asks)
        replayed.input.duplicates = replayed.outcome.duplicates
        replayed.input.firstDuplicate = replayed.outcome.firstDuplicate
        replayed.input.duplicatesDropped = dropsDuplicates
        replayed.input.linesAfterEnd = replayed.outcome.linesAfterEnd
        if simulation.budgets.isEmpty, !simulation.readouts.contains(where: { $0.budget != nil }) {
            // A run without a budget skips want lines: they are not among the events it replays.
            replayed.input.wantsSkipped = replayed.outcome.inventory.wants
            replayed.input.events -= replayed.outcome.inventory.wants
        }
        return replayed
    }

    /// Reads `input` and replays it through `simulation`.
    private func replay(
        _ simulation: Simulation, from input: Input, asks: ((String) -> Void)?
    ) throws(DiagnosticError) -> Replayed {
        switch input {
        case .cohort(let document):
            var replayed = try replay(CohortDecoder.decode(document), through: simulation)
            replayed.input.sources = ["cohort \(document.location.file)"]
            return replayed
        case .timelines(let paths):
            var replayed = try replay(paths.map(TimelineInput.path), through: simulation, asks: asks)
            replayed.input.sources = paths
            return replayed
        case .bytes(let bytes, let name):
            var replayed = try replay([.bytes(bytes, name: name)], through: simulation, asks: asks)
            replayed.input.sources = [name]
            return replayed
        }
    }

    /// Generates the cohort's timeline and replays it.
    private func replay(_ cohort: Cohort, through simulation: Simulation) -> Replayed {
        let timeline = CohortGenerator.timeline(cohort)
        // A person's lines at a time: the text of millions of people is never built whole.
        if let generatedLines { timeline.writeJSONLines(generatedLines) }
        let outcome = replaying(people: timeline.people.count) { simulation.run(timeline, jobs: jobs, replayed: $0) }
        return Replayed(
            outcome: outcome,
            input: SimulationReport.Input(sources: [], lines: timeline.eventCount, events: timeline.eventCount),
            symbols: timeline.symbols)
    }

    /// Reads the timelines and replays them, whole or grouped.
    private func replay(
        _ sources: [TimelineInput], through simulation: Simulation, asks: ((String) -> Void)?
    ) throws(DiagnosticError) -> Replayed {
        var reading = InputReader(format: format, strict: strict)
        reading.progress = progress
        let outcome: Simulation.Outcome
        let symbols: Symbols
        if grouped {
            var replay = GroupedReplay(simulation)
            // Asks are given as each person's are counted: a grouped run holds one person.
            for source in sources {
                try reading.readGrouped(source) { events, reader in
                    replay.take(events, from: &reader)
                    hand(replay.takeAsks(), to: asks)
                }
            }
            replay.finish(symbols: reading.symbols)
            outcome = replay.outcome
            symbols = reading.symbols
        } else {
            for source in sources { try reading.readWhole(source, jobs: jobs) }
            // The pieces handed over whole, so that an input grouped by person stays where it was read.
            let pieces = reading.pieces
            reading.pieces = []
            let timeline = Timeline(
                pieces: consume pieces, symbols: reading.symbols, people: reading.people, jobs: jobs)
            symbols = timeline.symbols
            outcome = replaying(people: timeline.people.count) { simulation.run(timeline, jobs: jobs, replayed: $0) }
        }
        return Replayed(
            outcome: outcome,
            input: SimulationReport.Input(
                sources: [], lines: reading.lines, events: reading.eventCount, skipped: reading.skipped),
            symbols: symbols, problems: reading.problems, skippedByKind: reading.skippedByKind)
    }

    /// Gives `records` to `asks`, a JSON line each.
    func hand(_ records: [AskRecord], to asks: ((String) -> Void)?) {
        guard let asks else { return }
        for record in records { asks(record.jsonLine) }
    }

    /// Runs `replay`, telling ``progress``: after the read reaches 100%, the replay of millions of
    /// people still takes a while.
    private func replaying<T>(people: Int, _ replay: (_ replayed: @escaping (Double) -> Void) -> T) -> T {
        progress(.replaying(people: people, jobs: jobs))
        defer { progress(.doneReplaying) }
        let progress = progress
        return replay { progress(.replayed(share: $0)) }
    }
}

/// What a run is doing, for a progress line.
package enum SimulationProgress {
    /// Reading begins: what is read (`reading events.jsonl`), and its size in bytes when known.
    case reading(String, bytes: Int?)
    /// So many bytes and events read so far.
    case read(bytes: Int, events: Int)
    /// Reading ended (or failed).
    case doneReading
    /// Replay begins.
    case replaying(people: Int, jobs: Int)
    /// So much of the replay done, from 0 to 1, told now and then from whichever thread replays,
    /// one telling at a time.
    case replayed(share: Double)
    /// Replay ended.
    case doneReplaying
}
