import Clocks
import Foundation
import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter

/// What makes the obvious test of a prompter short (Semantics §16.2): the prompter on a state file
/// in a folder of its own, a test clock that its wall clock follows, a ``RecordingPresenter``, and
/// every event it sent.
///
/// ```swift
/// let test = try PrompterTest(policy: try Policy(compiledAt: policyURL))
/// for _ in 1...4 { await test.prompter.donate("process_completed", scene: "ProcessCompleted") }
/// await test.advance(by: .seconds(2))  // the policy's presentation.delay
/// #expect(test.presenter.prompts == ["review"])
/// ```
public final class PrompterTest: @unchecked Sendable {
    /// The prompter under test.
    public let prompter: Prompter
    /// The clock its delays and sessions are measured on; its wall clock is ``start`` plus the time
    /// this clock has moved.
    public let clock = TestClock<Duration>()
    /// The wall clock's time before the clock moved.
    public let start: Date
    /// The presenter of every prompt: it records what it shows.
    public let presenter: RecordingPresenter
    /// The person's state file, in a folder of its own.
    public let stateFile: URL

    /// A prompter of `policy` at `start` (by default 2026-01-05T09:00:00Z), the app at `appVersion`,
    /// the person `userID`, on `channel`.
    public convenience init(
        policy: Policy, start: Date = PrompterTest.defaultStart,
        appVersion: AppVersion = AppVersion(short: "1.0", build: "1"),
        userID: String? = "test-user", channel: Channel = .production
    ) throws {
        try self.init(start: start, appVersion: appVersion, userID: userID, channel: channel) {
            environment, presenter in
            Prompter(policy: policy, presenter: presenter.presenter(for: policy.prompt), environment: environment)
        }
    }

    /// A prompter of `budget`, every prompt presented by the recording presenter.
    public convenience init(
        budget: Budget, start: Date = PrompterTest.defaultStart,
        appVersion: AppVersion = AppVersion(short: "1.0", build: "1"),
        userID: String? = "test-user", channel: Channel = .production
    ) throws {
        try self.init(start: start, appVersion: appVersion, userID: userID, channel: channel) {
            environment, presenter in
            let presenters = Dictionary(
                uniqueKeysWithValues: budget.prompts.map { ($0.name, presenter.presenter(for: $0.name)) })
            return try Prompter(budget: budget, presenters: presenters, environment: environment)
        }
    }

    private init(
        start: Date, appVersion: AppVersion, userID: String?, channel: Channel,
        make: (Prompter.Environment, RecordingPresenter) throws -> Prompter
    ) throws {
        self.start = start
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "reviewgate-test-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        stateFile = folder.appending(path: "review-state.json")
        let now = clock.wallClock(from: start)
        presenter = RecordingPresenter(now: now)
        var environment = Prompter.Environment(
            stateFile: stateFile, appVersion: appVersion, clock: clock, now: now, timeZone: { .gmt }, userID: userID,
            channel: channel)
        let box = EventBox()
        environment.events = { box.append($0) }
        events = box
        do {
            prompter = try make(environment, presenter)
        } catch {
            // No deinit runs for an initializer that throws: the folder goes here.
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        presenter.attach(prompter)
    }

    /// 2026-01-05T09:00:00Z.
    public static let defaultStart = Date(timeIntervalSince1970: 1_767_603_600)

    private let events: EventBox

    /// Every event the prompter sent, in order.
    public var sentEvents: [PromptEvent] { events.all }

    /// Moves the clock on by `duration` (a policy's delay, a day) and waits until the prompter is idle.
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration)
        await prompter.waitUntilIdle()
    }

    /// The person's state as the file holds it now.
    public func state() throws -> ReviewState {
        try FileStateStore(path: stateFile.path).load()
    }

    deinit { try? FileManager.default.removeItem(at: stateFile.deletingLastPathComponent()) }
}

/// The events a prompter sent, appended from its actor and read by the test.
private final class EventBox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [PromptEvent] = []
    var all: [PromptEvent] { lock.withLock { events } }
    func append(_ event: PromptEvent) { lock.withLock { events.append(event) } }
}
