import Foundation
import ReviewGateTestSupport
import Testing

/// The build plugin (issue 10), in a real build: `Tests/PluginFixture` is an app package that uses it.
/// GoodApp's policy compiles into its resources during `swift build`, and the app loads it from
/// `Bundle.module` and decides; BadApp's policy is broken, so its build fails at the policy's line;
/// ClashApp's two policies share a name. The fixture builds in `.build/plugin-fixture` (the first
/// time, with the plugin's tool, `ReviewGatePolicyCompiler`).
@Suite(.serialized) struct PluginFixtureSlowTests {
    static let package = Repository.root.appending(path: "Tests/PluginFixture")
    static let scratch = Repository.root.appending(path: ".build/plugin-fixture")

    /// Runs `swift build` for one product of the fixture: its exit status and everything it printed.
    static func build(_ product: String) throws -> (status: Int32, output: String) {
        try Command.run(
            "swift",
            ["build", "--package-path", package.path, "--scratch-path", scratch.path, "--product", product])
    }

    /// A built product's resource bundle: its folder (Linux: `PluginFixture_NAME.resources`; macOS:
    /// `PluginFixture_NAME.bundle`) and the paths of its files below it.
    static func resources(of product: String) throws -> (folder: URL, files: [String]) {
        let debug = scratch.appending(path: "debug").resolvingSymlinksInPath()
        let bundle = try #require(
            try FileManager.default.contentsOfDirectory(atPath: debug.path).first {
                $0.hasPrefix("PluginFixture_\(product).")
            })
        let folder = debug.appending(path: bundle)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return (folder, files)
    }

    @Test func aGoodPolicyIsCompiledIntoTheAppsResourcesAndDecides() throws {
        let build = try Self.build("GoodApp")
        #expect(build.status == 0, "\(build.output)")

        let binary = try Command.run(Self.scratch.appending(path: "debug/GoodApp").path, [])
        #expect(binary.status == 0, "\(binary.output)")
        let lines = binary.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ALLOW fixture-app via trigger task_completed") == true)
        // Explanations cite the YAML, relative to the package: no build machine's paths in the app.
        #expect(binary.output.contains("required at least 7d  Sources/GoodApp/Review Policies/app.base.yaml:8"))
        #expect(binary.output.contains("Sources/GoodApp/Review Policies/app.yaml:5"))
        // The prompter's two decisions, blocked by the install's age.
        let prompterEvents = lines.filter { $0.hasPrefix(#"{"kind":"decision""#) }
        #expect(prompterEvents.count == 2)
        #expect(prompterEvents.allSatisfy { $0.contains(#""decision":"block""#) && $0.contains("min_install_age") })
        #expect(lines.last?.hasPrefix(#"{"policy":"fixture-app","policy_digest":"sha256:"#) == true)

        // The resource is what `reviewgate compile` writes for the same file.
        // (Linux: PluginFixture_GoodApp.resources/app.json; macOS: inside PluginFixture_GoodApp.bundle.)
        let (bundle, all) = try Self.resources(of: "GoodApp")
        let files = all.filter { $0.hasSuffix(".json") }
        // The base is an input of the policy, not a policy of its own.
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["app.json"])
        let resource = try #require(files.first)
        let compiled = try CLIRunner.run([
            "compile", Self.package.appending(path: "Sources/GoodApp/Review Policies/app.yaml").path, "--relative-to",
            Self.package.path,
        ])
        let bytes = try String(contentsOf: bundle.appending(path: resource), encoding: .utf8)
        #expect(bytes == compiled.stdout)
    }

    /// A budget (Semantics §12) in a target compiles with the policy it names into one resource, which
    /// the app loads with `CompiledBudget.load` and arbitrates with; the policy, a policy of the
    /// target too, is compiled alone as well.
    @Test func aBudgetIsCompiledIntoTheAppsResourcesAndArbitrates() throws {
        // Touched, so that a build whose scratch folder is kept from an earlier run compiles it again.
        let budgetFile = Self.package.appending(path: "Sources/BudgetApp/calm.budget.yaml")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: budgetFile.path)
        let build = try Self.build("BudgetApp")
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output.contains("Compiling review policies and budgets review.yaml, calm.budget.yaml"))

        let binary = try Command.run(Self.scratch.appending(path: "debug/BudgetApp").path, [])
        #expect(binary.status == 0, "\(binary.output)")
        let lines = binary.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(binary.output)")
        #expect(lines.first?.hasPrefix("budget fixture-calm sha256:") == true)
        #expect(Array(lines.dropFirst()) == ["granted review", "granted paywall"])

        let (bundle, all) = try Self.resources(of: "BudgetApp")
        let files = all.filter { $0.hasSuffix(".json") }
        #expect(files.map { ($0 as NSString).lastPathComponent }.sorted() == ["calm.budget.json", "review.json"])
        // The resource is what `reviewgate compile` writes for the budget.
        let resource = try #require(files.first { $0.hasSuffix("calm.budget.json") })
        let compiled = try CLIRunner.run([
            "compile", Self.package.appending(path: "Sources/BudgetApp/calm.budget.yaml").path, "--relative-to",
            Self.package.path,
        ])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let bytes = try String(contentsOf: bundle.appending(path: resource), encoding: .utf8)
        #expect(bytes == compiled.stdout)
        #expect(bytes.contains("\"Sources/BudgetApp/review.yaml\""))
    }

    /// An app that links the library reads its policy with no libyaml: GoodApp's binary needs none
    /// (where `ldd` exists), while `reviewgate`, which reads YAML, does.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")))
    func theAppLinksNoLibYAML() throws {
        let build = try Self.build("GoodApp")
        #expect(build.status == 0, "\(build.output)")
        let app = try Command.run("/usr/bin/ldd", [Self.scratch.appending(path: "debug/GoodApp").path])
        #expect(app.status == 0)
        #expect(!app.output.contains("libyaml"), "\(app.output)")
        let tool = try Command.run("/usr/bin/ldd", [CLIRunner.executable.path])
        #expect(tool.output.contains("libyaml"), "the check would see libyaml if it were linked")
    }

    /// Scenario files (Semantics §16.2) compile for the test kit: each `NAME.scenario.json` with its
    /// golden file beside it, and a scenario's policy from another target compiled too. The kit plays
    /// them from JSON through the prompter, in a binary that links no libyaml: the golden compared
    /// where no delay moves the asks, and a failure cited at its line of the YAML.
    @Test func scenariosCompileForTheTestKitWhichPlaysThemFromJSON() throws {
        let build = try Self.build("ScenarioApp")
        #expect(build.status == 0, "\(build.output)")
        let binary = try Command.run(Self.scratch.appending(path: "debug/ScenarioApp").path, [])
        #expect(binary.status == 1, "one scenario fails on purpose: \(binary.output)")
        #expect(
            binary.output == """
                PASS good-app.scenario.json, golden none
                PASS own.scenario.json, golden matched
                FAIL wrong.scenario.json, golden none
                  Sources/ScenarioApp/Scenarios/wrong.scenario.yaml:8:5: step 1 at 2026-01-05T09:00:00Z: expected decision allow, got block

                """)
        let files = try Self.resources(of: "ScenarioApp").files.map { ($0 as NSString).lastPathComponent }.sorted()
        #expect(
            files == [
                "app.json", "good-app.scenario.json", "own.golden.txt", "own.scenario.json", "review.json",
                "wrong.scenario.json",
            ])
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") {
            let linked = try Command.run("/usr/bin/ldd", [Self.scratch.appending(path: "debug/ScenarioApp").path])
            #expect(!linked.output.contains("libyaml"), "\(linked.output)")
        }
    }

    @Test func aBrokenPolicyFailsTheBuildAtItsLine() throws {
        let build = try Self.build("BadApp")
        #expect(build.status != 0)
        let policy = Self.package.appending(path: "Sources/BadApp/app.yaml").path
        #expect(
            build.output.contains(
                "\(policy):6:13: error: cooldown must be a duration such as 21d (a whole number and s, m, h, d or w); found the string \"30 days\""
            ), "\(build.output)")
        #expect(!build.output.contains("Linking BadApp"))
    }

    /// The refusal fails ClashApp's build alone: GoodApp, in the same package, still builds.
    @Test func twoPoliciesWithOneResourceNameFailTheBuild() throws {
        let build = try Self.build("ClashApp")
        #expect(build.status != 0)
        let folder = Self.package.appending(path: "Sources/ClashApp").path
        #expect(
            build.output.contains(
                "\(folder)/a/review.yaml and \(folder)/b/review.yaml would both compile to review.json: rename one"),
            "\(build.output)")
        #expect(!build.output.contains("Linking ClashApp"))
        #expect(try Self.build("GoodApp").status == 0)
    }
}
