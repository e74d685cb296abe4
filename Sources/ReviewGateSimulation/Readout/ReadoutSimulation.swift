@_spi(ReviewGateTools) import ReviewGate

/// A readout's run (Semantics §15): the experiment's policy replayed on every person, under their own
/// arm, with their exposure, each comparison's trigger and their outcomes counted.
public struct ReadoutSimulation: SimulationKind, Sendable {
    /// What is read out.
    package var design: ReadoutDesign
    /// The policy as `simulate` takes it (its path and digest).
    package var policy: SimulatedPolicy
    /// `--plan`: the effect to plan for, in percentage points.
    package var planEffect: Double?

    /// A readout of `policy`'s experiment; `nil` when it runs none.
    package init?(
        policy: SimulatedPolicy, outcomes: [ReadoutOutcome], withinDays: Int = 14, assignedWithinDays: Int? = nil,
        until: Timestamp? = nil, planEffect: Double? = nil
    ) {
        guard
            let design = ReadoutDesign(
                policy: policy.policy, outcomes: outcomes, withinDays: withinDays,
                assignedWithinDays: assignedWithinDays, until: until)
        else { return nil }
        self.design = design
        self.policy = policy
        self.planEffect = planEffect
    }

    /// A readout of the experiment of `budget`'s one prompt whose policy runs one, replayed under the
    /// budget. Throws when no prompt's policy runs an experiment, or several do.
    package init(
        budget: SimulatedBudget, outcomes: [ReadoutOutcome], withinDays: Int = 14, assignedWithinDays: Int? = nil,
        until: Timestamp? = nil, planEffect: Double? = nil
    ) throws(DiagnosticError) {
        let running = budget.budget.prompts.indices.filter { budget.budget.prompts[$0].policy?.experiment != nil }
        guard running.count == 1, let index = budget.policyIndex[running[0]] else {
            let names = running.map { budget.budget.prompts[$0].name }
            throw DiagnosticError(
                running.isEmpty
                    ? "\(budget.path): no prompt's policy runs an experiment, so there is nothing to read out"
                    : "\(budget.path): the policies of \(names.joined(separator: " and ")) each run an experiment; a readout reads out one: give a budget whose other prompts run none",
                at: budget.budget.location)
        }
        guard
            var readout = ReadoutSimulation(
                policy: budget.policies[index], outcomes: outcomes, withinDays: withinDays,
                assignedWithinDays: assignedWithinDays, until: until, planEffect: planEffect)
        else { throw DiagnosticError("\(budget.path): no prompt's policy runs an experiment", at: nil) }
        readout.design.budget = budget
        readout.prompt = budget.budget.prompts[running[0]].name
        self = readout
    }

    /// With a budget, the prompt whose policy runs the experiment.
    package var prompt: String?

    /// The most outcomes a readout counts.
    package static let outcomeLimit = 64

