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
        var prompt: String
        var trigger: String?
        var shownAt: Timestamp
    }

    /// How a change reads the running version: by the policy's (or the budget's policies')
    /// `app.version_key`, resetting counts as their `counting` says.
    struct Rules: Sendable {
        var versionKey: VersionKey
        var counting: Counting
        /// Old names whose counters an ask of their new prompt sets to 0 (Semantics §14.4).
        var renamed: Renames
        /// The longest `active_days` window read: a new session is a day of use (Semantics §14.2).
        var activeDaysWindow: Int?

        init(_ policy: Policy) {
            (versionKey, counting, renamed) = (policy.app.versionKey, policy.counting, policy.renamed)
            activeDaysWindow = policy.activeDaysWindow
        }

        /// A budget's policies share one state, and read it alike (``BudgetLoader`` checks it).
        init(_ budget: Budget) {
            (versionKey, counting, renamed) = (budget.versionKey, budget.counting, budget.renamed)
            activeDaysWindow = budget.activeDaysWindow
        }
    }

    /// Makes the store for a change at a time: a missing file starts from the state given, and a
    /// file that cannot be decoded is recovered from as `recovery` says.
    package typealias Stores = @Sendable (_ initialState: ReviewState, _ recovery: StateRecovery) -> any StateStore

    /// What a change on the queue gave: its value or error, and the state files it found that
    /// could not be decoded and replaced (at most one).
    struct Outcome<Value: Sendable>: Sendable {
        var result: Result<Value, any Error>
        var resets: [StateReset]
    }

    private let queue = DispatchQueue(label: "ReviewGatePrompter.state")
    private let stores: Stores
    private let version: AppVersion
    private let appUserID: String?
    /// Whether a state without a user id gets a per-install one (the test kit's playback says no,
    /// so that a scenario without `user_id` decides as `record` does).
    private let makesUserID: Bool
    /// Confined to ``queue``.
    private var unrecorded: Unrecorded?
    /// What this process last saw of the state after a change (its user id, flags, attributes,
    /// experiments, asks and answers), for a fresh state after damage. Confined to ``queue``.
    private var known = StateSalvage()

    init(stores: @escaping Stores, version: AppVersion, userID: String?, makesUserID: Bool = true) {
        self.stores = stores
        self.version = version
        appUserID = userID
        self.makesUserID = makesUserID
    }

    /// Enqueues `change` (returning at once): on the queue it runs on the state under the store's
    /// lock, after the changes every update owes it, and writes the result; `done` gets the value,
    /// or the error (nothing written) when the state cannot be read or written.
    func enqueue<Value: Sendable>(
        at now: Timestamp, rules: Rules, _ change: @escaping @Sendable (inout ReviewState) throws -> Value,
        done: @escaping @Sendable (Outcome<Value>) -> Void
    ) {
        enqueue(at: now, rules: rules, onStore: { try $0.update(change) }, done: done)
    }

    /// Enqueues `work` on a store each of whose updates first does what the state is owed, as
    /// ``enqueue(at:rules:_:done:)`` does: for the store's own updates, such as a budget's grant.
    func enqueue<Value: Sendable>(
        at now: Timestamp, rules: Rules, onStore work: @escaping @Sendable (any StateStore) throws -> Value,
        done: @escaping @Sendable (Outcome<Value>) -> Void
    ) {
        queue.async { done(self.updateNow(at: now, rules: rules, work)) }
    }

    /// Enqueues the record of the ask of `prompt` (by `trigger`), shown at `shownAt`, committing
    /// its lease, whose liveness is judged at `now` read under the state's lock; `done` gets whether it is written and whether the lease was still live. When the
    /// write fails, the ask is owed, in the same turn of the queue, so the next update writes it first.
    func enqueueCommit(
        _ ask: Unrecorded, now: @escaping @Sendable () -> Timestamp, rules: Rules,
        done: @escaping @Sendable (_ recorded: Bool, _ live: Bool, _ resets: [StateReset]) -> Void
    ) {
        queue.async {
            let outcome = self.updateNow(at: now(), rules: rules) { store in
                try store.commit(
                    lease: ask.lease, prompt: ask.prompt, trigger: ask.trigger, shownAt: ask.shownAt, now: now,
                    oldNames: rules.renamed.oldNames(ofPrompt: ask.prompt))
            }
            switch outcome.result {
            case .success(let live): done(true, live, outcome.resets)
            case .failure:
                self.unrecorded = ask
                done(false, true, outcome.resets)
            }
        }
    }

    /// Calls `done` once every change enqueued before it has run.
    func enqueueBarrier(_ done: @escaping @Sendable () -> Void) {
        queue.async(execute: done)
    }

    private func updateNow<Value>(
        at now: Timestamp, rules: Rules, _ work: (any StateStore) throws -> Value
    ) -> Outcome<Value> {
        let (appUserID, version, known) = (appUserID, version, known)
        let initial = ReviewState(userID: appUserID ?? Self.newUserID(), installedAt: now, app: version)
        let resets = Resets()
        let recovery = StateRecovery(
            now: now,
            freshState: { oldFile in
                // What this process knows wins over what the damaged file still shows (Semantics §11).
                let kept = oldFile.merging(known)
                var fresh = ReviewState(
                    userID: appUserID ?? oldFile.userID ?? known.userID ?? Self.newUserID(), installedAt: now,
                    sessionStartedAt: now,
                    app: version, versionFirstSeenAt: now)
                kept.seed(&fresh)
                return fresh
            },
            didReset: { resets.append($0) })
        let store = KeptStore(
            store: stores(initial, recovery), owed: unrecorded, appUserID: appUserID, makesUserID: makesUserID,
            version: version, rules: rules,
            now: now, remember: { self.known = StateSalvage($0) })
        let result = Result { try work(store) }
        if case .success = result { unrecorded = nil }
        return Outcome(result: result, resets: resets.all)
    }

    /// The resets one change found (on the queue, then read there).
    private final class Resets: @unchecked Sendable {
        private let lock = NSLock()
        private var resets: [StateReset] = []
        func append(_ reset: StateReset) { lock.withLock { resets.append(reset) } }
        var all: [StateReset] { lock.withLock { resets } }
    }

    /// A random per-install id, for an app that gives none: so that a rollout or an experiment
    /// never silently leaves everyone out.
    static func newUserID() -> String {
        "install-" + UUID().uuidString.lowercased()
    }
}

