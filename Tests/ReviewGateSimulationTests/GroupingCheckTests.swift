@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// The check that a `--grouped` input is grouped by person (Semantics §10): it catches any person who
/// appears again after fewer others than it remembers, and never stops a grouped input.
@Suite("grouping check")
struct GroupingCheckTests {
    /// Takes `people` in order (numbered by their first place), and returns the index of the first
    /// one the check stops at.
    static func firstStop(_ people: [String], remembering: Int) -> Int? {
        var check = GroupingCheck(remembering: remembering)
        var numbers: [String: Int32] = [:]
        for (index, person) in people.enumerated() {
            let number = numbers[person] ?? Int32(numbers.count)
            numbers[person] = number
            guard number != check.person else { continue }
            if !check.begin(number, name: person) { return index }
        }
        return nil
    }

    @Test("a person who appears again after fewer others than remembered is caught at that line")
    func reappears() {
        #expect(Self.firstStop(["a", "a", "b", "a"], remembering: 4) == 3)
        #expect(Self.firstStop(["a", "b", "c", "d", "a"], remembering: 4) == 4)
        // Two interleaved people: caught at the first line back, not counted as five people.
        #expect(Self.firstStop(["u1", "u2", "u1", "u2", "u1"], remembering: 100_000) == 2)
        // Past what it remembers, a person is not caught: the documented bound.
        #expect(Self.firstStop(["a", "b", "c", "d", "e", "a"], remembering: 4) == nil)
    }

    @Test("random grouped inputs of many people, each in one run of lines, are never stopped")
    func groupedNeverStops() {
        var random = SplitMix(seed: 36)
        var people: [String] = []
        for person in 0..<5_000 {
            let id = "user-\(person)-\(random.next() % 1_000_000)"
            people += Array(repeating: id, count: Int(random.next() % 4) + 1)
        }
        #expect(Self.firstStop(people, remembering: 1_000) == nil)
        // The same people with one line moved back among earlier people's is caught.
        var moved = people
        let line = moved.remove(at: people.count / 2)
        moved.insert(line, at: people.count / 2 - 40)
        #expect(Self.firstStop(moved, remembering: 1_000) != nil)
    }

    @Test("the same person under a new number (a reader that forgot the others) is not a reappearance")
    func renumbered() {
        var check = GroupingCheck(remembering: 10)
        let taken = [
            check.begin(0, name: "a"), check.begin(1, name: "b"), check.begin(0, name: "b"), check.begin(1, name: "a"),
        ]
        #expect(taken == [true, true, true, false])
    }
}
