import Foundation
import ReviewGateTestSupport
import Testing

/// Diagnostics show their source line and a caret under the column, as clang and swiftc do.
@Suite struct DiagnosticPrinterTests {
    @Test func theSourceLineAndACaretFollowEachDiagnostic() throws {
        let folder = try Repository.temporaryFolder()
        try "reviewgate: 1\nname: t\ntriggers: {done: {at_lest: 3}}\nguards:\n  cooldwn: 1d\n".write(
            to: folder.appending(path: "p.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", "p.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                """
                p.yaml:5:3: error: unknown key "cooldwn" in guards; did you mean "cooldown"?
                  cooldwn: 1d
                  ^

                """), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                """
                p.yaml:3:19: error: unknown key "at_lest" in trigger "done"; did you mean "at_least"?
                triggers: {done: {at_lest: 3}}
                                  ^

                """), "\(result.stderr)")
    }

    @Test func aTabBeforeTheColumnStaysATabUnderIt() throws {
        let folder = try Repository.temporaryFolder()
        try "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nguards:\n\tcooldown: 1d\n".write(
            to: folder.appending(path: "p.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", "p.yaml"], in: folder)
        #expect(result.stderr.contains("p.yaml:5:1: error: a tab character"), "\(result.stderr)")
        #expect(result.stderr.contains("\n\tcooldown: 1d\n^\n"), "\(result.stderr)")
    }

    @Test func noSnippetWhenTheFileCannotBeRead() throws {
        let result = try CLIRunner.runProcess(["validate", "-"], input: "reviewgate: 1\nname: t\ntriggers: {}\n")
        #expect(
            result.stderr.hasPrefix("<stdin>:3:11: error: triggers must name at least one trigger\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("^"))
    }

    /// A compiled policy names its YAML files itself: one that names a system file, or a file that is
    /// no policy, gets its diagnostics without a line of that file (review of issue 10).
    @Test func noLineOfAFileThatIsNoPolicyIsShown() throws {
        let folder = try Repository.temporaryFolder()
        let compiled = try CLIRunner.run(["compile", "policies/apple-sample.yaml"]).stdout
        // Lines enough that the diagnostic's line 7 exists in it.
        let secret = String(repeating: "machine example.com login me password SECRET\n", count: 10)
        try secret.write(to: folder.appending(path: ".netrc"), atomically: true, encoding: .utf8)
        try secret.write(to: folder.appending(path: "secrets.txt"), atomically: true, encoding: .utf8)
        for file in [".netrc", "secrets.txt", "/proc/self/environ"] {
            let hostile =
                compiled
                .replacingOccurrences(of: "\"policies/apple-sample.yaml\": {", with: "\"\(file)\": {")
                .replacingOccurrences(of: "\"name\": \"apple-sample\"", with: "\"name\": \"Not A Name\"")
            try hostile.write(to: folder.appending(path: "hostile.json"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["validate", "hostile.json"], in: folder)
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.first?.hasPrefix("\(file):7:7: error: name \"Not A Name\"") == true, "\(result.stderr)")
            #expect(lines.allSatisfy { $0.hasPrefix(file) || $0.hasPrefix("reviewgate:") }, "\(result.stderr)")
            #expect(!result.stderr.contains("SECRET"))
        }
    }
}
