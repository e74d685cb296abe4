@_spi(ReviewGateTools) import ReviewGate

/// What `reviewgate simulate --budget` reports (Semantics §12): the input read, and per prompt of the
/// budget what the budget granted and held back, the days it delayed an ask, and the asks lost,
/// beside what each prompt would show without the budget (its policy alone, or every time an
/// external prompt is wanted); beside it a baseline budget or the budget's variants, and under an
/// experiment each arm of a prompt's policy. Read it as ``text`` or, through the tools' SPI, as JSON.
public struct BudgetSimulationReport: Sendable {
    /// The report format this reviewgate writes (`reviewgate_simulation_budget`).
    package static let formatVersion = 1

    /// One prompt of a budget, as the report names it.
    package struct Prompt: Sendable, Hashable {
        /// The prompt's name.
        package var name: String
        /// Its priority.
        package var priority: Int
        /// Its policy's name; `nil` for an external prompt.
        package var policy: String?
        /// Whether it ignores the budget's limits and gaps.
        package var ignoresBudget: Bool
        /// Under an experiment, the names of its policy's arms, the holdout first; `nil` without one.
        package var arms: [String]?
    }

    /// What a prompt would show without the budget: its policy alone, or, for an external prompt,
    /// every moment that wanted it.
    package struct Alone: Sendable, Hashable {
        /// Asks (or wanting moments).
        package var shown = 0
        /// People asked (or wanting it).
        package var people = 0

        mutating func add(_ other: Alone) {
            shown += other.shown
            people += other.people
        }
    }

    /// One budget replayed: the budget as written, its baseline, or one of its variants.
    package struct BudgetResult: Sendable {
        /// The budget's name.
        package var name: String
        /// Its digest, when known.
        package var digest: String?
        /// Where it was read from.
        package var path: String
        /// Under `--vary`, the settings that make this variant; `nil` for the budget as written.
        package var variant: Variant?
        /// Its prompts, in its order.
        package var prompts: [Prompt]
        /// What the replay under the budget counted.
        package var tally: BudgetTally
        /// Each prompt without the budget, in the budget's order.
        package var withoutBudget: [Alone]
        /// Under an experiment, each arm's prompt without the budget (the holdout first), in the
        /// budget's order; `nil` for a prompt whose policy runs none.
        package var armsWithoutBudget: [[Alone]?]

        /// Whether another result is of the same budget and settings (for `--merge`).
        func sameRun(as other: Self) -> Bool {
            name == other.name && digest == other.digest && prompts == other.prompts && variant == other.variant
        }

        /// Adds another partition's counts of the same budget.
        mutating func add(_ other: Self) {
            tally.add(other.tally)
            for index in withoutBudget.indices where index < other.withoutBudget.count {
                withoutBudget[index].add(other.withoutBudget[index])
            }
            for index in armsWithoutBudget.indices where index < other.armsWithoutBudget.count {
                guard let arms = other.armsWithoutBudget[index] else { continue }
                for arm in arms.indices where arm < (armsWithoutBudget[index]?.count ?? 0) {
                    armsWithoutBudget[index]?[arm].add(arms[arm])
                }
            }
        }
    }

    /// What was read.
    package var input: SimulationReport.Input
    /// The budget as written.
    package var budget: BudgetResult
    /// The budget it is compared with, under `--baseline`.
    package var baseline: BudgetResult?
    /// Under `--vary`, each variant's result, in odometer order, beside ``budget`` as written.
    package var variants: [BudgetResult] = []
    /// The horizon, under `--within-days`.
    package var horizon: SimulationReport.Horizon?
    /// Where observation starts when `--since` says.
    package var since: Timestamp?
    /// The lines skipped (or warned of) while reading, each at its `file:line:column`.
    public var problems: [Diagnostic] = []
    /// How many lines were skipped, by kind of problem.
    package var skippedByKind: [String: Int] = [:]

    /// A report of `budget`, beside a baseline or variants.
    package init(
        input: SimulationReport.Input, budget: BudgetResult, baseline: BudgetResult? = nil,
        variants: [BudgetResult] = [], horizon: SimulationReport.Horizon? = nil
    ) {
        self.input = input
        self.budget = budget
        self.baseline = baseline
        self.variants = variants
        self.horizon = horizon
    }

