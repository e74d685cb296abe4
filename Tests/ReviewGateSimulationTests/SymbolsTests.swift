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

    @Test(
        "a table put into another numbers each of its strings as interning them one by one would",
        arguments: [0, 1, 40, 3_000])
    func internContentsOf(overlap: Int) {
        var random = SplitMix(seed: 13)
        var file = Symbols()
        var other = Symbols()
        // The file's strings, then the other's: some in both (`overlap` of them), in another order.
        for index in 0..<3_000 { _ = file.intern("p\(index)") }
        var texts = (0..<overlap).map { _ in "p\(Int(random.next() % 3_000))" }
        texts += (0..<5_000).map { "q\($0)-\(random.next() % 7)" }
        texts.shuffle(using: &random)
        for text in texts { _ = other.intern(text) }
        var expected = file
        let oneByOne = other.strings.map { expected.intern($0) }
        let numbers = file.intern(contentsOf: other)
        #expect(numbers == oneByOne)
        #expect(file.strings == expected.strings)
        for (index, text) in other.strings.enumerated() {
            var bytes = Array(text.utf8)
            #expect(bytes.withUnsafeMutableBufferPointer { file.lookUp(UnsafeBufferPointer($0)) } == numbers[index])
        }
    }

    /// Ids as exports number people: `p00000`, `user_7`, `7`, ten and sixteen digits, 32 hex digits.
    static let idShapes: [(String, @Sendable (Int) -> String)] = [
        ("p00000", { "p" + String(repeating: "0", count: 5 - String($0).count) + String($0) }),
        ("user_N", { "user_\($0)" }), ("N", { String($0) }), ("ten digits", { String(1_000_000_000 + $0) }),
        ("sixteen digits", { String(1_000_000_000_000_000 + $0) }),
        ("32 hex digits", { String(repeating: "0", count: 32 - String($0, radix: 16).count) + String($0, radix: 16) }),
    ]

    @Test(
        "sequential ids of the shapes exports use fall in the table's slots as random ones do",
        arguments: idShapes.indices)
    func sequentialIdsSpread(shape: Int) {
        // The slot is the hash's low bits: 50,000 ids in 65,536 slots fill about 34,977 of them
        // when the hashes are random (65,536 × (1 − e^(−50,000/65,536))); before the hash mixed
        // its high bits down, `p00000`… filled 499.
        let (name, id) = Self.idShapes[shape]
        var slots = Set<UInt64>()
        for index in 0..<50_000 {
            var bytes = Array(id(index).utf8)
            slots.insert(bytes.withUnsafeMutableBufferPointer { ByteSearch.hash(UnsafeBufferPointer($0)) } & 0xFFFF)
        }
        #expect(slots.count > 33_000, "\(name): \(slots.count) slots of 65,536")
    }
}
