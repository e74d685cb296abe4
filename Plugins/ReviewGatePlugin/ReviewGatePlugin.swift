import Foundation
import PackagePlugin

/// Compiles a target's review policies during the build: each `*.yaml` (or `*.yml`) file of the
/// target becomes `NAME.json`, a resource of the target (`Bundle.module`), through
/// `reviewgate compile`. A broken policy fails the build with `file:line:column: error:` lines,
/// which Xcode shows on the policy's line.
///
/// Left out: `*.state.yaml` and `*.scenario.yaml` (state files and scenarios), and `*.base.yaml`, a
/// policy that others `extends` and that is not used alone. Every YAML file of the target is an input
/// of every policy, so that editing a base compiles the policies again.
@main
struct ReviewGatePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), tool: context.tool(named: "ReviewGateCLI").url,
            output: context.pluginWorkDirectoryURL, root: context.package.directoryURL)
    }

    /// One `reviewgate compile` per policy among `files`.
    static func commands(files: [URL], tool: URL, output: URL, root: URL) -> [Command] {
        let yaml = files.filter { ["yaml", "yml"].contains($0.pathExtension) }
        return yaml.filter(isPolicy).map { policy in
            let compiled = output.appending(path: policy.deletingPathExtension().lastPathComponent + ".json")
            return .buildCommand(
                displayName: "Compiling review policy \(policy.lastPathComponent)",
                executable: tool,
                arguments: ["compile", policy.path(), "-o", compiled.path(), "--relative-to", root.path()],
                inputFiles: yaml,
                outputFiles: [compiled])
        }
    }

    /// Whether a YAML file is a policy to compile (not a state, a scenario or a base).
    static func isPolicy(_ file: URL) -> Bool {
        let name = file.lastPathComponent
        return ![".state.yaml", ".scenario.yaml", ".base.yaml", ".state.yml", ".scenario.yml", ".base.yml"].contains {
            name.hasSuffix($0)
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ReviewGatePlugin: XcodeBuildToolPlugin {
        /// The same commands for a target of an Xcode project.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                files: target.inputFiles.map(\.url), tool: context.tool(named: "ReviewGateCLI").url,
                output: context.pluginWorkDirectoryURL, root: context.xcodeProject.directoryURL)
        }
    }
#endif
