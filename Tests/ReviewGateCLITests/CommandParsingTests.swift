import ArgumentParser
import Testing

@testable import ReviewGateCLI

/// A command named first is parsed by that command alone (start-up), and whatever that parse does not
/// turn into the command itself goes through the root: help, completion scripts and usage errors read
/// as the root gives them.
@Suite struct CommandParsingTests {
    static let names = ReviewGateCommand.configuration.subcommands.compactMap { $0.configuration.commandName }

    @Test func eachCommandNamesReviewgateAsItsSuperCommand() {
        // Without it, argument-parser parses the arguments twice more for a completion script.
        for command in ReviewGateCommand.configuration.subcommands {
            #expect(command.configuration._superCommandName == "reviewgate", "\(command)")
        }
    }

    @Test(arguments: names) func aCommandsHelpIsTheRootsHelpForIt(_ name: String) throws {
        let help = try CLIRunner.run([name, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: reviewgate \(name)"), "\(help.stdout)")
        // The root's version flag shows only when the root parsed.
        #expect(help.stdout.contains("  --version               Show the version."), "\(help.stdout)")
        #expect(try CLIRunner.run(["help", name]).stdout == help.stdout)
    }

    /// A usage error names the command as the root does, with its usage line.
    @Test func aUsageErrorIsTheRootsForTheCommand() throws {
        let unknown = try CLIRunner.run(["evaluate", "--bogus"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("Error: "), "\(unknown.stderr)")
        #expect(
            unknown.stderr.contains("Usage: reviewgate evaluate [--policy <file>] [--budget <file>] --state <file>"),
            "\(unknown.stderr)")
        #expect(unknown.stderr.contains("See 'reviewgate evaluate --help' for more information."))
        let missing = try CLIRunner.run(["compile"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Usage: reviewgate compile"), "\(missing.stderr)")
    }

    @Test func aCompletionScriptAfterACommandIsTheRootsScript() throws {
        let root = try CLIRunner.run(["--generate-completion-script", "bash"])
        let after = try CLIRunner.run(["evaluate", "--generate-completion-script", "bash"])
        #expect(root.status == 0)
        #expect(root.stdout.hasPrefix("#!/bin/bash"))
        #expect(after.stdout == root.stdout)
    }

    @Test func aCommandThatParsesIsThatCommand() throws {
        let command: any ParsableCommand = try ReviewGateCommand.parseCommand(["schema", "policy"])
        let isSchema = command is SchemaCommand
        #expect(isSchema)
        // `--help` parses to argument-parser's help for the command, so the root parses it again.
        let help: any ParsableCommand = try ReviewGateCommand.parseCommand(["schema", "--help"])
        let helpIsSchema = help is SchemaCommand
        #expect(!helpIsSchema)
    }
}
