import Foundation

/// Runs another program for a test (a validator, the toolchain, `ldd`): what it printed and how it ended.
package enum Command {
    /// Runs `program` (found on `PATH` unless it is a path) with `arguments` in `folder`, and returns
    /// its exit status and its stdout and stderr together.
    package static func run(_ program: String, _ arguments: [String], in folder: URL = Repository.root) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        if program.hasPrefix("/") {
            process.executableURL = URL(filePath: program)
            process.arguments = arguments
        } else {
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = [program] + arguments
        }
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // Read before waiting, so that a full pipe cannot block the child.
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
