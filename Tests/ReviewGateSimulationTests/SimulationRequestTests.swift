import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// `SimulationRequest.run()`, the module's one entry, as a Swift caller makes it (the simulating guide's
/// example): the same report from a file, from its bytes and, added up, from halves.
@Suite("simulate: the one entry")
struct SimulationRequestTests {
    static let policyFile = Repository.path("policies/apple-sample.yaml")
    static let timelineFile = Repository.path("policies/examples/simulate/timeline.jsonl")

    @Test("the guide's example: a policy and a timeline file give the report the command prints")
    func theReadmeExample() throws {
        let (policyFile, timelineFile) = (Self.policyFile, Self.timelineFile)
        let documents = DocumentFiles(parse: YAMLLoader().loadDocument)
        let loaded = try PolicyLoader.files(documents).load(path: policyFile)
        let request = SimulationRequest(
            policy: SimulatedPolicy(loaded, path: policyFile), input: .timelines([timelineFile]), jobs: 2)
        let report = try request.run()
        let text = report.text  // what `reviewgate simulate` prints
        let skipped = report.problems  // each line skipped, at file:line:column
        let json = report.json  // what --format json writes, and SimulationReport.merged(reading:) adds up

        #expect(skipped.isEmpty)
        #expect(text.contains("\(timelineFile): 40 events, 4 people"), "\(text)")
        #expect((try Self.object(json)["policy"] as? [String: Any])?["people_asked"] as? Int == 2)

        // The same bytes in memory, on one core, give the same report.
        let bytes = try FileBytes.read(timelineFile, maxBytes: 1 << 20)
        let fromBytes = try SimulationRequest(
            policy: SimulatedPolicy(loaded, path: policyFile), input: .bytes(bytes, name: timelineFile), jobs: 1
        ).run()
        #expect(fromBytes.text == text)
        #expect(JSONWriter(pretty: false).string(fromBytes.json) == JSONWriter(pretty: false).string(json))
    }

    @Test("a bad line is a problem at its place; strict stops there; asks are handed over as JSON lines")
    func problemsStrictAndAsks() throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: Self.policyFile)
        let timeline = try FileBytes.read(Self.timelineFile, maxBytes: 1 << 20)
        let bad = timeline + Array(#"{"user":"x","time":"yesterday","type":"launch"}"#.utf8) + [0x0A]
        var asks: [String] = []
        let report = try SimulationRequest(
            policy: SimulatedPolicy(loaded, path: Self.policyFile), input: .bytes(bad, name: "t.jsonl"),
            asks: { asks.append($0) }
        ).run()
        #expect(report.problems.map { $0.location?.line } == [41])
        #expect(report.problems.first?.location?.file == "t.jsonl")
        #expect(asks.count == 4)
        #expect(asks.allSatisfy { $0.hasPrefix(#"{"person":"#) && !$0.contains("\n") }, "\(asks)")

        let strict = SimulationRequest(
            policy: SimulatedPolicy(loaded, path: Self.policyFile), input: .bytes(bad, name: "t.jsonl"), strict: true)
        let error = try #require(throws: DiagnosticError.self) { try strict.run() }
        #expect(error.diagnostics.first?.location?.line == 41)
    }

    /// The library names no option of the command line; `simulate` adds `--input-format`.
    @Test("a timeline whose name tells no format is refused, naming the remedy")
    func anUnnamedFormatIsRefused() throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: Self.policyFile)
        let request = SimulationRequest(
            policy: SimulatedPolicy(loaded, path: Self.policyFile), input: .bytes([], name: "events.txt"))
        let error = try #require(throws: DiagnosticError.self) { try request.run() }
        #expect(
            error.diagnostics.first?.message
                == "cannot tell the format of events.txt from its name: name it .jsonl or .csv")
        #expect(error.diagnostics.first?.advice == .inputFormat)
    }

    @Test("reports of two halves merge into the report of the whole")
    func halvesMerge() throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: Self.policyFile)
        let lines = try FileBytes.read(Self.timelineFile, maxBytes: 1 << 20).split(
            separator: 0x0A, omittingEmptySubsequences: false)
        // The shipped timeline's people, split by person into two files.
        let people = Set(lines.compactMap { $0.isEmpty ? nil : Self.user(of: $0) }).sorted()
        let folder = try Repository.temporaryFolder()
        var paths: [String] = []
        for (index, half) in [Set(people.prefix(2)), Set(people.dropFirst(2))].enumerated() {
            let part = lines.filter { !$0.isEmpty && half.contains(Self.user(of: $0)) }
            let report = try SimulationRequest(
                policy: SimulatedPolicy(loaded, path: Self.policyFile),
                input: .bytes(Array(part.joined(separator: [0x0A])), name: "part-\(index).jsonl")
            ).run()
            let path = folder.appending(path: "part-\(index).json").path
            try JSONWriter(pretty: false).string(report.json).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let merged = try SimulationReport.merged(reading: paths)
        let whole = try SimulationRequest(
            policy: SimulatedPolicy(loaded, path: Self.policyFile), input: .timelines([Self.timelineFile])
        ).run()
        let (mergedObject, wholeObject) = (try Self.object(merged.json), try Self.object(whole.json))
        #expect(mergedObject["policy"] as? NSDictionary == wholeObject["policy"] as? NSDictionary)
        // Asks by week, by each week's Monday: Ana's and Dev's asks, added up from both halves.
        let weeks = (mergedObject["policy"] as? [String: Any])?["asks_by_week"] as? [String: Int]
        #expect(weeks == ["2026-01-05": 1, "2026-01-12": 1, "2026-01-19": 2])
        #expect(weeks == (wholeObject["policy"] as? [String: Any])?["asks_by_week"] as? [String: Int])
        #expect(mergedObject["input"] as? NSDictionary != nil)
        #expect(
            (mergedObject["input"] as? [String: Any])?["events"] as? Int
                == (wholeObject["input"] as? [String: Any])?["events"] as? Int)
    }

    /// A report's JSON as Foundation reads it.
    static func object(_ json: JSONValue) throws -> [String: Any] {
        let text = JSONWriter(pretty: false).string(json)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The `user` of a JSON line.
    static func user(of line: ArraySlice<UInt8>) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return String(text.split(separator: "\"")[3])
    }
}
