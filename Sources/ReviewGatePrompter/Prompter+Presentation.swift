@_spi(ReviewGateTools) import ReviewGate
import ReviewGateFiles

extension Prompter {
    /// What a moment's update under one policy returns: its decision, and whether its allowed ask
    /// took the lease (not when another ask holds one).
    struct Decided: Sendable {
        var decision: Decision
        var leased: Bool
    }

    /// An allowed (or granted) prompt, waiting for its delay: what it was decided under, whatever
    /// updates arrive meanwhile, and the lease it holds.
    struct PendingAsk: Sendable {
        /// The prompt to show (`review`).
        var prompt: String
        /// The trigger that allowed it; `nil` for an external prompt.
        var trigger: String?
        /// The moment's scene.
        var scene: String?
        /// Its policy's `presentation` (an external prompt: none, no delay).
        var delay: TimeSpan
        var requireSameScene: Bool
        /// How its commit or release reads the running version.
        var rules: StateKeeper.Rules
        /// Who decided it, for its events.
        var origin: PromptEvent.Origin
        /// The lease it holds, by id.
        var lease: String
        /// Why the state could not be read or written, for a prompt granted without it (`state_error:
        /// allow`): it holds no lease, and nothing is recorded when it shows.
        var withoutState: String? = nil
    }

    /// Decides a moment (under the policy, or arbitrated under the budget) and counts it under the
    /// lock; an allowed moment takes the lease and becomes the pending ask, or is dropped at once.
    /// The pending ask's task, which answers whether it was shown; `nil` when none started.
    @discardableResult
    func decide(
        event: String?, trigger: String?, scene: String?, source: MomentSource, wanted: [String] = []
    ) async -> Task<Bool, Never>? {
        if let scene {
            currentScene = scene
            await foreground()
        }
        let scene = scene ?? currentScene
        let subject = trigger.map(Moment.Subject.trigger) ?? event.map(Moment.Subject.event) ?? .everyTrigger
        let moment = moment(subject, scene: scene, source: source)
        switch ruling() {
        case .policy(let policy): return await decide(moment, under: policy)
        case .budget(let budget): return await arbitrate(moment, under: budget, wanted: wanted)
        }
    }

    /// Semantics §11: the policy decides; an allowed moment leases for its delay plus 30 s. The moment's
    /// time is read once the state's lock is held, so that the times two processes write follow
    /// the lock's order (one that read its time first, then waited, would not see the other's lease).
    private func decide(_ moment: Moment, under policy: Policy) async -> Task<Bool, Never>? {
        let (rules, lease, clock, zone) = (StateKeeper.Rules(policy), StateKeeper.newLeaseID(), wallClock, timeZone)
        let result = await onDisk(at: moment.now, rules: rules) { state in
            var moment = moment
            moment.time = Self.localTime(clock, zone)
            let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
            Transition.apply(decision, to: &state, policy: policy, appendingAsk: false)
            guard decision.isAllowed else { return Decided(decision: decision, leased: false) }
            let expires = moment.now + decision.presentation(under: policy).delay + Self.leaseMargin
            let leased =
                Transition.lease(policy.prompt, id: lease, at: moment.now, expires: expires, in: &state) != nil
            return Decided(decision: decision, leased: leased)
        }
        let origin = PromptEvent.Origin(policy)
        let decided: Decided
        switch result {
        case .success(let value): decided = value
        case .failure(let error):
            reportFailure(error, origin: origin, trigger: moment.trigger, at: moment.now)
            return nil
        }
        let decision = decided.decision
        sink(PromptEvent(decided: decision, policy: policy))
        guard decision.isAllowed else { return nil }
        let ask = PendingAsk(
            prompt: decision.prompt, trigger: decision.trigger, scene: moment.scene,
            delay: decision.presentation(under: policy).delay,
            requireSameScene: decision.presentation(under: policy).requireSameScene, rules: rules, origin: origin,
            lease: lease)
        return await begin(ask, leased: decided.leased, at: decision.moment.now)
    }

