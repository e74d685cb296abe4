@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// The conformance kit (Semantics §18) as read from its folder: `index.json`, the policies the cases
/// name (`policies.jsonl`) and each area's cases.
package struct ConformanceKit: Sendable {
    /// The most bytes one file of the kit may have.
    package static let maximumFileBytes = 64 << 20
    /// The index's name in the kit's folder.
    package static let indexFile = "index.json"
    /// The policies' file in the kit's folder.
    package static let policiesFile = "policies.jsonl"
    /// The budgets' file in the kit's folder.
    package static let budgetsFile = "budgets.jsonl"

    /// `index.json`: the kit's version, its counts and the library that made it.
    package var index: JSONValue
    /// The policies, in file order.
    package var policies: [ConformancePolicy]
    /// The budgets, in file order.
    package var budgets: [ConformanceBudget]
    /// Each area's cases, in file order.
    package var cases: [ConformanceArea: [ConformanceCase]]

    /// A kit from its parts.
    package init(
        index: JSONValue, policies: [ConformancePolicy], budgets: [ConformanceBudget],
        cases: [ConformanceArea: [ConformanceCase]]
    ) {
        self.index = index
        self.policies = policies
        self.budgets = budgets
        self.cases = cases
    }

    /// Every case, area by area in ``ConformanceArea``'s order.
    package var allCases: [(area: ConformanceArea, kase: ConformanceCase)] {
        ConformanceArea.allCases.flatMap { area in (cases[area] ?? []).map { (area, $0) } }
    }

    /// The kit's version, from its index.
    package var version: String {
        ConformanceValue.string(ConformanceValue.member(index, "kit_version")) ?? "?"
    }

    /// Reads the kit in `folder`.
    package static func load(from folder: String) throws -> ConformanceKit {
        func read(_ name: String) throws -> [UInt8] {
            try FileBytes.read("\(folder)/\(name)", maxBytes: maximumFileBytes)
        }
        let index = try JSONReader().loadDocument(try read(indexFile), file: "\(folder)/\(indexFile)").jsonValue
        var policies: [ConformancePolicy] = []
        for (line, value) in try JSONLines.read(try read(policiesFile), file: "\(folder)/\(policiesFile)") {
            guard let id = ConformanceValue.string(ConformanceValue.member(value, "id")),
                let yaml = ConformanceValue.string(ConformanceValue.member(value, "yaml")),
                let compiled = ConformanceValue.member(value, "compiled")
            else {
                throw DiagnosticError(
                    "\(folder)/\(policiesFile):\(line): a policy needs an id, yaml and compiled", at: nil)
            }
            let tags = ConformanceValue.member(value, "tags").map(strings) ?? []
            policies.append(ConformancePolicy(id: id, tags: tags, yaml: yaml, compiled: compiled))
        }
        var budgets: [ConformanceBudget] = []
        for (line, value) in try JSONLines.read(try read(budgetsFile), file: "\(folder)/\(budgetsFile)") {
            guard let id = ConformanceValue.string(ConformanceValue.member(value, "id")),
                let file = ConformanceValue.string(ConformanceValue.member(value, "file")),
                let compiled = ConformanceValue.member(value, "compiled")
            else {
                throw DiagnosticError(
                    "\(folder)/\(budgetsFile):\(line): a budget needs an id, a file, its files and compiled", at: nil)
            }
            let files = ConformanceValue.members(ConformanceValue.member(value, "files")).compactMap { member in
                ConformanceValue.string(member.value).map { (name: member.key, text: $0) }
            }
            let tags = ConformanceValue.member(value, "tags").map(strings) ?? []
            budgets.append(ConformanceBudget(id: id, tags: tags, file: file, files: files, compiled: compiled))
        }
        var cases: [ConformanceArea: [ConformanceCase]] = [:]
        for area in ConformanceArea.allCases {
            let file = "\(folder)/\(area.file)"
            cases[area] = try JSONLines.read(try read(area.file), file: file).map { line, value in
                try ConformanceCase(value, at: "\(file):\(line)")
            }
        }
        return ConformanceKit(index: index, policies: policies, budgets: budgets, cases: cases)
    }

    /// The strings of a JSON array.
    static func strings(_ value: JSONValue) -> [String] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap(ConformanceValue.string)
    }

    /// The SHA-256 of every policy, budget and case (inputs and expectation), in order, as their
    /// lines write them: what the index records, so that no change to the kit goes unseen.
    package var digest: String {
        let writer = JSONWriter()
        var text = ""
        for line in policies.map(\.json) + budgets.map(\.json) + allCases.map(\.kase.json) {
            text += writer.string(line) + "\n"
        }
        return PortableSHA256.policyDigest(Array(text.utf8))
    }

    /// The number of cases by tag, by kind and in all, and by file.
    package var counts: JSONValue {
        var tags: [String: Int] = [:]
        var kinds: [String: Int] = [:]
        for (_, kase) in allCases {
            for tag in kase.tags { tags[tag, default: 0] += 1 }
            kinds[kase.kind.rawValue, default: 0] += 1
        }
        return .object([
            ("cases", .int(allCases.count)),
            ("kinds", .object(ConformanceCase.Kind.allCases.map { ($0.rawValue, .int(kinds[$0.rawValue] ?? 0)) })),
            ("files", .object(ConformanceArea.allCases.map { ($0.file, .int(cases[$0]?.count ?? 0)) })),
            ("policies", .int(policies.count)),
            ("budgets", .int(budgets.count)),
            ("tags", .object(tags.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
        ])
    }
}
