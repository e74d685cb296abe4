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
