@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// Runs scenario files (Semantics §6): each step as `record` would, on one state, checking every
/// expectation and the golden transcript. A team can run its scenarios in its own `swift test`:
///
/// ```swift
/// let result = try ScenarioRunner.files(.yaml).run(path: "policies/scenarios/treaty.cooldown.scenario.yaml")
/// #expect(result.passed, "\(result.failures.map(\.message))")
/// ```
/// ``files(_:)`` reads the scenario, its policy and its golden transcript from disk through the
/// document reader it is given (`DocumentFiles.yaml`, from `ReviewGateYAML`, for YAML).
public struct ScenarioRunner: Sendable {
    /// Reads a scenario or policy file's single document.
    @_spi(ReviewGateTools) public var documents: PolicyLoader.DocumentReader
    /// Reads and writes golden transcripts.
    public var goldens: GoldenFiles
    /// How the tested policy's digest is worked out and checked (`PolicyLoader.digest`), if at all.
    @_spi(ReviewGateTools) public var digest: PolicyLoader.Digest?

    /// Creates a runner that reads documents and golden files through the functions given.
    @_spi(ReviewGateTools) public init(
        documents: @escaping PolicyLoader.DocumentReader, goldens: GoldenFiles, digest: PolicyLoader.Digest? = nil
    ) {
        self.documents = documents
        self.goldens = goldens
        self.digest = digest
    }

    /// Reads the scenario file at `path` and the policy it tests. Throws every problem found.
    @_spi(ReviewGateTools) public func load(path: String) throws(DiagnosticError) -> Scenario {
        let root: DocumentNode
        do {
            root = try documents(path)
        } catch {
            throw DiagnosticError(reading: error)
        }
        guard CompiledScenario.isCompiled(root) else {
            return try ScenarioDecoder.decode(
                root, path: path, loader: PolicyLoader(reading: documents, digest: digest))
        }
        // A scenario the build plugin compiled (Semantics §16.2), read back at its YAML's places: its
        // policy and golden file are the resources beside it, named as the YAML names them.
        let (tree, resources) = try CompiledScenario.scenario(of: root)
        var resourcePaths: [String: String] = [:]
        for (reference, name) in resources {
            resourcePaths[PathArithmetic.resolve(reference, from: path)] = PathArithmetic.resolve(name, from: path)
        }
        let (documents, mapped) = (self.documents, resourcePaths)
        let reading: PolicyLoader.DocumentReader = { file in try documents(mapped[file] ?? file) }
        var scenario = try ScenarioDecoder.decode(
            tree, path: path, loader: PolicyLoader(reading: reading, digest: digest))
        if let golden = scenario.golden { scenario.golden?.path = resourcePaths[golden.path] ?? golden.path }
        return scenario
    }

    /// A transcript's step line as a diff's hunk names it, with the step's line in the scenario
    /// file (the transcript leaves lines out, so that a comment added changes no golden):
    /// `step 3, at 2026-04-05T17:59:59Z (line 23)`; `nil` for any other line.
    static func heading(_ line: Substring, in scenario: Scenario) -> String? {
        guard line.hasPrefix("step ") else { return nil }
        let number = Int(line.dropFirst(5).prefix { $0.isNumber }) ?? 0
        guard scenario.steps.indices.contains(number - 1) else { return String(line) }
        return "\(line) (line \(scenario.steps[number - 1].location.line))"
    }

    /// Loads and runs the scenario at `path`, then compares (or, with `.update`, writes) its golden
    /// transcript; a scenario whose expectations failed never writes one. Throws only when the
    /// scenario, its policy or its golden file cannot be read.
    public func run(path: String, goldens mode: GoldenMode = .compare) throws(DiagnosticError) -> ScenarioResult {
        var result = Self.run(try load(path: path))
        try compareGolden(of: &result, mode: mode)
        return result
    }

    /// Compares `result`'s transcript with its scenario's golden file (or, with `.update`, writes
    /// it when it is missing or differs and every expectation held), noting what became of it.
    package func compareGolden(of result: inout ScenarioResult, mode: GoldenMode) throws(DiagnosticError) {
        guard let golden = result.scenario.golden else { return }
        let stored = try goldens.read(golden.path)
        let transcript = result.transcript
        if stored == transcript {
            result.golden = .matched
        } else if mode == .update && result.failures.isEmpty {
            try goldens.write(golden.path, transcript)
            result.golden = .written
        } else if let stored {
            result.golden = .differs
            result.failures.append(
                ScenarioFailure(
                    location: golden.location,
                    reason: .goldenDiffers(
                        reference: golden.reference,
                        diff: LineDiff.unified(old: stored, new: transcript) { Self.heading($0, in: result.scenario) }))
            )
        } else {
            result.golden = .missing
            result.failures.append(
                ScenarioFailure(location: golden.location, reason: .goldenMissing(reference: golden.reference)))
        }
    }

