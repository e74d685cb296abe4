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
            reviewgate_scenario or reviewgate_compiled_scenario as a scenario (with the policy it tests), one \
            with reviewgate_budget as a budget (with each prompt's policy, and what must hold across them), one \
            with reviewgate_person as a person's record, anything else as a policy. \
            - reads standard input (named <stdin> in messages), for pre-commit hooks: \
            git show :policy.yaml | reviewgate validate -
            Errors and warnings go to stderr as FILE:LINE:COLUMN: error|warning: message, the form \
            Xcode, VS Code and CI problem matchers read; one line per file goes to stdout.
            Exit codes: 0 every file valid (warnings allowed unless --strict), 1 errors (or \
            warnings with --strict), 2 a file that does not exist or cannot be read as text (binary, not \
            UTF-8, over 1 MiB).
            """
    )

    /// How the problems are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The files to check; - for standard input.", valueName: "file"))
    var files: [String]

    @Flag(help: "Treat warnings as failures (exit 1).")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "text: problems on stderr, a line per file on stdout. json: one JSON document on stdout, each problem with its range and code.",
            valueName: "format"))
    var format: Format = .text

    /// The name standard input has in messages.
    static let standardInput = "<stdin>"

    func run() throws {
        var failed = false
        var unreadable = false
        var report = ValidationReport()
        for file in files {
            let name = file == "-" ? Self.standardInput : file
            let bytes: [UInt8]
            let root: DocumentNode
            do {
                bytes =
                    file == "-"
                    ? try FileBytes.readStandardInput(maxBytes: InputFile.documents.maxBytes)
                    : try FileBytes.read(file, maxBytes: InputFile.documents.maxBytes)
                report.read(bytes, as: name)
                root = try InputFile.documents.document(bytes, path: name)
            } catch let error as FileError {
                emit(DiagnosticError(reading: error).kind(.unreadableFile), file: name, summary: false, into: &report)
                unreadable = true
                continue
            } catch {
                let error = DiagnosticError(reading: error)
                emit(error, file: name, into: &report)
                if error.isUnreadable { unreadable = true } else { failed = true }
                continue
            }
            do {
                let warnings = try DocumentCheck.check(root, path: name, loader: InputFile.loader)
                let count = warnings.count
                if strict && count > 0 { failed = true }
                switch format {
                case .text:
                    InputFile.report(warnings)
                    let suffix =
                        count > 0
                        ? ", \(count) warning\(count == 1 ? "" : "s")" + (strict ? " (failures under --strict)" : "")
                        : ""
                    Terminal.print("\(name): valid\(suffix)")
                case .json: report.add(file: name, status: "valid", diagnostics: warnings.map(\.advised))
                }
            } catch {
                emit(error, file: name, into: &report)
                failed = true
            }
        }
        if format == .json { Terminal.print(JSONWriter(pretty: true).string(report.json)) }
        if unreadable { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }

    /// A file that cannot be used: its problems on stderr and (with `summary`) its summary on stdout,
    /// or both in the report.
    private func emit(_ error: DiagnosticError, file: String, summary: Bool = true, into report: inout ValidationReport)
    {
        switch format {
        case .text:
            InputFile.report(error)
            if summary { Terminal.print("\(file): \(error.summary)") }
        case .json:
            let advised = error.advised
            report.add(
                file: file, status: error.isUnreadable ? "unreadable" : "invalid", diagnostics: advised.diagnostics,
                omitted: advised.omitted)
        }
    }
}
