import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// A timeline file read mapped (Semantics §10): the system's mapping, its
/// pages mapped in and let go block by block, reads what one reader reads; a line with no end is
/// never held whole.
@Suite struct MappedReadingTests {
    /// `text` written to a file, then read mapped with `jobs` and `blockSize`.
    private static func readMapped(
        _ text: String, jobs: Int, blockSize: Int, strict: Bool = false
    ) throws -> ParallelTimelineReader {
        let file = try Repository.temporaryFolder().appending(path: "t.jsonl")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let descriptor = SystemCalls.openForReading(file.path)
        #expect(descriptor >= 0)
        defer { SystemCalls.close(descriptor) }
        let input = try #require(MappedInput(descriptor: descriptor, count: text.utf8.count))
        var reader = ParallelTimelineReader(
            format: .jsonl, file: "t.jsonl", strict: strict, jobs: jobs, blockSize: blockSize)
        try reader.read(mapped: input)
        try reader.finish()
        return reader
    }

    @Test(
        "read from a whole input in memory (a mapped file), in blocks of any size, a timeline is what one reader reads",
        arguments: [(TimelineFormat.jsonl, 1), (.jsonl, 2), (.jsonl, 3), (.csv, 1), (.csv, 2)], [7, 100, 1 << 20])
    func mappedReading(_ input: (format: TimelineFormat, jobs: Int), blockSize: Int) throws {
        let text = try SimulationTests.readingText(input.format)
        let (one, reader) = try SimulationTests.read(text, format: input.format)
        var parallel = ParallelTimelineReader(
            format: input.format, file: reader.file, jobs: input.jobs, blockSize: blockSize)
        var reported: [Int] = []
        var events: [Int] = []
        try parallel.read(mapped: MappedInput(copying: Array(text.utf8))) { bytes, read in
            reported.append(bytes)
            events.append(read)
        }
        try parallel.finish()
        #expect(reported.last == text.utf8.count && reported == reported.sorted())
        #expect(events.last == parallel.eventCount && events == events.sorted())
        if blockSize < 1 << 20 {
            // On one core, each block reads on from the file's names and people: nothing to renumber.
            // On several, the first range's blocks read on from them too; a later range's have
            // names and people of their own, renumbered when the timeline groups them.
            #expect(parallel.pieces.first?.needsRenumbering == false)
            if input.jobs == 1 {
                #expect(parallel.pieces.count > 1)
                #expect(!parallel.pieces.contains { $0.needsRenumbering })
            } else if input.format == .jsonl {
                #expect(parallel.pieces.contains { $0.needsRenumbering })
            }
        }
        #expect(parallel.timeline().events == one.events)
        #expect(parallel.people.strings == reader.people.strings)
        #expect(parallel.symbols.strings == reader.symbols.strings)
        #expect(parallel.lines == reader.lines && parallel.skipped == reader.skipped)
        #expect(parallel.problems.map(\.description) == reader.problems.map(\.description))
    }

    @Test(
        "an input grouped by person, read in parts on several cores, stays where it was read and groups as one new array would",
        arguments: [1, 2, 3], [7, 100, 1 << 20])
    func groupedInputKeepsItsPieces(jobs: Int, blockSize: Int) throws {
        // 30 people one after another, each with 1 to 7 lines of names first seen in any part, one
        // in three with times out of order.
        var random = SplitMix(seed: 11)
        var text = ""
        for person in 0..<30 {
            for line in 0..<Int.random(in: 1...7, using: &random) {
                let second = person % 3 == 0 ? Int.random(in: 0..<5, using: &random) : line
                text += "{\"user\":\"u\(person)\",\"time\":\(1_767_603_600 + second),\"type\":\"event\","
                text += "\"name\":\"e\(Int.random(in: 0..<12, using: &random))\"}\n"
            }
        }
        var parallel = ParallelTimelineReader(format: .jsonl, file: "t.jsonl", jobs: jobs, blockSize: blockSize)
        try parallel.read(mapped: MappedInput(copying: Array(text.utf8)))
        try parallel.finish()
        let kept = parallel.timeline()
        let placed = Timeline(
            pieces: parallel.pieces, symbols: parallel.symbols, people: parallel.people, jobs: jobs,
            keepsGroupedPieces: false)
        #expect(kept.keepsPieces)
        #expect(kept.events == placed.events && kept.starts == placed.starts)
        #expect(kept.events == (try SimulationTests.read(text).0.events))
        for person in 0..<30 {
            #expect(kept.withEvents(of: person) { Array($0) } == placed.withEvents(of: person) { Array($0) })
        }
    }

