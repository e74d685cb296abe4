/// What an app does to its state after a moment, an update or an answer: pure functions from the
/// old state to the new one. `reviewgate record`, the scenario runner and apps all use these, so an
/// app that links the library behaves as its scenario tests say.
public enum Transition {
    /// The state after the moment that `decision` decided (Semantics §2 `counting`, §5 `record`).
    ///
    /// - A launch moment (event `launch`) adds a launch and starts the session, always.
    /// - Any other donation adds 1 to its event's count and keeps its time, as many times as the
    ///   policy's longest `within` needs. With `counting.while_blocked: false` a donation is not
    ///   counted when a guard, `responses` or `rollout` failed; one blocked only by trigger checks
    ///   always counts, or no count would ever add up.
    /// - A count at the most a count holds (a billion) stays there: the donation is not counted.
    /// - A moment that names a trigger donates nothing.
    /// - An allowed moment appends an ask in the current version.
    public static func apply(_ decision: Decision, to state: ReviewState, policy: Policy) -> ReviewState {
        var state = state
        apply(decision, to: &state, policy: policy)
        return state
    }

    /// ``apply(_:to:policy:)`` in place: a long run (a scenario, a store) changes its one state
    /// without copying the donation times it keeps. Returns why the moment's donation was not
    /// counted, or `nil` when it was (or when the moment donates nothing).
    ///
    /// With `appendingAsk: false` an allowed moment appends no ask: the app records it with
    /// ``ask(_:in:at:)`` when it has presented the prompt (after the policy's delay, and only if the
    /// person is still on the scene).
    @discardableResult
    public static func apply(
        _ decision: Decision, to state: inout ReviewState, policy: Policy, appendingAsk: Bool = true
    ) -> Recording.Uncounted? {
        let uncounted = uncounted(decision.moment, in: state, policy: policy) { blockedByGuard(decision) }
        donate(decision.moment, counting: uncounted == nil, to: &state, policy: policy)
        if decision.isAllowed && appendingAsk { ask(decision, in: &state, at: decision.moment.now) }
        if let experiment = decision.experiment, experiment.isExposure {
            // The arm is the person's from now on, while this version runs (Semantics §13).
            state.experiments[experiment.name] = ExperimentExposure(
                arm: experiment.arm, version: experiment.version, exposedAt: decision.moment.now)
        }
        return uncounted
    }

    /// ``apply(_:to:policy:appendingAsk:)`` for a moment decided into a ``Verdict``: the same
    /// state, an allowed moment's ask appended.
    package static func apply(_ verdict: Verdict, of moment: Moment, to state: inout ReviewState, policy: Policy) {
        if let event = moment.event, event != Trigger.launchEvent {
            // The same as `uncounted` then `donate`, with one look-up of the event's history
            // rather than two: a full count is seen where the donation would be recorded.
            if policy.counting.whileBlocked || verdict.failed == 0 {
                if !policy.countsSinceAsk(event) {
                    let window = policy.longestWithin
                    modify(&state.events[event, default: EventHistory(count: 0)]) { history in
                        if history.count < ReviewState.largestCount { history.record(moment.now, keeping: window) }
                    }
                } else {
                    count(event, at: moment.now, in: &state, keeping: policy.historyKept)
                }
            }
        } else {
            let uncounted = uncounted(moment, in: state, policy: policy) { verdict.failed != 0 }
            donate(moment, counting: uncounted == nil, to: &state, policy: policy)
        }
        if verdict.isAllowed, let index = verdict.passingTrigger {
            appendAsk(
                at: moment.now, trigger: policy.triggers[index].id, prompt: policy.prompt, to: &state,
                oldNames: !policy.hasRenames ? [] : policy.renamed.oldNames(ofPrompt: policy.prompt))
        }
    }

    /// What a moment's donation does: a launch starts the session and, when `counting`, adds a
    /// launch; another event's donation, when `counting`, adds to its count.
    private static func donate(_ moment: Moment, counting: Bool, to state: inout ReviewState, policy: Policy) {
        donate(moment, counting: counting, to: &state, keeping: policy.historyKept)
    }

