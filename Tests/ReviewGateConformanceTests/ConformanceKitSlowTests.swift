import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateConformance
import ReviewGateTestSupport
import Testing

/// The conformance kit is kept true (Semantics §18): every case answered by this library is its
/// expectation, the index counts the files, and a changed expectation fails until the kit's version
/// and `CHANGELOG.md` say why. `REVIEWGATE_UPDATE_CONFORMANCE=1` makes the kit again from its seed
/// (raising the version as §18 says) and fails, so that the new files are read before they are kept.
@Suite(.serialized) struct ConformanceKitSlowTests {
    static let folder = Repository.path("Conformance")
    static let updating = ProcessInfo.processInfo.environment["REVIEWGATE_UPDATE_CONFORMANCE"] != nil

    /// The kit in the repository, read once.
    static let kit = Result { try ConformanceKit.load(from: folder) }

    @Test("every case through the library: each answer is its expectation")
    func keptTrue() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let kit = try Self.kit.get()
        let read = clock.now
        let answers = try ConformanceAnswers(kit)
        var differing: [String] = []
        for ((_, kase), answer) in zip(kit.allCases, answers.answers(kit)) {
            if !ConformanceValue.equal(try answer.get(), kase.expect) { differing.append(kase.id) }
        }
        print("conformance kit: \(kit.allCases.count) cases read in \(read - start), answered in \(clock.now - read)")
        #expect(
            differing.isEmpty,
            "\(differing.count) cases are decided otherwise now (first: \(differing.prefix(5).joined(separator: ", "))): if the change is meant, make the kit again (REVIEWGATE_UPDATE_CONFORMANCE=1 swift test --filter ConformanceKitSlowTests), which raises its major version, and say why in CHANGELOG.md"
        )
    }

    @Test("the kit holds at least 20,000 generated and 200 boundary cases, each id once, every area")
    func sizes() throws {
        let kit = try Self.kit.get()
        let cases = kit.allCases.map(\.kase)
        #expect(cases.filter { $0.kind == .generated }.count >= 20_000)
        #expect(cases.filter { $0.kind == .boundary }.count >= 200)
        #expect(Set(cases.map(\.id)).count == cases.count, "an id twice")
        for area in ConformanceArea.allCases { #expect(!(kit.cases[area] ?? []).isEmpty, "no case of \(area)") }
        #expect(Set(kit.policies.map(\.id)).count == kit.policies.count)
    }

    @Test("index.json counts the files and digests them; CHANGELOG says why this version")
    func index() throws {
        let kit = try Self.kit.get()
        #expect(ConformanceValue.string(ConformanceValue.member(kit.index, "digest")) == kit.digest)
        for (key, value) in ConformanceValue.members(kit.counts) {
            #expect(
                ConformanceValue.member(kit.index, key).map { ConformanceValue.equal($0, value) } == true,
                "index.json's \(key) is not the files'")
        }
        let changelog = try String(contentsOfFile: Repository.path("CHANGELOG.md"), encoding: .utf8)
        #expect(
            changelog.contains("Conformance kit \(kit.version)"),
            "CHANGELOG.md has no line on Conformance kit \(kit.version): say what changed in it and why")
    }

    @Test("each policy's and budget's YAML compiles to the compiled form beside it, and its tags are its keys'")
    func policiesCompile() throws {
        let kit = try Self.kit.get()
        for fixture in kit.policies {
            let loaded = try PolicyLoader.decode(Fixtures.document(fixture.yaml, file: "\(fixture.id).yaml"))
            let compiled = try JSONReader().loadDocument(Array(Fixtures.compiledText(loaded).utf8), file: fixture.id)
            #expect(ConformanceValue.equal(compiled.jsonValue, fixture.compiled), "\(fixture.id)")
            #expect(PolicyFeatures.tags(of: fixture.yaml) == fixture.tags, "\(fixture.id)")
        }
        for fixture in kit.budgets {
            var builder = KitBuilder()
            builder.addBudget(id: fixture.id, file: fixture.file, files: fixture.files)
            #expect(
                builder.budgets.first.map { ConformanceValue.equal($0.compiled, fixture.compiled) } == true,
                "\(fixture.id)")
            #expect(builder.budgets.first?.tags == fixture.tags, "\(fixture.id)")
        }
    }

    @Test(
        "made again from its seed (REVIEWGATE_UPDATE_CONFORMANCE=1)",
        .enabled(if: updating, "REVIEWGATE_UPDATE_CONFORMANCE=1 makes the kit again"))
    func makeAgain() throws {
        let previous = try? ConformanceKit.load(from: Self.folder)
        let kit = try KitGenerator.make(previous: previous)
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        for (name, text) in kit.files {
            try text.write(toFile: "\(Self.folder)/\(name)", atomically: true, encoding: .utf8)
        }
        Issue.record(
            "the kit was made again: version \(kit.version) (was \(previous?.version ?? "none")); read the diff of Conformance/ before keeping it"
        )
    }
}
