import Foundation
import PackagePlugin

/// Compiles a target's review policies during the build: each policy of the target becomes
/// `NAME.json`, a resource of the target (`Bundle.module`), through `reviewgate compile`. A broken
/// policy fails the build with `file:line:column: error:` lines, which Xcode shows on the policy's line.
///
/// A policy is a `.yaml` or `.yml` file with a top-level `reviewgate:` line (other YAML, such as an
/// OpenAPI document, is left alone), except `*.base.yaml`: a policy that others `extends` and that
/// is not used alone. Every YAML file of the target is an input of every policy, so that editing a
/// base compiles the policies again. Two policies that would give the same `NAME.json` are an error.
@main
struct ReviewGatePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), tool: context.tool(named: "ReviewGateCLI").url,
            output: context.pluginWorkDirectoryURL, root: context.package.directoryURL)
    }

    /// One `reviewgate compile` per policy among `files`.
    static func commands(files: [URL], tool: URL, output: URL, root: URL) throws -> [Command] {
        let yaml = files.filter { ["yaml", "yml"].contains($0.pathExtension.lowercased()) }
        let policies = yaml.filter(isPolicy)
        var names: [String: URL] = [:]
        for policy in policies {
            let name = policy.deletingPathExtension().lastPathComponent + ".json"
            if let other = names[name] {
                throw PolicyNameClash(name: name, first: other, second: policy)
            }
            names[name] = policy
        }
        return policies.map { policy in
            let compiled = output.appending(path: policy.deletingPathExtension().lastPathComponent + ".json")
            return .buildCommand(
                displayName: "Compiling review policy \(policy.lastPathComponent)",
                executable: tool,
                arguments: [
                    "compile", policy.path(percentEncoded: false), "-o", compiled.path(percentEncoded: false),
                    "--relative-to", root.path(percentEncoded: false),
                ],
                inputFiles: yaml,
                outputFiles: [compiled])
        }
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

/// Two policies of a target that would compile to the same resource name.
struct PolicyNameClash: Error, CustomStringConvertible {
    var name: String
    var first: URL
    var second: URL

    var description: String {
        "\(first.path(percentEncoded: false)) and \(second.path(percentEncoded: false)) would both compile to \(name): rename one"
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
