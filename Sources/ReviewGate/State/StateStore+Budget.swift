/// A budget's grant, as the prompter takes it (Semantics §12): the arbitration, and the lease its
/// granted prompt holds until it is shown (committed) or not (released).
package struct BudgetGrant: Sendable {
    /// The arbitration of the moment.
    package var arbitration: Arbitration
    /// The lease the granted prompt holds; `nil` when no prompt was granted.
    package var lease: Lease?
    /// Why the moment's donation was not counted, when it was not.
    package var uncounted: Recording.Uncounted?
}

extension StateStore {
    /// Arbitrates a moment under `budget` and, when a prompt is granted, writes a lease on it for
    /// `budget.lease`, in one update under the store's lock. The donation is counted as `record
    /// --budget` counts it; no ask is recorded until ``commit(lease:prompt:trigger:shownAt:now:)``.
    /// `moment` is made once the lock is held, so that the times written follow the lock's order
    /// when two processes share the file.
    /// The prompts in `excluding` are no candidates (see ``Arbiter``).
    package func grant(
        _ budget: Budget, wanted: [String] = [], excluding: Set<String> = [], leaseID: String, moment: () -> Moment
    ) throws -> BudgetGrant {
        try update { state in
            let moment = moment()
            let arbitration = try Arbiter.arbitrate(
                budget, state: state, moment: moment, wanted: wanted, promising: true, excluding: excluding)
            let uncounted = Transition.apply(arbitration, to: &state, budget: budget, appendingAsk: false)
            var lease: Lease?
            if let granted = arbitration.granted {
                lease = Transition.lease(
                    granted, id: leaseID, at: moment.now, expires: moment.now + budget.lease.value, in: &state)
            }
            return BudgetGrant(arbitration: arbitration, lease: lease, uncounted: uncounted)
        }
    }

    /// Commits the lease `id`: its prompt showed at `shownAt` (by `trigger`), which is recorded as an
    /// ask, late or not. Whether the lease was still live at the time `now` gives under the lock
    /// (`false`: `lease_expired`).
    @discardableResult
    package func commit(
        lease id: String, prompt: String, trigger: String?, shownAt: Timestamp? = nil, now: () -> Timestamp,
        oldNames: [String] = []
    ) throws -> Bool {
        try update { state in
            let now = now()
            return Transition.commit(
                lease: id, prompt: prompt, trigger: trigger, shownAt: shownAt ?? now, now: now, in: &state,
                oldNames: oldNames)
        }
    }

    /// Releases the lease `id`: its prompt was not shown; nothing is recorded.
    package func release(lease id: String) throws {
        try update { state in Transition.release(lease: id, in: &state) }
    }
}
