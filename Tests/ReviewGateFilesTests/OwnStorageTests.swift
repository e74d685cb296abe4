import Foundation
import ReviewGate
import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// An app that keeps its own state or presents in its own way, with the public API alone (no
/// `@_spi` import here): the in-an-app guide's example without the prompter, and a store of the app's own.
@Suite("The pure functions and a store, as an app without the prompter uses them")
struct OwnStorageTests {
    @Test("the guide's example: a compiled policy, a JSON state; donate, present, record the ask, an answer")
    func readmeExample() throws {
        let folder = try Repository.temporaryFolder().path
        let statePath = "\(folder)/review-state.json"
        // The bundle's resource: what the build plugin compiles.
        let policyBytes = try Fixtures.compiledBytes("policies/apple-sample.yaml")
        var now = Timestamp(rfc3339: "2026-01-05T09:00:00Z")!
        let (short, build) = ("1.0", "1")
        let analyticsID = "app-instance-4f1c"
        var events: [[String: String]] = []
        var shown: [Timestamp] = []
        func send(_ parameters: [String: String]) { events.append(parameters) }
        // The first allowed moment's person leaves the scene during the delay; the second stays.
        func presentReview(after delay: TimeSpan) -> Bool {
            shown.append(now)
            return shown.count > 1
        }

        // As the README writes it.
        let policy = try CompiledPolicy.load(policyBytes, file: "review-policy.json")
        let version = AppVersion(short: short, build: build)
        let store = FileStateStore(
            path: statePath,
            initialState: ReviewState(userID: analyticsID, installedAt: now, app: version))
        try store.update(to: version, at: now, policy: policy)
        for hour in 1...5 {
            now = now + TimeSpan(seconds: 3600 * Int64(hour))
            let recording = try store.donate(
                Moment(time: .utc(now), event: "process_completed", scene: "ProcessCompleted"), policy: policy)
            send(DecisionEvent(recording.decision, policy: policy).parameters)
            if recording.isAllowed, presentReview(after: policy.presentation.delay) {
                try store.asked(recording.decision, at: now)
            }
        }
        try store.respond(.later, at: now)

        // The 4th and 5th completions are allowed; only the 5th was shown, so only it is an ask.
        #expect(events.map { $0["decision"] } == ["block", "block", "block", "allow", "allow"])
        #expect(policy.digest != nil && events.allSatisfy { $0["policy_digest"] == policy.digest })
        #expect(shown.count == 2)
        let state = try store.load()
        #expect(state.userID == analyticsID, "a rollout buckets this person by the app's analytics id")
        #expect(state.events["process_completed"]?.count == 5)
        #expect(state.asks.map(\.at) == [now])
        #expect(state.asks.map(\.build) == ["1"])
        #expect(state.responses.map(\.kind) == [.later])
        #expect(try String(contentsOfFile: statePath, encoding: .utf8).hasPrefix("{"))
    }

    /// A store of the app's own (user defaults, a database): here, memory.
    final class MemoryStore: StateStore, @unchecked Sendable {
        var state: ReviewState
        init(_ state: ReviewState) { self.state = state }
        func load() throws -> ReviewState { state }
        func update<Result>(_ change: (inout ReviewState) throws -> Result) throws -> Result {
            var copy = state
            let result = try change(&copy)
            state = copy
            return result
        }
    }

    @Test("an app's own store: decide and count, record the ask once shown, an answer; the changes in words")
    func ownStore() throws {
        let policy = try CompiledPolicy.load(try Fixtures.compiledBytes("policies/apple-sample.yaml"), file: "p.json")
        let start = Timestamp(rfc3339: "2026-01-05T09:00:00Z")!
        let store = MemoryStore(ReviewState(installedAt: start, app: AppVersion(short: "1.0", build: "1")))
        var last: Recording?
        for hour in 1...4 {
            last = try store.donate(
                Moment(
                    time: .utc(start + TimeSpan(seconds: 3600 * Int64(hour))), event: "process_completed",
                    scene: "ProcessCompleted"), policy: policy)
        }
        let recording = try #require(last)
        #expect(recording.isAllowed)
        #expect(recording.changes == ["process_completed 4"])
        #expect(DecisionEvent(recording.decision, policy: policy).parameters["decision"] == "allow")
        #expect(
            TextExplanation(color: false).render(recording.decision, policy: policy).hasPrefix("ALLOW apple-sample"))
        let asked = try store.asked(recording.decision, at: recording.decision.moment.now + TimeSpan(seconds: 2))
        #expect(asked.changes == [#"ask #1 in short "1.0", build "1""#])
        #expect(try store.respond(.later, at: start).summary == "recorded: response later")
        #expect(store.state.asks.count == 1)

        // A trigger the policy lacks, and a compiled policy that is not valid, as an app meets them.
        #expect(throws: Evaluator.UsageError.self) {
            try Evaluator.evaluate(policy, state: store.state, moment: Moment(time: .utc(start), trigger: "nope"))
        }
        do {
            _ = try CompiledPolicy.load(Array("{}".utf8), file: "bad.json")
            Issue.record("an empty object loaded as a compiled policy")
        } catch {
            #expect(error.diagnostics.first?.location?.file == "bad.json")
            #expect(error.diagnostics.first?.severity == .error)
        }
    }
}

@Suite("FileStateStore's public init: JSON whatever the file's name")
struct PublicFileStateStoreTests {
    @Test("a state file named without .json (or .JSON) is written and read back as JSON")
    func anyName() throws {
        let folder = try Repository.temporaryFolder()
        for name in ["review-state", "state.JSON", "state.yaml"] {
            let path = folder.appending(path: name).path
            let start = Timestamp(rfc3339: "2026-01-05T09:00:00Z")!
            let store = FileStateStore(
                path: path, initialState: ReviewState(installedAt: start, app: AppVersion(build: "1")))
            try store.respond(.later, at: start)
            try store.respond(.rated, at: start)
            #expect(try store.load().responses.map(\.kind) == [.later, .rated], "\(name)")
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{"), "\(name)")
        }
    }
}
