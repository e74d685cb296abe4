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
@main
struct ReviewGatePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), tool: context.tool(named: "ReviewGatePolicyCompiler").url,
            output: context.pluginWorkDirectoryURL, root: context.package.directoryURL)
    }

    /// The command that compiles the policies among `files` (none when there are none).
    static func commands(files: [URL], tool: URL, output: URL, root: URL) -> [Command] {
        let yaml = files.filter { ["yaml", "yml"].contains($0.pathExtension.lowercased()) }
        let policies = yaml.filter(isPolicy)
        guard !policies.isEmpty else { return [] }
        // One output per name, whatever its case: the tool refuses two policies that share one.
        var outputs: [URL] = []
        for policy in policies {
            let compiled = output.appending(path: policy.deletingPathExtension().lastPathComponent + ".json")
            if !outputs.contains(where: { $0.path.lowercased() == compiled.path.lowercased() }) {
                outputs.append(compiled)
            }
        }
        let names = policies.map(\.lastPathComponent)
        return [
            .buildCommand(
                displayName:
                    "Compiling review \(names.count == 1 ? "policy" : "policies") \(names.joined(separator: ", "))",
                executable: tool,
                arguments: [
                    "--output-directory", output.path(percentEncoded: false), "--relative-to",
                    root.path(percentEncoded: false),
                ] + policies.map { $0.path(percentEncoded: false) },
                inputFiles: yaml,
                outputFiles: outputs)
        ]
    }

    /// Whether a YAML file is a policy to compile: not a base, a state or a scenario, and with a
    /// `reviewgate:` line (the language version) at the top level.
    static func isPolicy(_ file: URL) -> Bool {
        let name = file.lastPathComponent.lowercased()
        let auxiliary = [".base.", ".state.", ".scenario."].contains { name.contains($0) }
        guard !auxiliary, let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("reviewgate:") }
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
