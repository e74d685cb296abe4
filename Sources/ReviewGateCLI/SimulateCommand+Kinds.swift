import ArgumentParser

extension SimulateCommand {
    /// What a run of `simulate` is, told from its options by ``kind()``: each kind refuses there, in
    /// `validate()`, the options that do not fit it, so that `run()`, which asks again, follows the
    /// kind it is given.
    enum Kind: Equatable {
        /// Adds up the JSON reports given as arguments (`--merge`).
        case merge
        /// Replays under the budget at this path (`--budget`): a `BudgetSimulation`.
        case budget(String)
        /// Replays the policy at this path (`--policy`), beside a baseline or its variants: a
        /// `PolicySimulation`.
        case policy(String)
    }

    /// The kind of this run; throws the refusal of an option that does not fit it.
    func kind() throws -> Kind {
        if merge {
            try replay.refuseUnderMerge(
                ["--policy", "--baseline", "--budget", "--synthetic", "--asks", "--within-days", "--vary", "--since"]
                    .map { ($0, given[$0] == true) },
                "--merge reads reports", then: " (a report keeps its own)")
            guard !inputs.isEmpty else { throw ValidationError("--merge needs the reports to add up") }
            return .merge
        }
        if let budget {
            try refuse(["--policy", "--asks"], "--budget replays the budget's own policies")
            return .budget(budget)
        }
        guard let policy else {
            throw ValidationError("give the policy to simulate: --policy FILE (or a budget: --budget FILE)")
        }
        return .policy(policy)
    }

    /// Whether each option that says what is replayed was given, by its name.
    private var given: [String: Bool] {
        [
            "--policy": policy != nil, "--baseline": baseline != nil, "--budget": budget != nil,
            "--synthetic": synthetic != nil, "--asks": asks != nil, "--within-days": withinDays != nil,
            "--vary": !vary.isEmpty, "--since": since != nil,
        ]
    }

    /// Refuses the run when any of `options` was given: `reason`, then every one of them named.
    private func refuse(_ options: [String], _ reason: String, then end: String = "") throws {
        try ReplayOptions.refuse(options.map { ($0, given[$0] == true) }, reason, then: end)
    }
}
