import Foundation
import ReviewGateTestSupport
import Testing

/// The layout an app depends on (SPEC §9): `.ci/check-layout` finds that neither the core nor the
/// files module reaches libyaml (through `swift package dump-package`) or imports Foundation or libc
/// outside `Platform.swift`. Run here too, so that `swift test` keeps it, not CI alone.
@Suite struct LayoutTests {
    @Test func theCoreAndTheFilesModuleLinkNoLibYAMLAndNoFoundation() throws {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["bash", Repository.path(".ci/check-layout")]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("layout: the core and the files module link no libyaml and no Foundation"))
    }
}
