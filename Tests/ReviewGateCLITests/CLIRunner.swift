import Foundation
import ReviewGateTestSupport
import Synchronization

@testable import ReviewGateCLI

/// Runs `reviewgate` commands, capturing what they print: in this process (``run(_:in:)``), or as
/// the built executable that a user runs (``runProcess(_:in:environment:input:)``), for what only
/// a process has: standard input, the environment, a terminal, exit by signal.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `reviewgate` with `arguments` in this process, as its `main` would, in `directory`; with
    /// `showsProgress`, as if standard error were a terminal, where progress lines are drawn.
    /// The command must not read standard input (it would read the test process's): give `-`
    /// to ``runProcess(_:in:environment:input:)``. The current directory belongs to the process: runs in the
    /// repository (where `swift test` runs) go side by side, and a run elsewhere has it to itself.
    /// No other test depends on the current directory.
    static func run(_ arguments: [String], in directory: URL = Repository.root, showsProgress: Bool = false) throws
        -> Result
    {
        let captured = Mutex((stdout: "", stderr: ""))
        let sink = Terminal.Sink(
            write: { text, toError in
                captured.withLock { if toError { $0.stderr += text } else { $0.stdout += text } }
            },
            colorsStandardOutput: false, showsProgress: showsProgress)
        let run = { Terminal.$current.withValue(sink) { ReviewGateCommand.run(arguments) } }
        let status: Int32
        if directory.standardizedFileURL.path == startingDirectory,
            startingDirectory == URL(filePath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        {
            status = directoryLock.shared(run)
        } else {
            status = try directoryLock.exclusive {
                let previous = FileManager.default.currentDirectoryPath
                guard FileManager.default.changeCurrentDirectoryPath(directory.path) else {
                    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
                }
                defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
                return run()
            }
        }
        return captured.withLock { Result(status: status, stdout: $0.stdout, stderr: $0.stderr) }
    }

    /// The `reviewgate` binary beside the test bundle (the build folder SwiftPM used).
    static let executable = Repository.built("reviewgate")

    /// The repository's path, where the process started.
    private static let startingDirectory = Repository.root.standardizedFileURL.path

    /// Held shared by the runs in the repository, exclusively by a run that changes directory.
    private static let directoryLock = ReadWriteLock()

    /// A POSIX read-write lock.
    private final class ReadWriteLock: Sendable {
        private nonisolated(unsafe) let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

        init() { pthread_rwlock_init(lock, nil) }

        func shared<T>(_ body: () throws -> T) rethrows -> T {
            pthread_rwlock_rdlock(lock)
            defer { pthread_rwlock_unlock(lock) }
            return try body()
        }

        func exclusive<T>(_ body: () throws -> T) rethrows -> T {
            pthread_rwlock_wrlock(lock)
            defer { pthread_rwlock_unlock(lock) }
            return try body()
        }
    }

    /// Runs the `reviewgate` executable with `arguments`; `input`, when given, is its standard input.
    static func runProcess(
        _ arguments: [String], in directory: URL = Repository.root, environment: [String: String] = [:],
        input: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        // Small inputs fit the pipe's buffer, so writing before reading cannot block.
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Drain stderr on another thread while this one drains stdout: a child that fills one pipe
        // while the reader waits on the other would block both.
        let errData = Mutex(Data())
        let errDone = DispatchSemaphore(value: 0)
        Thread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
            errDone.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: errData.withLock { String(decoding: $0, as: UTF8.self) })
    }
}
