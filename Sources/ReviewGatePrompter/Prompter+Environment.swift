import Foundation
import ReviewGate
import ReviewGateFiles

extension Prompter {
    /// What a prompter runs in, beside what decides (a policy or a budget) and what shows: the
    /// person's state file, the running app's version, the clocks and time zone, the person's id
    /// and where events go. Every member has the default an app wants; a test sets the clocks.
    ///
    /// ```swift
    /// var environment = Prompter.Environment()
    /// environment.userID = analytics.userID
    /// let prompter = Prompter(policy: try Policy(compiledAt: policyURL), environment: environment)
    /// ```
    public struct Environment: Sendable {
        /// The person's state, a JSON file whatever its name, made (with its folder) at the first moment; by default
        /// ``Prompter/defaultStateFile``. Every prompt's asks and answers are in it.
        public var stateFile: URL
        /// The running app's version; by default the main bundle's.
        public var appVersion: AppVersion
        /// How long a moment waits for another process's lock before it is dropped; by default 2 s.
        public var lockTimeout: Duration
        /// The monotonic clock the delays and the time in the background are measured on; by
        /// default `ContinuousClock`, which runs while the device sleeps. A test gives its own.
        public var clock: any Clock<Duration>
        /// The wall clock that dates decisions, leases and asks (kept to whole milliseconds); by
        /// default the system's.
        public var now: @Sendable () -> Date
        /// The device's time zone, whose offset at a moment or a new session gives the local date
        /// that `active_days` counts (Semantics §14.2); by default the device's. A test sets it as it
        /// sets the wall clock.
        public var timeZone: @Sendable () -> TimeZone
        /// The id the app's analytics knows the person by, so that one person lands in one rollout
        /// bucket on every platform; without one, a random id made once per install.
        public var userID: String?
        /// Receives every ``PromptEvent``: under a budget, one decision per candidate prompt of a
        /// moment. By default none is kept.
        public var events: EventSink
        /// How the app was installed (Semantics §16.1): `.testFlight` for a TestFlight build, which
        /// never shows the App Store review dialog, `.development` for a debug build; by default
        /// `.production`, what an app that cannot tell passes. ``Prompter/setChannel(_:)`` changes
        /// it once the app knows.
        public var channel: Channel
        /// The state's stores in place of ``stateFile`` and ``lockTimeout`` (the tests' failing disk).
        package var stores: StateKeeper.Stores?
        /// Whether a state without a user id gets a per-install one; the test kit's scenario
        /// playback says no, so that a scenario's person without one decides as `record` has them.
        package var makesUserID = true

        /// An environment; every member defaults as an app wants it.
        public init(
            stateFile: URL = Prompter.defaultStateFile, appVersion: AppVersion = .main,
            lockTimeout: Duration = .seconds(2), clock: any Clock<Duration> = ContinuousClock(),
            now: @escaping @Sendable () -> Date = { Date() },
            timeZone: @escaping @Sendable () -> TimeZone = { .current }, userID: String? = nil,
            events: @escaping EventSink = { _ in }, channel: Channel = .production
        ) {
            self.stateFile = stateFile
            self.appVersion = appVersion
            self.lockTimeout = lockTimeout
            self.clock = clock
            self.now = now
            self.timeZone = timeZone
            self.userID = userID
            self.events = events
            self.channel = channel
        }

        /// The state's stores: ``stores`` when given, else the state file's, its folder made and a
        /// state that cannot be decoded recovered from.
        var storesOrFile: StateKeeper.Stores {
            if let stores { return stores }
            let (path, lockTimeout) = (stateFile.path, lockTimeout)
            return { initial, recovery in
                // An app's store: JSON whatever the file's name (the YAML states are the command line's).
                var store = FileStateStore(path: path, initialState: initial)
                store.lockTimeout = lockTimeout
                store.recovery = recovery
                store.makesFolder = true
                return store
            }
        }
    }

    /// A prompter of one policy the app ships, for one person's state file.
    ///
    /// - Parameters:
    ///   - policy: the policy the app ships (``ReviewGate/Policy/init(compiledAt:)``).
    ///   - presenter: shows the prompt; `nil` until ``setPresenter(_:)`` gives one (a SwiftUI
    ///     view's `requestReview`, which only a view can read).
    ///   - environment: the state file, version, clocks, time zone, person and events
    ///     (``Environment``); by default an app's.
    public init(policy: Policy, presenter: Presenter? = nil, environment: Environment = Environment()) {
        self.init(policy: ShippedPolicy(policy: policy), presenter: presenter, environment: environment)
    }

    /// A prompter whose policy can change while the app runs (`ReviewGateRemote`'s `RemotePolicy`,
    /// read once per moment), for one person's state file; as the prompter of a policy the app ships.
    public init(policy: some PolicySource, presenter: Presenter? = nil, environment: Environment = Environment()) {
        self.init(
            rules: .policy(policy), environment: environment,
            presenters: presenter.map { [Self.onePolicyPresenter: $0] } ?? [:])
    }

    /// A prompter for all of an app's prompts under one attention budget (Semantics §12), for one
    /// person's state file: each moment is arbitrated under the state's lock, and the granted
    /// prompt, holding the budget's lease, is presented with its own presenter after its policy's
    /// `presentation.delay` (an external prompt, which ``want(_:scene:)`` asks for, at once).
    ///
    /// ```swift
    /// let prompter = try Prompter(budget: try Budget(compiledAt: budgetURL),
    ///                             presenters: ["review": presentReview, "survey": presentSurvey,
    ///                                          "paywall": presentPaywall])
    /// ```
    ///
    /// - Parameters:
    ///   - budget: the compiled budget with its policies (``ReviewGate/Budget/init(compiledAt:)``).
    ///   - presenters: each prompt's presenter, by the prompt's name. Every prompt the budget
    ///     decides by a policy needs one (a SwiftUI view gives the real one later with
    ///     ``setPresenter(_:for:)``); an external prompt without one is never shown
    ///     (`not_presented`).
    ///   - environment: the state file, version, clocks, time zone, person and events
    ///     (``Environment``); by default an app's.
    /// - Throws: ``PresenterError`` when a prompt with a policy has no presenter, or a presenter is
    ///   given for a prompt the budget does not have.
    public init(
        budget: Budget, presenters: [String: Presenter], environment: Environment = Environment()
    ) throws(PresenterError) {
        try self.init(budget: ShippedBudget(budget: budget), presenters: presenters, environment: environment)
    }

    /// A prompter of a budget that can change while the app runs (`RemoteBudget`, read once per
    /// moment); as the prompter of a budget the app ships.
    public init(
        budget: some BudgetSource, presenters: [String: Presenter], environment: Environment = Environment()
    ) throws(PresenterError) {
        try Self.check(presenters, for: budget.budget)
        self.init(rules: .budget(budget), environment: environment, presenters: presenters)
    }
}
