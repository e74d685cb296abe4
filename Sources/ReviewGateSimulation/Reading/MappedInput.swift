@_spi(ReviewGateTools) import ReviewGateFiles

/// A whole input in memory for ``ParallelTimelineReader/read(mapped:)``: a file mapped (its bytes
/// read where the system keeps them, with no copy into the reader's blocks), or bytes copied once
/// (the tests' and the fuzz target's, read the same way). Blocks that are read on other threads
/// keep it alive until they are done.
package final class MappedInput: @unchecked Sendable {
    /// The input's bytes, valid as long as this lives.
    package let bytes: UnsafeBufferPointer<UInt8>
    private let mapped: Bool

    /// The first `count` bytes of an open file, mapped; `nil` when it cannot be mapped.
    package init?(descriptor: Int32, count: Int) {
        guard let region = SystemCalls.mapForReading(descriptor, count: count) else { return nil }
        bytes = region.bindMemory(to: UInt8.self)
        mapped = true
    }

    /// A copy of `bytes`.
    package init(copying bytes: some Collection<UInt8>) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = copy.initialize(from: bytes)
        self.bytes = UnsafeBufferPointer(rebasing: copy[..<bytes.count])
        mapped = false
    }

    /// Maps in the pages of `range` at once, before they are read (a mapped file's).
    func prefetch(_ range: Range<Int>) {
        guard mapped, !range.isEmpty else { return }
        SystemCalls.prefetch(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
    }

    /// Lets the pages of `range`, read and never read again, leave the process's memory (a mapped
    /// file's; a copy keeps its bytes).
    func release(_ range: Range<Int>) {
        guard mapped, !range.isEmpty else { return }
        SystemCalls.release(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
    }

    deinit {
        if mapped {
            SystemCalls.unmap(UnsafeRawBufferPointer(bytes))
        } else {
            bytes.baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() }
        }
    }
}
