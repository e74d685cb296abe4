import Clocks
import Foundation
import ReviewGatePrompter
import Testing

/// An app written against 0.4 still compiles, with a warning that names each new form, and works:
/// every public name or argument order that changed keeps its 0.4 form as a deprecated alias
/// until 1.0 (Documentation/guides/in-an-app.md, "Changes from 0.4"). This target alone builds with deprecation warnings left
/// as warnings (Package.swift), so that the 0.4 forms can be written here.
@Suite("0.4's prompter API, deprecated: still compiles and works")
struct DeprecatedFormsTests {
    static let policyURL = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../Compatibility/0.4.0/policies/apple-sample.json").standardized

    @Test("ReviewPrompter(policy:…, presenter:) with the presenter last, and ReviewPrompter.Presenter")
    func presenterLast() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-04-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let shown = ShownCount()
        let presentReview: ReviewPrompter.Presenter = { shown.add() }
        let prompter: ReviewPrompter = ReviewPrompter(
            policy: try Policy(compiledAt: Self.policyURL), stateFile: folder.appending(path: "state.json"),
            appVersion: AppVersion(short: "1.0", build: "1"), clock: clock, presenter: presentReview)
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await clock.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(shown.count == 1)
    }

    @Test("0.5's Prompter(policy:presenter:stateFile:…:events:) and its budget form, each setting an argument")
    func settingsAsArguments() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reviewgate-05-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let shown = ShownCount()
        let sent = SentEvents()
        let prompter = Prompter(
            policy: try Policy(compiledAt: Self.policyURL), presenter: { shown.add() },
            stateFile: folder.appending(path: "state.json"), appVersion: AppVersion(short: "1.0", build: "1"),
            clock: clock, timeZone: { TimeZone(secondsFromGMT: 9 * 3_600)! }, userID: "person-1",
            events: { sent.add($0) })
        for _ in 1...4 { await prompter.donate("process_completed", scene: "ProcessCompleted") }
        await clock.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(shown.count == 1 && sent.count >= 5)
        let state = try String(contentsOf: folder.appending(path: "state.json"), encoding: .utf8)
        #expect(state.contains("person-1"))
        // The budget's form checks its presenters as the environment's does.
        let budgetURL = URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../Compatibility/0.5.0/policies/budget/calm-app.budget.json").standardized
        let budget = try Budget(compiledAt: budgetURL)
        #expect(throws: Prompter.PresenterError.self) {
            try Prompter(
                budget: budget, presenters: [:], stateFile: folder.appending(path: "budget-state.json"), clock: clock)
        }
    }
}

/// The events a prompter sent.
final class SentEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [PromptEvent] = []
    /// One more event.
    func add(_ event: PromptEvent) { lock.withLock { events.append(event) } }
    /// How many so far.
    var count: Int { lock.withLock { events.count } }
}

/// A presenter's calls.
final class ShownCount: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    /// One more call; answers that it showed.
    func add() -> Bool {
        lock.withLock { calls += 1 }
        return true
    }
    /// The calls so far.
    var count: Int { lock.withLock { calls } }
}
