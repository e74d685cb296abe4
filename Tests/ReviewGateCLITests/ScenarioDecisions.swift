import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
import ReviewGateTestSupport

/// Each step's decision of a scenario in a release's compatibility folder, one line per step run:
/// what `NAME.decisions.txt` holds. The scenario's policy or budget is read from the folder's
/// compiled file beside where its YAML would be (`../treaty.yaml` is `../treaty.json`), so that
/// what decides is what that release compiled. Only the decisions are written, not the
/// transcript, whose wording may change from release to release.
struct ScenarioDecisions {
    /// The run, with its expectations' failures.
    var result: ScenarioResult

    /// Reads a policy or budget's YAML as the compiled file beside where it would be.
    static let compiledFiles: PolicyLoader.DocumentReader = { file in
        guard file.hasSuffix(".yaml"), !file.hasSuffix(".scenario.yaml") else {
            return try Fixtures.documents.reader(file)
        }
        return try Fixtures.documents.reader(CompatibilityFolder.compiledName(file))
    }

    /// Runs the scenario file at `path` (absolute) against the compiled files beside it, every
    /// moment on `channel`, each policy's `channels` saying `decide` for it (Semantics §16.1).
    static func run(_ path: String, decidingOn channel: Channel) throws -> ScenarioDecisions {
        var scenario = try ScenarioRunner(documents: compiledFiles, goldens: .disk).load(path: path)
        func deciding(_ policy: inout Policy) {
            policy.channels.written[channel] = Located(.decide, at: nil)
            if let experiment = policy.experiment {
                for arm in experiment.arms.indices { deciding(&policy.experiment!.arms[arm].policy) }
            }
        }
        deciding(&scenario.policy)
        if var budget = scenario.budget {
            for index in budget.prompts.indices where budget.prompts[index].policy != nil {
                deciding(&budget.prompts[index].policy!)
            }
            scenario.budget = budget
        }
        for index in scenario.steps.indices { scenario.steps[index].channel = channel }
        return ScenarioDecisions(result: ScenarioRunner.run(scenario))
    }

    /// Runs the scenario file at `path` (absolute) against the compiled files beside it.
    static func run(_ path: String) throws -> ScenarioDecisions {
        let runner = ScenarioRunner(documents: compiledFiles, goldens: .disk)
        return ScenarioDecisions(result: ScenarioRunner.run(try runner.load(path: path)))
    }

    /// The decisions file's text: the scenario's name, then `step LABEL at TIME: DECISION` for each
    /// step run (`no moment` for a step that decides nothing: an update, a response).
    var text: String {
        var lines = ["# \(result.scenario.name)"]
        for run in result.runs {
            var line = "step \(run.label) at \(run.now): "
            if let decision = run.decision {
                line += Self.words(decision, policy: result.scenario.policy)
            } else if let arbitration = run.arbitration {
                line += "granted \(arbitration.granted ?? "null")"
                for candidate in arbitration.candidates {
                    line += "; \(candidate.prompt) "
                    if candidate.isGranted {
                        line += "allow, trigger \(candidate.decision?.trigger ?? "null")"
                    } else {
                        line += "block, blocked_by [\(candidate.blockedBy.joined(separator: ", "))]"
                        line += ", next_eligible_at \(candidate.nextEligibleAt.map(\.description) ?? "null")"
                    }
                }
            } else {
                line += "no moment"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A policy's decision in words: the outcome, the trigger, what blocked, when next eligible,
    /// how an allowed ask is presented, and the experiment's arm.
    static func words(_ decision: Decision, policy: Policy) -> String {
        var words =
            "\(decision.outcome.rawValue), trigger \(decision.trigger ?? "null")"
            + ", blocked_by [\(decision.blockedBy.map(\.id).joined(separator: ", "))]"
            + ", next_eligible_at \(decision.nextEligibleAt.map(\.description) ?? "null")"
        if decision.isAllowed {
            let presentation = decision.presentation(under: policy)
            words += ", delay \(presentation.delay), same scene \(presentation.requireSameScene)"
        }
        if let experiment = decision.experiment {
            words += ", experiment \(experiment.name) arm \(experiment.arm)"
            words += " bucket \(experiment.bucket.map(String.init) ?? "null")"
            if experiment.isExposure { words += ", exposure" }
        }
        return words
    }
}
