import Foundation

/// A pending ask's wait for its deadline on the prompter's clock (Semantics §11): the deadline is fixed
/// when the moment is decided, and the sleep starts before the moment's call returns, so a test
/// that then advances its clock reaches it. The wait also ends, at once, when the prompter is told
/// to finish an ask whose deadline the clock has reached (``Prompter/waitUntilIdle()``) or the ask
/// is cancelled (the app went to the background): it never depends on when the sleep was
/// registered.
final class AskDeadline: @unchecked Sendable {
    /// When the ask is due, as time elapsed on the prompter's clock since it was made.
    let due: Duration
    private let lock = NSLock()
    private var ended = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var sleeper: Task<Void, Never>?

    /// A wait until `due`, sleeping on `sleep(until:)` from now: registered before this returns
    /// where the runtime can start a task at once (`Task.immediate`), else as soon as its task runs.
    init(due: Duration, now: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.due = due
        guard due > now else {
            ended = true
            return
        }
        let sleeping: @Sendable () async -> Void = { [weak self] in
            try? await sleep(due)
            self?.end()
        }
        let task: Task<Void, Never>
        #if os(Linux) || os(Windows) || os(Android)
            task = Task.immediate(operation: sleeping)
        #else
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                task = Task.immediate(operation: sleeping)
            } else {
                task = Task(operation: sleeping)
            }
        #endif
        lock.withLock { if !ended { sleeper = task } else { task.cancel() } }
    }

    /// Waits until the deadline, or until the wait is ended early; returns at once when it has
    /// passed already. A cancelled task stops waiting.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = lock.withLock {
                    if ended { return true }
                    waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            end()
        }
    }

    /// Ends the wait now (the deadline came, the prompter must finish the ask, or the ask was
    /// cancelled); the sleep, if any, is cancelled. Ending it again does nothing.
    func end() {
        let (waiter, sleeper) = lock.withLock { () -> (CheckedContinuation<Void, Never>?, Task<Void, Never>?) in
            guard !ended else { return (nil, nil) }
            ended = true
            defer { (self.waiter, self.sleeper) = (nil, nil) }
            return (self.waiter, self.sleeper)
        }
        sleeper?.cancel()
        waiter?.resume()
    }
}
