@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

extension SimulationReport {
    /// The sum of the reports in `paths` (`-` for standard input), each file one JSON report or one
    /// per line (what the partitions of a Spark job write): a report of every person in them.
    /// Throws when a file cannot be read, a report cannot be, or two are of different runs (or
    /// are a budget's: ``BudgetSimulationReport/merged(reading:)`` adds those up).
    public static func merged(reading paths: [String]) throws(DiagnosticError) -> SimulationReport {
        try MergedReport.merged(reading: paths, SimulationReport.init(json:)) {
            (total, report) throws(MergeError) in try total.add(report)
        }
    }

    /// Reads a report that `simulate --format json` wrote (a partition's), to merge it with others.
    package init(json root: DocumentNode) throws(DiagnosticError) {
        var reader = ReportReader()
        let format = FormatVersion(file: "this report", name: "format", supported: Self.formatVersion)
        if let refusal = format.refusal(root["reviewgate_simulation"]) { throw DiagnosticError([refusal]) }
        if case .int(let version)? = root["reviewgate_simulation"]?.scalar?.value, version < Self.formatVersion {
            // Format 1 had no never_asked, latest or horizon, format 2 no start: merged with it, those
            // would under-count, or count people first seen before the export as not asked.
            throw DiagnosticError(
                "this report is of format \(version), from an older reviewgate, and lacks what format \(Self.formatVersion) counts (where observation starts, the people first seen before it\(version < 2 ? ", never_asked, latest, the horizon" : "")): run simulate again",
                at: root["reviewgate_simulation"]?.location ?? root.location)
        }
        if root["reviewgate_simulation_budget"] != nil {
            throw DiagnosticError(
                "this is a simulate --budget report, not a policy's: merge it with other budget reports",
                at: root["reviewgate_simulation_budget"]?.location ?? root.location)
        }
        guard root["reviewgate_simulation"] != nil else {
            throw DiagnosticError(
                "not a simulate report: it has no reviewgate_simulation; write one with simulate --format json",
                at: root.location)
        }
        let input = reader.input(root)
        let policy = reader.policy(reader.node(root, "policy"))
        var baseline: PolicyResult?
        if let node = root["baseline"], node.mapping != nil { baseline = reader.policy(node) }
        let horizon = reader.horizon(root)
        let since = reader.time(root["since"])
        let variants = root["variants"] == nil ? [] : reader.list(root, "variants").compactMap { reader.policy($0) }
        reader.checkVariants(variants.map(\.variant), in: root)
        guard reader.problems.isEmpty, let policy else { throw DiagnosticError(reader.problems) }
        self.init(input: input, policy: policy, baseline: baseline, horizon: horizon)
        self.variants = variants
        self.since = since
    }
}

/// Reads the members of a report, noting each one that is missing or of the wrong kind.
struct ReportReader {
    /// The largest count read, so that sums of many reports cannot overflow.
    let largest = 1_000_000_000_000_000
    var problems: [Diagnostic] = []

    mutating func node(_ parent: DocumentNode?, _ key: String) -> DocumentNode? {
        guard let parent else { return nil }
        guard let node = parent[key] else {
            problems.append(.error("the report has no \"\(key)\" here", at: parent.location))
            return nil
        }
        return node
    }

    mutating func int(_ parent: DocumentNode?, _ key: String) -> Int {
        guard let node = node(parent, key) else { return 0 }
        guard case .int(let value)? = node.scalar?.value, (0...largest).contains(value) else {
            problems.append(
                .error("\"\(key)\" must be a count, a whole number from 0 to 10^15", at: node.location))
            return 0
        }
        return value
    }

    /// A time, or `nil` for `null` or no node.
    mutating func time(_ node: DocumentNode?) -> Timestamp? {
        guard let node, node.scalar?.value != .null else { return nil }
        guard let text = node.string, let time = Timestamp(rfc3339: text) else {
            problems.append(.error("a time must be an RFC 3339 string", at: node.location))
            return nil
        }
        return time
    }

    mutating func list(_ parent: DocumentNode?, _ key: String) -> [DocumentNode] {
        guard let node = node(parent, key) else { return [] }
        guard let items = node.sequence else {
            problems.append(.error("\"\(key)\" must be a list", at: node.location))
            return []
        }
        return items
    }

    mutating func entries(_ parent: DocumentNode?, _ key: String) -> [MappingEntry] {
        guard let node = node(parent, key) else { return [] }
        guard let entries = node.mapping else {
            problems.append(.error("\"\(key)\" must be an object", at: node.location))
            return []
        }
        return entries
    }

