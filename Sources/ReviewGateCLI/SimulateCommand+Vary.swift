import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSimulation
@_spi(ReviewGateTools) import ReviewGateYAML

extension SimulateCommand {
    /// The `--vary` options as parsed (a usage error for one that is not `PATH=V1,V2,...`).
    func varyOptions() throws -> [VaryOption] {
        do {
            return try vary.map { argument throws(VaryOption.SyntaxError) in try VaryOption(parsing: argument) }
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The variants of `loaded` (read from `path`) that `--vary` asks for, each validated before
    /// any input is read: a value that is not YAML, or a variant that is not a valid policy, is
    /// exit 2 with its diagnostics (`with --vary PATH=V: ...` at the policy's line). A variant's
    /// new warnings are printed.
    func variants(of loaded: PolicyLoader.Result, path: String) throws -> [SimulatedPolicy] {
        let varied = try varied()
        let made = try InputFile.orExit { () throws(DiagnosticError) in
            try PolicyVariants.make(loaded, path: path, varying: varied, digest: InputFile.loader.digest)
        }
        InputFile.report(made.warnings)
        return made.variants
    }

    /// The variants of the budget `loaded` (read from `path`) that `--vary` asks for, each loaded
    /// and validated before any input is read (Semantics §12: the budget's keys, and
    /// `prompts.NAME.` then a path into that prompt's policy).
    func variants(of loaded: BudgetLoader.Result, path: String) throws -> [SimulatedBudget] {
        let varied = try varied()
        guard !varied.isEmpty else { return [] }
        let made = try InputFile.orExit { () throws(DiagnosticError) in
            try BudgetVariants.make(loaded, path: path, varying: varied, loader: InputFile.budgetLoader)
        }
        InputFile.report(made.warnings)
        return made.variants
    }

    /// Each `--vary` with its values read as YAML flow values: a value that is not one is exit 2.
    private func varied() throws -> [PolicyVariants.Varied] {
        var varied: [PolicyVariants.Varied] = []
        for option in try varyOptions() {
            var values: [DocumentNode] = []
            for (index, text) in option.values.enumerated() {
                let setting = option.setting(index)
                let documents: [DocumentNode]
                do {
                    documents = try YAMLLoader().load(text, file: "--vary \(setting)")
                } catch {
                    let reason = error.diagnostics.first?.message ?? "it does not parse"
                    throw InputFile.usageError("--vary \(setting): the value is not a YAML flow value: \(reason)")
                }
                guard documents.count == 1 else {
                    throw InputFile.usageError("--vary \(setting): give one YAML value, not \(documents.count)")
                }
                values.append(documents[0])
            }
            varied.append(PolicyVariants.Varied(option, values: values))
        }
        return varied
    }
}
