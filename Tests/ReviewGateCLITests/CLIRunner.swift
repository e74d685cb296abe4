import Foundation
import ReviewGateTestSupport
import Synchronization

/// Runs the built `reviewgate` executable as a user would, capturing what it prints.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `reviewgate` binary beside the test bundle (the build folder SwiftPM used).
    static let executable = Repository.built("reviewgate")

    /// Runs `reviewgate` with `arguments`; `input`, when given, is its standard input.
    static func run(
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
