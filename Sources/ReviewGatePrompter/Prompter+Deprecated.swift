import Foundation

/// The 0.4 name of ``Prompter``, which shows paywalls and surveys too.
@available(*, deprecated, renamed: "Prompter")
public typealias ReviewPrompter = Prompter

extension Prompter {
    /// The 0.5 form, each member of the environment an argument of its own.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "init(policy:presenter:environment:)")
    public init<C: Clock>(
        policy: Policy, presenter: Presenter? = nil, stateFile: URL = defaultStateFile,
        appVersion: AppVersion = .main, lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: @escaping @Sendable () -> TimeZone = { .current }, userID: String? = nil,
        events: @escaping EventSink = { _ in }
    ) where C.Duration == Duration {
        self.init(
            policy: policy, presenter: presenter,
            environment: Environment(
                stateFile: stateFile, appVersion: appVersion, lockTimeout: lockTimeout, clock: clock, now: now,
                timeZone: timeZone, userID: userID, events: events))
    }

    /// The 0.5 form of a policy source, each member of the environment an argument of its own.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "init(policy:presenter:environment:)")
    public init<C: Clock>(
        policy: some PolicySource, presenter: Presenter? = nil, stateFile: URL = defaultStateFile,
        appVersion: AppVersion = .main, lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: @escaping @Sendable () -> TimeZone = { .current }, userID: String? = nil,
        events: @escaping EventSink = { _ in }
    ) where C.Duration == Duration {
        self.init(
            policy: policy, presenter: presenter,
            environment: Environment(
                stateFile: stateFile, appVersion: appVersion, lockTimeout: lockTimeout, clock: clock, now: now,
                timeZone: timeZone, userID: userID, events: events))
    }

    /// The 0.5 form of a budget source, each member of the environment an argument of its own.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "init(budget:presenters:environment:)")
    public init<C: Clock>(
        budget: some BudgetSource, presenters: [String: Presenter], stateFile: URL = defaultStateFile,
        appVersion: AppVersion = .main, lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: @escaping @Sendable () -> TimeZone = { .current }, userID: String? = nil,
        events: @escaping EventSink = { _ in }
    ) throws(PresenterError) where C.Duration == Duration {
        try self.init(
            budget: budget, presenters: presenters,
            environment: Environment(
                stateFile: stateFile, appVersion: appVersion, lockTimeout: lockTimeout, clock: clock, now: now,
                timeZone: timeZone, userID: userID, events: events))
    }

    /// The 0.5 form of a budget the app ships, each member of the environment an argument of its own.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "init(budget:presenters:environment:)")
    public init<C: Clock>(
        budget: Budget, presenters: [String: Presenter], stateFile: URL = defaultStateFile,
        appVersion: AppVersion = .main, lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: @escaping @Sendable () -> TimeZone = { .current }, userID: String? = nil,
        events: @escaping EventSink = { _ in }
    ) throws(PresenterError) where C.Duration == Duration {
        try self.init(
            budget: budget, presenters: presenters,
            environment: Environment(
                stateFile: stateFile, appVersion: appVersion, lockTimeout: lockTimeout, clock: clock, now: now,
                timeZone: timeZone, userID: userID, events: events))
    }

    /// The 0.4 form, with the presenter last.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "init(policy:presenter:environment:)")
    public init<C: Clock>(
        policy: some PolicySource, stateFile: URL = defaultStateFile, appVersion: AppVersion = .main,
        lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, userID: String? = nil,
        events: @escaping EventSink = { _ in }, presenter: Presenter?
    ) where C.Duration == Duration {
        self.init(
            policy: policy, presenter: presenter,
            environment: Environment(
                stateFile: stateFile, appVersion: appVersion, lockTimeout: lockTimeout, clock: clock, now: now,
                userID: userID, events: events))
    }

    /// The 0.4 form, with the presenter last, of a policy the app ships.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "init(policy:presenter:environment:)")
    public init<C: Clock>(
        policy: Policy, stateFile: URL = defaultStateFile, appVersion: AppVersion = .main,
        lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, userID: String? = nil,
        events: @escaping EventSink = { _ in }, presenter: Presenter?
    ) where C.Duration == Duration {
        self.init(
            policy: policy, presenter: presenter,
            environment: Environment(
                stateFile: stateFile, appVersion: appVersion, lockTimeout: lockTimeout, clock: clock, now: now,
                userID: userID, events: events))
    }
}
