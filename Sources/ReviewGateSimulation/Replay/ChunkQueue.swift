import Dispatch

/// The chunks of people a replay on several cores hands out (``Simulation/run(_:jobs:replayed:)``):
/// each job takes the next as it comes free, so that a chunk slower than its events say, or a core
/// held up, is not waited for alone; and the people replayed so far, told as a share of everyone,
/// one telling at a time.
final class ChunkQueue: @unchecked Sendable {
    /// Guards everything below (a serial queue: `Mutex` needs macOS 15, and `NSLock` Foundation).
    private let queue = DispatchQueue(label: "reviewgate.replay.chunks")
    /// How many chunks there are, and how many a job has taken.
    private let chunks: Int
    private var taken = 0
    /// How many people are replayed so far, of `everyone`.
    private var replayed = 0
    private let everyone: Int
    private let tell: ((_ share: Double) -> Void)?

    /// A queue of `count` chunks of `everyone` people, which tells `tell` the share replayed.
    init(count: Int, everyone: Int, tell: ((_ share: Double) -> Void)?) {
        chunks = count
        self.everyone = everyone
        self.tell = tell
    }

    /// The next chunk no job has taken, in order; `nil` once every one is.
    func next() -> Int? {
        queue.sync {
            guard taken < chunks else { return nil }
            taken += 1
            return taken - 1
        }
    }

    /// Counts `people` more replayed and tells the share.
    func count(_ people: Int) {
        guard let tell, people > 0 else { return }
        queue.sync {
            replayed += people
            tell(Double(replayed) / Double(max(1, everyone)))
        }
    }
}
