@_spi(ReviewGateTools) import ReviewGate

extension BudgetSimulationReport {
    /// The report as JSON (Documentation/reference/simulation-report.md shows the shape): the input, the
    /// horizon, the budget as written with each prompt's counts (``promptMembers``), then
    /// its baseline or variants, each of the same shape; every count kept, so that reports of
    /// partitions merge exactly.
    @_spi(ReviewGateTools) public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("reviewgate_simulation_budget", .int(Self.formatVersion)), ("input", input.json),
        ]
        // Only under a horizon, as are each budget's latest line and people by first-seen date: a
        // report without one has the members it had before --within-days took a budget.
        if let horizon { members.append(("horizon", horizon.json(latest: latest))) }
        if let since { members.append(("since", .string(since.description))) }
        members += resultMembers(budget)
        if let baseline { members.append(("baseline", .object(resultMembers(baseline)))) }
        if !variants.isEmpty { members.append(("variants", .array(variants.map { .object(resultMembers($0)) }))) }
        return .object(members)
    }

    /// One budget's members: under `--vary` its variant, the budget, its totals, and its prompts.
    private func resultMembers(_ result: BudgetResult) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let variant = result.variant {
            members.append(("variant", .string(variant.name)))
            members.append(("settings", .object(variant.settings.map { ($0.path, .string($0.value)) })))
        }
        let tally = result.tally
        members += [
            (
                "budget",
                .object([
                    ("name", .string(result.name)), ("digest", .string(result.digest)), ("path", .string(result.path)),
                ])
            ),
            ("people", .int(tally.people)), ("moments", .int(tally.moments)),
            ("unknown_moments", .int(tally.unknownMoments)),
        ]
        let within = horizonCounts(result)
        if horizon != nil {
            members.append(("latest", tally.latest.map { .string($0.description) } ?? .null))
            members.append(
                (
                    "within_days",
                    .object([
                        ("people", .int(within?.people ?? 0)),
                        ("start", tally.start.map { .string($0.description) } ?? .null),
                        ("people_before_start", .int(tally.peopleBeforeStart)),
                        (
                            "by_first_seen",
                            .object(
                                tally.firstSeen.keys.sorted().map { day in
                                    let seen = tally.firstSeen[day]!
                                    return (
                                        SimulationReport.date(ofDay: day),
                                        .object([
                                            ("people", .int(seen.people)),
                                            (
                                                "granted",
                                                .object(
                                                    zip(result.prompts, seen.granted).map { ($0.name, .int($1)) })
                                            ),
                                        ])
                                    )
                                })
                        ),
                    ])
                ))
        }
        members.append(
            (
                "prompts",
                .array(
                    result.prompts.indices.map { index in
                        promptJSON(result, index, within: within.map { ($0.people, $0.granted[index]) })
                    })
            ))
        return members
    }

    /// One prompt's object: its name and settings, each of ``promptMembers``, and under an
    /// experiment its arms, each with the same members.
    private func promptJSON(_ result: BudgetResult, _ index: Int, within: (people: Int, granted: Int)?) -> JSONValue {
        let prompt = result.prompts[index]
        let row = PromptRow(
            counts: result.tally.prompts[index], alone: result.withoutBudget[index], within: within)
        var members: [(key: String, value: JSONValue)] = [
            ("prompt", .string(prompt.name)), ("priority", .int(prompt.priority)), ("policy", .string(prompt.policy)),
            ("ignores_budget", .bool(prompt.ignoresBudget)),
        ]
        members += Self.promptMembers.json(row)
        if let names = prompt.arms, let counts = result.tally.arms[index], let alone = result.armsWithoutBudget[index] {
            members.append(
                (
                    "arms",
                    .array(
                        names.indices.map { arm in
                            let row = PromptRow(counts: counts[arm], alone: alone[arm])
                            return .object(
                                [("arm", .string(names[arm]))]
                                    + Self.promptMembers.json(row))
                        })
                ))
        }
        return .object(members)
    }
}

