import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateSchemas
import ReviewGateTestSupport
import Testing

/// The schemas agree with the files we ship: an independent validator, check-jsonschema (PyPI), accepts
/// every shipped policy, state and scenario, and rejects the bad policies marked `# schema: rejects`.
///
/// Runs when check-jsonschema is on PATH; in CI (`CI` set) its absence is a failure, not a skip.
@Suite("Schema agreement (check-jsonschema)", .enabled(if: CheckJSONSchema.url != nil || CheckJSONSchema.isCI))
struct SchemaAgreementTests {

    /// The first line that marks a bad policy as one the policy schema alone must refuse.
    static let rejectsMarker = "# schema: rejects"

    @Test("every shipped policy (policies/*.yaml) passes the policy schema")
    func shippedPoliciesPass() throws {
        let policies = Self.files(in: "policies", recursive: false) { name in
            name.hasSuffix(".yaml") && !name.hasSuffix(".scenario.yaml") && !name.hasSuffix(".state.yaml")
        }
        #expect(!policies.isEmpty, "no policies in policies/")
        try Self.expectValid(policies, against: .policy)
    }

    @Test("every shipped budget (*.budget.yaml) passes the budget schema, and its policies the policy schema")
    func shippedBudgetsPass() throws {
        let budgets = Self.files(in: "policies", recursive: true) { $0.hasSuffix(".budget.yaml") }
        #expect(!budgets.isEmpty, "no budgets under policies/")
        try Self.expectValid(budgets, against: .budget)
        let policies = Self.files(in: "policies/budget", recursive: false) { name in
            name.hasSuffix(".yaml") && !name.hasSuffix(".budget.yaml") && !name.hasSuffix(".scenario.yaml")
        }
        #expect(!policies.isEmpty, "no policies in policies/budget")
        try Self.expectValid(policies, against: .policy)
    }

    /// A key set to `null` removes the base's setting (Semantics §2): the schema accepts it in a policy
    /// that `extends` another, as `validate` does, and refuses it in one that does not.
    @Test("policies that extend another, removing settings with null, pass the policy schema")
    func extendingPoliciesPass() throws {
        let folder = "Tests/ReviewGateTests/Fixtures/extends"
        try Self.expectValid(
            ["base.yaml", "child.yaml", "full-base.yaml", "removes-settings.yaml"].map { "\(folder)/\($0)" },
            against: .policy)
    }

    @Test("every state file under policies/ passes the state schema")
    func stateFilesPass() throws {
        let states = Self.files(in: "policies", recursive: true) { name in
            name.hasSuffix(".state.yaml") || name.hasSuffix(".state.json")
        }
        try Self.expectValid(states, against: .state)
    }

    /// What the writer makes of a state with every field set (`FullState`), in JSON and in YAML:
    /// the schema takes every field it writes, in the form it writes it.
    @Test("full states, as StateEncoder writes them, pass the state schema")
    func fullStatesPass() throws {
        let folder = try Repository.temporaryFolder()
        var paths: [String] = []
        for seed in UInt64(0)..<10 {
            for format in [StateEncoder.Format.json, .yaml] {
                let path = folder.appending(path: "full-\(seed).state.\(format == .json ? "json" : "yaml")").path
                try StateEncoder.encode(FullState.make(seed: seed), as: format).write(
                    toFile: path, atomically: true, encoding: .utf8)
                paths.append(path)
            }
        }
        try Self.expectValid(paths, against: .state)
    }

