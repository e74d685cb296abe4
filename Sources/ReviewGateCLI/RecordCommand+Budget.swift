import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

extension RecordCommand {
    /// `record --budget`: a moment arbitrated under the budget, its granted prompt recorded as
    /// shown at once (the command line has no presenter); an update by the budget's version key
    /// and counting; an answer to a prompt.
    func run(budget: Budget) throws {
        let moment = recordedMoment
        guard let store = try store(versionKey: budget.versionKey, keyOwner: "budget", now: moment.now) else {
            return
        }
        do {
            try recordAction(budget: budget, moment: moment, in: store)
        } catch let error as Arbiter.UsageError {
            throw InputFile.usageError(error.description)
        }
    }

    private func recordAction(budget: Budget, moment: Moment, in store: FileStateStore) throws {
        try InputFile.orExit {
            if let merge {
                try recordMerge(merge, in: store)
            } else if let update {
                let change = try store.update(
                    to: AppVersionOption.parse(update, option: "--update"), at: moment.now,
                    versionKey: budget.versionKey, counting: budget.counting)
                print(nil, summary: change.summary, recorded: change.json, policy: nil)
            } else if let respond {
                if let prompt, budget.prompt(named: prompt) == nil {
                    throw InputFile.usageError(
                        "--prompt: the budget has no prompt \"\(prompt)\"\(Suggestion.phrase(for: prompt, in: budget.prompts.map(\.name)))"
                    )
                }
                let change = try store.respond(respond, at: moment.now, prompt: prompt ?? Ask.review)
                print(nil, summary: change.summary, recorded: change.json, policy: nil)
            } else {
                let recording = try store.update { state throws(Arbiter.UsageError) in
                    let arbitration = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: files.wanted)
                    let before = StateChange.Snapshot(state)
                    let uncounted = Transition.apply(arbitration, to: &state, budget: budget)
                    return BudgetRecording(
                        arbitration, uncounted: uncounted, from: before, to: state, versionKey: budget.versionKey)
                }
                output.print(
                    recording.arbitration, budget: budget, recorded: recording.json, summary: recording.summary)
                if recording.arbitration.granted == nil { throw ExitCode(1) }
            }
        }
    }
}