    /// What the input checks found, each member only when the report has it.
    mutating func checks(_ node: DocumentNode?, into input: inout SimulationReport.Input) {
        guard let node else { return }
        if let key = node["version_key"] {
            input.versionKey = key.string.flatMap(VersionKey.init(rawValue:))
            if input.versionKey == nil {
                problems.append(.error("version_key must be short or build", at: key.location))
            }
        }
        if node["wants_skipped"] != nil { input.wantsSkipped = int(node, "wants_skipped") }
        if node["lines_after_end"] != nil { input.linesAfterEnd = int(node, "lines_after_end") }
        if let duplicates = node["duplicates"] {
            input.duplicates = int(duplicates, "lines")
            input.firstDuplicate = duplicates["first"]?.string
            input.duplicatesDropped = duplicates["dropped"]?.scalar?.value == .bool(true)
        }
        if node["people_without_version"] != nil {
            for entry in entries(node, "people_without_version") {
                guard let key = entry.key.scalar.flatMap({ VersionKey(rawValue: $0.text) }) else {
                    problems.append(.error("people_without_version is keyed by short or build", at: entry.key.location))
                    continue
                }
                input.peopleWithoutVersion[key] = int(MappingEntry.wrap(entry), "count")
            }
        }
        if node["people_by_channel"] != nil {
            for entry in entries(node, "people_by_channel") {
                guard let channel = entry.key.scalar.flatMap({ Channel(rawValue: $0.text) }) else {
                    problems.append(
                        .error(
                            "people_by_channel is keyed by production, testflight and development",
                            at: entry.key.location))
                    continue
                }
                input.peopleByChannel[channel] = int(MappingEntry.wrap(entry), "count")
            }
        }
        guard node["warnings"] != nil else { return }
        for item in list(node, "warnings") {
            guard let kind = item["kind"]?.string, let name = item["name"]?.string,
                let readBy = item["read_by"]?.string
            else {
                problems.append(.error("a warning has a kind, a name and read_by, each a string", at: item.location))
                continue
            }
            input.warnings.append(
                InputWarning(
                    kind: kind, name: name, readBy: readBy, at: item["at"]?.string,
                    didYouMean: item["did_you_mean"]?.string))
        }
        if node["frequent_events"] != nil {
            input.frequentEvents = entries(node, "frequent_events").map {
                InputWarning.Count(name: $0.key.scalar?.text ?? "", lines: int(MappingEntry.wrap($0), "count"))
            }
        }
    }

    /// A policy's result: its name, digest, path and triggers, then each of its ``SimulationReport/PolicyResult/members``.
    mutating func policy(_ node: DocumentNode?) -> SimulationReport.PolicyResult? {
        guard let node else { return nil }
        let triggers = list(node, "triggers").map {
            SimulationReport.PolicyResult.Trigger(id: $0["id"]?.string ?? "", rule: $0["rule"]?.string ?? "")
        }
        var result = SimulationReport.PolicyResult(
            name: node["name"]?.string ?? "", digest: node["digest"]?.string, path: node["path"]?.string ?? "",
            triggers: triggers, modelsOSQuota: false, tally: SimulationTally(triggers: triggers.count))
        SimulationReport.PolicyResult.members.read(node, into: &result, &self)
        result.variant = variant(node)
        return result
    }

    /// What a report read: its sources, lines, events, lines skipped and the input checks' findings.
    mutating func input(_ root: DocumentNode) -> SimulationReport.Input {
        let node = self.node(root, "input")
        var input = SimulationReport.Input(
            sources: list(node, "sources").compactMap(\.string), lines: int(node, "lines"), events: int(node, "events"),
            skipped: int(node, "skipped"))
        checks(node, into: &input)
        return input
    }

    /// Notes a problem unless every variant read (`variants`, a result's each) is named, with the
    /// same settings' paths in the same order.
    mutating func checkVariants(_ variants: [Variant?], in root: DocumentNode) {
        let paths = variants.first??.settings.map(\.path)
        if variants.contains(where: { $0 == nil || $0?.settings.map(\.path) != paths }) {
            problems.append(
                .error(
                    "each variant must have a variant name and the same settings' paths, in the same order",
                    at: root["variants"]?.location))
        }
    }

    /// A report's horizon (`--within-days`, `--until`); `nil` when it has none.
    mutating func horizon(_ root: DocumentNode) -> SimulationReport.Horizon? {
        guard let node = root["horizon"], node.mapping != nil else { return nil }
        let days = int(node, "days")
        if !(1...36_500).contains(days) {
            problems.append(.error("the horizon's days must be from 1 to 36500", at: node.location))
        }
        return SimulationReport.Horizon(days: days, until: time(node["until"]))
    }

    /// Under `--vary`, a result's variant: its settings, path to value as written; `nil` for the
    /// policy (or budget) as written.
    mutating func variant(_ node: DocumentNode) -> Variant? {
        guard node["variant"] != nil else { return nil }
        return Variant(
            settings: entries(node, "settings").map {
                if $0.value.string == nil {
                    problems.append(.error("a setting's value is a string, as written", at: $0.value.location))
                }
                return Variant.Setting(path: $0.key.scalar?.text ?? "", value: $0.value.string ?? "")
            })
    }

    /// The count that an entry of an object keyed by something (a week, a day, a reason) holds.
    mutating func int(_ entry: MappingEntry) -> Int { int(MappingEntry.wrap(entry), "count") }
}

extension MappingEntry {
    /// A mapping `{count: value}`, so that an entry's value is read by ``ReportReader/int(_:_:)``.
    fileprivate static func wrap(_ entry: MappingEntry) -> DocumentNode {
        let key = DocumentNode(
            .scalar(DocumentScalar(text: "count", style: .plain, value: .string("count"))), at: entry.key.location)
        return DocumentNode(.mapping([MappingEntry(key: key, value: entry.value)]), at: entry.value.location)
    }
}
