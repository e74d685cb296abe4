import ArgumentParser
import ReviewGate
import ReviewGateYAML

/// Reads the commands' input files, turning every failure into diagnostics on stderr and exit 2.
enum InputFile {
    /// Prints each diagnostic to stderr.
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { Terminal.printError(diagnostic.description) }
    }

    /// Runs `body`; on a ``DiagnosticError`` prints it and exits 2 (an input that cannot be used).
    static func orExit<T>(_ body: () throws(DiagnosticError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            report(error.diagnostics)
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