    /// ``donate(_:counting:to:policy:)``, keeping the times and counters `kept` says.
    package static func donate(_ moment: Moment, counting: Bool, to state: inout ReviewState, keeping kept: HistoryKept)
    {
        guard let event = moment.event else { return }
        if event == Trigger.launchEvent {
            donateLaunch(
                at: moment.time, counting: counting, to: &state,
                window: kept.window, activeDaysWindow: kept.activeDaysWindow,
                countsSinceAsk: !kept.prompts(countingSince: Trigger.launchEvent).isEmpty, keeping: { kept })
        } else if counting {
            count(event, at: moment.now, in: &state, keeping: kept)
        }
    }

    /// A launch's donation: counted when `counting` (unless the count is full), a day of use at its
    /// local date when days of use are kept (`activeDaysWindow`), and the start
    /// of a session. A launch counted since the last ask (`countsSinceAsk`, or a state that has such
    /// counters) starts and adds to them with what `kept` says; any other is only recorded, its
    /// time kept for `window`, without making `kept` (which a replay's millions of launches would).
    private static func donateLaunch(
        at time: LocalTime, counting: Bool, to state: inout ReviewState, window: TimeSpan?,
        activeDaysWindow: Int?, countsSinceAsk: Bool, keeping kept: () -> HistoryKept
    ) {
        let now = time.instant
        if counting {
            if countsSinceAsk || !state.launchesSinceAsk.isEmpty {
                countLaunch(at: now, in: &state, keeping: kept())
            } else if state.launches < ReviewState.largestCount {
                record(now, count: &state.launches, times: &state.launchTimes, keeping: window)
            }
        }
        if let activeDaysWindow {
            state.keepActiveDay(time.date, window: activeDaysWindow)
        }
        state.sessionStartedAt = now
    }

    /// Counts a donation of `event` (not `launch`) at `now`, unless its count is full: its time
    /// kept for `kept.window`, its `since_ask` counters started and added to (Semantics §14.1).
    private static func count(
        _ event: String, at now: Timestamp, in state: inout ReviewState, keeping kept: HistoryKept
    ) {
        let prompts = kept.prompts(countingSince: event)
        let asks = prompts.isEmpty ? [] : kept.asks(of: state)
        modify(&state.events[event, default: EventHistory(count: 0)]) { history in
            guard history.count < ReviewState.largestCount else { return }
            if !prompts.isEmpty { history.startCounters(for: prompts, asks: asks, now: now, renamed: kept.renamed) }
            history.record(now, keeping: kept.window)
        }
    }

    /// Counts a launch at `now`, unless the count is full, as ``count(_:at:in:keeping:)`` counts
    /// an event.
    private static func countLaunch(at now: Timestamp, in state: inout ReviewState, keeping kept: HistoryKept) {
        guard state.launches < ReviewState.largestCount else { return }
        let prompts = kept.prompts(countingSince: Trigger.launchEvent)
        if !prompts.isEmpty {
            var history = state.launchHistory
            history.startCounters(for: prompts, asks: kept.asks(of: state), now: now, renamed: kept.renamed)
            state.launchesSinceAsk = history.sinceAsk
        }
        for index in state.launchesSinceAsk.indices { state.launchesSinceAsk.values[index] += 1 }
        // In place, so that the launch times are not copied.
        record(now, count: &state.launches, times: &state.launchTimes, keeping: kept.window)
    }

    /// Records a moment whose event no trigger of the policy listens to, without deciding it, when
    /// its decision cannot change what is recorded: such a moment never asks, a launch always
    /// counts (unless at ``ReviewState/largestCount``) and starts the session, and any other
    /// donation counts unless full, when `counting.while_blocked` is true. Returns `false`, and
    /// changes nothing, when the moment needs its decision: it names a trigger or no event, a
    /// trigger listens to its event, or a blocked guard could keep its donation from counting.
    /// `reviewgate simulate` records a policy's many unheard launches this way; the state is the one
    /// ``apply(_:to:policy:appendingAsk:)`` leaves.
    package static func applyUnheard(_ moment: Moment, to state: inout ReviewState, policy: Policy) -> Bool {
        applyUnheard(moment, to: &state, policy: policy, listened: moment.event.map(policy.listens(to:)) ?? true)
    }

