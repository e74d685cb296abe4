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
/// With a budget (SPEC §12) in place of a policy, it presents every prompt the app shows — the
/// review, a paywall, a survey — each with its own presenter, one at a time and as the budget
/// allows: see ``init(budget:presenters:stateFile:appVersion:lockTimeout:clock:now:userID:events:)``.
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

    /// A budget's presenters that do not fit it: a prompt its policy decides has none, or one is
    /// given for a prompt the budget does not have.
    public struct PresenterError: Error, Sendable, CustomStringConvertible {
        /// The message for the person.
        public var description: String
    }

    /// What each moment is decided under: one policy, or a budget over all the app's prompts.
    enum Rules: Sendable {
        case policy(any PolicySource)
        case budget(any BudgetSource)
    }

    let rules: Rules
    let keeper: StateKeeper
    /// The presenter of each prompt, by its name (a prompter of one policy: its policy's prompt).
    var presenters: [String: Presenter]
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
    var pending: (number: Int, task: Task<Bool, Never>)?
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
        self.init(
            policy: policy, stores: Self.files(stateFile, lockTimeout: lockTimeout), appVersion: appVersion,
            userID: userID, clock: clock, now: now, events: events, presenter: presenter)
    }

    /// A prompter for all of an app's prompts under one attention budget (SPEC §12), for one
    /// person's state file: each moment is arbitrated under the state's lock, and the granted
    /// prompt, holding the budget's lease, is presented with its own presenter after its policy's
    /// `presentation.delay` (an external prompt, which ``want(_:scene:)`` asks for, at once).
    ///
    /// ```swift
    /// let prompter = try ReviewPrompter(budget: try Budget(compiledAt: budgetURL),
    ///                                   presenters: ["review": presentReview, "survey": presentSurvey,
    ///                                                "paywall": presentPaywall])
    /// ```
    ///
    /// - Parameters:
    ///   - budget: the compiled budget with its policies, or where each moment reads it from.
    ///   - presenters: each prompt's presenter, by the prompt's name. Every prompt the budget
    ///     decides by a policy needs one (a SwiftUI view gives the real one later with
    ///     ``setPresenter(_:for:)``); an external prompt without one is never shown
    ///     (`not_presented`).
    ///   - stateFile: the person's state, a JSON file, made (with its folder) at the first moment;
    ///     by default ``defaultStateFile``. Every prompt's asks and answers are in it.
    ///   - appVersion: the running app's version; by default the main bundle's.
    ///   - lockTimeout: how long a moment waits for another process's lock before it is dropped.
    ///   - clock: the monotonic clock the delays and the time in the background are measured on.
    ///   - now: the wall clock that dates decisions, leases and asks (kept to whole milliseconds).
    ///   - userID: the id the app's analytics knows the person by; without one, a random id made
    ///     once per install.
    ///   - events: receives every ``PromptEvent``: one decision per candidate prompt of a moment.
    /// - Throws: ``PresenterError`` when a prompt with a policy has no presenter, or a presenter is
    ///   given for a prompt the budget does not have.
    public init<C: Clock>(
        budget: some BudgetSource, presenters: [String: Presenter], stateFile: URL = defaultStateFile,
        appVersion: AppVersion = .main, lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, userID: String? = nil, events: @escaping EventSink = { _ in }
    ) throws(PresenterError) where C.Duration == Duration {
        try self.init(
            budget: budget, stores: Self.files(stateFile, lockTimeout: lockTimeout), appVersion: appVersion,
            userID: userID, clock: clock, now: now, events: events, presenters: presenters)
    }

    /// The state file's stores, its folder made at the first moment.
    private static func files(_ stateFile: URL, lockTimeout: Duration) -> StateKeeper.Stores {
        let path = stateFile.path
        let folder = stateFile.deletingLastPathComponent()
        return { initial in
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var store = FileStateStore(path: path, versionKey: nil, initialState: initial, documents: .jsonOnly)
            store.lockTimeout = lockTimeout
            return store
        }
    }

    /// `review-state.json` in a `ReviewGate` folder of the app's Application Support (on Linux,
    /// `~/.local/share`): backed up, and never cleared by the system as caches are.
    public static var defaultStateFile: URL {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appending(path: "ReviewGate/review-state.json")
    }

    /// A prompter of one policy over any store (the tests' failing disk).
    package init<C: Clock>(
        policy: some PolicySource, stores: @escaping StateKeeper.Stores, appVersion: AppVersion, userID: String?,
        clock: C, now: @escaping @Sendable () -> Date, events: @escaping EventSink, presenter: Presenter?
    ) where C.Duration == Duration {
        self.init(
            rules: .policy(policy), stores: stores, appVersion: appVersion, userID: userID, clock: clock, now: now,
            events: events, presenters: presenter.map { [Self.onePolicyPresenter: $0] } ?? [:])
    }

    /// A prompter of a budget over any store.
    package init<C: Clock>(
        budget: some BudgetSource, stores: @escaping StateKeeper.Stores, appVersion: AppVersion, userID: String?,
        clock: C, now: @escaping @Sendable () -> Date, events: @escaping EventSink, presenters: [String: Presenter]
    ) throws(PresenterError) where C.Duration == Duration {
        try Self.check(presenters, for: budget.budget)
        self.init(
            rules: .budget(budget), stores: stores, appVersion: appVersion, userID: userID, clock: clock, now: now,
            events: events, presenters: presenters)
    }

    private init<C: Clock>(
        rules: Rules, stores: @escaping StateKeeper.Stores, appVersion: AppVersion, userID: String?, clock: C,
        now: @escaping @Sendable () -> Date, events: @escaping EventSink, presenters: [String: Presenter]
    ) where C.Duration == Duration {
        self.rules = rules
        keeper = StateKeeper(stores: stores, version: appVersion, userID: userID)
        self.presenters = presenters
        sink = events
        wallClock = now
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
    }

    /// Refuses presenters that do not fit `budget`: one for a prompt it lacks, or none for a prompt
    /// its policy decides (which a moment may grant at any time).
    private static func check(_ presenters: [String: Presenter], for budget: Budget) throws(PresenterError) {
        let names = budget.prompts.map(\.name)
        for name in presenters.keys.sorted() where budget.prompt(named: name) == nil {
            throw PresenterError(
                description:
                    "presenters[\"\(name)\"]: the budget \(budget.name) has no prompt \"\(name)\"\(Suggestion.phrase(for: name, in: names)) (its prompts: \(names.joined(separator: ", ")))"
            )
        }
        for prompt in budget.prompts where prompt.policy != nil && presenters[prompt.name] == nil {
            throw PresenterError(
                description:
                    "the budget \(budget.name)'s prompt \(prompt.name) (\(prompt.kind)) has no presenter: give presenters[\"\(prompt.name)\"] (one that answers false until a view gives its own with setPresenter(_:for:))"
            )
        }
    }

    /// Gives the presenter (a SwiftUI view's `requestReview`, which only a view can read): of the
    /// one policy's prompt, or under a budget of `review`.
    public func setPresenter(_ presenter: Presenter?) {
        setPresenter(presenter, for: ruling().defaultPrompt)
    }

    /// Gives the presenter of `prompt` (under a budget: a SwiftUI view's `requestReview` for
    /// `review`); `nil` takes it away: a prompt its policy decides is then no candidate (a moment
    /// never grants it, so it holds nothing back), and a wanted one is dropped as `not_presented`.
    /// A prompter of one policy has one presenter, whatever its prompt's name.
    public func setPresenter(_ presenter: Presenter?, for prompt: String) {
        presenters[presenterKey(prompt)] = presenter
    }

    /// The key of the one policy's presenter: one presenter, even when a remote update renames the
    /// policy's prompt.
    static let onePolicyPresenter = ""

    /// Where `prompt`'s presenter is kept: by its name under a budget, else the one policy's.
    func presenterKey(_ prompt: String) -> String {
        if case .policy = rules { return Self.onePolicyPresenter }
        return prompt
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

    /// The app would show the external prompt `prompt` (a paywall, a what's-new sheet: a prompt of
    /// the budget without a policy) now: a moment that only it is a candidate for, arbitrated under
    /// the budget (`reviewgate evaluate --budget --want`), and when granted presented with its
    /// presenter at once, unless another ask is pending or the app is in the background.
    ///
    /// Returns whether it was shown: `false` when the budget held it back, it was dropped (without
    /// a presenter: `not_presented` at once, nothing arbitrated), or there is no budget or no such
    /// external prompt (`dropped: unknown_prompt`).
    @discardableResult
    public func want(_ prompt: String, scene: String? = nil) async -> Bool {
        guard case .budget = rules else {
            let (now, ruling) = (timestamp(), ruling())
            sink(
                PromptEvent(
                    kind: .dropped, origin: ruling.origin, trigger: nil, reason: .unknownPrompt, detail: prompt, at: now
                ))
            return false
        }
        // An external prompt with no presenter cannot be shown: not granted, so it holds nothing.
        if case .budget(let budget) = ruling(), budget.prompt(named: prompt)?.policy == nil,
            budget.prompt(named: prompt) != nil, presenters[prompt] == nil
        {
            let origin = PromptEvent.Origin(budget, prompt: prompt)
            sink(PromptEvent(kind: .dropped, origin: origin, trigger: nil, reason: .notPresented, at: timestamp()))
            return false
        }
        guard let ask = await decide(event: nil, trigger: nil, scene: scene, source: .system, wanted: [prompt]) else {
            return false
        }
        return await ask.value
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
        let (now, ruling) = (timestamp(), ruling())
        let result = await onDisk(at: now, rules: ruling.stateRules) { $0.sessionStartedAt = now }
        if case .failure(let error) = result { reportFailure(error, origin: ruling.origin, trigger: nil, at: now) }
    }

    /// The person answered the app's own pre-prompt: of the one policy's prompt, or under a budget
    /// of `review`.
    public func responded(_ kind: ResponseKind) async {
        await responded(kind, prompt: ruling().defaultPrompt)
    }

    /// The person answered the app's own pre-prompt of `prompt` (`record --respond KIND --prompt
    /// NAME`): that prompt's policy reads it in its `responses`. A prompt the budget (or the one
    /// policy) does not have records nothing: `dropped: unknown_prompt`.
    public func responded(_ kind: ResponseKind, prompt: String) async {
        let (now, ruling) = (timestamp(), ruling())
        guard ruling.has(prompt) else {
            sink(
                PromptEvent(
                    kind: .dropped, origin: ruling.origin, trigger: nil, reason: .unknownPrompt, detail: prompt, at: now
                ))
            return
        }
        let result = await onDisk(at: now, rules: ruling.stateRules) {
            $0 = Transition.respond($0, kind, at: now, prompt: prompt)
        }
        if case .failure(let error) = result { reportFailure(error, origin: ruling.origin, trigger: nil, at: now) }
    }

    /// Waits until the pending ask, if any, is shown or dropped.
    package func settle() async {
        _ = await pending?.task.value
    }

    /// The policy or the budget as it is now, for one moment (an ask keeps what it was decided under).
    func ruling() -> Ruling {
        switch rules {
        case .policy(let source): .policy(source.policy)
        case .budget(let source): .budget(source.budget)
        }
    }

    /// The wall clock's time, to the whole millisecond.
    func timestamp() -> Timestamp {
        Timestamp(roundedToMilliseconds: wallClock())
    }

    /// Runs `change` on the state file (see ``StateKeeper``), enqueued now, on this actor, so that
    /// changes reach the disk in the order the prompter made them.
    func onDisk<Value: Sendable>(
        at now: Timestamp, rules: StateKeeper.Rules, _ change: @escaping @Sendable (inout ReviewState) throws -> Value
    ) async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            keeper.enqueue(at: now, rules: rules, change) { continuation.resume(returning: $0) }
        }
    }

    /// Runs `work` on the state's store (a budget's grant), as ``onDisk(at:rules:_:)`` runs a change.
    func onDisk<Value: Sendable>(
        at now: Timestamp, rules: StateKeeper.Rules, onStore work: @escaping @Sendable (any StateStore) throws -> Value
    ) async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            keeper.enqueue(at: now, rules: rules, onStore: work) { continuation.resume(returning: $0) }
        }
    }
}

/// What one moment is decided under: the one policy, or the budget, as its source has it now.
enum Ruling: Sendable {
    case policy(Policy)
    case budget(Budget)

    /// How the state's counts read the running version.
    var stateRules: StateKeeper.Rules {
        switch self {
        case .policy(let policy): StateKeeper.Rules(policy)
        case .budget(let budget): StateKeeper.Rules(budget)
        }
    }

    /// Who an event of no particular prompt names: the policy, or the budget.
    var origin: PromptEvent.Origin {
        switch self {
        case .policy(let policy): PromptEvent.Origin(policy)
        case .budget(let budget): PromptEvent.Origin(budget, prompt: nil)
        }
    }

    /// The prompt an answer or a presenter is for unless named: the policy's, or `review`.
    var defaultPrompt: String {
        switch self {
        case .policy(let policy): policy.prompt
        case .budget: Ask.review
        }
    }

    /// Whether `prompt` is one the prompter shows.
    func has(_ prompt: String) -> Bool {
        switch self {
        case .policy(let policy): policy.prompt == prompt
        case .budget(let budget): budget.prompt(named: prompt) != nil
        }
    }
}
