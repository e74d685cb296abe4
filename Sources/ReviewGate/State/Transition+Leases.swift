extension Transition {
    /// Takes a lease on `prompt` from `now` until `expires`, unless another lease on the state is
    /// live at `now`: the lease taken, or `nil` when one is held (its holder may present; this
    /// prompter must not). Expired leases are removed on the way (Semantics §11, §12).
    package static func lease(
        _ prompt: String, id: String, at now: Timestamp, expires: Timestamp, in state: inout ReviewState
    ) -> Lease? {
        state.leases.removeAll { $0.expires <= now }
        guard !state.leases.contains(where: { $0.isLive(at: now) }) else { return nil }
        let lease = Lease(id: id, prompt: prompt, at: now, expires: expires)
        state.leases.append(lease)
        return lease
    }

    /// Commits the lease `id`: the prompt showed at `shownAt`, so the allowed `decision`'s ask is
    /// recorded, whether or not the lease is still there (an expired lease still records its ask).
    /// Whether the lease was still live at `now` (`false` is a late commit).
    @discardableResult
    package static func commit(
        lease id: String, asking decision: Decision, shownAt: Timestamp, now: Timestamp, in state: inout ReviewState
    ) -> Bool {
        // A blocked decision has no ask to record: its lease is only released.
        guard decision.isAllowed else {
            let live = state.leases.contains { $0.id == id && $0.isLive(at: now) }
            release(lease: id, in: &state)
            return live
        }
        return commit(
            lease: id, prompt: decision.prompt, trigger: decision.trigger, shownAt: shownAt, now: now, in: &state,
            oldNames: decision.oldPromptNames)
    }

    /// Commits the lease `id` of a budget's granted prompt: the prompt showed at `shownAt`, so its
    /// ask (of `prompt`, by `trigger`) is recorded, whether or not the lease is still there.
    /// Whether the lease was still live at `now` (`false` is a late commit, `lease_expired`). The
    /// prompt's counters since an ask start again, under its `oldNames` too (Semantics §14.4).
    @discardableResult
    package static func commit(
        lease id: String, prompt: String, trigger: String?, shownAt: Timestamp, now: Timestamp,
        in state: inout ReviewState, oldNames: [String] = []
    ) -> Bool {
        let held = state.leases.first { $0.id == id }
        state.leases.removeAll { $0.id == id }
        appendAsk(at: shownAt, trigger: trigger, prompt: held?.prompt ?? prompt, to: &state, oldNames: oldNames)
        return held?.isLive(at: now) ?? false
    }

    /// Releases the lease `id`: its prompt was not shown, so nothing is recorded.
    package static func release(lease id: String, in state: inout ReviewState) {
        state.leases.removeAll { $0.id == id }
    }
}
