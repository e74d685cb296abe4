import Foundation
import ReviewGateTestSupport
import Testing

/// The layout an app depends on (Semantics §9): `.ci/check-layout` finds that neither the core nor the
/// files module reaches libyaml (through `swift package dump-package`) or imports Foundation or libc
/// outside `SystemCalls.swift`. Run here too, so that `swift test` keeps it, not CI alone.
@Suite struct LayoutTests {
    @Test func theCoreAndTheFilesModuleLinkNoLibYAMLAndNoFoundation() throws {
        let (status, output) = try Command.run("bash", [Repository.path(".ci/check-layout")])
        #expect(status == 0, "\(output)")
        #expect(output.contains("layout: the core and the files module link no libyaml and no Foundation"))
    }
}