    /// Runs a scenario's steps: a pure function of the scenario, with no golden comparison.
    /// `observe`, when given, sees each decision with the state it was made on, before it is applied.
    @_spi(ReviewGateTools) public static func run(
        _ scenario: Scenario, observe: ((Decision, ReviewState) -> Void)? = nil
    ) -> ScenarioResult {
        if let budget = scenario.budget { return run(scenario, budget: budget) }
        let policy = scenario.policy
        var state = scenario.state
        return replay(scenario) { step, repetition, time, failures in
            let now = time.instant
            let before = StateChange.Snapshot(state)
            var decision: Decision?
            var merged: [String]?
            switch step.action {
            case .launch?, .event?, .trigger?:
                guard let moment = step.moment(at: time) else { break }
                do throws(Evaluator.UsageError) {
                    decision = try Evaluator.evaluate(policy, state: state, moment: moment)
                } catch {
                    // The decoder refuses unknown trigger ids, so a scenario read from a file never gets here.
                    failures.append(
                        ScenarioFailure(location: step.location, reason: .unusableMoment(step: step.number, error)))
                }
                if let decision {
                    observe?(decision, state)
                    Transition.apply(decision, to: &state, policy: policy)
                }
            case .update(let version)?: state = Transition.update(state, to: version, at: now, policy: policy)
            case .respond(let kind)?:
                state = Transition.respond(state, kind, at: now, prompt: step.prompt ?? policy.prompt)
            // A budget's steps: the decoder refuses them in a policy's scenario.
            case .want?, .commit?, .release?: break
            case .set(let flags, let attributes)?:
                state = Transition.set(state, flags: flags, attributes: attributes)
            case .merge(let record)?: merged = merge(record, into: &state, step: step, failures: &failures)
            case nil: break
            }
            let run = StepRun(
                step: step, repetition: repetition, now: now, decision: decision,
                recorded: merged
                    ?? StateChange.describe(from: before, to: state, moment: decision?.moment, policy: policy))
            if let failure = run.unmetExpectation { failures.append(failure) }
            return run
        }
    }

    /// A `merge:` step (Semantics §16.5): the record merged into `state`, and what it added in
    /// words (`merged 1 ask, 0 answers`); a record of another person is a failure at the step.
    static func merge(
        _ record: PersonRecord, into state: inout ReviewState, step: ScenarioStep, failures: inout [ScenarioFailure]
    ) -> [String] {
        do {
            return ["merged \(try state.merge(record))"]
        } catch {
            failures.append(ScenarioFailure(location: step.location, reason: .refusedMerge(step: step.number, error)))
            return ["nothing merged"]
        }
    }

    /// Runs each step's repetitions in order on the scenario's clock, moved before each by the
    /// step's `after` or `at`: `perform` makes one run at `now`, adding what failed.
    static func replay(
        _ scenario: Scenario,
        _ perform: (
            ScenarioStep, _ repetition: Int, _ time: LocalTime,
            _ failures: inout [ScenarioFailure]
        ) -> StepRun
    ) -> ScenarioResult {
        var runs: [StepRun] = []
        var failures: [ScenarioFailure] = []
        for planned in schedule(scenario) {
            runs.append(perform(planned.step, planned.repetition, planned.time, &failures))
        }
        return ScenarioResult(scenario: scenario, runs: runs, failures: failures, golden: .none)
    }

    /// Each step's repetitions in order, each with the scenario's clock then: moved before each by
    /// the step's `after` or `at`, in the offset of the latest `start` or `at` (`after` keeps it,
    /// Semantics §14.2).
    package static func schedule(_ scenario: Scenario) -> [(step: ScenarioStep, repetition: Int, time: LocalTime)] {
        var now = scenario.start
        var offset = scenario.startOffsetSeconds
        var planned: [(step: ScenarioStep, repetition: Int, time: LocalTime)] = []
        for step in scenario.steps {
            for repetition in 1...step.repetitions {
                switch step.clock {
                case .after(let span)?: now = now + span
                case .at(let time)?:
                    now = max(now, time)
                    offset = step.atOffsetSeconds ?? offset
                case nil: break
                }
                planned.append((step, repetition, LocalTime(now, utcOffsetSeconds: offset)))
            }
        }
        return planned
    }

}
