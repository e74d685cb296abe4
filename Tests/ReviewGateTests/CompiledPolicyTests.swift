import Foundation
import ReviewGate
import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// Compiled policies (SPEC §9, issue 10): the same decisions and explanations as the YAML, the same
/// bytes every time, defaults written out, YAML lines kept, edits refused.
@Suite struct CompiledPolicyTests {
    /// The core takes a digest from its caller (the CLI hashes with swift-crypto); any well-formed one
    /// serves here.
    static let digest = "sha256:" + String(repeating: "ab", count: 32)

    /// Files named as the command line names them from the repository's root (or absolute).
    static let read: PolicyLoader.DocumentSource = { path throws(DiagnosticError) in
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileBytes.read(path.hasPrefix("/") ? path : Repository.path(path), maxBytes: 1 << 20)
        } catch {
            throw DiagnosticError(reading: error)
        }
        return try Fixtures.documents.document(bytes, path: path)
    }

    /// The compiled text of a policy read through `source`.
    static func compiled(_ path: String, source: @escaping PolicyLoader.DocumentSource = read) throws -> String {
        CompiledPolicy(try PolicyLoader(source: source).load(path: path)).text(digest: digest)
    }

    /// A policy read back from compiled text.
    static func load(_ text: String) throws(DiagnosticError) -> PolicyLoader.Result {
        try CompiledPolicy.load(Array(text.utf8), file: "compiled.json")
    }

    @Test(arguments: ExplanationCase.all)
    func explanationsMatchTheGoldens(_ testCase: ExplanationCase) throws {
        let policy = try Self.load(Self.compiled("policies/\(testCase.policy).yaml")).policy
        let state = try StateDecoder.decode(
            Self.read("policies/examples/\(testCase.state)"), versionKey: policy.app.versionKey)
        let decision = try Evaluator.evaluate(policy, state: state, moment: testCase.libraryMoment)
        let text = TextExplanation(color: false).render(decision, policy: policy) + "\n"
        let json = JSONExplanation.render(decision, policy: policy) + "\n"
        for (rendered, format) in [(text, ExplanationCase.Format.text), (json, .json)] {
            let outcome = Golden.check(rendered, against: testCase.golden(format))
            #expect(outcome == .matches, "\(outcome)")
        }
    }

    @Test(arguments: (try? ScenarioFiles.find(in: [Repository.path("policies")])) ?? [])
    func scenarioTranscriptsMatchTheirGoldens(_ path: String) throws {
        // The scenario's policy is handed over compiled: every `.yaml` policy it names is read as JSON.
        let compiledSource: PolicyLoader.DocumentSource = { file in
            guard file.hasSuffix(".yaml"), !file.hasSuffix(".scenario.yaml") else { return try Self.read(file) }
            return try JSONReader().loadDocument(Self.compiled(file), file: file + ".json")
        }
        let runner = ScenarioRunner(documents: compiledSource, goldens: .disk)
        let result = try runner.run(path: path)
        #expect(result.golden == .matched)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test(arguments: ["apple-sample", "three-week-rule", "treaty"])
    func compilingIsAFixedPoint(_ name: String) throws {
        let first = try Self.compiled("policies/\(name).yaml")
        #expect(try Self.compiled("policies/\(name).yaml") == first)
        // The compiled policy compiles to itself.
        let again = CompiledPolicy(try Self.load(first)).text(digest: Self.digest)
        #expect(again == first)
    }

    @Test func defaultsAreWrittenOutWithoutALocation() throws {
        let text = try Self.compiled("policies/apple-sample.yaml")
        let document = try JSONReader().loadDocument(text, file: "c.json")
        let policy = try #require(document["policy"])
        #expect(policy["guards"]?["cooldown"]?.scalar?.value == .null)
        #expect(policy["guards"]?["system_quota"]?["max"]?.scalar?.value == .int(3))
        #expect(policy["guards"]?["never_on"]?.sequence?.count == 2)
        #expect(policy["responses"]?["after_later"]?.string == "1d")
        #expect(policy["triggers"]?["process_completed"]?["event"]?.string == "process_completed")
        let locations = try #require(document["locations"]?["policies/apple-sample.yaml"])
        #expect(locations["/responses"] == nil)
        #expect(locations["/guards/cooldown"] == nil)
        #expect(locations["/guards/once_per_version"]?.sequence?.map(\.jsonValue).map(JSONWriter().string) == ["18", "3", "18", "21"])
        // And the loaded policy knows them as defaults, as the YAML's does.
        let loaded = try Self.load(text).policy
        #expect(loaded.responses.afterLater.location == nil)
        #expect(loaded.guards[.cooldown] == nil)
        #expect(loaded.guards[.oncePerVersion]?.location?.line == 18)
        #expect(loaded.digest == Self.digest)
    }

    @Test func settingsFromABaseCiteTheBase() throws {
        let files = [
            "base.yaml": "reviewgate: 1\nname: base\ntriggers:\n  done: {at_least: 4}\nguards:\n  cooldown: 7d\n",
            "child.yaml": "reviewgate: 1\nextends: base.yaml\nname: child\nguards:\n  min_launches: 3\n",
        ]
        let source: PolicyLoader.DocumentSource = { path in try Fixtures.document(files[path] ?? "", file: path) }
        let text = try Self.compiled("child.yaml", source: source)
        #expect(!text.contains("extends"))
        let policy = try Self.load(text).policy
        #expect(policy.guards[.cooldown]?.location == SourceLocation(file: "base.yaml", line: 6, column: 3))
        #expect(policy.guards[.minLaunches]?.location == SourceLocation(file: "child.yaml", line: 5, column: 3))
        #expect(policy.triggers.first?.location.file == "base.yaml")
    }

    @Test func anEditedDefaultIsRefused() throws {
        let text = try Self.compiled("policies/apple-sample.yaml")
        // A default has no location: the loader takes the default, and the edit would be silently
        // lost, so it is refused.
        let edited = text.replacingOccurrences(of: "\"after_later\": \"1d\"", with: "\"after_later\": \"2d\"")
        #expect(edited != text)
        let error = try #require(throws: DiagnosticError.self) { try Self.load(edited) }
        #expect(
            error.diagnostics.first?.message.contains("/responses/after_later is not what its settings compile to")
                == true)
    }

    @Test func aNewerFormatAndAMalformedDigestAreRefused() throws {
        let text = try Self.compiled("policies/apple-sample.yaml")
        let newer = text.replacingOccurrences(of: "\"reviewgate_compiled\": 1", with: "\"reviewgate_compiled\": 2")
        let refusal = try #require(throws: DiagnosticError.self) { try Self.load(newer) }
        #expect(refusal.diagnostics.first?.message.contains("needs a newer reviewgate: it uses format 2") == true)
        let badDigest = text.replacingOccurrences(of: Self.digest, with: "md5:00")
        let error = try #require(throws: DiagnosticError.self) { try Self.load(badDigest) }
        #expect(error.diagnostics.first?.message.contains("digest must be \"sha256:\"") == true)
        #expect(error.diagnostics.first?.location == SourceLocation(file: "compiled.json", line: 3, column: 13))
    }

    @Test func aBaseThatIsCompiledIsRefusedAtTheExtends() throws {
        let compiled = try Self.compiled("policies/apple-sample.yaml")
        let source: PolicyLoader.DocumentSource = { path in
            path == "app.json"
                ? try JSONReader().loadDocument(compiled, file: path)
                : try Fixtures.document("reviewgate: 1\nextends: app.json\nname: child\n", file: path)
        }
        let error = try #require(throws: DiagnosticError.self) { try PolicyLoader(source: source).load(path: "c.yaml") }
        #expect(error.diagnostics.first?.message.contains("a compiled policy: extend the YAML") == true)
        #expect(error.diagnostics.first?.location?.line == 2)
    }
}
