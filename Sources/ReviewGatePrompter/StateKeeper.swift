import Dispatch
import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateFiles

/// The person's state file, as the prompter changes it: each change runs on one serial queue of
/// its own (the lock, `fsync` and rename never run on the caller's thread, nor on the concurrency
/// runtime's few threads), in the order the prompter enqueued them (it enqueues synchronously, on
/// its actor), and each first does what every change owes the state: the ask that was shown but
/// not yet written, the app's user id, and the running version.
package final class StateKeeper: @unchecked Sendable {
    /// An ask the presenter showed whose write failed: written by the next change.
    struct Unrecorded {
        var lease: String
        var decision: Decision
        var shownAt: Timestamp
    }

    /// Makes the store for a change at a time: a missing file starts from the state given.
    package typealias Stores = @Sendable (_ initialState: ReviewState) -> any StateStore

    private let queue = DispatchQueue(label: "ReviewGatePrompter.state")
    private let stores: Stores
    private let version: AppVersion
    private let appUserID: String?
    /// Confined to ``queue``.
    private var unrecorded: Unrecorded?

    init(stores: @escaping Stores, version: AppVersion, userID: String?) {
        self.stores = stores
        self.version = version
        appUserID = userID
    }

    /// Enqueues `change` (returning at once): on the queue it runs on the state under the store's
    /// lock, after the changes every update owes it, and writes the result; `done` gets the value,
    /// or the error (nothing written) when the state cannot be read or written.
    func enqueue<Value: Sendable>(
        at now: Timestamp, policy: Policy, _ change: @escaping @Sendable (inout ReviewState) throws -> Value,
        done: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) {
        queue.async { done(self.updateNow(at: now, policy: policy, change)) }
    }

    /// Enqueues the record of `decision`'s ask, shown at `shownAt`, committing its lease; `done`
    /// gets whether it is written and whether the lease was still live. When the write fails, the
    /// ask is owed, in the same turn of the queue, so the next update writes it first.
    func enqueueCommit(
        lease: String, asking decision: Decision, shownAt: Timestamp, now: Timestamp, policy: Policy,
        done: @escaping @Sendable (_ recorded: Bool, _ live: Bool) -> Void
    ) {
        queue.async {
            let result = self.updateNow(at: now, policy: policy) { state in
                Transition.commit(lease: lease, asking: decision, shownAt: shownAt, now: now, in: &state)
            }
            switch result {
            case .success(let live): done(true, live)
            case .failure:
                self.unrecorded = Unrecorded(lease: lease, decision: decision, shownAt: shownAt)
                done(false, true)
            }
        }
    }

    private func updateNow<Value>(
        at now: Timestamp, policy: Policy, _ change: (inout ReviewState) throws -> Value
    ) -> Result<Value, any Error> {
        let owed = unrecorded
        let initial = ReviewState(userID: appUserID ?? Self.newUserID(), installedAt: now, app: version)
        let result = Result {
            try stores(initial).update { state in
                if let owed {
                    Transition.commit(
                        lease: owed.lease, asking: owed.decision, shownAt: owed.shownAt, now: now, in: &state)
                }
                if let appUserID {
                    state.userID = appUserID
                } else if state.userID == nil {
                    state.userID = Self.newUserID()
                }
                Transition.update(&state, to: version, at: now, policy: policy)
                return try change(&state)
            }
        }
        if case .success = result { unrecorded = nil }
        return result
    }

    /// A random per-install id, for an app that gives none: so that a rollout or an experiment
    /// never silently leaves everyone out.
    static func newUserID() -> String {
        "install-" + UUID().uuidString.lowercased()
    }
}
