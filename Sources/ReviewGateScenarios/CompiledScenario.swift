@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// A scenario file compiled by the build plugin for an app's test bundle (Semantics §16.2): JSON, so
/// that the test kit reads it with no libyaml. `resources` names, for its `policy:` (or `budget:`)
/// and `golden:` references as written, the compiled policy's resource and the golden file copied
/// beside it, and a `state:` or a `merge:` given as a file is written in. `locations` puts every
/// node back at its place in the YAML, so that a failure cites the YAML's line and the transcript
/// names the policy as the YAML does: `reviewgate test` and the kit give the same bytes.
@_spi(ReviewGateTools) public enum CompiledScenario {
    /// The first key of a compiled scenario.
    @_spi(ReviewGateTools) public static let formatKey = "reviewgate_compiled_scenario"
    /// The format version.
    static let formatVersion = 1

    /// The compiled text of the scenario `root` read from `path`: `resource` gives the resource name
    /// of a policy, a budget or a golden file by its path resolved against the scenario's folder
    /// (`nil` when there is none: an error at the reference); `read` reads a state or record
    /// file to write in. File names in `locations` are relative to `root` when given.
    @_spi(ReviewGateTools) public static func text(
        _ root: DocumentNode, path: String, filesRelativeTo folder: String?,
        resource: (String) -> String?, read: (String) throws -> DocumentNode
    ) throws(DiagnosticError) -> String {
        guard var entries = root.mapping else {
            throw DiagnosticError("the scenario must be a mapping; found \(root.summary)", at: root.location)
        }
        var diagnostics: [Diagnostic] = []
        var resources: [(key: String, value: JSONValue)] = []
        for index in entries.indices {
            let key = entries[index].key.string ?? ""
            let value = entries[index].value
            switch key {
            case "policy", "budget", "golden":
                guard let reference = value.string else { continue }
                guard let name = resource(PathArithmetic.resolve(reference, from: path)) else {
                    diagnostics.append(
                        .error(
                            key == "golden"
                                ? "the golden file \(reference) does not exist: `reviewgate test --update` records it, and the build then copies it beside the compiled scenario"
                                : "the \(key) \(reference) is not compiled in this target: put the scenario in the target of its \(key)",
                            at: value.location))
                    continue
                }
                resources.append((reference, .string(name)))
            case "state":
                if let reference = value.string {
                    entries[index].value = try readFile(reference, from: path, read: read, at: value.location)
                }
            case "steps":
                guard case .sequence(var steps) = value.content else { continue }
                for step in steps.indices {
                    guard case .mapping(var fields) = steps[step].content else { continue }
                    for field in fields.indices {
                        switch fields[field].key.string {
                        case "merge":
                            guard let reference = fields[field].value.string else { continue }
                            fields[field].value = try readFile(
                                reference, from: path, read: read, at: fields[field].value.location)
                        case "launch" where fields[field].value.scalar?.value == .null:
                            // `launch:` alone is YAML's empty value, which JSON writes as null: `{}` it is.
                            fields[field].value.content = .mapping([])
                        default: continue
                        }
                    }
                    steps[step].content = .mapping(fields)
                }
                entries[index].value.content = .sequence(steps)
            default: continue
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        var scenario = root
        scenario.content = .mapping(entries)
        let document = JSONValue.object([
            (formatKey, .int(formatVersion)), ("scenario", scenario.jsonValue), ("resources", .object(resources)),
            ("locations", CompiledPolicy.locations(CompiledBudget.origins(of: scenario), filesRelativeTo: folder)),
        ])
        return JSONWriter(pretty: true, inlineScalarArrays: true).string(document) + "\n"
    }

    /// The document of a file a scenario names, read to be written in.
    private static func readFile(
        _ reference: String, from path: String, read: (String) throws -> DocumentNode, at location: SourceLocation
    ) throws(DiagnosticError) -> DocumentNode {
        do {
            return try read(PathArithmetic.resolve(reference, from: path))
        } catch let error as DiagnosticError {
            throw error
        } catch {
            throw DiagnosticError("cannot read \(reference): \(error)", at: location)
        }
    }

    /// Whether a document is a compiled scenario.
    static func isCompiled(_ root: DocumentNode) -> Bool { root[formatKey] != nil }

    /// The scenario of a compiled scenario's document, each node back at its YAML place, and its
    /// resources: each reference as written to the resource's name.
    static func scenario(of root: DocumentNode) throws(DiagnosticError) -> (
        scenario: DocumentNode, resources: [String: String]
    ) {
        var reader = NodeReader()
        guard
            let fields = reader.fields(
                root, "the compiled scenario", LanguageCatalogue.section(.compiledScenario, ""))
        else { throw reader.failure }
        reader.require([formatKey, "scenario", "resources", "locations"], in: fields, "the compiled scenario")
        if let node = fields[formatKey] { _ = reader.int(node, formatKey, minimum: 1, maximum: formatVersion) }
        let places = fields["locations"].map { CompiledPolicyDecoder.readPlaces($0, &reader) } ?? [:]
        var resources: [String: String] = [:]
        for entry in fields["resources"]?.mapping ?? [] {
            guard let reference = entry.key.string, let name = reader.string(entry.value, "a resource's name") else {
                continue
            }
            resources[reference] = name
        }
        guard !reader.hasErrors, let scenario = fields["scenario"] else { throw reader.failure }
        return (CompiledBudget.placed(scenario, pointer: "", places: places), resources)
    }
}
