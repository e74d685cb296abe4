import Foundation
import ReviewGateTestSupport
import Testing

@testable import ReviewGateCLI

/// The command line's reference page, `Documentation/reference/cli.md`, is generated from the
/// commands: each command's `--help`, as `reviewgate` prints it, under a heading of its own. A
/// change to a command's options or help text changes the page, recorded as a golden file is
/// (read, then kept).
@Suite("Documentation: the command-line reference")
struct CLIReferenceTests {
    static let page = Repository.root.appending(path: "Documentation/reference/cli.md")

    /// The page, from the commands.
    static func generated() throws -> String {
        let subcommands = ReviewGateCommand.configuration.subcommands
        let commands = subcommands.compactMap { $0.configuration.commandName }
        var text = """
            # Command-line reference

            Generated from the commands by `CLIReferenceTests`: each is what `reviewgate COMMAND --help`
            prints. Exit codes, in short: 0 success (allow, every file valid, every scenario passed), 1 a
            block or findings, 2 bad usage or an input that cannot be read ([Exit codes](exit-codes.md)).
            Guides show the commands at work: [Documentation](../README.md).


            """
        text += commands.map { "- [`reviewgate \($0)`](#reviewgate-\($0))" }.joined(separator: "\n") + "\n"
        for (command, type) in zip(commands, subcommands) {
            // A command's own subcommands (`person export`) under it, each with its help.
            for (name, shown) in [(command, type)]
                + type.configuration.subcommands.map({ ("\(command) \($0.configuration.commandName ?? "")", $0) })
            {
                // 80 columns, as a terminal that is not one gets, whatever runs the test.
                let help = ReviewGateCommand.helpMessage(for: shown, columns: 80)
                text += "\n\(name == command ? "##" : "###") reviewgate \(name)\n\n```text\n\(help)"
                text += help.hasSuffix("\n") ? "```\n" : "\n```\n"
            }
        }
        return text
    }

    @Test("Documentation/reference/cli.md is every command's --help")
    func thePageIsTheCommandsHelp() throws {
        let outcome = Golden.check(try Self.generated(), against: Self.page)
        #expect(outcome == .matches, "\(outcome)")
    }
}