/// The app's store, each of whose updates first writes what the state is owed: the ask shown but
/// not yet written, the app's user id (or a per-install one), and the running version.
private struct KeptStore: StateStore {
    var store: any StateStore
    var owed: StateKeeper.Unrecorded?
    var appUserID: String?
    var makesUserID: Bool
    var version: AppVersion
    var rules: StateKeeper.Rules
    var now: Timestamp
    /// Keeps what the state is after a change that was written, on the keeper's queue.
    var remember: (ReviewState) -> Void

    func load() throws -> ReviewState { try store.load() }

    func update<Result>(_ change: (inout ReviewState) throws -> Result) throws -> Result {
        // Remembered once written: an ask owed or a decision never sent is not known yet.
        var written: ReviewState?
        let result = try store.update { state in
            if let owed {
                Transition.commit(
                    lease: owed.lease, prompt: owed.prompt, trigger: owed.trigger, shownAt: owed.shownAt, now: now,
                    in: &state, oldNames: rules.renamed.oldNames(ofPrompt: owed.prompt))
            }
            if let appUserID {
                state.userID = appUserID
            } else if state.userID == nil, makesUserID {
                state.userID = StateKeeper.newUserID()
            }
            Transition.update(&state, to: version, at: now, versionKey: rules.versionKey, counting: rules.counting)
            let result = try change(&state)
            written = state
            return result
        }
        if let written { remember(written) }
        return result
    }
}