    /// As ``applyUnheard(_:to:policy:)``, for a caller that has worked out already whether a trigger
    /// of the policy listens to the moment's event (`listened`), as a replay of events known by
    /// number does once per name rather than once per moment.
    package static func applyUnheard(
        _ moment: Moment, to state: inout ReviewState, policy: Policy, listened: Bool
    ) -> Bool {
        guard moment.trigger == nil, let event = moment.event, !listened else { return false }
        if event == Trigger.launchEvent {
            applyUnheardLaunch(at: moment.time, to: &state, policy: policy)
            return true
        }
        return applyUnheard(event: event, at: moment.time, to: &state, policy: policy)
    }

    /// ``applyUnheard(_:to:policy:listened:)`` for a launch no trigger listens to, without a
    /// moment: donated as `record` donates a counted launch (`donateLaunch`).
    package static func applyUnheardLaunch(
        at time: LocalTime, to state: inout ReviewState, policy: Policy
    ) {
        donateLaunch(
            at: time, counting: true, to: &state, window: policy.longestWithin,
            activeDaysWindow: policy.activeDaysWindow, countsSinceAsk: policy.countsSinceAsk(Trigger.launchEvent),
            keeping: { policy.historyKept })
    }

    /// ``applyUnheard(_:to:policy:listened:)`` for a donation of `event` that no trigger listens to,
    /// without a moment: a `launch` is recorded as ``applyUnheardLaunch(at:to:policy:)`` records it;
    /// another event, with `counting.while_blocked`, counts (unless full) and `true` is returned;
    /// otherwise nothing changes and `false` says the moment needs its decision.
    package static func applyUnheard(
        event: String, at time: LocalTime, to state: inout ReviewState, policy: Policy
    ) -> Bool {
        // An `event` line may name `launch`: its donation is a launch's.
        if event == Trigger.launchEvent {
            applyUnheardLaunch(at: time, to: &state, policy: policy)
            return true
        }
        let now = time.instant
        guard policy.counting.whileBlocked else { return false }
        guard !policy.countsSinceAsk(event) else {
            count(event, at: now, in: &state, keeping: policy.historyKept)
            return true
        }
        let window = policy.longestWithin
        modify(&state.events[event, default: EventHistory(count: 0)]) { history in
            if history.count < ReviewState.largestCount { history.record(now, keeping: window) }
        }
        return true
    }

    /// Appends the ask of an allowed decision, presented at `now`, in the current version.
    public static func ask(_ decision: Decision, in state: inout ReviewState, at now: Timestamp) {
        guard decision.isAllowed else { return }
        appendAsk(
            at: now, trigger: decision.trigger, prompt: decision.prompt, to: &state, oldNames: decision.oldPromptNames)
    }

    /// An ask of `prompt` at `now` by `trigger`, in the state's current version. The prompt's
    /// counts since its last ask start again (Semantics §14.1), under its `oldNames` too (§14.4).
    package static func appendAsk(
        at now: Timestamp, trigger: String?, prompt: String, to state: inout ReviewState, oldNames: [String] = []
    ) {
        state.asks.append(
            Ask(
                at: now, short: state.app.short, build: state.app.build, trigger: trigger, prompt: prompt,
                device: state.deviceID))
        zeroCounters(of: prompt, in: &state)
        for name in oldNames { zeroCounters(of: name, in: &state) }
    }

    /// Sets every counter since an ask of `prompt` the state keeps to 0.
    private static func zeroCounters(of prompt: String, in state: inout ReviewState) {
        if state.launchesSinceAsk[prompt] != nil { state.launchesSinceAsk[prompt] = 0 }
        for index in state.events.indices where !state.events.values[index].sinceAsk.isEmpty {
            if state.events.values[index].sinceAsk[prompt] != nil { state.events.values[index].sinceAsk[prompt] = 0 }
        }
    }

    /// The state after the app was updated to `version` (the strings given replace the current
    /// ones). A changed version, by the policy's `version_key`, was first seen `now` and, with
    /// `counting.reset_on_new_version`, starts its event counts and launches again from 0.
    public static func update(
        _ state: ReviewState, to version: AppVersion, at now: Timestamp, policy: Policy
    ) -> ReviewState {
        var state = state
        update(&state, to: version, at: now, policy: policy)
        return state
    }

    /// ``update(_:to:at:policy:)`` in place, for a long run that keeps one state.
    public static func update(_ state: inout ReviewState, to version: AppVersion, at now: Timestamp, policy: Policy) {
        update(&state, to: version, at: now, versionKey: policy.app.versionKey, counting: policy.counting)
    }

