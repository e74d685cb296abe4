import ArgumentParser
import ReviewGate
import ReviewGateYAML

/// Reads the commands' input files, turning every failure into diagnostics on stderr and exit 2.
enum InputFile {
    /// Prints each diagnostic to stderr.
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { Terminal.printError(diagnostic.description) }
    }

    /// Prints `reviewgate: error: message` and gives the exit code of bad usage (2), for a usage
    /// error found after parsing (argument-parser would add the root command's usage line).
    static func usageError(_ message: String) -> ExitCode {
        Terminal.printError("reviewgate: error: \(message)")
        return ExitCode(2)
    }

    /// Prints an error's diagnostics to stderr, and how many more there were.
    static func report(_ error: DiagnosticError) {
        report(error.diagnostics)
        if let line = error.omittedLine { Terminal.printError(line) }
    }

    /// Runs `body`; on a ``DiagnosticError`` prints it and exits 2 (an input that cannot be used).
    static func orExit<T>(_ body: () throws(DiagnosticError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            report(error)
            throw ExitCode(2)
        }
    }

    /// The policy at `path` with its `extends`, warnings printed to stderr.
    static func policy(_ path: String) throws -> Policy {
        let result = try orExit { () throws(DiagnosticError) in try PolicyLoader.yamlFiles().load(path: path) }
        report(result.warnings)
        return result.policy
    }

    /// The state file at `path`, read for `policy`.
    static func state(_ path: String, for policy: Policy) throws -> ReviewState {
        try orExit { () throws(DiagnosticError) in
            try StateDecoder.decode(YAMLFile.document(atPath: path), versionKey: policy.app.versionKey)
        }
    }
}
