import ArgumentParser
import ReviewGate
import ReviewGateFiles

/// `reviewgate validate FILE...`: checks policies and their `extends` chains.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check policies (and the policies they extend); print every problem as FILE:LINE:COL.",
        discussion: """
            Errors and warnings go to stderr as FILE:LINE:COLUMN: error|warning: message, the form \
            Xcode, VS Code and CI problem matchers read; one line per file goes to stdout.
            Exit codes: 0 every policy valid (warnings allowed unless --strict), 1 errors (or \
            warnings with --strict), 2 a file that does not exist or cannot be read.
            """
    )

    @Argument(help: ArgumentHelp("The policy files.", valueName: "file"))
    var files: [String]

    @Flag(help: "Treat warnings as failures (exit 1).")
    var strict = false

    func run() throws {
        var failed = false
        var unreadable = false
        for file in files {
            do {
                try FileBytes.checkReadable(file)
            } catch {
                InputFile.report(DiagnosticError(reading: error))
                unreadable = true
                continue
            }
            do {
                let result = try PolicyLoader.files(InputFile.documents).load(path: file)
                InputFile.report(result.warnings)
                let count = result.warnings.count
                let warnings =
                    count > 0
                    ? ", \(count) warning\(count == 1 ? "" : "s")" + (strict ? " (failures under --strict)" : "") : ""
                Terminal.print("\(file): valid\(warnings)")
                if strict && count > 0 { failed = true }
            } catch {
                InputFile.report(error)
                let errors = error.diagnostics.filter { $0.severity == .error }.count
                Terminal.print("\(file): \(errors) error\(errors == 1 ? "" : "s")")
                failed = true
            }
        }
        if unreadable { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }
}
