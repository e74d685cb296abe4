import Dispatch
@_spi(ReviewGateTools) import ReviewGate

/// What the chunks of a replay on several cores share (``Simulation/run(_:jobs:replayed:)``): the
/// policies and names each chunk replays with, lent one set to a chunk at a time, so that a core
/// replays with a set no other core is using (a string or array shared by two cores has its
/// count changed by both at once, which costs both dearly) and only as many sets are made as
/// chunks run at once; and the people replayed so far, told as a share of everyone.
final class ReplicaPool: @unchecked Sendable {
    /// The policies and names one chunk replays with.
    struct Replicas {
        /// The policies, or replicas of them.
        var policies: [SimulatedPolicy]
        /// The names, or a copy of them.
        var symbols: Symbols
    }

    /// Guards everything below (a serial queue: `Mutex` needs macOS 15, and `NSLock` Foundation).
    private let queue = DispatchQueue(label: "reviewgate.replay.replicas")
    /// Sets lent and given back, ready for the next chunk; the originals first.
    private var ready: [Replicas]
    /// The originals, of which new replicas are made.
    private let originals: Replicas
    /// People replayed so far, and by every chunk.
    private var replayed = 0
    private let everyone: Int
    private let tell: ((_ share: Double) -> Void)?

    /// A pool that lends `policies` and `symbols` first, then replicas of them, and tells `tell`
    /// the share of `everyone` replayed.
    init(policies: [SimulatedPolicy], symbols: Symbols, everyone: Int, tell: ((_ share: Double) -> Void)?) {
        originals = Replicas(policies: policies, symbols: symbols)
        ready = [originals]
        self.everyone = everyone
        self.tell = tell
    }

    /// A set no running chunk uses: one given back, or a new replica.
    func borrow() -> Replicas {
        if let lent = queue.sync(execute: { ready.popLast() }) { return lent }
        return Replicas(
            policies: originals.policies.map { $0.replica() }, symbols: originals.symbols.unshared())
    }

    /// Gives `replicas` back for the next chunk.
    func giveBack(_ replicas: Replicas) {
        queue.sync { ready.append(replicas) }
    }

    /// Counts `people` more replayed and tells the share, one telling at a time.
    func count(_ people: Int) {
        guard let tell else { return }
        queue.sync {
            replayed += people
            tell(Double(replayed) / Double(max(1, everyone)))
        }
    }
}
