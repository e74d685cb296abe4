import Testing

@testable import ReviewGateSimulation

/// The byte searches that read words at a time, against the plain byte-by-byte answer.
@Suite("simulate: byte search")
struct ByteSearchTests {
    @Test("runs are equal exactly when every byte is, for every length and every differing byte")
    func equal() {
        for count in 0...40 {
            let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var checked = 0
            for differing in -1..<count {
                var right = left
                if differing >= 0 { right[differing] ^= 0x20 }
                left.withUnsafeBufferPointer { left in
                    right.withUnsafeBufferPointer { right in
                        #expect(ByteSearch.equal(left, right) == (differing < 0), "length \(count), byte \(differing)")
                        checked += 1
                    }
                }
            }
            // A run and a longer one that starts with it differ.
            (left + [0]).withUnsafeBufferPointer { longer in
                left.withUnsafeBufferPointer { left in
                    #expect(!ByteSearch.equal(left, UnsafeBufferPointer(rebasing: longer[...])))
                }
            }
            #expect(checked == count + 1)
        }
    }

    @Test("runs anywhere in memory, at any offset and up to an array's end, and empty ones")
    func equalAtOffsets() {
        let bytes = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let copy = bytes
        bytes.withUnsafeBufferPointer { bytes in
            copy.withUnsafeBufferPointer { copy in
                for start in 0..<16 {
                    for end in start...bytes.count {
                        let left = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        #expect(ByteSearch.equal(left, UnsafeBufferPointer(rebasing: copy[start..<end])))
                        if end > start, end < bytes.count {
                            // The same length one byte further on differs.
                            #expect(!ByteSearch.equal(left, UnsafeBufferPointer(rebasing: copy[start + 1..<end + 1])))
                        }
                    }
                }
                let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                #expect(ByteSearch.equal(empty, UnsafeBufferPointer(rebasing: bytes[3..<3])))
                #expect(ByteSearch.equal(empty, empty))
            }
        }
    }
}
