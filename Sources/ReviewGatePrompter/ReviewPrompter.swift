import Foundation
// An app imports the prompter alone: `Policy`, `AppVersion`, `ResponseKind` and the events' types
// come with it.
@_exported import ReviewGate
import ReviewGateFiles

/// Turns the moments an app reports into review prompts on screen, by SPEC §11's protocol: each
/// moment decided and counted under the state's lock, an allowed one presented after the policy's
/// delay, only on the moment's scene and never in the background, and recorded as an ask only once
/// the presenter showed it.
///
/// ```swift
/// let prompter = ReviewPrompter(policy: try Policy(compiledAt: policyURL), presenter: presentReview)
/// await prompter.launched()
/// await prompter.donate("process_completed", scene: "ProcessCompleted")
/// ```
///
/// One per state file and process. Call it from any thread or actor; nothing waits on the disk on
/// the caller's thread: the state's lock, `fsync` and rename run on a queue of the prompter's own.
/// Every decision, presentation and drop goes to the event sink (``PromptEvent``).
public actor ReviewPrompter {
    /// Shows the system's review prompt and answers whether it could (StoreKit, SwiftUI's
    /// `requestReview`: see the README). Called on no particular actor: isolate it to the main
    /// actor. A ``background()`` while it runs cancels its task; one that then answers `false` is
    /// reported `not_presented`, one that answers `true` is recorded as shown.
    public typealias Presenter = @Sendable () async -> Bool
    /// Receives the prompter's events, for the app's analytics.
    public typealias EventSink = @Sendable (PromptEvent) -> Void

    /// How long an ask's lease outlives its delay: the time the presenter and the write have.
    static let leaseMargin = TimeSpan(nanoseconds: 30_000_000_000)
    /// How long in the background starts a new session on return, as analytics sessions do.
    static let sessionGap = Duration.seconds(30 * 60)

    let source: any PolicySource
    let keeper: StateKeeper
    var presenter: Presenter?
    let sink: EventSink
    let wallClock: @Sendable () -> Date
    let elapsed: @Sendable () -> Duration
    let sleep: @Sendable (Duration) async throws -> Void
    /// The scene the app last reported.
    var currentScene: String?
    /// When the app went to the background (on the monotonic clock), while it is there.
    var backgroundSince: Duration?
    /// The ask waiting for its delay or its presenter, if any, with a number of its own (so that
    /// an ask that ends clears itself only).
    var pending: (number: Int, task: Task<Void, Never>)?
    /// The number of the last pending ask.
    var asksStarted = 0

    /// A prompter for one person's state file.
    ///
    /// - Parameters:
    ///   - policy: the policy, or where each moment reads it from (`RemotePolicy`).
    ///   - stateFile: the person's state, a JSON file, made (with its folder) at the first moment;
    ///     by default ``defaultStateFile``.
    ///   - appVersion: the running app's version; by default the main bundle's.
    ///   - lockTimeout: how long a moment waits for another process's lock before it is dropped.
    ///   - clock: the monotonic clock the delay and the time in the background are measured on.
    ///   - now: the wall clock that dates decisions and asks (kept to whole milliseconds).
    ///   - userID: the id the app's analytics knows the person by, so that one person lands in one
    ///     rollout bucket on every platform; without one, a random id made once per install.
    ///   - events: receives every ``PromptEvent``.
    ///   - presenter: shows the prompt; `nil` until ``setPresenter(_:)`` gives one.
    public init<C: Clock>(
        policy: some PolicySource, stateFile: URL = defaultStateFile, appVersion: AppVersion = .main,
        lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, userID: String? = nil,
        events: @escaping EventSink = { _ in }, presenter: Presenter? = nil
    ) where C.Duration == Duration {
        let path = stateFile.path
        let folder = stateFile.deletingLastPathComponent()
        self.init(
            policy: policy,
            stores: { initial in
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                var store = FileStateStore(path: path, versionKey: nil, initialState: initial, documents: .jsonOnly)
                store.lockTimeout = lockTimeout
                return store
            }, appVersion: appVersion, userID: userID, clock: clock, now: now, events: events, presenter: presenter)
    }

    /// `review-state.json` in a `ReviewGate` folder of the app's Application Support (on Linux,
    /// `~/.local/share`): backed up, and never cleared by the system as caches are.
    public static var defaultStateFile: URL {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appending(path: "ReviewGate/review-state.json")
    }

    /// A prompter over any store (the tests' failing disk).
    package init<C: Clock>(
        policy: some PolicySource, stores: @escaping StateKeeper.Stores, appVersion: AppVersion, userID: String?,
        clock: C, now: @escaping @Sendable () -> Date, events: @escaping EventSink, presenter: Presenter?
    ) where C.Duration == Duration {
        source = policy
        keeper = StateKeeper(stores: stores, version: appVersion, userID: userID)
        self.presenter = presenter
        sink = events
        wallClock = now
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
    }

    /// Gives the presenter (a SwiftUI view's `requestReview`, which only a view can read).
    public func setPresenter(_ presenter: Presenter?) {
        self.presenter = presenter
    }

    /// The app launched: counts a launch (SPEC §5 `record --launch`), which may ask like any
    /// moment. Call it once per launch of the process (each call counts one).
    public func launched(scene: String? = nil) async {
        backgroundSince = nil
        await decide(event: Trigger.launchEvent, trigger: nil, scene: scene, source: .launch)
    }

    /// `event` happened: counted and decided as `reviewgate record --event` does. A `scene` says
    /// the app is in the foreground (see ``foreground()``).
    public func donate(_ event: String, scene: String? = nil, source: MomentSource = .system) async {
        await decide(event: event, trigger: nil, scene: scene, source: source)
    }

    /// The app considers trigger `id` without a donation: decided as `reviewgate record --trigger` does.
    public func trigger(_ id: String, scene: String? = nil, source: MomentSource = .system) async {
        await decide(event: nil, trigger: id, scene: scene, source: source)
    }

    /// The person now sees `name` (a scene is seen only in the foreground: see ``foreground()``).
    /// A pending ask that requires the same scene is shown only if this is the moment's.
    public func scene(_ name: String?) async {
        currentScene = name
        await foreground()
    }

    /// The app went to the background: a pending ask is dropped at once.
    public func background() {
        if backgroundSince == nil { backgroundSince = elapsed() }
        pending?.task.cancel()
    }

    /// The app came back: after 30 minutes or more in the background, a new session starts
    /// (`session_started_at`), without counting a launch. ``scene(_:)`` and ``launched(scene:)``
    /// say it too.
    public func foreground() async {
        guard let since = backgroundSince else { return }
        backgroundSince = nil
        guard elapsed() - since >= Self.sessionGap else { return }
        let (now, policy) = (timestamp(), source.policy)
        let result = await onDisk(at: now, policy: policy) { $0.sessionStartedAt = now }
        if case .failure(let error) = result { reportFailure(error, policy: policy, trigger: nil, at: now) }
    }

    /// The person answered the app's own pre-prompt.
    public func responded(_ kind: ResponseKind) async {
        let (now, policy) = (timestamp(), source.policy)
        let result = await onDisk(at: now, policy: policy) {
            $0 = Transition.respond($0, kind, at: now, prompt: policy.prompt)
        }
        if case .failure(let error) = result { reportFailure(error, policy: policy, trigger: nil, at: now) }
    }

    /// Waits until the pending ask, if any, is shown or dropped.
    package func settle() async {
        await pending?.task.value
    }

    /// The wall clock's time, to the whole millisecond.
    func timestamp() -> Timestamp {
        Timestamp(roundedToMilliseconds: wallClock())
    }

    /// Runs `change` on the state file (see ``StateKeeper``), enqueued now, on this actor, so that
    /// changes reach the disk in the order the prompter made them.
    func onDisk<Value: Sendable>(
        at now: Timestamp, policy: Policy, _ change: @escaping @Sendable (inout ReviewState) throws -> Value
    ) async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            keeper.enqueue(at: now, policy: policy, change) { continuation.resume(returning: $0) }
        }
    }
}
