import Foundation
import ReviewGatePrompter

/// What the DocC examples send to an analytics SDK or a log, for the test that runs them: each
/// test sets its own (a task-local value, inherited by the prompter's calls and its ask's task), so
/// that tests running at once do not mix their lines.
final class DocCRecording: @unchecked Sendable {
    @TaskLocal static var current: DocCRecording?

    private let lock = NSLock()
    private var sent: [(line: String, parameters: [String: String], onMainThread: Bool)] = []

    /// Adds a line, from any thread.
    func add(_ line: String, parameters: [String: String] = [:]) {
        let onMainThread = Thread.isMainThread
        lock.withLock { sent.append((line, parameters, onMainThread)) }
    }

    /// The lines so far.
    var lines: [String] { lock.withLock { sent.map(\.line) } }

    /// The parameters of each line.
    var parameters: [[String: String]] { lock.withLock { sent.map(\.parameters) } }

    /// Whether any line was added on the main thread.
    var anyOnMainThread: Bool { lock.withLock { sent.contains { $0.onMainThread } } }
}

/// Firebase's `Analytics`, as the articles call it.
enum Analytics {
    static func logEvent(_ name: String, parameters: [String: String]?) {
        DocCRecording.current?.add(name, parameters: parameters ?? [:])
    }

    static func setUserProperty(_ value: String?, forName name: String) {
        DocCRecording.current?.add("user property \(name)=\(value ?? "nil")")
    }
}

/// The app's own log, as the articles call it.
func log(_ message: String) {
    DocCRecording.current?.add("log: \(message)")
}

/// The files the DocC tests read: compiled policies of 0.4.0 (what an app already ships loads as it
/// is), and the test-only key that signed them.
enum DocCFiles {
    static let compatibility = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../Compatibility").standardized

    /// A compiled or signed file of 0.4.0: `apple-sample.json`, `budget/calm-app.budget.json`.
    static func policy(_ path: String) -> URL {
        compatibility.appending(path: "0.4.0/policies/\(path)")
    }

    /// The `ed25519:…` line of the test-only public key.
    static func teamKey() throws -> String {
        let text = try String(contentsOf: compatibility.appending(path: "test-only-signing.pub"), encoding: .utf8)
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }
}
