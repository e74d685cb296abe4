@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateYAML

/// A 10,000-step scenario built in memory, with the policy it tests, and a runner that reads both
/// from memory: what the benchmark times is the runner, not the disk.
struct LongScenario: Sendable {
    /// Steps in the generated scenario.
    static let steps = 10_000

    /// Apple's sample with a `within` window and a cooldown, so that every step keeps donation times
    /// and measures every kind of guard the reference policies use.
    static let policy = """
        reviewgate: 1
        name: long-run
        app: {version_key: build}
        triggers:
          process_completed:
            at_least: 4
            within: 30d
            scenes: [ProcessCompleted]
        guards:
          never_on: [launch, user_action]
          min_install_age: 3d
          cooldown: 7d
          once_per_version: true
          system_quota: {max: 3, per: 365d}
        """

    /// The scenario's text: a launch, then completions an hour apart (one in eight on another
    /// scene, one in ten a named-trigger moment), a new build every 200 steps, an answer every 500.
    static let text: String = {
        var lines = [
            "reviewgate_scenario: 1",
            "name: ten thousand steps",
            "policy: policy.yaml",
            "start: 2026-01-05T09:00:00Z",
            "state: {app: {short: \"1.0\", build: \"1\"}}",
            "steps:",
        ]
        var build = 1
        for index in 0..<steps {
            if index % 50 == 0 {
                lines.append("  - launch: {}")
            } else if index % 200 == 199 {
                build += 1
                lines.append("  - update: {build: \"\(build)\"}")
            } else if index % 500 == 251 {
                lines.append("  - respond: later")
            } else if index % 10 == 5 {
                lines += ["  - after: 1h", "    trigger: process_completed", "    scene: ProcessCompleted"]
            } else {
                let scene = index % 8 == 3 ? "Settings" : "ProcessCompleted"
                lines += ["  - after: 1h", "    event: process_completed", "    scene: \(scene)"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The scenario and policy files, read from memory; no golden file.
    static let runner = ScenarioRunner(
        documents: { path throws(DiagnosticError) in
            let text = path.hasSuffix("policy.yaml") ? policy : LongScenario.text
            return try YAMLLoader(limits: DocumentLimits(maxBytes: 64 << 20)).loadDocument(Array(text.utf8), file: path)
        },
        goldens: GoldenFiles(read: { _ in nil }, write: { _, _ in }))

    let scenario: Scenario
    /// One moment per step, for the baseline: the same instants and kinds, evaluated bare.
    let moments: [Moment]

    init() {
        do {
            scenario = try Self.runner.load(path: "long.scenario.yaml")
        } catch {
            fatalError("the generated scenario did not load: \(error)")
        }
        var now = scenario.start
        var moments: [Moment] = []
        for step in scenario.steps {
            if case .after(let span)? = step.clock { now = now + span }
            moments.append(
                step.moment(at: .utc(now))
                    ?? Moment(time: .utc(now), event: "process_completed", scene: "ProcessCompleted"))
        }
        self.moments = moments
    }

    /// Runs the steps through the library runner (evaluate, apply, describe, check expectations)
    /// and renders the transcript, as `reviewgate test` does for a scenario with a golden file.
    func run() -> (ScenarioResult, String) {
        let result = ScenarioRunner.run(scenario)
        return (result, result.transcript)
    }

    /// The work no runner can skip: each step evaluated and applied to the state, as `record`
    /// would (the steps that are not moments applied too), with no transcript and no expectations.
    func evaluateAndApply() -> ReviewState {
        let policy = scenario.policy
        var state = scenario.state
        var now = scenario.start
        for step in scenario.steps {
            if case .after(let span)? = step.clock { now = now + span }
            switch step.action {
            case .update(let version)?: state = Transition.update(state, to: version, at: now, policy: policy)
            case .respond(let kind)?: state = Transition.respond(state, kind, at: now)
            default:
                guard let moment = step.moment(at: .utc(now)) else { continue }
                do {
                    Transition.apply(
                        try Evaluator.evaluate(policy, state: state, moment: moment), to: &state, policy: policy)
                } catch {
                    fatalError("\(error)")
                }
            }
        }
        return state
    }

    /// The baseline: each step's moment evaluated against the starting state, nothing applied.
    func evaluateBare() -> Int {
        var allowed = 0
        for moment in moments {
            do {
                if try Evaluator.evaluate(scenario.policy, state: scenario.state, moment: moment).isAllowed {
                    allowed += 1
                }
            } catch {
                fatalError("\(error)")
            }
        }
        return allowed
    }
}
