import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGatePrompter
@_spi(ReviewGateTools) import ReviewGateScenarios

/// Plays a team's scenario file (Semantics §6), the one kept beside its policy, through a real
/// `Prompter` (Semantics §16.2): the app's compiled policy or budget, a test
/// clock, a ``RecordingPresenter`` and a state file of its own. Each moment is sent, then the clock
/// is moved on by the allowed prompt's `presentation.delay` and the prompter waited on until it is
/// idle, so an ask is recorded at the moment's time plus the delay, as in an app; `update:` makes
/// a new prompter on the same state file with the new version, as an app update does.
///
/// ```swift
/// let result = try await ScenarioPlayback(.yaml).play(path: "policies/scenarios/treaty.cooldown.scenario.yaml")
/// #expect(result.passed, "\(result.failures.map(\.message))")
/// ```
///
/// Its transcript is `reviewgate test --prompter`'s: `record`'s, but for that one difference. A
/// scenario's golden file holds `record`'s, so it is compared when no policy of the scenario has a
/// delay (then the two are the same); with a delay, every expectation is still checked.
/// `lease`, `commit` and `release` steps, and a step that wants several prompts at once, are
/// refused at their line: the prompter settles leases itself, and is asked for one prompt at a time.
public struct ScenarioPlayback: Sendable {
    /// Reads the scenario, its policy (or budget) and its golden file.
    private let runner: ScenarioRunner

    /// A playback that reads files through `documents`: `DocumentFiles.yaml` (`ReviewGateYAML`) on
    /// a Mac or Linux host, `.jsonOnly` for scenario files written in JSON.
    public init(_ documents: DocumentFiles) {
        runner = ScenarioRunner.files(documents)
    }

    /// Plays the scenario file at `path`. Throws only when the scenario, its policy or its golden
    /// file cannot be read; what failed is in the result.
    public func play(path: String, goldens mode: GoldenMode = .compare) async throws(DiagnosticError)
        -> ScenarioResult
    {
        let scenario = try runner.load(path: path)
        var result = await Self.play(scenario)
        // A scenario the prompter cannot play has no transcript to compare.
        if !Self.hasDelay(scenario), !result.runs.isEmpty { try runner.compareGolden(of: &result, mode: mode) }
        return result
    }

    /// Whether a policy of `scenario` (or an arm of one) waits before it presents: then asks are
    /// recorded later than `record` records them, and the golden file is not compared.
    package static func hasDelay(_ scenario: Scenario) -> Bool {
        let policies = scenario.budget?.policies ?? [scenario.policy]
        return policies.contains { policy in
            policy.presentation.delay.nanoseconds > 0
                || (policy.experiment?.arms.contains { $0.policy.presentation.delay.nanoseconds > 0 } ?? false)
        }
    }

    /// Plays `scenario`'s steps through a prompter, checking every expectation; no golden compared.
    package static func play(_ scenario: Scenario) async -> ScenarioResult {
        let refused = refusals(scenario)
        guard refused.isEmpty else {
            return ScenarioResult(scenario: scenario, runs: [], failures: refused)
        }
        let stage = Stage(scenario)
        defer { stage.removeFolder() }
        var runs: [StepRun] = []
        var failures: [ScenarioFailure] = []
        for planned in ScenarioRunner.schedule(scenario) {
            let (run, refused) = await stage.perform(planned.step, repetition: planned.repetition, at: planned.time)
            if let failure = run.unmetExpectation { failures.append(failure) }
            if let refused { failures.append(ScenarioFailure(location: planned.step.location, reason: refused)) }
            if run.decision == nil, run.arbitration == nil, planned.step.moment(at: planned.time) != nil {
                // The state could not be read or written: the step's expectations cannot be checked.
                failures.append(
                    ScenarioFailure(
                        location: planned.step.location,
                        reason: .unplayable("the prompter decided nothing at this moment (its state file?)")))
            }
            runs.append(run)
        }
        return ScenarioResult(scenario: scenario, runs: runs, failures: failures)
    }

