import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote
@_spi(ReviewGateTools) import ReviewGateYAML

/// Reads the commands' input files, turning every failure into diagnostics on stderr and exit 2.
enum InputFile {
    /// Files read as YAML (and so JSON) through libyaml, under Semantics §7's limits.
    static let documents = DocumentFiles(parse: YAMLLoader().loadDocument)

    /// Policies read from those files, each with its digest (a compiled one's checked).
    static let loader = PolicyLoader(reading: documents.reader, digest: CompiledDigest.sha256)

    /// Prints each diagnostic to stderr, with its source line and a caret.
    static func report(_ diagnostics: [Diagnostic]) {
        var printer = DiagnosticPrinter()
        for diagnostic in diagnostics { Terminal.printError(printer.lines(diagnostic.advised).joined(separator: "\n")) }
    }

    /// Prints `reviewgate: error: message` and gives the exit code of bad usage (2), for a usage
    /// error found after parsing (argument-parser would add the root command's usage line).
    static func usageError(_ message: String) -> ExitCode {
        Terminal.printError("reviewgate: error: \(message)")
        return ExitCode(2)
    }

    /// Prints an error's diagnostics to stderr, and how many more there were.
    static func report(_ error: DiagnosticError) {
        var printer = DiagnosticPrinter()
        let lines = printer.lines(error.advised)
        if !lines.isEmpty { Terminal.printError(lines.joined(separator: "\n")) }
    }

    /// Runs `body`; on a ``DiagnosticError`` or a ``FileError`` prints it and exits 2 (an input
    /// that cannot be used).
    static func orExit<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DiagnosticError {
            report(error)
            throw ExitCode(2)
        } catch let error as FileError {
            report(DiagnosticError(reading: error))
            throw ExitCode(2)
        }
    }

    /// The policy at `path` (YAML with its `extends`, or compiled) with its digest, warnings printed
    /// to stderr.
    static func policy(_ path: String) throws -> Policy {
        try loadedPolicy(path).policy
    }

    /// The policy at `path` as loaded, with the document it was decoded from; warnings reported.
    static func loadedPolicy(_ path: String) throws -> PolicyLoader.Result {
        let result = try orExit { () throws(DiagnosticError) in
            try loader.load(path: path)
        }
        report(result.warnings)
        return result
    }

    /// The state file at `path`, read for `policy`.
    static func state(_ path: String, for policy: Policy) throws -> ReviewState {
        try state(path, versionKey: policy.app.versionKey)
    }

    /// The state file at `path`, whose version is told by `versionKey`.
    static func state(_ path: String, versionKey: VersionKey) throws -> ReviewState {
        try orExit { () throws(DiagnosticError) in
            try StateDecoder.decode(documents.document(atPath: path), versionKey: versionKey)
        }
    }

    /// The person record at `path` (Semantics §16.5), its problems at their `line:column`.
    static func personRecord(_ path: String) throws -> PersonRecord {
        try orExit { () throws(DiagnosticError) in
            try PersonRecord.decode(documents.document(atPath: path))
        }
    }

    /// Budgets (Semantics §12) and their policies, read as policies are.
    static let budgetLoader = BudgetLoader(policies: loader)

    /// The budget at `path` with its policies; warnings printed to stderr.
    static func budget(_ path: String) throws -> Budget {
        try loadedBudget(path).budget
    }

    /// The budget at `path` as loaded, with its document and its policies' (warnings printed).
    static func loadedBudget(_ path: String) throws -> BudgetLoader.Result {
        let result = try orExit { () throws(DiagnosticError) in
            try budgetLoader.load(path: path)
        }
        report(result.warnings)
        return result
    }
}