    @Test(
        "on several cores, a strict read (block by block, not in ranges) stops at the first bad line, at its line in the file",
        arguments: [2, 3], [1000, 1 << 20])
    func strictRanges(jobs: Int, blockSize: Int) throws {
        let timeline = try SimulationTests.shippedTimeline()
        let bad = "{\"user\":\"x\",\"time\":\"soon\",\"type\":\"launch\"}\n"
        // A bad line in the last range only, then one in the first range too.
        for text in [
            String(repeating: timeline, count: 6) + bad, timeline + bad + String(repeating: timeline, count: 6) + bad,
        ] {
            let badLines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.contains("soon") }.map { $0.offset + 1 }
            let one = #expect(throws: DiagnosticError.self) {
                _ = try Self.readMapped(text, jobs: 1, blockSize: blockSize, strict: true)
            }
            let ranges = #expect(throws: DiagnosticError.self) {
                _ = try Self.readMapped(text, jobs: jobs, blockSize: blockSize, strict: true)
            }
            #expect(ranges?.description == one?.description)
            #expect(ranges?.diagnostics.first?.location?.line == badLines.first)
        }
    }

    @Test(
        "in ranges, a column no one reads is warned of once, and a CSV file of a header alone is read to its end",
        arguments: [2, 3])
    func rangesWarnOnceAndReachTheEnd(jobs: Int) throws {
        var text = ""
        for index in 0..<300 {
            text += "{\"user\":\"u\(index % 40)\",\"time\":\(1_767_603_600 + index),\"type\":\"launch\","
            text += "\"extra\":\(index),\"more\":\"x\"}\n"
        }
        let (one, reader) = try SimulationTests.read(text)
        var parallel = ParallelTimelineReader(format: .jsonl, file: reader.file, jobs: jobs, blockSize: 500)
        try parallel.read(mapped: MappedInput(copying: Array(text.utf8)))
        try parallel.finish()
        #expect(parallel.timeline().events == one.events)
        #expect(parallel.problems.map(\.description) == reader.problems.map(\.description))
        #expect(parallel.problems.count == 2, "\(parallel.problems)")
        let header = "user,type,time\n"
        var csv = ParallelTimelineReader(format: .csv, file: "t.csv", jobs: jobs, blockSize: 500)
        var reported: [Int] = []
        try csv.read(mapped: MappedInput(copying: Array(header.utf8))) { bytes, _ in reported.append(bytes) }
        try csv.finish()
        #expect(reported.last == header.utf8.count && csv.eventCount == 0 && csv.lines == 1)
    }

    @Test("a mapped input: a line longer than 1 MiB, and one longer than a block, read as one reader reads them")
    func mappedLongLines() throws {
        let good = "{\"user\":\"u\",\"time\":1767603600,\"type\":\"launch\"}\n"
        let long =
            "{\"user\":\"v\",\"time\":1767603600,\"type\":\"launch\",\"x\":\"" + String(repeating: "y", count: 1 << 20)
            + "\"}\n"
        let text =
            String(repeating: good, count: 3) + long + String(repeating: good, count: 2) + long + good + "{\"user\""
        let (one, reader) = try SimulationTests.read(text)
        for (jobs, blockSize) in [(1, 1000), (2, 1000), (2, 8 << 20)] {
            var parallel = ParallelTimelineReader(format: .jsonl, file: reader.file, jobs: jobs, blockSize: blockSize)
            try parallel.read(mapped: MappedInput(copying: Array(text.utf8)))
            try parallel.finish()
            #expect(parallel.timeline().events == one.events)
            #expect(parallel.lines == reader.lines && parallel.skipped == reader.skipped)
            #expect(parallel.problems.map(\.description) == reader.problems.map(\.description))
            #expect(parallel.problems.map { $0.location?.line } == [4, 7, 9])
        }
    }

    @Test(
        "a file mapped by the system, in blocks smaller and larger than a page, on one to three cores",
        arguments: [1, 2, 3], [1000, 4096, 5000, 1 << 20])
    func systemMapping(jobs: Int, blockSize: Int) throws {
        let text =
            String(repeating: try SimulationTests.shippedTimeline(), count: 5)
            + "{\"user\":\"x\",\"time\":\"soon\",\"type\":\"launch\"}\n"
        let (one, reader) = try SimulationTests.read(text)
        let mapped = try Self.readMapped(text, jobs: jobs, blockSize: blockSize)
        #expect(text.utf8.count > 3 * 4096)
        #expect(mapped.timeline().events == one.events)
        #expect(mapped.people.strings == reader.people.strings && mapped.symbols.strings == reader.symbols.strings)
        #expect(mapped.lines == reader.lines && mapped.skipped == reader.skipped)
        #expect(mapped.problems.map(\.description) == reader.problems.map(\.description))
    }

    @Test("a tail of 3 MiB with no line end is skipped as one reader skips it, in 8 MiB blocks or small ones")
    func endlessTail() throws {
        let good = "{\"user\":\"u\",\"time\":1767603600,\"type\":\"launch\"}\n"
        let text = String(repeating: good, count: 5) + "{\"user\":\"" + String(repeating: "z", count: 3 << 20)
        let (one, reader) = try SimulationTests.read(text)
        #expect(reader.skipped == 1 && reader.problems.map { $0.location?.line } == [6])
        for (jobs, blockSize) in [(1, 8 << 20), (2, 8 << 20), (2, 1000)] {
            let mapped = try Self.readMapped(text, jobs: jobs, blockSize: blockSize)
            #expect(mapped.timeline().events == one.events)
            #expect(mapped.lines == reader.lines && mapped.skipped == reader.skipped)
            #expect(mapped.problems.map(\.description) == reader.problems.map(\.description))
        }
        // A line of 2 MiB, ended, then more lines: skipped, and the lines after it read.
        let middle =
            String(repeating: good, count: 2) + "{\"x\":\"" + String(repeating: "y", count: 2 << 20) + "\"}\n" + good
        let (oneMiddle, readerMiddle) = try SimulationTests.read(middle)
        let mapped = try Self.readMapped(middle, jobs: 2, blockSize: 1000)
        #expect(mapped.timeline().events == oneMiddle.events && mapped.timeline().events.count == 3)
        #expect(mapped.problems.map(\.description) == readerMiddle.problems.map(\.description))
    }
}
