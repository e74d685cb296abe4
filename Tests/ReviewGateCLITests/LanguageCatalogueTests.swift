import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// The language catalogue (``LanguageCatalogue``) is the one description of the language: every
/// key a decoder asks a mapping for is in it, and every key in it is asked for by a decoder. The
/// shipped files, the compatibility folders and the fixtures are decoded with every key asked
/// recorded (``KeyAudit``), each kind of file by its own decoder, and the two lists compared by name.
@Suite struct LanguageCatalogueTests {
    /// The files decoded: every YAML and compiled file shipped or kept as a fixture.
    static let files: [String] = {
        var paths: [String] = []
        for folder in ["policies", "Tests/Compatibility", "Tests/ReviewGateTests/Fixtures", "Tests/Catalogue"] {
            let base = Repository.root.appending(path: folder)
            let found = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
            paths += found.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { "\(folder)/\($0)" }
        }
        return paths.sorted()
    }()

    /// The keys asked for while decoding every file, as `file:path`; a condition form's own key
    /// (`/when/event/event`, asked beside its modifiers) as the form's (`/when/event`).
    static let asked: Set<String> = {
        let audit = KeyAudit()
        KeyAudit.$current.withValue(audit) {
            for file in files { decode(Repository.path(file)) }
            for yaml in synthetic { _ = try? PolicyLoader.decode(Fixtures.document(yaml)) }
        }
        return Set(
            audit.asked.map { path in
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 4, parts[1] == "when", parts[2] == parts[3] else { return path }
                return parts.dropLast().joined(separator: "/")
            })
    }()

    /// A policy setting each policy key of a simple form (a duration, a count, a switch) outside
    /// lists and keyed mappings, so that a new such key needs no fixture to be found read.
    static let synthetic: [String] = LanguageCatalogue.keys(of: .policy).compactMap { key in
        let samples = ["duration": "1d", "integer ≥ 0": "1", "integer ≥ 1": "1", "boolean": "true"]
        guard let sample = samples[key.form], !key.path.contains("*") else { return nil }
        let names = key.path.split(separator: "/")
        let nested = names.enumerated().map { String(repeating: "  ", count: $0) + $1 + ":" }.joined(separator: "\n")
        return "reviewgate: 1\nname: synthetic\ntriggers:\n  done: {event: done}\n\(nested) \(sample)\n"
    }

    /// Decodes the file at `path` as what its first key says it is, as `validate` does; problems are
    /// beside the point (a bad fixture's keys are asked for too).
    static func decode(_ path: String) {
        if path.hasSuffix(".json") {
            guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else { return }
            let root = try? JSONReader().loadDocument(bytes, file: path)
            let first = root?.mapping?.first?.key.string
            if first == CompiledBudget.formatKey {
                _ = try? CompiledBudget.load(bytes, file: path)
            } else if first == PersonRecord.formatKey, let root {
                _ = try? PersonRecord.decode(root)
            } else if first == CompiledScenario.formatKey {
                _ = try? ScenarioRunner.files(Fixtures.documents).load(path: path)
            } else {
                _ = try? CompiledPolicy.load(bytes, file: path)
            }
            return
        }
        guard let root = try? Fixtures.documents.reader(path) else { return }
        let loader = PolicyLoader.files(Fixtures.documents)
        switch root.mapping?.first?.key.string {
        case "reviewgate_state": _ = try? StateDecoder.decode(root, versionKey: nil)
        case "reviewgate_cohort": _ = try? CohortDecoder.decode(root)
        case BudgetDecoder.formatKey: _ = try? BudgetLoader(policies: loader).load(path: path)
        case "reviewgate_scenario": _ = try? ScenarioRunner.files(Fixtures.documents).load(path: path)
        default: _ = try? loader.load(path: path)
        }
    }

    @Test func everyKeyADecoderAsksForIsInTheCatalogue() {
        let catalogued = Set(LanguageCatalogue.keys.map { "\($0.file.rawValue):\($0.path)" })
        let missing = Self.asked.subtracting(catalogued).sorted()
        #expect(missing.isEmpty, "decoders read keys the catalogue lacks: \(missing)")
        #expect(Self.files.count > 100)
    }

    @Test func everyKeyOfTheCatalogueIsAskedForByADecoder() {
        let unread = LanguageCatalogue.keys.map { "\($0.file.rawValue):\($0.path)" }.filter { !Self.asked.contains($0) }
        #expect(
            unread.isEmpty,
            "no decoder reads these keys of the catalogue (a key no shipped file uses wants a file under Tests/Catalogue that does): \(unread)"
        )
    }

    /// The check itself: a decoder that asks for a key the catalogue lacks is caught.
    @Test func aKeyTheCatalogueLacksIsCaught() throws {
        let audit = KeyAudit()
        var reader = NodeReader()
        reader.audit = audit
        let root = try Fixtures.document("cooldown: 1d\n")
        let read = reader.fields(root, "guards", .policy("/guards"))
        let fields = try #require(read)
        _ = fields["cooldown"]
        _ = fields["cool_down"]
        #expect(audit.asked == ["policy:/guards/cooldown", "policy:/guards/cool_down"])
    }

    /// Each mapping's keys are unique, and a key a compiled policy writes unset is one 0.4.0 knew
    /// (Semantics §9 *Compatibility*: a later key is written only when set).
    @Test func theCatalogueIsWellFormed() {
        var seen: Set<String> = []
        for key in LanguageCatalogue.keys {
            let id = "\(key.file.rawValue):\(key.path)"
            #expect(!seen.contains(id), "\(id) is in the catalogue twice")
            seen.insert(id)
            if key.writtenUnset {
                #expect(key.since <= AppVersionNumber("0.4")!, "\(id) is after 0.4.0, so it is written only when set")
            }
            #expect(key.since <= LibraryVersion.current, "\(id) is read from a release after this one")
        }
        // The guards are checked in the order the catalogue lists them.
        #expect(LanguageCatalogue.Section.policy("/guards").keys == Guard.Key.allCases.map(\.rawValue))
        // A guard a policy leaves out is none (what PolicyDefaults writes for it), but for the three
        // whose defaults it spells out.
        for key in Guard.Key.allCases where ![.neverOn, .systemQuota, .oncePerVersion].contains(key) {
            let entry = LanguageCatalogue.key(.policy, "/guards/\(key.rawValue)")
            #expect(entry?.defaultValue == "null", "/guards/\(key.rawValue)'s default is not none")
        }
    }
}