    /// Semantics §12: the budget arbitrates every candidate, and its lease goes to the granted one, in one
    /// update under the lock (``StateStore/grant(_:wanted:excluding:leaseID:moment:)``), the moment's time read
    /// once the lock is held. Each candidate's decision is sent; the granted prompt is presented with
    /// its policy's presentation. A prompt its policy decides that has no presenter now is no
    /// candidate: a moment never grants what cannot be shown, nor holds the others back for it.
    private func arbitrate(_ moment: Moment, under budget: Budget, wanted: [String]) async -> Task<Bool, Never>? {
        let unpresentable = Set(budget.prompts.filter { $0.policy != nil && presenters[$0.name] == nil }.map(\.name))
        let (rules, lease, clock, zone) = (StateKeeper.Rules(budget), StateKeeper.newLeaseID(), wallClock, timeZone)
        let result = await onDisk(at: moment.now, rules: rules) { store in
            try store.grant(budget, wanted: wanted, excluding: unpresentable, leaseID: lease) {
                var moment = moment
                moment.time = Self.localTime(clock, zone)
                return moment
            }
        }
        let grant: BudgetGrant
        switch result {
        case .success(let value): grant = value
        case .failure(let error):
            if let prompt = wanted.first, budget.prompt(named: prompt)?.grantedOnStateError == true,
                let detail = Self.stateErrorDetail(error)
            {
                return await grantWithoutState(
                    prompt, of: budget, rules: rules, scene: moment.scene, detail: detail, at: moment.now)
            }
            reportFailure(
                error, origin: PromptEvent.Origin(budget, prompt: wanted.first), trigger: moment.trigger,
                wanted: wanted.first, at: moment.now)
            return nil
        }
        let arbitration = grant.arbitration
        for candidate in arbitration.candidates {
            sink(PromptEvent(candidate: candidate, of: arbitration, budget: budget))
        }
        guard let granted = arbitration.grantedCandidate else { return nil }
        let presentation = budget.prompt(named: granted.prompt)?.policy.map {
            granted.decision?.presentation(under: $0) ?? $0.presentation
        }
        let ask = PendingAsk(
            prompt: granted.prompt, trigger: granted.decision?.trigger, scene: moment.scene,
            delay: presentation?.delay ?? TimeSpan(nanoseconds: 0),
            requireSameScene: presentation?.requireSameScene ?? false, rules: rules,
            origin: PromptEvent.Origin(budget, prompt: granted.prompt), lease: lease)
        return await begin(ask, leased: grant.lease != nil, at: arbitration.moment.now)
    }

    /// Semantics §12 `state_error: allow`: the wanted external prompt, granted on a state that cannot be
    /// read or written, with a `state_error` event; shown at once as any granted prompt (one ask at
    /// a time, none in the background), with no lease and nothing recorded.
    private func grantWithoutState(
        _ prompt: String, of budget: Budget, rules: StateKeeper.Rules, scene: String?, detail: String,
        at now: Timestamp
    ) async -> Task<Bool, Never>? {
        let origin = PromptEvent.Origin(budget, prompt: prompt)
        sink(PromptEvent(kind: .stateError, origin: origin, trigger: nil, detail: detail, at: now))
        let ask = PendingAsk(
            prompt: prompt, trigger: nil, scene: scene, delay: TimeSpan(nanoseconds: 0), requireSameScene: false,
            rules: rules, origin: origin, lease: "", withoutState: detail)
        return await begin(ask, leased: true, at: now)
    }

    /// The reason a state could not be read or written (`disk_full`, `newer_state`); `nil` for
    /// another failure (another process holding the lock too long, an unknown prompt).
    static func stateErrorDetail(_ error: any Error) -> String? {
        switch error {
        case let error as FileError where error.reason == .lockTimeout: nil
        case let error as FileError: error.reason.rawValue
        case let error as UndecodableState: error.failure.rawValue
        default: nil
        }
    }

    /// Makes `ask` the pending ask, unless another is pending (here, or holding the state's lease:
    /// `leased` is false) or the app is in the background, when it is dropped at once.
    private func begin(_ ask: PendingAsk, leased: Bool, at now: Timestamp) async -> Task<Bool, Never>? {
        guard leased else {
            drop(ask, .pending, at: now)
            return nil
        }
        // One ask at a time here even when the state's lease lapsed: a presenter still running past it.
        guard pending == nil else {
            await release(ask, .pending)
            return nil
        }
        guard backgroundSince == nil else {
            await release(ask, .background)
            return nil
        }
        asksStarted += 1
        let number = asksStarted
        // The deadline is fixed now, and its sleep started before the moment's call returns.
        let now = elapsed()
        let deadline = AskDeadline(
            due: now + .nanoseconds(max(0, ask.delay.nanoseconds)), now: now, sleep: sleepUntil)
        let task = Task {
            let shown = await self.present(ask, after: deadline)
            if self.pending?.number == number { self.pending = nil }
            return shown
        }
        pending = Pending(number: number, task: task, deadline: deadline)
        return task
    }

