import Foundation

/// The 0.4 name of ``Prompter``, which shows paywalls and surveys too.
@available(*, deprecated, renamed: "Prompter")
public typealias ReviewPrompter = Prompter

extension Prompter {
    /// The 0.4 form, with the presenter last.
    @_disfavoredOverload
    @available(
        *, deprecated,
        renamed: "init(policy:presenter:stateFile:appVersion:lockTimeout:clock:now:timeZone:userID:events:)"
    )
    public init<C: Clock>(
        policy: some PolicySource, stateFile: URL = defaultStateFile, appVersion: AppVersion = .main,
        lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, userID: String? = nil,
        events: @escaping EventSink = { _ in }, presenter: Presenter?
    ) where C.Duration == Duration {
        self.init(
            policy: policy, presenter: presenter, stateFile: stateFile, appVersion: appVersion,
            lockTimeout: lockTimeout, clock: clock, now: now, userID: userID, events: events)
    }

    /// The 0.4 form, with the presenter last, of a policy the app ships.
    @_disfavoredOverload
    @available(
        *, deprecated,
        renamed: "init(policy:presenter:stateFile:appVersion:lockTimeout:clock:now:timeZone:userID:events:)"
    )
    public init<C: Clock>(
        policy: Policy, stateFile: URL = defaultStateFile, appVersion: AppVersion = .main,
        lockTimeout: Duration = .seconds(2), clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, userID: String? = nil,
        events: @escaping EventSink = { _ in }, presenter: Presenter?
    ) where C.Duration == Duration {
        self.init(
            policy: policy, presenter: presenter, stateFile: stateFile, appVersion: appVersion,
            lockTimeout: lockTimeout, clock: clock, now: now, userID: userID, events: events)
    }
}