    /// Every budget of the report: the budget as written, then its baseline or its variants.
    package var results: [BudgetResult] { [budget] + (baseline.map { [$0] } ?? []) + variants }

    /// The latest line's time over every budget replayed.
    package var latest: Timestamp? { results.compactMap(\.tally.latest).max() }

    /// Where observation starts (the same for every budget, which replayed the same lines).
    package var start: Timestamp? { results.compactMap(\.tally.start).min() }

    /// The horizon's cohort of `result` and, per prompt, those first granted it within the horizon.
    package func horizonCounts(_ result: BudgetResult) -> BudgetTally.FirstSeen? {
        guard let horizon else { return nil }
        guard let lastDay = horizon.lastFirstSeenDay(latest: latest) else {
            return BudgetTally.FirstSeen(prompts: result.prompts.count)
        }
        return result.tally.horizon(lastDay: lastDay)
    }

    /// Adds a report of other people under the same budgets (a partition of a larger run).
    /// Throws when the budgets, the horizon or the variants differ.
    package mutating func add(_ other: BudgetSimulationReport) throws(SimulationReport.MergeError) {
        guard other.horizon == horizon else {
            throw .init(
                message:
                    "the reports have different horizons (--within-days, --until or --since); merge reports of the same run"
            )
        }
        guard other.since == since else {
            throw .init(
                message:
                    "the reports were made with different --since (\(since?.description ?? "none") and \(other.since?.description ?? "none")); merge reports of the same run"
            )
        }
        try SimulationReport.checkStarts(
            (start, results.map(\.tally.peopleBeforeStart), budget.tally.people),
            (other.start, other.results.map(\.tally.peopleBeforeStart), other.budget.tally.people), since: since)
        guard other.budget.sameRun(as: budget), (other.baseline == nil) == (baseline == nil),
            other.baseline.map({ $0.sameRun(as: baseline!) }) ?? true
        else {
            throw .init(
                message:
                    "the reports simulate different budgets (\(budget.name) \(budget.digest ?? "") and \(other.budget.name) \(other.budget.digest ?? "")); merge reports of the same budget and baseline"
            )
        }
        guard other.variants.count == variants.count,
            zip(other.variants, variants).allSatisfy({ $0.sameRun(as: $1) })
        else {
            throw .init(
                message:
                    "the reports vary the budget differently (\(variants.count) and \(other.variants.count) variants, or other settings); merge reports of the same --vary"
            )
        }
        try input.add(other.input, people: (budget.tally.people, other.budget.tally.people))
        budget.add(other.budget)
        if let otherBaseline = other.baseline { baseline?.add(otherBaseline) }
        for index in variants.indices { variants[index].add(other.variants[index]) }
    }
}

extension BudgetSimulationReport.BudgetResult {
    /// The result of `simulated`'s replay: `tally` under it, `tallies` of its policies alone (and
    /// `arms`, their experiments' arms) in ``SimulatedBudget/policies`` order.
    package init(
        _ simulated: SimulatedBudget, tally: BudgetTally, tallies: [SimulationTally], arms: [[SimulationTally]?]
    ) {
        name = simulated.budget.name
        digest = simulated.budget.digest
        path = simulated.path
        variant = simulated.variant
        prompts = simulated.budget.prompts.map {
            BudgetSimulationReport.Prompt(
                name: $0.name, priority: $0.priority.value, policy: $0.policy?.name,
                ignoresBudget: $0.ignoresBudget.value,
                arms: $0.policy?.experiment.map { [Experiment.holdoutArm] + $0.arms.map(\.name) })
        }
        self.tally = tally
        withoutBudget = simulated.policyIndex.indices.map { index in
            guard let policy = simulated.policyIndex[index] else {
                return .init(shown: tally.prompts[index].wanted, people: tally.prompts[index].peopleWanting)
            }
            return .init(shown: tallies[policy].asks, people: tallies[policy].peopleAsked)
        }
        armsWithoutBudget = simulated.policyIndex.map { index in
            guard let index, index < arms.count, let rows = arms[index] else { return nil }
            return rows.map { .init(shown: $0.asks, people: $0.peopleAsked) }
        }
    }
}