    /// Replays the input and reads the experiment out.
    public func report(_ request: SimulationRequest<Self>) throws(DiagnosticError) -> ReadoutReport {
        guard !design.outcomes.isEmpty, design.outcomes.count <= Self.outcomeLimit else {
            throw DiagnosticError("give from 1 to \(Self.outcomeLimit) outcomes (--outcome)", at: nil)
        }
        for (name, days) in [("--outcome-within", design.withinDays), ("--assigned-within", design.assignedWithinDays)]
        where !(1...36_500).contains(days) {
            throw DiagnosticError("\(name) must be a whole number of days from 1 to 36500", at: nil)
        }
        guard design.assignedWithinDays >= design.withinDays else {
            throw DiagnosticError(
                "--assigned-within (\(design.assignedWithinDays) d) must be at least --outcome-within (\(design.withinDays) d): by assignment, an outcome is counted from the first line, before any trigger",
                at: nil)
        }
        var design = design
        if let until = request.settings.until { design.until = until }
        if request.grouped, design.until == nil {
            throw DiagnosticError(
                "a --grouped readout needs --until: observation ends at the latest line of the whole input, which a grouped run knows only at its end, after each person is counted",
                at: nil)
        }
        var policy = policy
        if let key = request.versionKey {
            policy = policy.replaying(versionKey: key)
            design.policy = policy.policy
            design.experiment = policy.policy.experiment ?? design.experiment
            design.budget = design.budget?.replaying(versionKey: key)
        }
        var simulation = Simulation(policies: [])
        simulation.readouts = [design]
        // Nothing after the end counts: a line after it is not replayed (Semantics §10).
        simulation.until = design.until
        let budget = design.budget?.budget
        let (replayed, checked) = try request.replayChecked(
            simulation, asks: nil, policies: budget?.policies ?? [policy.policy],
            wants: budget.map { $0.prompts.filter { $0.policy == nil }.map { ($0.name, $0.location) } } ?? [],
            outcomes: design.outcomes)
        var report = ReadoutReport(
            input: replayed.input, experiment: design.experiment.name,
            policy: (policy.policy.name, policy.policy.digest, policy.path), groups: design.groupNames,
            bucketShares: design.experiment.bucketShares, comparisons: design.comparisons, outcomes: design.outcomes,
            withinDays: design.withinDays, assignedWithinDays: design.assignedWithinDays, until: design.until,
            planEffect: planEffect, tally: replayed.outcome.readouts.first ?? ReadoutTally(design))
        report.budget = design.budget.map { ($0.budget.name, $0.budget.digest, $0.path, prompt ?? "") }
        report.triggerWords = ReadoutTriggerWords.words(
            design.comparisons, experiment: design.experiment, groups: design.groupNames, settings: policy.settings)
        report.input.take(checked, versionKey: request.versionKey)
        report.problems = replayed.problems
        report.skippedByKind = replayed.skippedByKind
        return report
    }
}

extension SimulationRequest where Kind == ReadoutSimulation {
    /// A readout (Semantics §15) of `policy`'s experiment over `input`; throws when the policy runs none.
    ///
    /// - Parameters:
    ///   - policy: The policy that runs the experiment.
    ///   - outcomes: What is counted after each person's trigger.
    ///   - withinDays: W: an outcome counts within this many days after the trigger.
    ///   - assignedWithinDays: A: by assignment, within this many days after the first line (W + 28
    ///     unless given).
    ///   - until: Where observation ends (default: the latest time in the input; a grouped run needs it).
    ///   - planEffect: The difference to plan for, in percentage points (`--plan`).
    ///   - input: Where the usage comes from: the timeline logged while the experiment ran.
    ///   - grouped: The timelines' lines are grouped by person.
    ///   - strict: The first unreadable line stops the run; otherwise it is skipped and counted.
    ///   - jobs: How many people to replay at once (default: every core).
    public init(
        readout policy: SimulatedPolicy, outcomes: [ReadoutOutcome], withinDays: Int = 14,
        assignedWithinDays: Int? = nil, until: Timestamp? = nil, planEffect: Double? = nil, input: Input,
        grouped: Bool = false, strict: Bool = false, jobs: Int? = nil
    ) throws(DiagnosticError) {
        guard
            let kind = ReadoutSimulation(
                policy: policy, outcomes: outcomes, withinDays: withinDays, assignedWithinDays: assignedWithinDays,
                until: until, planEffect: planEffect)
        else {
            throw DiagnosticError(
                "\(policy.path): the policy runs no experiment (no experiment: section), so there is nothing to read out",
                at: policy.policy.location)
        }
        self.init(kind, input: input, grouped: grouped, strict: strict, jobs: jobs)
        settings.until = until
    }

    /// A readout (Semantics §15) of the experiment of `budget`'s one prompt whose policy runs one,
    /// each person replayed under the budget (its grants change the state); throws when no prompt's
    /// policy, or more than one, runs an experiment. The other parameters are those of
    /// ``init(readout:outcomes:withinDays:assignedWithinDays:until:planEffect:input:grouped:strict:jobs:)``.
    public init(
        readout budget: SimulatedBudget, outcomes: [ReadoutOutcome], withinDays: Int = 14,
        assignedWithinDays: Int? = nil, until: Timestamp? = nil, planEffect: Double? = nil, input: Input,
        grouped: Bool = false, strict: Bool = false, jobs: Int? = nil
    ) throws(DiagnosticError) {
        let kind = try ReadoutSimulation(
            budget: budget, outcomes: outcomes, withinDays: withinDays, assignedWithinDays: assignedWithinDays,
            until: until, planEffect: planEffect)
        self.init(kind, input: input, grouped: grouped, strict: strict, jobs: jobs)
        settings.until = until
    }
}
