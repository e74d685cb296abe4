@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// `simulate --grouped` (Semantics §10): for any grouped input, however it is cut into chunks and
/// however often the reader forgets the people behind it, the same report as the whole timeline
/// replayed in memory.
@Suite("simulate: grouped replay")
struct GroupedReplayTests {
    /// A cohort's timeline (grouped by person, as `--write-timeline` writes it) of `people` people.
    static func timeline(people: Int) throws -> Timeline {
        var cohort = try CohortDecoder.decode(
            Fixtures.documents.document(atPath: Repository.path("policies/examples/simulate/first-month.cohort.yaml")))
        cohort.people = people
        return CohortGenerator.timeline(cohort)
    }

    static let simulation = Result {
        Simulation(
            policies: [
                try SimulationTests.simulated(SimulationTests.applePolicy),
                try SimulationTests.simulated("policies/three-week-rule.yaml"),
            ],
            keepsAsks: true)
    }

    /// `bytes` read in chunks of the sizes `sizes` gives, in turn, by a grouped replay that forgets
    /// people past `forgetting`.
    static func grouped(
        _ bytes: [UInt8], chunks sizes: [Int], forgetting: Int, _ simulation: Simulation
    ) throws -> Simulation.Outcome {
        var turn = 0
        return try GroupedReplay.outcome(of: bytes, format: .jsonl, simulation, forgetting: forgetting) { _ in
            defer { turn += 1 }
            return sizes[turn % sizes.count]
        }
    }

    @Test("a table that keeps one symbol holds it, and numbers the next one apart")
    func keepingOneSymbol() {
        var symbols = Symbols()
        for name in ["p1", "p2", "p3"] { _ = symbols.intern(name) }
        var (kept, id) = symbols.keeping(2)
        #expect(kept.count == 1)
        #expect(kept[id] == "p3")
        #expect(kept.intern("p3") == id)
        #expect(kept.intern("p4") != id, "a new person is not the one kept")
        #expect(symbols.keeping(TimelineEvent.none).symbols.count == 0)
    }

    @Test(
        "small chunks, people forgotten at every chunk: the in-memory report",
        arguments: [1, 2, 3, 7, 61, 4096])
    func smallChunks(chunk: Int) throws {
        let timeline = try Self.timeline(people: chunk < 8 ? 12 : 60)
        let simulation = try Self.simulation.get()
        let whole = simulation.run(timeline)
        #expect(whole.tallies[0].asks > 0, "the cohort asks someone")
        let bytes = Array(timeline.jsonLines().utf8)
        for forgetting in [1, 2, 5] {
            let outcome = try Self.grouped(bytes, chunks: [chunk], forgetting: forgetting, simulation)
            #expect(outcome.tallies == whole.tallies, "chunks of \(chunk), forgetting past \(forgetting)")
            #expect(outcome.asks == whole.asks, "chunks of \(chunk), forgetting past \(forgetting)")
        }
    }

    @Test("chunks of odd sizes up to several MiB, forgetting as the command does: the in-memory report")
    func largeChunks() throws {
        // About 4 MiB of lines, so that a 1 MiB chunk ends inside lines of several people.
        let timeline = try Self.timeline(people: 1_800)
        let simulation = try Self.simulation.get()
        let whole = simulation.run(timeline)
        let bytes = Array(timeline.jsonLines().utf8)
        #expect(bytes.count > 3 << 20)
        for (sizes, forgetting) in [
            ([1 << 20], 4096), ([1 << 20], 1), ([3 << 20], 2), ([1, 65_537, 999_983, 13], 3), ([bytes.count], 1),
        ] {
            let outcome = try Self.grouped(bytes, chunks: sizes, forgetting: forgetting, simulation)
            #expect(outcome.tallies == whole.tallies, "chunks of \(sizes), forgetting past \(forgetting)")
            #expect(outcome.asks.count == whole.asks.count && outcome.asks == whole.asks)
        }
    }
}
