import Dispatch
import Foundation

/// Runs async work from a synchronous command and waits for its result: on the main thread by
/// running the main run loop (the prompter's presenters run on the main actor, which a blocked main
/// thread would never serve), elsewhere by blocking. A test that calls the command in its own
/// process blocks one of the few threads the work itself runs on, and with others doing the same
/// can starve it: such a command (`test --prompter`) is tested through the built executable.
enum AsyncBridge {
    /// The value of `operation`, once it has finished.
    static func wait<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.set(await operation())
            done.signal()
        }
        if Thread.isMainThread {
            while box.value == nil { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005)) }
        } else {
            done.wait()
        }
        return box.value!
    }

    /// A value set once by the task and read by the waiting thread.
    private final class Box<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T?
        var value: T? { lock.withLock { stored } }
        func set(_ value: T) { lock.withLock { stored = value } }
    }
}