    /// A person record as `personRecord()` writes it (Semantics §16.5), from full states (every
    /// field set, devices included), and the catalogue's example, pass the person schema.
    @Test("person records, as personRecord() writes them, pass the person schema")
    func personRecordsPass() throws {
        let folder = try Repository.temporaryFolder()
        var paths = ["Tests/Catalogue/person.json"]
        for seed in UInt64(0)..<10 {
            var state = FullState.make(seed: seed)
            let path = folder.appending(path: "person-\(seed).json").path
            try state.personRecord().json.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        try Self.expectValid(paths, against: .person)
    }

    @Test("every scenario under policies/ passes the scenario schema")
    func scenarioFilesPass() throws {
        let scenarios = Self.files(in: "policies", recursive: true) { $0.hasSuffix(".scenario.yaml") }
        try Self.expectValid(scenarios, against: .scenario)
    }

    @Test("every shipped policy, compiled, passes the compiled schema")
    func compiledPoliciesPass() throws {
        let folder = try Repository.temporaryFolder()
        var compiled: [String] = []
        // The budget's survey sets `prompt`, which the compiled form writes only when set.
        for name in ["apple-sample", "three-week-rule", "treaty", "budget/survey"] {
            let result = try PolicyLoader.files(Fixtures.documents).load(path: Repository.path("policies/\(name).yaml"))
            let path = folder.appending(path: "\(name.replacingOccurrences(of: "/", with: "-")).json")
            try Fixtures.compiledText(result).write(
                to: path, atomically: true, encoding: .utf8)
            compiled.append(path.path)
        }
        try Self.expectValid(compiled, against: .compiled)
    }

    /// The bad-policy corpus: each file whose first line is `# schema: rejects` must fail the policy
    /// schema with a validation error (not a parse error). The others are for `reviewgate validate`
    /// alone: what only it can see (a cycle in `extends`, a duration over 100 years) has no marker.
    @Test("the bad policies marked '# schema: rejects' fail the policy schema")
    func markedBadPoliciesAreRejected() throws {
        let corpus = Self.files(in: "Tests/ReviewGateTests/Fixtures/bad-policies", recursive: true) { name in
            name.hasSuffix(".yaml") || name.hasSuffix(".json")
        }
        let marked = corpus.filter { file in
            let text = (try? String(contentsOf: Repository.root.appending(path: file), encoding: .utf8)) ?? ""
            return text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == Self.rejectsMarker } ?? false
        }
        let tool = try Self.requireTool()
        guard !marked.isEmpty else { return }
        // One run for all (each run starts Python); its JSON report names the file of every error.
        let run = try Self.run(tool, ["--output-format", "json", "--schemafile", Self.schemaPath(.policy)] + marked)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any],
            "check-jsonschema did not print a JSON report:\n\(run.output)")
        func files(_ key: String) -> Set<String> {
            Set((report[key] as? [[String: Any]] ?? []).compactMap { $0["filename"] as? String })
        }
        let refused = files("errors")
        let unreadable = files("parse_errors")
        for file in marked {
            #expect(
                !unreadable.contains(file),
                "\(file) could not be read by check-jsonschema, so the schema never judged it")
            #expect(
                refused.contains(file) || unreadable.contains(file),
                "\(file) is marked '\(Self.rejectsMarker)' but the policy schema accepts it")
        }
    }

    // MARK: - Running check-jsonschema

    private static func requireTool() throws -> URL {
        try #require(
            CheckJSONSchema.url,
            "check-jsonschema is not on PATH, and CI is set: install it (pip install check-jsonschema), as .ci/run does"
        )
    }

    private static func schemaPath(_ kind: JSONSchema.Kind) -> String { "schemas/\(kind.fileName)" }

    /// Checks the files (paths relative to the repository root) in one run; nothing to do for none.
    private static func expectValid(_ files: [String], against kind: JSONSchema.Kind) throws {
        let tool = try requireTool()
        guard !files.isEmpty else { return }
        let run = try run(tool, ["--schemafile", schemaPath(kind)] + files)
        #expect(run.status == 0, "check-jsonschema --schemafile \(schemaPath(kind)) refused:\n\(run.output)")
    }

    /// Runs the tool in the repository's root, returning its exit status and its stdout and stderr together.
    private static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try Command.run(tool.path, arguments)
    }

    /// Files under a folder of the repository whose names match, as sorted paths relative to the root;
    /// none when the folder does not exist.
    private static func files(in folder: String, recursive: Bool, where matches: (String) -> Bool) -> [String] {
        let root = Repository.root.appending(path: folder)
        let manager = FileManager.default
        let names: [String]
        if recursive {
            names = (manager.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []
        } else {
            names = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        }
        return names.filter { matches(($0 as NSString).lastPathComponent) }
            .sorted()
            .map { "\(folder)/\($0)" }
    }
}

/// Where check-jsonschema is, and whether its absence is a failure (outside the suite: a suite's traits
/// cannot refer to the suite's own members).
private enum CheckJSONSchema {
    /// Its path, from PATH.
    static let url: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").lazy
            .map { URL(filePath: String($0)).appending(path: "check-jsonschema") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether this is a CI run (`CI` set), where a missing check-jsonschema fails the suite.
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
}
