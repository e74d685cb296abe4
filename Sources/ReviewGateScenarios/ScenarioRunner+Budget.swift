@_spi(ReviewGateTools) import ReviewGate

extension ScenarioRunner {
    /// Runs a budget's scenario (Semantics §12): each moment arbitrated, its granted prompt shown at once
    /// or, with `lease: true`, holding a lease that a later `commit` or `release` step ends.
    static func run(_ scenario: Scenario, budget: Budget) -> ScenarioResult {
        var state = scenario.state
        // The lease each prompt holds: its id, and the trigger its policy allowed by.
        var held: [String: (id: String, trigger: String?)] = [:]
        return replay(scenario) { step, repetition, time, failures in
            let now = time.instant
            let before = StateChange.Snapshot(state)
            var arbitration: Arbitration?
            var notes: [String] = []
            var merged: [String]?
            switch step.action {
            case .launch?, .event?, .trigger?, .want?:
                guard let moment = step.moment(at: time) else { break }
                do throws(Arbiter.UsageError) {
                    arbitration = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: step.wanted)
                } catch {
                    failures.append(
                        ScenarioFailure(
                            location: step.location, reason: .unusableBudgetMoment(step: step.number, error)))
                }
                guard let arbitration else { break }
                Transition.apply(arbitration, to: &state, budget: budget, appendingAsk: !step.leases)
                if step.leases, let granted = arbitration.grantedCandidate {
                    let id = "step-\(step.number)-\(repetition)"
                    let expires = now + budget.lease.value
                    if Transition.lease(granted.prompt, id: id, at: now, expires: expires, in: &state) != nil {
                        held[granted.prompt] = (id, granted.decision?.trigger)
                        notes.append("lease \(granted.prompt) until \(expires)")
                    }
                }
            case .commit(let prompt)?:
                guard let lease = held.removeValue(forKey: prompt) else {
                    notes.append("no lease of \(prompt) to commit")
                    break
                }
                let expired = state.leases.first { $0.id == lease.id }.map { !$0.isLive(at: now) } ?? true
                Transition.commit(
                    lease: lease.id, prompt: prompt, trigger: lease.trigger, shownAt: now, now: now, in: &state)
                notes.append(
                    expired ? "\(prompt) shown after its lease expired (lease_expired)" : "\(prompt) shown")
            case .release(let prompt)?:
                guard let lease = held.removeValue(forKey: prompt) else {
                    notes.append("no lease of \(prompt) to release")
                    break
                }
                Transition.release(lease: lease.id, in: &state)
                notes.append("lease of \(prompt) released")
            case .update(let version)?:
                Transition.update(
                    &state, to: version, at: now, versionKey: budget.versionKey, counting: budget.counting)
            case .respond(let kind)?:
                state = Transition.respond(state, kind, at: now, prompt: step.prompt ?? Ask.review)
            case .set(let flags, let attributes)?:
                state = Transition.set(state, flags: flags, attributes: attributes)
            case .merge(let record)?: merged = merge(record, into: &state, step: step, failures: &failures)
            case nil: break
            }
            var run = StepRun(
                step: step, repetition: repetition, now: now, decision: nil,
                recorded: merged
                    ?? StateChange.describe(
                        from: before, to: state, moment: arbitration?.moment, versionKey: budget.versionKey) + notes)
            run.arbitration = arbitration
            if let failure = run.unmetExpectation { failures.append(failure) }
            return run
        }
    }
}