    /// Waits for the deadline, then presents the ask unless the app went to the background or the
    /// person left the scene; records it only once the presenter showed it. Whether it was shown.
    private func present(_ ask: PendingAsk, after deadline: AskDeadline) async -> Bool {
        await deadline.wait()
        if backgroundSince != nil || Task.isCancelled {
            await release(ask, .background)
            return false
        }
        if ask.requireSameScene, let scene = ask.scene, currentScene != scene {
            await release(ask, .sceneChanged)
            return false
        }
        let shownAt = timestamp()
        pending?.presenting = true
        guard let presenter = presenters[presenterKey(ask.prompt)], await presenter() else {
            await release(ask, .notPresented, at: shownAt)
            return false
        }
        if let detail = ask.withoutState {
            sink(
                PromptEvent(
                    kind: .presented, origin: ask.origin, trigger: ask.trigger, recorded: false, detail: detail,
                    at: shownAt))
            return true
        }
        let shown = StateKeeper.Unrecorded(lease: ask.lease, prompt: ask.prompt, trigger: ask.trigger, shownAt: shownAt)
        let clock = wallClock
        let outcome = await withCheckedContinuation { continuation in
            // Whether the lease is still live is judged at a time read under the lock.
            keeper.enqueueCommit(shown, now: { Timestamp(roundedToMilliseconds: clock()) }, rules: ask.rules) {
                continuation.resume(returning: (recorded: $0, live: $1, resets: $2))
            }
        }
        sendResets(outcome.resets, at: shownAt)
        sink(
            PromptEvent(
                kind: .presented, origin: ask.origin, trigger: ask.trigger, recorded: outcome.recorded,
                detail: outcome.live ? nil : "lease_expired", at: shownAt))
        return true
    }

    /// Drops a pending ask: its lease released (nothing recorded, no cooldown or gap started), and
    /// the event sent. A release that fails leaves the lease to expire.
    private func release(_ ask: PendingAsk, _ reason: PromptEvent.DropReason, at time: Timestamp? = nil) async {
        let now = time ?? timestamp()
        if ask.withoutState == nil {
            _ = await onDisk(at: now, rules: ask.rules) { Transition.release(lease: ask.lease, in: &$0) }
        }
        drop(ask, reason, at: now)
    }

    /// Sends the drop of an allowed ask.
    private func drop(_ ask: PendingAsk, _ reason: PromptEvent.DropReason, at now: Timestamp) {
        sink(PromptEvent(kind: .dropped, origin: ask.origin, trigger: ask.trigger, reason: reason, at: now))
    }

    /// A moment, an answer or a session that could not be decided or written: fails closed, with
    /// one `dropped` event that says why. `wanted` is the external prompt the moment named.
    func reportFailure(
        _ error: any Error, origin: PromptEvent.Origin, trigger: String?, wanted: String? = nil, at now: Timestamp
    ) {
        let reason: PromptEvent.DropReason
        let detail: String
        switch error {
        case let error as FileError where error.reason == .lockTimeout:
            (reason, detail) = (.lockTimeout, error.reason.rawValue)
        case let error as FileError:
            (reason, detail) = (.stateError, error.reason.rawValue)
        case let error as UndecodableState:
            (reason, detail) = (.stateError, error.failure.rawValue)
        case is Evaluator.UsageError, is Arbiter.UsageError:
            (reason, detail) = wanted.map { (.unknownPrompt, $0) } ?? (.unknownTrigger, trigger ?? "")
        default:
            (reason, detail) = (.stateError, "invalid")
        }
        sink(PromptEvent(kind: .dropped, origin: origin, trigger: trigger, reason: reason, detail: detail, at: now))
    }
}

extension StateKeeper {
    /// A random id for a lease.
    static func newLeaseID() -> String {
        String(UInt64.random(in: 0 ... .max), radix: 16)
    }
}
