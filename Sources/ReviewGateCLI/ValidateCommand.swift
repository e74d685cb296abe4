import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote
@_spi(ReviewGateTools) import ReviewGateScenarios

/// `reviewgate validate FILE...`: checks policies (and their `extends` chains), state files and
/// scenarios, each known by its first key.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", _superCommandName: "reviewgate",
        abstract:
            "Check policies (with the policies they extend), budgets, state files and scenarios; print every problem as FILE:LINE:COL.",
        discussion: """
            A file whose first key is reviewgate_state is checked as a state file, one with \
            reviewgate_scenario as a scenario (with the policy it tests), one with reviewgate_budget as a \
            budget (with each prompt's policy, and what must hold across them), anything else as a policy. \
            - reads standard input (named <stdin> in messages), for pre-commit hooks: \
            git show :policy.yaml | reviewgate validate -
            Errors and warnings go to stderr as FILE:LINE:COLUMN: error|warning: message, the form \
            Xcode, VS Code and CI problem matchers read; one line per file goes to stdout.
            Exit codes: 0 every file valid (warnings allowed unless --strict), 1 errors (or \
            warnings with --strict), 2 a file that does not exist or cannot be read as text (binary, not \
            UTF-8, over 1 MiB).
            """
    )

    @Argument(help: ArgumentHelp("The files to check; - for standard input.", valueName: "file"))
    var files: [String]

    @Flag(help: "Treat warnings as failures (exit 1).")
    var strict = false

    /// The name standard input has in messages.
    static let standardInput = "<stdin>"

    func run() throws {
        var failed = false
        var unreadable = false
        for file in files {
            let name = file == "-" ? Self.standardInput : file
            let root: DocumentNode
            do {
                let bytes =
                    file == "-"
                    ? try FileBytes.readStandardInput(maxBytes: InputFile.documents.maxBytes)
                    : try FileBytes.read(file, maxBytes: InputFile.documents.maxBytes)
                root = try InputFile.documents.document(bytes, path: name)
            } catch let error as FileError {
                InputFile.report(DiagnosticError(reading: error))
                unreadable = true
                continue
            } catch {
                let error = DiagnosticError(reading: error)
                InputFile.report(error)
                Terminal.print("\(name): \(error.summary)")
                if error.isUnreadable { unreadable = true } else { failed = true }
                continue
            }
            do {
                let warnings = try Self.check(root, path: file == "-" ? name : file)
                InputFile.report(warnings)
                let count = warnings.count
                let suffix =
                    count > 0
                    ? ", \(count) warning\(count == 1 ? "" : "s")" + (strict ? " (failures under --strict)" : "") : ""
                Terminal.print("\(name): valid\(suffix)")
                if strict && count > 0 { failed = true }
            } catch {
                InputFile.report(error)
                Terminal.print("\(name): \(error.summary)")
                failed = true
            }
        }
        if unreadable { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }

    /// Checks a document read from `path` as what its first key says it is; the warnings.
    static func check(_ root: DocumentNode, path: String) throws(DiagnosticError) -> [Diagnostic] {
        // The document already read stands for its path (standard input cannot be read twice).
        let loader = InputFile.loader.reading(root, as: path)
        switch root.mapping?.first?.key.string {
        case "reviewgate_state":
            _ = try StateDecoder.decode(root, versionKey: nil)
            return []
        case BudgetDecoder.formatKey, CompiledBudget.formatKey:
            return try BudgetLoader(policies: loader).load(path: path).warnings
        case "reviewgate_scenario":
            return try ScenarioRunner(documents: loader.readDocument, goldens: .disk, digest: CompiledDigest.sha256)
                .load(
                    path: path
                )
                .warnings
        default:
            return try loader.load(path: path).warnings
        }
    }
}
