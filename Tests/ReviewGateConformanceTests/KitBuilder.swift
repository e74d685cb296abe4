@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateConformance
import ReviewGateTestSupport

/// Assembles the conformance kit: the policies the cases name, each compiled, and the cases, whose
/// expectations are this library's answers (``ConformanceAnswers``).
struct KitBuilder {
    /// The policies, in the order added.
    private(set) var policies: [ConformancePolicy] = []
    /// Each policy's decoded form, by id.
    private(set) var decoded: [String: Policy] = [:]
    /// The budgets, in the order added.
    private(set) var budgets: [ConformanceBudget] = []
    /// Each budget's decoded form, by id.
    private(set) var decodedBudgets: [String: Budget] = [:]
    /// How many cases of each area and kind were added: a walk asks at every step.
    private var counts: [ConformanceArea: [ConformanceCase.Kind: Int]] = [:]
    /// The cases without their expectations yet, by area.
    private(set) var pending: [ConformanceArea: [ConformanceCase]] = [:]

    /// Adds a policy from its YAML; `nil` (and nothing added) when it does not validate.
    @discardableResult
    mutating func addPolicy(id: String, yaml: String) -> Policy? {
        guard let loaded = try? PolicyLoader.decode(Fixtures.document(yaml, file: "\(id).yaml")) else { return nil }
        let text = Fixtures.compiledText(loaded)
        guard let compiled = try? JSONReader().loadDocument(Array(text.utf8), file: id).jsonValue else { return nil }
        policies.append(
            ConformancePolicy(id: id, tags: PolicyFeatures.tags(of: yaml), yaml: yaml, compiled: compiled))
        decoded[id] = loaded.policy
        return loaded.policy
    }

    /// Adds a budget from its files (`file` the budget's, the others its policies'); `nil` (and
    /// nothing added) when it does not validate.
    @discardableResult
    mutating func addBudget(id: String, file: String, files: [(name: String, text: String)]) -> Budget? {
        let texts = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.text) })
        let source: PolicyLoader.DocumentReader = { path in
            guard let text = texts[path] else { throw DiagnosticError("no file \(path)", at: nil) }
            return try Fixtures.document(text, file: path)
        }
        let loader = BudgetLoader(policies: PolicyLoader(reading: source, digest: PortableSHA256.policyDigest))
        guard let loaded = try? loader.load(path: file) else { return nil }
        let text = CompiledBudget(loaded).text(digest: loaded.budget.digest ?? "")
        guard let compiled = try? JSONReader().loadDocument(Array(text.utf8), file: id).jsonValue else { return nil }
        let tags = ["budget"] + files.filter { $0.name != file }.flatMap { PolicyFeatures.tags(of: $0.text) }
        budgets.append(
            ConformanceBudget(id: id, tags: Self.ordered(tags), file: file, files: files, compiled: compiled))
        decodedBudgets[id] = loaded.budget
        return loaded.budget
    }

    /// The tags of the budget `id`.
    func budgetTags(of id: String) -> [String] {
        budgets.first { $0.id == id }?.tags ?? []
    }

    /// The tags of the policy `id`.
    func tags(of id: String) -> [String] {
        policies.first { $0.id == id }?.tags ?? []
    }

    /// Adds a case; its expectation is worked out by ``build()``.
    mutating func add(
        _ area: ConformanceArea, id: String, kind: ConformanceCase.Kind, tags: [String],
        inputs: [(key: String, value: JSONValue)]
    ) {
        pending[area, default: []].append(
            ConformanceCase(id: id, kind: kind, tags: Self.ordered(tags), inputs: inputs, expect: .null))
        counts[area, default: [:]][kind, default: 0] += 1
    }

    /// The number of cases of `area` so far, of `kind` alone when given.
    func count(_ area: ConformanceArea, kind: ConformanceCase.Kind? = nil) -> Int {
        kind.map { counts[area]?[$0] ?? 0 } ?? (pending[area]?.count ?? 0)
    }

    /// The id of the next generated case of `area`: `evaluation/g-00001`.
    func nextGeneratedID(_ area: ConformanceArea) -> String {
        "\(area.rawValue)/g-\(String(count(area, kind: .generated) + 1).leftPadded(5))"
    }

    /// Tags without repeats, `policy` first, then by name.
    static func ordered(_ tags: [String]) -> [String] {
        let unique = Set(tags)
        return (unique.contains("policy") ? ["policy"] : []) + unique.subtracting(["policy"]).sorted()
    }

    /// The kit: each case with this library's answer as its expectation. A case the library cannot
    /// answer is a generator's bug, and throws.
    func build(index: (ConformanceKit) -> JSONValue) throws -> ConformanceKit {
        let answers = try ConformanceAnswers(policies: policies, budgets: budgets)
        var cases: [ConformanceArea: [ConformanceCase]] = [:]
        for area in ConformanceArea.allCases {
            cases[area] = try (pending[area] ?? []).map { kase in
                var kase = kase
                kase.expect = try answers.answer(kase, area: area)
                return kase
            }
        }
        var kit = ConformanceKit(index: .null, policies: policies, budgets: budgets, cases: cases)
        kit.index = index(kit)
        return kit
    }
}

extension ConformanceKit {
    /// The kit's files by name, as they are written in its folder.
    var files: [(name: String, text: String)] {
        [
            (Self.indexFile, JSONWriter(pretty: true).string(index) + "\n"),
            (Self.policiesFile, JSONLines.text(policies.map(\.json))),
            (Self.budgetsFile, JSONLines.text(budgets.map(\.json))),
        ] + ConformanceArea.allCases.map { area in (area.file, JSONLines.text((cases[area] ?? []).map(\.json))) }
    }
}
