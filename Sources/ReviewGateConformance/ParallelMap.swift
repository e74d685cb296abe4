import Dispatch
@_spi(ReviewGateTools) import ReviewGateFiles

/// A map over indices on every core: the kit's 20 MB of JSON is read, and its 20,000 cases answered,
/// in runs of about as many items each, at once.
package enum ParallelMap {
    /// `body` of each index below `count`, in order, worked out in `jobs` runs at once.
    package static func map<T>(_ count: Int, jobs: Int = SystemCalls.processorCount, _ body: (Int) -> T) -> [T] {
        let runs = max(1, min(jobs, count))
        guard runs > 1 else { return (0..<count).map(body) }
        let results = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                for index in (count * run / runs)..<(count * (run + 1) / runs) {
                    (slots.baseAddress! + index).initialize(to: work(index))
                }
            }
        }
        let mapped = Array(results)
        _ = results.deinitialize()
        return mapped
    }
}
