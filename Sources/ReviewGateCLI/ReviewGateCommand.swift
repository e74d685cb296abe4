import ArgumentParser

/// The `reviewgate` command: lists its subcommands and nothing else.
@main
struct ReviewGateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reviewgate",
        abstract: "Decide when an app may ask for an App Store review, from a policy in YAML.",
        discussion: """
            Exit codes: 0 success / allow / all passed, 1 block / findings / failures, \
            2 bad usage or an input that cannot be read.
            """,
        version: "0.1.0",
        subcommands: [
            ValidateCommand.self, EvaluateCommand.self, InspectCommand.self, SchemaCommand.self, RecordCommand.self,
            TestCommand.self,
        ]
    )

    /// Runs the command, mapping argument-parser's usage errors to exit code 2 (SPEC §5).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode {
                exit(withError: error)
            }
            // Usage errors and anything unexpected: the message, then 2.
            Terminal.printError(fullMessage(for: error))
            Terminal.exit(2)
        }
    }
}
