import ReviewGateTestSupport
import Testing

@testable import ReviewGateSimulation

/// The symbol table's open addressing (a part of each hash in its slots, bytes compared on a
/// match) and its hints, against a `Dictionary` numbering strings in the order first seen.
@Suite("simulate: symbols")
struct SymbolsTests {
    @Test("random runs of bytes of every short length are numbered as a dictionary numbers them")
    func sameAsDictionary() {
        var random = SplitMix(seed: 7)
        var symbols = Symbols()
        var numbers: [[UInt8]: Int32] = [:]
        var hint = TimelineEvent.none
        for round in 0..<20_000 {
            // Few bytes from a small alphabet, so that runs repeat, share prefixes and collide.
            let count = Int(random.next() % 20)
            let bytes = (0..<count).map { _ in UInt8(0x61 + random.next() % 3) }
            let expected = numbers[bytes] ?? Int32(numbers.count)
            numbers[bytes] = expected
            let id = bytes.withUnsafeBufferPointer { text in
                round % 2 == 0 ? symbols.intern(text) : symbols.intern(text, hint: &hint)
            }
            #expect(id == expected, "\(bytes)")
            if round % 2 == 1 { #expect(hint == expected) }
            if round % 5 == 0 { hint = Int32(truncatingIfNeeded: random.next() % 40) - 5 }
        }
        #expect(symbols.count == numbers.count)
        for (bytes, id) in numbers {
            #expect(symbols[id] == String(decoding: bytes, as: UTF8.self))
            #expect(bytes.withUnsafeBufferPointer { symbols.matches(id, $0) })
            #expect(!bytes.withUnsafeBufferPointer { symbols.matches(id == 0 ? 1 : 0, $0) })
        }
        #expect(!symbols.matches(TimelineEvent.none, UnsafeBufferPointer(start: nil, count: 0)))
        #expect(!symbols.matches(Int32(symbols.count), UnsafeBufferPointer(start: nil, count: 0)))
    }
}