extension BudgetSimulationReport {
    /// Reads a report that `simulate --budget --format json` wrote (a partition's), to merge it with
    /// others.
    package init(json root: DocumentNode) throws(DiagnosticError) {
        var reader = ReportReader()
        let format = FormatVersion(file: "this report", name: "format", supported: Self.formatVersion)
        guard root["reviewgate_simulation_budget"] != nil else {
            throw DiagnosticError(
                root["reviewgate_simulation"] != nil
                    ? "this is a policy's simulate report, not a budget's: merge it with other policy reports"
                    : "not a simulate --budget report: it has no reviewgate_simulation_budget; write one with simulate --budget --format json",
                at: root.location)
        }
        if let refusal = format.refusal(root["reviewgate_simulation_budget"]) { throw DiagnosticError([refusal]) }
        let input = reader.input(root)
        let horizon = reader.horizon(root)
        let budget = reader.budget(root)
        let baseline = root["baseline"].flatMap { $0.mapping == nil ? nil : reader.budget($0) }
        let variants = root["variants"] == nil ? [] : reader.list(root, "variants").compactMap { reader.budget($0) }
        reader.checkVariants(variants.map(\.variant), in: root)
        guard reader.problems.isEmpty, let budget else { throw DiagnosticError(reader.problems) }
        self.init(input: input, budget: budget, baseline: baseline, variants: variants, horizon: horizon)
        self.since = reader.time(root["since"])
    }
}

extension ReportReader {
    /// A budget's result: its variant, the budget, its totals, its people by first-seen date, and
    /// its prompts, each read by ``BudgetSimulationReport/promptMembers``, with their arms.
    mutating func budget(_ node: DocumentNode) -> BudgetSimulationReport.BudgetResult? {
        let named = self.node(node, "budget")
        var prompts: [BudgetSimulationReport.Prompt] = []
        var rows: [BudgetSimulationReport.PromptRow] = []
        var armRows: [[BudgetSimulationReport.PromptRow]?] = []
        for promptNode in list(node, "prompts") {
            var prompt = BudgetSimulationReport.Prompt(
                name: promptNode["prompt"]?.string ?? "", priority: int(promptNode, "priority"),
                policy: promptNode["policy"]?.string,
                ignoresBudget: {
                    if case .bool(let flag)? = promptNode["ignores_budget"]?.scalar?.value { return flag }
                    return false
                }())
            var row = BudgetSimulationReport.PromptRow()
            BudgetSimulationReport.promptMembers.read(promptNode, into: &row, &self)
            var arms: [BudgetSimulationReport.PromptRow]?
            if promptNode["arms"] != nil {
                var names: [String] = []
                arms = list(promptNode, "arms").map { armNode in
                    names.append(armNode["arm"]?.string ?? "")
                    var arm = BudgetSimulationReport.PromptRow()
                    BudgetSimulationReport.promptMembers.read(armNode, into: &arm, &self)
                    return arm
                }
                prompt.arms = names
            }
            prompts.append(prompt)
            rows.append(row)
            armRows.append(arms)
        }
        var tally = BudgetTally(prompts: prompts.count)
        tally.prompts = rows.map(\.counts)
        tally.arms = armRows.map { $0?.map(\.counts) }
        tally.people = int(node, "people")
        tally.moments = int(node, "moments")
        tally.unknownMoments = int(node, "unknown_moments")
        tally.latest = time(node["latest"])
        if let within = node["within_days"] {
            tally.start = time(within["start"])
            tally.peopleBeforeStart = int(within, "people_before_start")
            for entry in entries(within, "by_first_seen") {
                guard let date = entry.key.string, let time = Timestamp(rfc3339: date + "T00:00:00Z") else {
                    problems.append(.error("a first-seen date is YYYY-MM-DD", at: entry.key.location))
                    continue
                }
                var seen = BudgetTally.FirstSeen(prompts: prompts.count)
                seen.people = int(entry.value, "people")
                let granted = self.node(entry.value, "granted")
                seen.granted = prompts.map { int(granted, $0.name) }
                tally.firstSeen[SimulationTally.day(of: time)] = seen
            }
        }
        return BudgetSimulationReport.BudgetResult(
            name: named?["name"]?.string ?? "", digest: named?["digest"]?.string, path: named?["path"]?.string ?? "",
            variant: variant(node), prompts: prompts, tally: tally, withoutBudget: rows.map(\.alone),
            armsWithoutBudget: armRows.map { $0?.map(\.alone) })
    }
}
