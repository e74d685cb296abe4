import Foundation
import PackagePlugin

/// Compiles a target's review policies during the build: each policy of the target becomes
/// `NAME.json`, a resource of the target (`Bundle.module`), as `reviewgate compile` writes it. A
/// broken policy fails the build with `file:line:column: error:` lines, which Xcode shows on the
/// policy's line.
///
/// A policy is a `.yaml` or `.yml` file with a top-level `reviewgate:` line (other YAML, such as an
/// OpenAPI document, is left alone), except `*.base.yaml`: a policy that others `extends` and that
/// is not used alone. One command compiles all of a target's policies, with every YAML file of the
/// target as its input, so that editing a base compiles the policies again; two policies that would
/// give the same `NAME.json` fail that target's build (and no other's).
///
/// A scenario file (`*.scenario.yaml`, Semantics §6) becomes `NAME.scenario.json` for the test kit
/// (`ScenarioPlayback(.jsonOnly)`, Semantics §16.2), its golden file is copied beside it, and its
/// policy or budget is compiled too when it is not one of the target's: a test target's scenarios
/// play the app target's policy with no libyaml.
@main
struct ReviewGatePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), tool: context.tool(named: "ReviewGatePolicyCompiler").url,
            output: context.pluginWorkDirectoryURL, root: context.package.directoryURL)
    }

    /// The command that compiles the policies and budgets among `files` (none when there are none).
    static func commands(files: [URL], tool: URL, output: URL, root: URL) -> [Command] {
        let yaml = files.filter { ["yaml", "yml"].contains($0.pathExtension.lowercased()) }
        let budgets = yaml.filter(isBudget)
        let policies = yaml.filter { isPolicy($0) && !budgets.contains($0) }
        let scenarios = yaml.filter(isScenario)
        var compiled = policies + budgets
        var inputs = yaml
        var goldens: [String] = []
        for scenario in scenarios {
            // The scenario's policy (or budget), compiled here too when the target does not have it.
            if let reference = topLevelValue(scenario, "policy") ?? topLevelValue(scenario, "budget") {
                let policy = resolve(reference, from: scenario)
                if !compiled.contains(where: { $0.standardized == policy }) {
                    compiled.append(policy)
                    inputs.append(policy)
                }
            }
            if let reference = topLevelValue(scenario, "golden") {
                let golden = resolve(reference, from: scenario)
                if FileManager.default.fileExists(atPath: golden.path) {
                    goldens.append(goldenName(of: scenario))
                    inputs.append(golden)
                }
            }
        }
        guard !compiled.isEmpty || !scenarios.isEmpty else { return [] }
        // One output per name, whatever its case: the tool refuses two files that share one.
        var outputs: [URL] = []
        for file in compiled + scenarios {
            let compiled = output.appending(path: file.deletingPathExtension().lastPathComponent + ".json")
            if !outputs.contains(where: { $0.path.lowercased() == compiled.path.lowercased() }) {
                outputs.append(compiled)
            }
        }
        // Each golden file's copy is named after its scenario, whose name is the target's alone.
        outputs += goldens.map { output.appending(path: $0) }
        let names = (compiled + scenarios).map(\.lastPathComponent)
        let (budgetCount, policyCount) = (compiled.filter(isBudget).count, compiled.filter { !isBudget($0) }.count)
        let what =
            budgetCount == 0
            ? (policyCount == 1 ? "policy" : "policies")
            : policyCount == 0 ? (budgetCount == 1 ? "budget" : "budgets") : "policies and budgets"
        let scenarioWords = scenarios.isEmpty ? "" : (scenarios.count == 1 ? " and a scenario" : " and scenarios")
        return [
            .buildCommand(
                displayName: "Compiling review \(what)\(scenarioWords) \(names.joined(separator: ", "))",
                executable: tool,
                arguments: [
                    "--output-directory", output.path(percentEncoded: false), "--relative-to",
                    root.path(percentEncoded: false),
                ] + (compiled + scenarios).map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }

    /// Whether a YAML file is a policy to compile: not a base, a state or a scenario, and with a
    /// `reviewgate:` line (the language version) at the top level.
    static func isPolicy(_ file: URL) -> Bool {
        hasTopLevelLine(file, "reviewgate:")
    }

    /// Whether a YAML file is a budget to compile: not a base, a state or a scenario, and named
    /// `*.budget.yaml` (the tool says what is wrong with one that is no budget) or with a
    /// `reviewgate_budget:` line at the top level.
    static func isBudget(_ file: URL) -> Bool {
        let name = file.lastPathComponent.lowercased()
        let named = [".budget.yaml", ".budget.yml"].contains { name.hasSuffix($0) }
        return (named && !isAuxiliary(file)) || hasTopLevelLine(file, "reviewgate_budget:")
    }

    /// Whether a YAML file is a scenario file, `*.scenario.yaml`.
    static func isScenario(_ file: URL) -> Bool {
        let name = file.lastPathComponent.lowercased()
        return name.hasSuffix(".scenario.yaml") || name.hasSuffix(".scenario.yml")
    }

    /// A scenario's golden file's copy beside the compiled scenario: `NAME.golden.txt` for
    /// `NAME.scenario.yaml`, as the tool names it.
    static func goldenName(of scenario: URL) -> String {
        let name = scenario.lastPathComponent
        let stem = name.lowercased().hasSuffix(".scenario.yml") ? name.dropLast(13) : name.dropLast(14)
        return stem + ".golden.txt"
    }

    /// A path a file names, resolved against the file's folder (an absolute one as it is).
    static func resolve(_ reference: String, from file: URL) -> URL {
        reference.hasPrefix("/")
            ? URL(filePath: reference).standardized
            : file.deletingLastPathComponent().appending(path: reference).standardized
    }

    /// The value of a top-level `key: value` line of a YAML file, unquoted and without a comment.
    static func topLevelValue(_ file: URL, _ key: String) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            var value = line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// A base others extend, a state or a scenario: not compiled alone.
    static func isAuxiliary(_ file: URL) -> Bool {
        let name = file.lastPathComponent.lowercased()
        return [".base.", ".state.", ".scenario."].contains { name.contains($0) }
    }

    /// Whether a YAML file that is not auxiliary has a line starting with `prefix`.
    private static func hasTopLevelLine(_ file: URL, _ prefix: String) -> Bool {
        guard !isAuxiliary(file), let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix(prefix) }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ReviewGatePlugin: XcodeBuildToolPlugin {
        /// The same commands for a target of an Xcode project.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                files: target.inputFiles.map(\.url), tool: context.tool(named: "ReviewGatePolicyCompiler").url,
                output: context.pluginWorkDirectoryURL, root: context.xcodeProject.directoryURL)
        }
    }
#endif
