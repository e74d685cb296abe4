/// Every key of every file ReviewGate reads, declared once (issue 50): a policy's, a budget's, a
/// scenario's, a state's and a compiled file's. What reads the language reads it from here:
///
/// - each decoder's known keys, and so its unknown-key diagnostics (``section(_:_:)``);
/// - where a key written in the wrong mapping belongs (``KeyHome``);
/// - the keys a compiled policy writes when a policy leaves them out (``ReleasedDefaults``);
/// - the release that first reads a key, for `newer_key` and `requires.library_version`
///   (``since(_:_:)``), and the frozen `Documentation/releases/X.Y.Z-keys.json`;
/// - with `ReviewGateSchemas`' words for each key, the JSON Schemas' descriptions, the editor's
///   hover and completion, and the reference tables.
///
/// `LanguageCatalogueTests` decodes the shipped and fixture files with every key a decoder asks for
/// recorded (``KeyAudit``): a key a decoder reads that is not here fails by name, and so does a key
/// here that no decoder reads. Each mapping's keys are in the order of Semantics §2's tables, which
/// is the order a compiled policy writes them and a diagnostic lists them.
package enum LanguageCatalogue {
    /// Every key, read from the tables (``policyTable`` and the other kinds'). A table rather than
    /// code: its few kilobytes of text cost an app a tenth of what constructing each key in code
    /// did; and a kind's table is read the first time a file of that kind is decoded, so that a
    /// run that reads policies alone reads the policy table alone (issue 50's figures).
    package static var keys: [LanguageKey] { LanguageFile.allCases.flatMap { index($0).keys } }

    /// The keys of one kind of file, in order.
    package static func keys(of file: LanguageFile) -> [LanguageKey] { index(file).keys }

    /// A kind of file's keys, with their mappings' keys and each key by its path.
    struct Index: Sendable {
        let keys: [LanguageKey]
        let byMapping: [String: [String]]
        let byPath: [String: LanguageKey]

        init(_ table: String, file: LanguageFile) {
            keys = LanguageCatalogue.rows(of: table, file: file)
            var byMapping: [String: [String]] = [:]
            var byPath: [String: LanguageKey] = [:]
            for key in keys {
                byMapping[key.mapping, default: []].append(key.name)
                byPath[key.path] = key
            }
            self.byMapping = byMapping
            self.byPath = byPath
        }
    }

    private static let policyIndex = Index(policyTable, file: .policy)
    private static let budgetIndex = Index(budgetTable, file: .budget)
    private static let scenarioIndex = Index(scenarioTable, file: .scenario)
    private static let stateIndex = Index(stateTable, file: .state)
    private static let compiledPolicyIndex = Index(compiledPolicyTable, file: .compiledPolicy)
    private static let compiledBudgetIndex = Index(compiledBudgetTable, file: .compiledBudget)
    private static let cohortIndex = Index(cohortTable, file: .cohort)
    private static let personIndex = Index(personTable, file: .person)
    private static let compiledScenarioIndex = Index(compiledScenarioTable, file: .compiledScenario)

    /// The index of `file`, read from its table the first time it is asked for.
    static func index(_ file: LanguageFile) -> Index {
        switch file {
        case .policy: policyIndex
        case .budget: budgetIndex
        case .scenario: scenarioIndex
        case .state: stateIndex
        case .compiledPolicy: compiledPolicyIndex
        case .compiledBudget: compiledBudgetIndex
        case .cohort: cohortIndex
        case .person: personIndex
        case .compiledScenario: compiledScenarioIndex
        }
    }

    /// The keys of a table: a line per key, its columns apart by ` ; `: the key's path, the release
    /// that first reads it, its value's form, its default (JSON text, `required`, or words), its
    /// feature, and its marks: `written` (a compiled policy writes its default when it is left
    /// out), `lists R` (a list of its values is read from release R), `elsewhere` (a key written
    /// in the wrong mapping is not told it belongs here).
    static func rows(of table: String, file: LanguageFile) -> [LanguageKey] {
        // Over the bytes, by hand: the generic string operations cost 60 M instructions at every
        // start of `simulate`, generic splitting 3 M (issue 50's figures).
        var table = table
        return table.withUTF8 { bytes in
            var keys: [LanguageKey] = []
            var cells: [String] = []
            var start = 0
            func cell(_ end: Int) {
                var from = start
                var to = end
                while from < to, bytes[from] == UInt8(ascii: " ") { from += 1 }
                while to > from, bytes[to - 1] == UInt8(ascii: " ") { to -= 1 }
                cells.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
                start = end + 1
            }
            let space = UInt8(ascii: " ")
            for index in 0...bytes.count {
                // A column ends at ` ; ` (a `;` between spaces), so that a value may hold a `;`.
                if index > 0, index + 1 < bytes.count, bytes[index] == UInt8(ascii: ";"), bytes[index - 1] == space,
                    bytes[index + 1] == space
                {
                    cell(index)
                }
                guard index == bytes.count || bytes[index] == UInt8(ascii: "\n") else { continue }
                cell(index)
                if cells.count > 1 || cells.first?.isEmpty == false {
                    precondition(cells.count >= 5, "a row of the language catalogue has five columns or six")
                    keys.append(key(cells, file: file))
                }
                cells.removeAll(keepingCapacity: true)
            }
            return keys
        }
    }

    /// The key of a row's cells.
    private static func key(_ cells: [String], file: LanguageFile) -> LanguageKey {
        let path = cells[0]
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))!
        let marks = cells.count > 5 ? cells[5].split(separator: " ").map(String.init) : []
        let lists = marks.firstIndex(of: "lists").map { index in
            precondition(index + 1 < marks.count, "a row's lists mark names the release that reads lists: \(path)")
            return marks[index + 1]
        }
        return LanguageKey(
            file: file, mapping: String(path[..<slash]), name: String(path[path.utf8.index(after: slash)...]),
            form: cells[2], defaultValue: cells[3], since: AppVersionNumber(cells[1])!,
            listSince: lists.map { AppVersionNumber($0)! }, feature: cells[4],
            writtenUnset: marks.contains("written"), isHome: !marks.contains("elsewhere"))
    }

    /// The keys of one mapping of one kind of file, in order, with what a decoder needs of them.
    package struct Section: Sendable {
        /// The file.
        package let file: LanguageFile
        /// The mapping's path (``LanguageKey/mapping``).
        package let mapping: String
        /// Its keys' names, in order.
        package let keys: [String]

        /// A policy's mapping.
        package static func policy(_ mapping: String) -> Section { LanguageCatalogue.section(.policy, mapping) }

        /// The same mapping with only `keys` allowed, in that order: a condition written as one
        /// form (`{flag: F}`) allows that form's key alone.
        package func only(_ keys: [String]) -> Section {
            precondition(keys.allSatisfy(self.keys.contains), "\(keys) are not all keys of \(mapping)")
            return Section(file: file, mapping: mapping, keys: keys)
        }

        /// The same mapping with `keys` allowed before its own: an event condition's `event` beside
        /// its `at_least`.
        package func after(_ keys: [String]) -> Section {
            Section(file: file, mapping: mapping, keys: keys + self.keys)
        }
    }

    /// The mapping `mapping` of `file`. A mapping the catalogue does not have is a programming
    /// error, caught by every test that decodes such a file.
    package static func section(_ file: LanguageFile, _ mapping: String) -> Section {
        let names = index(file).byMapping[mapping] ?? []
        precondition(!names.isEmpty, "the language catalogue has no mapping \(mapping) of a \(file.rawValue) file")
        return Section(file: file, mapping: mapping, keys: names)
    }

    /// The key at `path` of `file`: `/guards/cooldown`.
    package static func key(_ file: LanguageFile, _ path: String) -> LanguageKey? {
        index(file).byPath[path]
    }

    /// The release that first reads the key at `path` of `file`.
    package static func since(_ file: LanguageFile, _ path: String) -> AppVersionNumber {
        guard let key = key(file, path) else { preconditionFailure("the language catalogue has no \(path)") }
        return key.since
    }

    /// The release that first reads a list for the key at `path` of `file` (`cooldown: [1d, 7d]`).
    package static func listSince(_ file: LanguageFile, _ path: String) -> AppVersionNumber {
        guard let release = key(file, path)?.listSince else { preconditionFailure("\(path) takes no list") }
        return release
    }

    /// The first release, which read the language's first keys: a key read from a later one is
    /// a newer key (`newer_key`).
    package static let firstRelease = AppVersionNumber("0.2")!

    /// The names of a policy's keys read from a release after the first, so that a decoder looks
    /// a key's path up only when its name is one of them.
    package static let newerNames: Set<String> = Set(
        keys(of: .policy).filter { $0.since > firstRelease }.map(\.name))

    /// The key that holds the mapping `key` is in (`/experiment` of `/experiment/name`,
    /// `/triggers` of `/triggers/*/since`), or `nil` at the top level.
    package static func parent(of key: LanguageKey) -> LanguageKey? {
        var mapping = key.mapping
        while mapping.hasSuffix("/*") { mapping.removeLast(2) }
        return mapping.isEmpty ? nil : self.key(key.file, mapping)
    }
}
