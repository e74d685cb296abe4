import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// `record` never loses a write: concurrent processes take turns on the lock, and a process killed
/// at any instant leaves the old state or the new one, never a broken file.
@Suite(.serialized) struct RecordRobustnessSlowTests {
    /// Android (no OS quota) and no guard: every donation is allowed, so every finished record exits 0.
    static let policy = """
        reviewgate: 1
        name: counter
        app: {platform: android}
        triggers:
          x: {at_least: 1}
        """

    static let state = "reviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\napp: {short: \"1.0\"}\n"

    static func folder() throws -> URL {
        let folder = try Repository.temporaryFolder()
        try policy.write(to: folder.appending(path: "policy.yaml"), atomically: true, encoding: .utf8)
        try state.write(to: folder.appending(path: "state.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The state file as the library reads it; throws when it does not parse.
    static func read(_ folder: URL) throws -> ReviewState {
        try FileStateStore(
            path: folder.appending(path: "state.yaml").path, versionKey: .short, documents: Fixtures.documents
        ).load()
    }

    static func recordProcess(in folder: URL) -> Process {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["record", "--policy", "policy.yaml", "--state", "state.yaml", "--event", "x"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    @Test("4 processes × 40 record calls on one state file count exactly 160")
    func concurrentRecordsLoseNothing() throws {
        let folder = try Self.folder()
        let failures = Failures()
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<40 {
                do {
                    let result = try CLIRunner.runProcess(
                        ["record", "--policy", "policy.yaml", "--state", "state.yaml", "--event", "x"], in: folder)
                    if result.status != 0 { failures.add("exit \(result.status): \(result.stderr)") }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let state = try Self.read(folder)
        #expect(state.events["x"]?.count == 160)
        #expect(state.asks.count == 160)
        print(
            "record throughput: 160 records by 4 processes in \(String(format: "%.2f", elapsed)) s (\(String(format: "%.1f", 160 / elapsed)) records/s)"
        )
    }

    @Test("40 kill -9 at random instants never leave an unreadable state or lose a finished record")
    func killedRecordsLeaveAReadableState() throws {
        let folder = try Self.folder()
        var generator = SystemRandomNumberGenerator()
        // How long one record takes here, so that the kills land all over its run.
        let probeStart = Date()
        let probe = Self.recordProcess(in: folder)
        try probe.run()
        probe.waitUntilExit()
        let lifetime = max(0.005, Date().timeIntervalSince(probeStart))
        var finished = 1
        var killed = 0
        for round in 0..<40 {
            let process = Self.recordProcess(in: folder)
            try process.run()
            // Half the kills anywhere in the run, half near its end, where the state is written.
            let share =
                round.isMultiple(of: 2)
                ? Double.random(in: 0..<1.2, using: &generator) : Double.random(in: 0.7..<1.05, using: &generator)
            usleep(UInt32(share * lifetime * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit {
                #expect(process.terminationStatus == 0, "round \(round)")
                finished += 1
            } else {
                killed += 1
            }
            let state = try Self.read(folder)
            let count = state.events["x"]?.count ?? 0
            // Every finished record is there; a killed one may or may not have been renamed in.
            #expect(
                count >= finished && count <= finished + killed,
                "round \(round): count \(count), finished \(finished), killed \(killed)")
        }
        print("kill -9: \(killed) of 40 records killed mid-run, \(finished - 1) finished; the state read every time")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("tmp") }
        #expect(leftovers.count <= 1, "at most the one temporary file a killed writer can leave: \(leftovers)")
    }
}

/// Failure messages collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var all: [String] { lock.withLock { messages } }
}
