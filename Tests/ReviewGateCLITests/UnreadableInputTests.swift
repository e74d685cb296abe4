import Foundation
import ReviewGateTestSupport
import Testing

/// A file that cannot be read as text (missing, binary, not UTF-8, over the size limit) exits 2 from
/// every command, as Semantics §5 says of an input that cannot be read.
@Suite struct UnreadableInputTests {
    /// Each kind of unreadable file, written into a fresh folder: its name.
    private static func files() throws -> (folder: URL, names: [String]) {
        let folder = try Repository.temporaryFolder()
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0xFF, 0xFE]).write(
            to: folder.appending(path: "binary.yaml"))
        try Data("a: 1\n\u{0}b: 2\n".utf8).write(to: folder.appending(path: "nul.yaml"))
        try Data(repeating: UInt8(ascii: "a"), count: 1_100_000).write(to: folder.appending(path: "large.yaml"))
        for name in ["policy.yaml", "state.yaml"] {
            let source =
                name == "policy.yaml" ? "policies/apple-sample.yaml" : "policies/examples/apple-sample.state.yaml"
            try FileManager.default.copyItem(
                at: Repository.root.appending(path: source), to: folder.appending(path: name))
        }
        return (folder, ["binary.yaml", "nul.yaml", "large.yaml", "missing.yaml"])
    }

    @Test func everyCommandExitsTwo() throws {
        let (folder, names) = try Self.files()
        for name in names {
            let commands: [[String]] = [
                ["validate", name],
                ["evaluate", "--policy", name, "--state", "state.yaml", "--event", "process_completed"],
                ["evaluate", "--policy", "policy.yaml", "--state", name, "--event", "process_completed"],
                ["record", "--policy", "policy.yaml", "--state", name, "--event", "process_completed"],
                ["record", "--policy", name, "--state", "state.yaml", "--event", "process_completed"],
                ["inspect", name],
                ["test", name],
            ]
            for command in commands {
                let result = try CLIRunner.run(command, in: folder)
                #expect(result.status == 2, "\(command.joined(separator: " ")): \(result.stderr)")
                #expect(result.stderr.contains("\(name):1:") || result.stderr.contains("\(name):2:"), "\(command)")
            }
        }
    }
}
