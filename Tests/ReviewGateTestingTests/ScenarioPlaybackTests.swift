import Foundation
import ReviewGateScenarios
import ReviewGateTestSupport
import ReviewGateTesting
import ReviewGateYAML
import Testing

/// The kit's scenario playback (Semantics §16.2), through public API only: every shipped scenario
/// played through the prompter as `reviewgate test --prompter` plays it, byte for byte, and as
/// `reviewgate test` records it where no policy has a delay; the steps the prompter cannot play
/// refused at their lines.
@Suite("ReviewGateTesting: scenario playback")
struct ScenarioPlaybackTests {
    /// Each shipped scenario's playback, in the order `reviewgate test` finds them.
    static func played() async throws -> [(path: String, result: ScenarioResult)] {
        var played: [(path: String, result: ScenarioResult)] = []
        for path in Fixtures.shippedScenarios {
            played.append((path, try await ScenarioPlayback(.yaml).play(path: path)))
        }
        return played
    }

    @Test("every shipped scenario's transcript is `reviewgate test --prompter`'s, byte for byte")
    func matchesTheCommandLine() async throws {
        let played = try await Self.played()
        #expect(played.count >= 30)
        let process = Process()
        process.executableURL = Repository.built("reviewgate")
        process.arguments = ["test", "--prompter", "--format", "transcript", "policies"]
        process.currentDirectoryURL = Repository.root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = played.map { $0.result.transcript + "\n" }.joined()
        #expect(printed == expected)
    }

    @Test("where no policy has a delay, the playback's transcript is `record`'s golden file")
    func matchesRecordWithoutADelay() async throws {
        var compared = 0
        for (path, result) in try await Self.played() {
            // Compared unless a policy has a delay (apple-sample's 2 s) or the prompter cannot play it.
            #expect(result.golden == .matched || result.golden == .none, "\(path)")
            guard result.golden == .matched else { continue }
            compared += 1
            #expect(result.passed, "\(path): \(result.failures.map(\.message))")
        }
        #expect(compared >= 12, "\(compared)")
    }

    @Test(
        "every shipped scenario passes through the prompter but those it cannot play and one that pins record's times")
    func whichPass() async throws {
        let failing = try await Self.played().filter { !$0.result.passed }.map {
            URL(filePath: $0.path).lastPathComponent
        }
        #expect(
            failing.sorted() == [
                // The first ask comes 2 s later, so its 365 days end 2 s later than the scenario pins.
                "apple-sample.system-quota.scenario.yaml",
                // A launch or an event and a want at once, several wants, or leases: refused at their lines.
                "calm-app.ignores-budget.scenario.yaml", "calm-app.leases.scenario.yaml",
                "calm-app.priority.scenario.yaml", "limits.scenario.yaml",
            ], "\(failing)")
    }

    @Test("with a delay, asks are recorded later, and the step after the third ask is eligible 2 s later")
    func aDelayMovesTheAsks() async throws {
        let path = Repository.path("policies/scenarios/apple-sample.system-quota.scenario.yaml")
        let result = try await ScenarioPlayback(.yaml).play(path: path)
        #expect(result.golden == .none, "a scenario with a delay is not compared with record's golden")
        #expect(result.transcript.contains("next_eligible_at: 2027-01-05T09:00:02Z"))
        let golden = try String(
            contentsOfFile: Repository.path("policies/scenarios/apple-sample.system-quota.golden.txt"), encoding: .utf8)
        #expect(golden.contains("next_eligible_at: 2027-01-05T09:00:00Z"))
    }

    @Test("lease, commit and release steps, and a step that wants several prompts, are refused at their lines")
    func unplayableSteps() async throws {
        let leases = try await ScenarioPlayback(.yaml).play(
            path: Repository.path("policies/budget/scenarios/calm-app.leases.scenario.yaml"))
        #expect(!leases.passed)
        #expect(leases.failures.map(\.location.line) == [14, 21, 23, 26, 28, 36])
        #expect(
            leases.failures.first?.message
                == "the prompter settles leases itself: a scenario played through it has no lease steps")
        let several = try await ScenarioPlayback(.yaml).play(
            path: Repository.path("policies/budget/scenarios/calm-app.ignores-budget.scenario.yaml"))
        #expect(
            several.failures.map(\.message).contains(
                "the prompter is asked for one prompt at a time: want one prompt per step"))
        #expect(
            several.failures.first?.message
                == "the prompter's want is a moment of its own: a step that donates and wants at once cannot be played through it"
        )
    }
}
