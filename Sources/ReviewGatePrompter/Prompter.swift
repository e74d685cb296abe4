import Foundation
// An app imports the prompter alone: `Policy`, `AppVersion`, `ResponseKind` and the events' types
// come with it.
@_exported import ReviewGate
import ReviewGateFiles

/// Turns the moments an app reports into prompts on screen, by Semantics §11's protocol: each moment
/// decided and counted under the state's lock, an allowed one presented after the policy's delay,
/// only on the moment's scene and never in the background, and recorded as an ask only once the
/// presenter showed it.
///
/// ```swift
/// let prompter = Prompter(policy: try Policy(compiledAt: policyURL), presenter: presentReview)
/// await prompter.launched()
/// await prompter.donate("process_completed", scene: "ProcessCompleted")
/// ```
///
/// With a budget (Semantics §12) in place of a policy, it presents every prompt the app shows — the
/// review, a paywall, a survey — each with its own presenter, one at a time and as the budget
/// allows: see `init(budget:presenters:environment:)`.
///
/// One per state file and process. Call it from any thread or actor; nothing waits on the disk on
/// the caller's thread: the state's lock, `fsync` and rename run on a queue of the prompter's own.
/// Every decision, presentation and drop goes to the event sink (``PromptEvent``). A test waits
/// for it with ``waitUntilIdle()``.
public actor Prompter {
    /// Shows a prompt (StoreKit's or SwiftUI's `requestReview`, the app's paywall) and answers
    /// whether it could. It runs on the main actor, as a view's presentation must. A
    /// ``background()`` while it runs cancels its task; one that then answers `false` is reported
    /// `not_presented`, one that answers `true` is recorded as shown.
    public typealias Presenter = @MainActor @Sendable () async -> Bool
    /// Receives the prompter's events, for the app's analytics. It is called on the prompter's
    /// actor, never on the main actor, one event at a time and in order: hand the event to an
    /// analytics SDK (which is thread-safe) or hop to the main actor yourself.
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

    /// The ask waiting for its deadline or its presenter: a number of its own (so that an ask
    /// that ends clears itself only), its task, its deadline, and whether its presenter was called.
    struct Pending {
        var number: Int
        var task: Task<Bool, Never>
        var deadline: AskDeadline
        var presenting = false
        var cancelled = false
    }

    let rules: Rules
    let keeper: StateKeeper
    /// The presenter of each prompt, by its name (a prompter of one policy: its policy's prompt).
    var presenters: [String: Presenter]
    let sink: EventSink
    let wallClock: @Sendable () -> Date
    /// The device's time zone, whose offset at a moment dates its day of use (Semantics §14.2).
    let timeZone: @Sendable () -> TimeZone
    /// The time elapsed on the prompter's clock since it was made.
    let elapsed: @Sendable () -> Duration
    /// Sleeps on the prompter's clock until the elapsed time given.
    let sleepUntil: @Sendable (Duration) async throws -> Void
    /// The scene the app last reported.
    var currentScene: String?
    /// How the app was installed, which every moment is decided on (Semantics §16.1).
    var channel: Channel
    /// When the app went to the background (on the monotonic clock), while it is there.
    var backgroundSince: Duration?
    /// The ask waiting for its deadline or its presenter, if any.
    var pending: Pending?
    /// The number of the last pending ask.
    var asksStarted = 0

    /// `review-state.json` in a `ReviewGate` folder of the app's Application Support (on Linux,
    /// `~/.local/share`): backed up, and never cleared by the system as caches are.
    public static var defaultStateFile: URL {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appending(path: "ReviewGate/review-state.json")
    }

    /// A prompter of `rules` in `environment`, with `presenters` by prompt.
    init(rules: Rules, environment: Environment, presenters: [String: Presenter]) {
        self.rules = rules
        keeper = StateKeeper(
            stores: environment.storesOrFile, version: environment.appVersion, userID: environment.userID,
            makesUserID: environment.makesUserID)
        self.presenters = presenters
        sink = environment.events
        wallClock = environment.now
        timeZone = environment.timeZone
        channel = environment.channel
        (elapsed, sleepUntil) = Self.measures(environment.clock)
    }

    /// Sets the build channel the next moments are decided on (Semantics §16.1), for an app that
    /// learns it after the prompter is made (`AppTransaction`'s environment, once it is cached).
    /// An ask already waiting for its delay was decided on the channel before.
    public func setChannel(_ channel: Channel) {
        self.channel = channel
    }

    /// A moment of `subject` now, in `scene`, from `source`, on the prompter's channel.
    func moment(_ subject: Moment.Subject, scene: String?, source: MomentSource) -> Moment {
        var moment = Moment(time: localTime(), subject: subject, scene: scene, source: source)
        moment.channel = channel
        return moment
    }

    /// The time elapsed on `clock` from now, and a sleep on it until an elapsed time.
    private static func measures<C: Clock>(
        _ clock: C
    ) -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void) where C.Duration == Duration {
        let start = clock.now
        return (
            { start.duration(to: clock.now) }, { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
        )
    }

    /// Refuses presenters that do not fit `budget`: one for a prompt it lacks, or none for a prompt
    /// its policy decides (which a moment may grant at any time).
    static func check(_ presenters: [String: Presenter], for budget: Budget) throws(PresenterError) {
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

    /// Gives the presenter of the one policy's prompt (a SwiftUI view's `requestReview`, which
    /// only a view can read); `nil` takes it away. A prompter of a budget names each prompt's
    /// presenter (``setPresenter(_:for:)``): there, this replaces nothing and sends a `dropped`
    /// event (`unknown_prompt`) that says so.
    public func setPresenter(_ presenter: Presenter?) {
        guard case .policy = rules else {
            sink(
                PromptEvent(
                    kind: .dropped, origin: ruling().origin, trigger: nil, reason: .unknownPrompt,
                    detail: "setPresenter(_:) names no prompt: a budget's presenters are set with setPresenter(_:for:)",
                    at: timestamp()))
            return
        }
        presenters[Self.onePolicyPresenter] = presenter
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

    /// The policy or the budget as it is now, for one moment (an ask keeps what it was decided under).
    func ruling() -> Ruling {
        switch rules {
        case .policy(let source): .policy(source.policy)
        case .budget(let source): .budget(source.budget)
        }
    }

    /// The wall clock's time, and the device's UTC offset then (Semantics §14.2).
    func localTime() -> LocalTime { Self.localTime(wallClock, timeZone) }

    /// The time `clock` reads, to the whole millisecond, with `zone`'s UTC offset then.
    static func localTime(
        _ clock: @Sendable () -> Date, _ zone: @Sendable () -> TimeZone
    ) -> LocalTime {
        let date = clock()
        return LocalTime(Timestamp(roundedToMilliseconds: date), utcOffsetSeconds: zone().secondsFromGMT(for: date))
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
        let outcome = await withCheckedContinuation { continuation in
            keeper.enqueue(at: now, rules: rules, change) { continuation.resume(returning: $0) }
        }
        sendResets(outcome.resets, at: now)
        return outcome.result
    }

    /// Runs `work` on the state's store (a budget's grant), as ``onDisk(at:rules:_:)`` runs a change.
    func onDisk<Value: Sendable>(
        at now: Timestamp, rules: StateKeeper.Rules, onStore work: @escaping @Sendable (any StateStore) throws -> Value
    ) async -> Result<Value, any Error> {
        let outcome = await withCheckedContinuation { continuation in
            keeper.enqueue(at: now, rules: rules, onStore: work) { continuation.resume(returning: $0) }
        }
        sendResets(outcome.resets, at: now)
        return outcome.result
    }

    /// Sends a `state_reset` event for each state file that could not be decoded and was replaced.
    func sendResets(_ resets: [StateReset], at now: Timestamp) {
        for reset in resets {
            sink(
                PromptEvent(
                    kind: .stateReset, origin: ruling().origin, trigger: nil, detail: reset.failure.rawValue, at: now))
        }
    }
}

/// A policy the app ships, which never changes.
package struct ShippedPolicy: PolicySource {
    /// The policy.
    package var policy: Policy
    /// The source of `policy`.
    package init(policy: Policy) { self.policy = policy }
}

/// A budget the app ships, which never changes.
package struct ShippedBudget: BudgetSource {
    /// The budget.
    package var budget: Budget
    /// The source of `budget`.
    package init(budget: Budget) { self.budget = budget }
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