    /// The steps the prompter cannot play, each a failure at its line.
    private static func refusals(_ scenario: Scenario) -> [ScenarioFailure] {
        var refused: [ScenarioFailure] = []
        for step in scenario.steps {
            let reason: String? =
                switch step.action {
                case .commit?, .release?:
                    "the prompter settles leases itself: a scenario played through it has no commit or release steps"
                case _ where step.leases:
                    "the prompter settles leases itself: a scenario played through it has no lease steps"
                case .want? where step.wanted.count > 1:
                    "the prompter is asked for one prompt at a time: want one prompt per step"
                case .launch?, .event?, .trigger?:
                    step.wanted.isEmpty
                        ? nil
                        : "the prompter's want is a moment of its own: a step that donates and wants at once cannot be played through it"
                default: nil
                }
            if let reason { refused.append(ScenarioFailure(location: step.location, reason: .unplayable(reason))) }
        }
        return refused
    }
}

/// What a playback runs on: the prompter, its test clock, its presenter, its state file and the
/// events it sent.
private final class Stage: @unchecked Sendable {
    let scenario: Scenario
    let folder: URL
    let stateFile: String
    let clock = TestClock<Duration>()
    let start: Date
    let presenter: RecordingPresenter
    private let lock = NSLock()
    private var events: [PromptEvent] = []
    private var offsetSeconds: Int
    private var version: AppVersion
    private(set) var prompter: Prompter!

    init(_ scenario: Scenario) {
        self.scenario = scenario
        folder = FileManager.default.temporaryDirectory.appending(
            path: "reviewgate-playback-\(UUID().uuidString)", directoryHint: .isDirectory)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        stateFile = folder.appending(path: "review-state.json").path
        start = Date(timeIntervalSince1970: Double(scenario.start.nanosecondsSince1970) / 1e9)
        offsetSeconds = scenario.startOffsetSeconds
        version = scenario.state.app
        presenter = RecordingPresenter(now: clock.wallClock(from: start))
        prompter = makePrompter()
    }

    func removeFolder() { try? FileManager.default.removeItem(at: folder) }

    /// A prompter of the scenario's policy or budget at the running version.
    private func makePrompter() -> Prompter {
        let (path, initial, presenter) = (stateFile, scenario.state, presenter)
        var environment = Prompter.Environment(
            appVersion: version, clock: clock, now: presenter.now,
            timeZone: { [unowned self] in TimeZone(secondsFromGMT: lock.withLock { offsetSeconds }) ?? .gmt },
            userID: scenario.state.userID,
            events: { [unowned self] event in lock.withLock { events.append(event) } })
        environment.makesUserID = false
        environment.stores = { _, recovery in
            var store = FileStateStore(path: path, initialState: initial)
            store.recovery = recovery
            return store
        }
        let made: Prompter
        if let budget = scenario.budget {
            let presenters = Dictionary(
                uniqueKeysWithValues: budget.prompts.map { ($0.name, presenter.presenter(for: $0.name)) })
            // The budget's prompts each have a presenter: this cannot throw.
            made = try! Prompter(budget: budget, presenters: presenters, environment: environment)
        } else {
            made = Prompter(
                policy: scenario.policy, presenter: presenter.presenter(for: scenario.policy.prompt),
                environment: environment)
        }
        presenter.attach(made)
        return made
    }

    /// The state on disk, or the scenario's before the first change.
    private func state() -> ReviewState {
        (try? FileStateStore(path: stateFile, initialState: scenario.state).load()) ?? scenario.state
    }

    /// Moves the test clock on to `time` (never back: a delay may have taken it past).
    private func advance(to time: Timestamp) async {
        let now = Timestamp(roundedToMilliseconds: presenter.now())
        guard time > now else { return }
        await clock.advance(by: .nanoseconds((time - now).nanoseconds))
    }

