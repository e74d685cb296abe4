@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// A scenario run as deterministic text (the golden file): a header, then one block per step run
/// with its index, time, what happened, the decision, what blocked, when next eligible, and what
/// was recorded. Only the scenario and the policy decide it: no absolute paths, no clock.
enum ScenarioTranscript {
    static func render(_ scenario: Scenario, runs: [StepRun]) -> String {
        var out = ""
        out.reserveCapacity(200 + runs.count * 240)
        out += "scenario: \(scenario.name)\n"
        if let budget = scenario.budget {
            out += "budget: \(scenario.policyReference) (\(budget.name))\n"
        } else {
            out += "policy: \(scenario.policyReference) (\(scenario.policy.name))\n"
        }
        out += "start: \(scenario.start)\n"
        for run in runs {
            // Steps by their index, not their line: a comment added to the scenario changes no golden.
            out += "\nstep \(run.label), at \(run.now)\n"
            out += "  \(action(run))\n"
            if let decision = run.decision {
                out += "  decision: \(decision.outcome.rawValue)\n"
                out += "  trigger: \(decision.trigger ?? "null")\n"
                out += "  blocked_by: [\(decision.blockedBy.map(\.id).joined(separator: ", "))]\n"
                out += "  next_eligible_at: \(decision.nextEligibleAt.map(\.description) ?? "null")\n"
                if let experiment = decision.experiment {
                    let bucket = experiment.bucket.map { "bucket \($0)" } ?? "no user_id"
                    out += "  experiment: \(experiment.name), arm \(experiment.arm) (\(bucket))"
                    out += experiment.isExposure ? ", exposure\n" : "\n"
                }
            }
            if let arbitration = run.arbitration { out += budgetLines(arbitration) }
            if run.step.action != nil {
                out += "  recorded: \(run.recorded.isEmpty ? "nothing" : run.recorded.joined(separator: ", "))\n"
            }
        }
        return out
    }

    /// An arbitration's lines: the granted prompt, then each candidate's outcome and the budget's
    /// reasons for a loser.
    private static func budgetLines(_ arbitration: Arbitration) -> String {
        var out = "  granted: \(arbitration.granted ?? "null")\n"
        for candidate in arbitration.candidates {
            out += "  \(candidate.prompt): "
            if candidate.isGranted {
                out += candidate.decision.map { "allow, trigger \($0.trigger ?? "null")\n" } ?? "allow\n"
                continue
            }
            out += "block, blocked_by [\(candidate.blockedBy.joined(separator: ", "))]"
            let reasons = candidate.failedChecks.map(ArbitrationExplanation.message)
            if !reasons.isEmpty { out += " (\(reasons.joined(separator: "; ")))" }
            out += ", next_eligible_at \(candidate.nextEligibleAt.map(\.description) ?? "null")\n"
        }
        return out
    }

    /// What the step did, in the scenario's words.
    private static func action(_ run: StepRun) -> String {
        let step = run.step
        switch step.action {
        case .launch?, .event?, .trigger?, .want?:
            guard let moment = step.moment(at: .utc(run.now)) else { return "" }
            var parts: [String] = []
            if case .launch? = step.action { parts.append("launch") }
            if case .event(let event)? = step.action {
                // A donation of an old name is a moment of its new name (Semantics §14.4).
                let renamed = run.decision?.moment.event.flatMap { $0 == event ? nil : $0 }
                parts.append("event \(event)" + (renamed.map { " (renamed \($0))" } ?? ""))
            }
            if let trigger = moment.trigger { parts.append("trigger \(trigger)") }
            if !step.wanted.isEmpty { parts.append("want \(step.wanted.joined(separator: ", "))") }
            if let scene = moment.scene { parts.append("scene \(scene)") }
            parts.append("source \(moment.source.rawValue)")
            // Off production only, so that every existing transcript stays as it was (Semantics §16.1).
            if moment.channel != .production { parts.append("channel \(moment.channel.rawValue)") }
            return parts.joined(separator: ", ")
        case .update(let version)?:
            var parts: [String] = []
            if let short = version.short { parts.append("short \(YAMLScalarText.quoted(short))") }
            if let build = version.build { parts.append("build \(YAMLScalarText.quoted(build))") }
            return "update " + parts.joined(separator: ", ")
        case .respond(let kind)?:
            return "respond \(kind.rawValue)" + (step.prompt.map { " to \($0)" } ?? "")
        case .merge(let record)?:
            let (asks, answers) = (record.asks.count, record.answers.count)
            return
                "merge the person's record: \(asks) ask\(asks == 1 ? "" : "s"), \(answers) answer\(answers == 1 ? "" : "s")"
        case .commit(let prompt)?: return "commit \(prompt)"
        case .release(let prompt)?: return "release \(prompt)"
        case .set(let flags, let attributes)?:
            let settings =
                flags.sorted { $0.key < $1.key }.map { "flag \($0.key) \($0.value)" }
                + attributes.sorted { $0.key < $1.key }.map { "attribute \($0.key) \(StateChange.text($0.value))" }
            return "set " + settings.joined(separator: ", ")
        case nil:
            return "the clock moves"
        }
    }
}
