import Foundation
import ReviewGateTestSupport
import Testing

/// Whatever `record` writes, `evaluate` reads (issue 9, defect 1): names follow Semantics §2, a flag
/// value that is not a name is refused before anything is read or written, and counts stop at
/// the limit.
@Suite struct RecordNamesTests {
    /// The state file's bytes, to compare before and after.
    static func stateText(_ folder: URL) throws -> String {
        try String(contentsOf: folder.appending(path: "state.yaml"), encoding: .utf8)
    }

    @Test(arguments: ["", "a/b", "weird: name", "café", ".hidden", "-x", String(repeating: "a", count: 101)])
    func aValueThatIsNoNameIsRefusedAndNothingIsWritten(_ name: String) throws {
        let folder = try RecordCommandTests.folder()
        let before = try Self.stateText(folder)
        for option in ["--event", "--trigger", "--scene"] {
            let result = try RecordCommandTests.record(
                ["\(option)=\(name)", "--now", "2026-01-02T00:00:00Z"], in: folder)
            #expect(result.status == 2, "\(option) \(name): \(result.stderr)")
            // argument-parser itself refuses an empty value, with exit 2 too.
            #expect(result.stderr.contains(name.isEmpty ? "Missing value" : "is not a name"), "\(result.stderr)")
        }
        #expect(try Self.stateText(folder) == before)
    }

    /// Random valid names, digits first among them: recorded, then read back by `evaluate`.
    @Test func whateverRecordWritesEvaluateReads() throws {
        var random = SplitMix(seed: 9)
        let first = Array("abcXYZ0189_")
        let rest = Array("abcXYZ0189_.-")
        var names = ["2fa_completed", "0", "123", "1e3", "0x1F", "true", "NO", "null", "a.b-c", "_"]
        for _ in 0..<10 {
            let length = Int.random(in: 0..<12, using: &random)
            names.append(
                String(first.randomElement(using: &random)!)
                    + String((0..<length).map { _ in rest.randomElement(using: &random)! }))
        }
        let folder = try RecordCommandTests.folder()
        for name in names {
            let recorded = try RecordCommandTests.record(
                ["--event", name, "--now", "2026-01-02T00:00:00Z"], in: folder)
            #expect(recorded.status == 1, "record --event \(name): \(recorded.stderr)")
        }
        let evaluated = try CLIRunner.run(
            [
                "evaluate", "--policy", "policy.yaml", "--state", "state.yaml", "--event", "done", "--now",
                "2026-01-03T00:00:00Z",
            ],
            in: folder)
        let text = try Self.stateText(folder)
        #expect(evaluated.status == 1, "\(evaluated.stderr)\n\(text)")
        #expect(text.contains("\"2fa_completed\": 1"))
        #expect(text.contains("\"123\": 1"))
    }

    @Test func aCountAtTheLimitStaysThereAndSaysSo() throws {
        let folder = try RecordCommandTests.folder(
            state: RecordCommandTests.state + "events: {other: 1000000000}\nlaunches: 1000000000\n")
        let result = try RecordCommandTests.record(["--event", "other", "--now", "2026-01-02T00:00:00Z"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("recorded: other not counted (at 1000000000, the most a count holds)\n"))
        let launch = try RecordCommandTests.record(["--launch", "--now", "2026-01-02T00:00:00Z"], in: folder)
        #expect(
            launch.stdout.hasSuffix(
                "recorded: session started, launch not counted (at 1000000000, the most a count holds)\n"),
            "\(launch.stdout)")
        let text = try Self.stateText(folder)
        #expect(text.contains("other: 1000000000"))
        #expect(text.contains("launches: 1000000000"))
        #expect(text.contains("session_started_at: 2026-01-02T00:00:00Z"))
        let evaluated = try CLIRunner.run(
            [
                "evaluate", "--policy", "policy.yaml", "--state", "state.yaml", "--event", "other", "--now",
                "2026-01-03T00:00:00Z",
            ],
            in: folder)
        #expect(evaluated.status == 1, "\(evaluated.stderr)")
    }
}
