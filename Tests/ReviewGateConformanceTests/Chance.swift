import ReviewGateTestSupport

/// Seeded choices for the generator: the same seed makes the same kit.
struct Chance {
    var generator: SplitMix

    init(seed: UInt64) {
        generator = SplitMix(seed: seed)
    }

    /// `true` with probability `p`.
    mutating func happens(_ p: Double) -> Bool {
        Double(generator.next() >> 11) / Double(1 << 53) < p
    }

    /// An integer of `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }

    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }

    /// Some of `items`, each with probability `p`, in order.
    mutating func some<T>(_ items: [T], _ p: Double) -> [T] {
        items.filter { _ in happens(p) }
    }

    /// 64 random bits.
    mutating func bits() -> UInt64 { generator.next() }
}
