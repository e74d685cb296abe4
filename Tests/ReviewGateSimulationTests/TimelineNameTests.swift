@_spi(ReviewGateTools) import ReviewGate
import Testing

@testable import ReviewGateSimulation

/// A timeline's names are checked on their bytes, a bit per byte: the same answer as the policy's
/// own rule (``Name``, Semantics §2 *Values*) gives.
@Suite("simulate: names in a timeline")
struct TimelineNameTests {
    @Test("every byte, first or later, is allowed exactly when Name allows it")
    func everyByte() {
        for byte in UInt8.min...UInt8.max {
            for bytes in [[byte], [UInt8(ascii: "a"), byte], [UInt8(ascii: "_"), byte, UInt8(ascii: "9")]] {
                let expected = Name.isValid(String(decoding: bytes, as: UTF8.self)) && bytes.allSatisfy { $0 < 0x80 }
                #expect(bytes.withUnsafeBufferPointer(TimelineLine.isName) == expected, "\(bytes)")
            }
        }
    }

    @Test("names of every length up to the longest, and one past it")
    func lengths() {
        for count in 0...(Name.maximumLength + 1) {
            let bytes = Array(repeating: UInt8(ascii: "x"), count: count)
            let expected = Name.isValid(String(decoding: bytes, as: UTF8.self))
            #expect(bytes.withUnsafeBufferPointer(TimelineLine.isName) == expected, "\(count) bytes")
        }
        for text in ["2fa_completed", "process_completed", "Home.Screen-2", ".hidden", "-x", "é", "a b", ""] {
            #expect(Array(text.utf8).withUnsafeBufferPointer(TimelineLine.isName) == Name.isValid(text), "\(text)")
        }
    }
}
