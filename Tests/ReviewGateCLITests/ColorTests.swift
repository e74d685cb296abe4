import Foundation
import ReviewGateTestSupport
import Testing

/// Colour on a terminal, unless `NO_COLOR` is set to a non-empty value (no-color.org): run under a
/// pseudo-terminal by util-linux's `script`, where it is at hand.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct ColorTests {
    private func explain(noColor: String?) throws -> String {
        let command =
            "\(CLIRunner.executable.path) evaluate --explain --policy policies/apple-sample.yaml "
            + "--state policies/examples/apple-sample.state.yaml --event process_completed --now 2026-11-22T10:00:00Z"
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = Repository.root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColor
        environment["TERM"] = "xterm"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aTerminalGetsColourUnlessNoColorIsSet() throws {
        #expect(try explain(noColor: nil).contains("\u{1B}["))
        #expect(try explain(noColor: "").contains("\u{1B}["))  // empty counts as unset
        let plain = try explain(noColor: "1")
        #expect(plain.contains("BLOCK apple-sample"))
        #expect(!plain.contains("\u{1B}["))
    }
}
