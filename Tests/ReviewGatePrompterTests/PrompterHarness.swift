import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// A prompter under test: a test clock for the delay and the time in the background, a wall clock
/// that is a start time plus the test clock's elapsed time, a fake presenter whose answers the test
/// sets, every event the prompter sends, and its state file in a fresh folder.
final class PrompterHarness: @unchecked Sendable {
    let clock = TestClock()
    let start = Date(timeIntervalSince1970: 1_767_603_600.123_456)  // 2026-01-05T09:00:00.123456Z
    let folder: URL
    let stateFile: URL
    /// The test clock's time when the wall clock read `start`.
    private let origin: TestClock<Duration>.Instant
    private let lock = NSLock()
    private var sent: [PromptEvent] = []
    private var answers: [Bool]
    private var calls: [Timestamp] = []
    private var shownBy: [String] = []
    /// When set, every write of the state fails as a full disk would.
    private var diskFull = false

    /// The apple-sample policy: ask on the 4th `process_completed`, from scene ProcessCompleted,
    /// after 2 s, only if still on that scene.
    static func applePolicy() throws -> Policy {
        try PolicyLoader.files(Fixtures.documents).load(path: Repository.path("policies/apple-sample.yaml")).policy
    }

    /// A harness whose presenter answers `answers` in turn (then `true`), its state file named
    /// `stateFileName`.
    init(answers: [Bool] = [], stateFileName: String = "review-state.json") throws {
        folder = try Repository.temporaryFolder()
        stateFile = folder.appending(path: stateFileName)
        self.answers = answers
        origin = clock.now
    }

    /// The wall clock: the start plus the test clock's elapsed time.
    var now: @Sendable () -> Date {
        let (clock, start, origin) = (clock, start, origin)
        return {
            let elapsed = origin.duration(to: clock.now).components
            return start.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        }
    }

    /// Moves the test clock on by `duration`: a moment's call returns once its ask sleeps out its
    /// delay on it.
    func advance(by duration: Duration) async {
        await clock.advance(by: duration)
    }

    /// The wall-clock time now, as the prompter keeps it.
    var timestamp: Timestamp { Timestamp(roundedToMilliseconds: now()) }

    /// A prompter on the harness's state file, clocks, presenter and sink.
    func prompter(
        policy: some PolicySource, userID: String? = "app-user-1",
        version: AppVersion = AppVersion(short: "1.0", build: "1"), presenter: Prompter.Presenter? = nil
    ) -> Prompter {
        Prompter(
            policy: policy,
            presenter: { @Sendable in
                let answer = self.present()
                return if let presenter { await presenter() } else { answer }
            }, environment: environment(version: version, userID: userID))
    }

    /// Gives `environment` the harness's state file, version and clocks, as a documentation
    /// example's test does to the environment the example makes.
    func testing(_ environment: inout Prompter.Environment) {
        environment.stateFile = stateFile
        environment.appVersion = AppVersion(short: "1.0", build: "1")
        environment.clock = clock
        environment.now = now
    }

    /// The harness's environment: its state file on a disk that fails when ``diskFull`` says, its
    /// clocks, and its sink.
    func environment(
        version: AppVersion = AppVersion(short: "1.0", build: "1"), userID: String? = "app-user-1"
    ) -> Prompter.Environment {
        let path = stateFile.path
        var environment = Prompter.Environment(
            appVersion: version, clock: clock, now: now, userID: userID,
            events: { event in self.lock.withLock { self.sent.append(event) } })
        environment.stores = { initial, recovery in
            FailingStore(
                file: Self.store(path: path, initial: initial, recovery: recovery),
                fails: { self.lock.withLock { self.diskFull } })
        }
        return environment
    }

    /// A prompter of `policy` as the app ships it.
    func prompter(
        policy: Policy, userID: String? = "app-user-1", version: AppVersion = AppVersion(short: "1.0", build: "1"),
        presenter: Prompter.Presenter? = nil
    ) -> Prompter {
        prompter(policy: ShippedPolicy(policy: policy), userID: userID, version: version, presenter: presenter)
    }

