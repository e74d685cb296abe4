import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate

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
        version: LibraryVersion.text,
        subcommands: [
            ValidateCommand.self, CompileCommand.self, KeygenCommand.self, VerifyCommand.self, EvaluateCommand.self,
            InspectCommand.self, SchemaCommand.self, RecordCommand.self, TestCommand.self, SimulateCommand.self,
            ReadoutCommand.self, PersonCommand.self, ConformanceCommand.self, LspCommand.self,
        ]
    )

    /// Runs the command, mapping argument-parser's usage errors to exit code 2 (Semantics §5).
    static func main() {
        Terminal.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the command that `arguments` name, writing to ``Terminal/current``, and returns its
    /// exit code: what `main` does, without ending the process, so that a test can call it.
    static func run(_ arguments: [String]) -> Int32 {
        if let unknown = unknownCommand(in: arguments[...]) {
            Terminal.printError("reviewgate: error: \(unknown)")
            return 2
        }
        do {
            var command = try parseCommand(arguments)
            try command.run()
            return 0
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode {
                // As argument-parser's `exit(withError:)` says it: help and --version on stdout.
                let message = fullMessage(for: error)
                if !message.isEmpty {
                    if code == .success { Terminal.print(message) } else { Terminal.printError(message) }
                }
                return code.rawValue
            }
            // Usage errors and anything unexpected: the message, then 2.
            Terminal.printError(fullMessage(for: error))
            return 2
        }
    }

    /// The command that `arguments` name. A first argument that names a command is parsed by that
    /// command alone: through the root, argument-parser first reads every command's declarations
    /// (type metadata, reflection), and a root also parses the arguments twice more for
    /// `--generate-completion-script`, which a command with a super-command name (each of ours names
    /// `reviewgate`) skips: together most of a short command's run. Whatever that parse does not
    /// turn into the command itself (help, `--version`, a usage error, a completion-script request)
    /// is parsed again through the root, so that what is printed reads as it always has.
    static func parseCommand(_ arguments: [String]) throws -> any ParsableCommand {
        if let first = arguments.first,
            let command = configuration.subcommands.first(where: { $0.configuration.commandName == first }),
            let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())),
            type(of: parsed) == command  // not the help that argument-parser answers `--help` with
        {
            return parsed
        }
        return try parseAsRoot(arguments)
    }

    /// What to say of a first argument that is no command: a did-you-mean and the commands.
    static func unknownCommand(in arguments: ArraySlice<String>) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.contains(first) else { return nil }
        return "unknown command \"\(first)\"\(Suggestion.phrase(for: first, in: names)) (the commands: "
            + names.joined(separator: ", ") + ")"
    }
}