    /// ``update(_:to:at:policy:)`` by a version key and counting rules: a budget's, which its
    /// policies share.
    package static func update(
        _ state: inout ReviewState, to version: AppVersion, at now: Timestamp, versionKey key: VersionKey,
        counting: Counting
    ) {
        let before = state.app[key]
        if let short = version.short { state.app.short = short }
        if let build = version.build { state.app.build = build }
        guard state.app[key] != before else { return }
        state.versionFirstSeenAt = now
        if counting.resetOnNewVersion {
            state.launches = 0
            state.launchTimes = []
            // The counts since the last ask start again with the counts (Semantics §14.1).
            state.launchesSinceAsk = state.launchesSinceAsk.mapValues { _ in 0 }
            for index in state.events.indices {
                state.events.values[index] = EventHistory(
                    count: 0, sinceAsk: state.events.values[index].sinceAsk.mapValues { _ in 0 })
            }
        }
    }

    /// The state after the person answered the app's own pre-prompt (or used the review link), or,
    /// with `prompt`, another prompt of a budget (Semantics §12).
    public static func respond(
        _ state: ReviewState, _ kind: ResponseKind, at now: Timestamp, prompt: String = Ask.review
    ) -> ReviewState {
        var state = state
        state.responses.append(Response(at: now, kind: kind, prompt: prompt, device: state.deviceID))
        return state
    }

    /// The state with flags and attributes set by name; the others stay.
    public static func set(
        _ state: ReviewState, flags: [String: Bool] = [:], attributes: [String: AttributeValue] = [:]
    ) -> ReviewState {
        var state = state
        state.flags.merge(flags) { $1 }
        state.attributes.merge(attributes) { $1 }
        return state
    }

    /// Why a moment's donation is not counted in `state`, or `nil` when it is (or when the moment
    /// donates nothing): its count is full, or (`counting.while_blocked: false`) `blockedByGuard`
    /// says a guard, `enabled`, `responses` or `rollout` failed.
    private static func uncounted(
        _ moment: Moment, in state: ReviewState, policy: Policy, blockedByGuard: () -> Bool
    ) -> Recording.Uncounted? {
        guard let event = moment.event else { return nil }
        if state.isFull(for: moment) { return .atLimit }
        if event != Trigger.launchEvent, !policy.counting.whileBlocked, blockedByGuard() {
            return .blockedByGuard
        }
        return nil
    }

    /// Whether anything but a trigger's own checks failed: a guard, `enabled`, `responses` or
    /// `rollout`; not an experiment's holdout (Semantics §13) nor a build channel (§16.1), under which
    /// counts grow as everyone's do.
    static func blockedByGuard(_ decision: Decision) -> Bool {
        decision.checks.contains { check in
            !check.passed && check.id.blocker != .trigger && check.id.blocker != .experiment
                && check.id.blocker != .channel
        }
    }
}

/// Changes `value` in place by `body`, through one access (a dictionary's `modify`).
@inline(__always)
private func modify<Value>(_ value: inout Value, _ body: (inout Value) -> Void) {
    body(&value)
}

extension EventHistory {
    /// Counts one donation at `now`, keeping only the times a `within` of `window` could still
    /// count, at most `count` of them, oldest first.
    fileprivate mutating func record(_ now: Timestamp, keeping window: TimeSpan?) {
        if !sinceAsk.isEmpty { countSinceAsk() }
        Transition.record(now, count: &count, times: &times, keeping: window)
    }
}

extension Transition {
    /// Counts one donation at `now` into a count and its times, keeping only the times a `within`
    /// of `window` could still count, at most `count` of them, oldest first: an event's history,
    /// or the launches without building one.
    fileprivate static func record(
        _ now: Timestamp, count: inout Int, times: inout [Timestamp], keeping window: TimeSpan?
    ) {
        count += 1
        guard let window else {
            if !times.isEmpty { times.removeAll() }
            return
        }
        // A `--now` in the past must not put the times out of order.
        let index = times.lastIndex { $0 <= now }.map { $0 + 1 } ?? 0
        times.insert(now, at: index)
        let start = now - window
        times.removeAll { $0 <= start }
        if times.count > count { times.removeFirst(times.count - count) }
    }
}