    /// One run of `step` at `time`: its action through the prompter, then the delay and the wait;
    /// and why a `merge:` step merged nothing, if it did not.
    func perform(
        _ step: ScenarioStep, repetition: Int, at time: LocalTime
    ) async -> (run: StepRun, refused: ScenarioFailure.Reason?) {
        await advance(to: time.instant)
        lock.withLock { offsetSeconds = time.utcOffsetSeconds }
        let before = StateChange.Snapshot(state())
        let mark = lock.withLock { events.count }
        var merged: [String]?
        var refused: ScenarioFailure.Reason?
        if step.moment(at: time) != nil {
            // A moment on the step's channel and scene: a step without a scene has none, as in `record`.
            await prompter.setChannel(step.channel)
            await prompter.scene(step.scene)
        }
        switch step.action {
        case .launch?:
            await prompter.launched(scene: step.scene)
        case .event(let name)?:
            await prompter.donate(name, scene: step.scene, source: step.source ?? Moment.defaultSource(event: name))
        case .trigger(let id)?:
            await prompter.trigger(id, scene: step.scene, source: step.source ?? .system)
        case .want?:
            if let prompt = step.wanted.first { await prompter.want(prompt, scene: step.scene) }
        case .update(let new)?:
            version = AppVersion(short: new.short ?? version.short, build: new.build ?? version.build)
            await prompter.waitUntilIdle()
            prompter = makePrompter()
            await prompter.settle()
        case .respond(let kind)?:
            await prompter.responded(
                kind, prompt: step.prompt ?? scenario.budget.map { _ in Ask.review } ?? scenario.policy.prompt)
        case .set(let flags, let attributes)?:
            for (name, value) in flags.sorted(by: { $0.key < $1.key }) { await prompter.set(flag: name, to: value) }
            for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
                await prompter.set(attribute: name, to: value)
            }
        case .merge(let record)?:
            do {
                merged = ["merged \(try await prompter.merge(record))"]
            } catch {
                merged = ["nothing merged"]
                refused =
                    (error as? PersonRecordError).map { .refusedMerge(step: step.number, $0) }
                    ?? .unplayable(
                        "the prompter could not merge the record: its state file could not be read or written")
            }
        case .commit?, .release?, nil: break
        }
        let sent = lock.withLock { Array(events[mark...]) }
        let decision = sent.lazy.compactMap { $0.decided?.decision }.first
        var arbitration = sent.lazy.compactMap { $0.decided?.arbitration }.first
        if arbitration == nil, let budget = scenario.budget, let moment = step.moment(at: time) {
            // A budget's moment no prompt is a candidate for sends no event: its arbitration,
            // with no candidate, is the one `record` writes (the state is as it was).
            arbitration = try? Arbiter.arbitrate(budget, state: state(), moment: moment, wanted: step.wanted)
        }
        if let delay = delay(decision: decision, arbitration: arbitration), delay.nanoseconds > 0 {
            await clock.advance(by: .nanoseconds(delay.nanoseconds))
        }
        await prompter.waitUntilIdle()
        let recorded =
            merged
            ?? StateChange.describe(
                from: before, to: state(), moment: decision?.moment ?? arbitration?.moment,
                versionKey: scenario.budget?.versionKey ?? scenario.policy.app.versionKey)
        let run = StepRun(
            step: step, repetition: repetition, now: time.instant, decision: decision, arbitration: arbitration,
            recorded: recorded)
        return (run, refused)
    }

    /// The delay of the prompt the moment allowed or granted, if any.
    private func delay(decision: Decision?, arbitration: Arbitration?) -> TimeSpan? {
        if let decision, decision.isAllowed { return decision.presentation(under: scenario.policy).delay }
        guard let granted = arbitration?.grantedCandidate, let decision = granted.decision,
            let policy = scenario.budget?.prompt(named: granted.prompt)?.policy
        else { return nil }
        return decision.presentation(under: policy).delay
    }
}