    /// The state file's store as an app's prompter makes it: recovering from a state that cannot
    /// be decoded.
    static func store(path: String, initial: ReviewState, recovery: StateRecovery) -> FileStateStore {
        var store = FileStateStore(path: path, initialState: initial)
        store.recovery = recovery
        return store
    }

    /// A prompter of `budget` on the harness's state file, clocks and sink, with a presenter for each
    /// of `prompts` that records its call as `LABEL:PROMPT` (see ``shown``) and answers as the
    /// harness's does, or as `presenters` gives.
    func prompter(
        budget: Budget, prompts: [String], label: String = "app", presenters: [String: Prompter.Presenter] = [:]
    ) throws -> Prompter {
        try prompter(budget: ShippedBudget(budget: budget), prompts: prompts, label: label, presenters: presenters)
    }

    /// A prompter of a budget source.
    func prompter(
        budget: some BudgetSource, prompts: [String], label: String = "app",
        presenters: [String: Prompter.Presenter] = [:]
    ) throws -> Prompter {
        var fakes: [String: Prompter.Presenter] = [:]
        for prompt in prompts {
            let given = presenters[prompt]
            fakes[prompt] = { @Sendable in
                let answer = self.present(as: "\(label):\(prompt)")
                return if let given { await given() } else { answer }
            }
        }
        return try Prompter(budget: budget, presenters: fakes, environment: environment())
    }

    private func present(as name: String? = nil) -> Bool {
        lock.withLock {
            calls.append(timestamp)
            if let name { shownBy.append(name) }
            return answers.isEmpty ? true : answers.removeFirst()
        }
    }

    /// Which presenters of budget prompters were called, in order: `app:paywall`.
    var shown: [String] { lock.withLock { shownBy } }

    /// Every event sent so far, as `kind` or `kind:reason`, with `decision:allow` / `decision:block`.
    var events: [String] {
        lock.withLock {
            sent.map { event in
                switch event.kind {
                case .decision:
                    (event.prompt.map { "\($0) " } ?? "") + "decision:\(event.decision?.decision.rawValue ?? "?")"
                case .dropped: "dropped:\(event.reason?.rawValue ?? "?")"
                default: "\(event.kind)" + (event.recorded == false ? ":unrecorded" : "")
                }
            }
        }
    }

    /// The events themselves.
    var sentEvents: [PromptEvent] { lock.withLock { sent } }

    /// When the presenter was called.
    var presenterCalls: [Timestamp] { lock.withLock { calls } }

    /// Makes every write fail (or work again).
    func setDiskFull(_ full: Bool) { lock.withLock { diskFull = full } }

    /// The state file as it is on disk (JSON, whatever its name).
    func state() throws -> ReviewState {
        try FileStateStore(path: stateFile.path).load()
    }
}

/// A file store whose writes fail, as on a full disk, while `fails` says so: the change is worked
/// out and thrown away.
struct FailingStore: StateStore {
    var file: FileStateStore
    var fails: @Sendable () -> Bool

    func load() throws -> ReviewState { try file.load() }

    func update<Result>(_ change: (inout ReviewState) throws -> Result) throws -> Result {
        guard fails() else { return try file.update(change) }
        var state = try file.load()
        _ = try change(&state)
        throw FileError(.diskFull, path: file.path, message: "cannot be written: No space left on device")
    }
}

/// A presenter that shows until the test lets it answer: it says when it has been called, and
/// answers what the test gives ``answer(_:)``.
actor PresenterGate {
    private var waiting: CheckedContinuation<Bool, Never>?
    private var given: Bool?

    /// The presenter: waits for the test's answer.
    func present() async -> Bool {
        if let given { return given }
        return await withCheckedContinuation { waiting = $0 }
    }

    /// Whether the presenter is showing (called and not yet answered).
    var isShowing: Bool { waiting != nil }

    /// Lets the presenter answer.
    func answer(_ shown: Bool) {
        given = shown
        waiting?.resume(returning: shown)
        waiting = nil
    }

    /// Waits (yielding) until the presenter is showing.
    func untilShowing() async {
        for _ in 0..<10_000 where waiting == nil { await Task.yield() }
    }
}
