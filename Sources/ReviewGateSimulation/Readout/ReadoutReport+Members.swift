@_spi(ReviewGateTools) import ReviewGate

extension ReadoutReport {
    /// The readout as JSON (Documentation/reference/readout.md shows the shape): every figure, with
    /// the counts it is worked out from and its method's name, so that readouts merge exactly.
    @_spi(ReviewGateTools) public var json: JSONValue { .object(Self.members.json(self)) }

    /// A member of the readout's object (``ReportMember``).
    typealias Member = ReportMember<Self, Void>

    /// The readout's members, in the order its JSON writes them; `--merge` reads them back and
    /// ``ReadoutTally/add(_:)`` adds partitions up (Documentation/reference/readout.md, generated).
    static let members: [Member] = [
        .written("reviewgate_readout", "the format, 1") { _, _ in .int(formatVersion) },
        .text("experiment", "the experiment's name", \.experiment),
        .policy,
        .budget,
        Member(
            key: "input",
            meaning:
                "`sources`, `lines`, `events`, `skipped`, and the input checks' members, as `simulate`'s report has them (`warnings`, `frequent_events`, `version_key`, `people_without_version`, `people_by_channel`)",
            write: { report, _ in report.input.json },
            read: { reader, node, report in report.input = reader.input(node) }
        ),
        .written("end", "where observation ended: `until`, or the latest line's time") { report, _ in
            .string(report.end?.description)
        },
        Member(
            key: "until", meaning: "`--until`, or `null`", write: { report, _ in .string(report.until?.description) },
            read: { reader, node, report in
                report.until = reader.time(reader.node(node, "until"))
                // Without it, observation ended at the latest line, which `end` says.
                if report.until == nil { report.tally.latest = reader.time(reader.node(node, "end")) }
            }),
        .count("within_days", "W, the outcome's window after the trigger, in days", \.withinDays),
        .count(
            "assigned_within_days", "A, the window after the first line by assignment, in days", \.assignedWithinDays),
        .written("people", "everyone replayed") { report, _ in .int(report.tally.groups.reduce(0) { $0 + $1.assigned })
        },
        .firstSeen,
        .written("new_people_per_day", "`people` over the days from `earliest` to `latest` (at least one)") {
            report, _ in report.newPeoplePerDay.map(JSONValue.double) ?? .null
        },
        .count(
            "late_exposures", "exposed people whose exposure came more than A − W days after their first line",
            \.tally.lateExposures),
        .written("late_exposure_share", "`late_exposures` over everyone exposed") { report, _ in
            report.lateExposureShare.map(JSONValue.double) ?? .null
        },
        .count(
            "arms_differing", "people whose logged arm (the `arm` column) is not their bucket's", \.tally.armsDiffering
        ),
        .sampleRatio,
        .written(
            "methods",
            "the name of the method behind `interval`, `p_value`, `assignment_p`, `exposure_p` and `plan`"
        ) { _, _ in .object(methods) },
        Member(
            key: "plan_effect_pp", meaning: "`--plan`'s effect, only with `--plan`",
            write: { report, _ in report.planEffect.map(JSONValue.double) },
            read: { _, node, report in report.planEffect = node["plan_effect_pp"].flatMap(ReportReader.number) }),
        .outcomes,
    ]

    /// The methods behind the figures, named in the JSON.
    static let methods: [(key: String, value: JSONValue)] = [
        ("interval", .string("Newcombe hybrid score, method 10 (Wilson, no continuity correction), 95%")),
        ("p_value", .string("pooled two-proportion z test, two-sided")),
        ("assignment_p", .string("chi-square goodness of fit to the bucket shares")),
        ("exposure_p", .string("chi-square test of homogeneity across the arms, no continuity correction")),
        ("plan", .string("pooled z test, 80% power, alpha 0.05 two-sided (variance pooled under the null)")),
    ]
}

extension ReportMember where Row == ReadoutReport, Context == Void {
    /// A string the readout must have.
    static func text(_ key: String, _ meaning: String, _ field: WritableKeyPath<Row, String> & Sendable) -> Self {
        Self(
            key: key, meaning: meaning, write: { report, _ in .string(report[keyPath: field]) },
            read: { reader, node, report in
                guard let value = reader.node(node, key) else { return }
                guard let text = value.string else {
                    reader.problems.append(.error("\"\(key)\" must be a string", at: value.location))
                    return
                }
                report[keyPath: field] = text
            })
    }

    /// The policy that runs the experiment.
    static var policy: Self {
        Self(
            key: "policy", meaning: "`name`, `digest`, `path` of the policy that runs it",
            write: { report, _ in
                .object([
                    ("name", .string(report.policy.name)), ("digest", .string(report.policy.digest)),
                    ("path", .string(report.policy.path)),
                ])
            },
            read: { reader, node, report in
                guard let policy = reader.node(node, "policy") else { return }
                report.policy = (
                    policy["name"]?.string ?? "", policy["digest"]?.string, policy["path"]?.string ?? ""
                )
            })
    }

    /// The budget the policy ran inside, with `--budget`.
    static var budget: Self {
        Self(
            key: "budget",
            meaning:
                "with `--budget` only: `name`, `digest`, `path` of the budget, and the `prompt` whose policy runs the experiment",
            write: { report, _ in
                report.budget.map { budget in
                    .object([
                        ("name", .string(budget.name)), ("digest", .string(budget.digest)),
                        ("path", .string(budget.path)), ("prompt", .string(budget.prompt)),
                    ])
                }
            },
            read: { _, node, report in
                report.budget = node["budget"].map { node in
                    (
                        node["name"]?.string ?? "", node["digest"]?.string, node["path"]?.string ?? "",
                        node["prompt"]?.string ?? ""
                    )
                }
            })
    }

    /// The earliest and latest first lines.
    static var firstSeen: Self {
        Self(
            key: "first_seen", meaning: "`earliest` and `latest`: the first lines' earliest and latest times",
            write: { report, _ in
                .object([
                    ("earliest", .string(report.tally.firstSeen?.lowerBound.description)),
                    ("latest", .string(report.tally.firstSeen?.upperBound.description)),
                ])
            },
            read: { reader, node, report in
                let seen = reader.node(node, "first_seen")
                if let earliest = reader.time(seen?["earliest"]), let latest = reader.time(seen?["latest"]) {
                    report.tally.firstSeen = earliest...latest
                }
            })
    }

    /// The sample ratio checks, and the groups' bucket shares the readout's groups are read from.
    static var sampleRatio: Self {
        Self(
            key: "sample_ratio",
            meaning:
                "`assignment_p`, `exposure_p`, `warning` (the sample ratio mismatch line, or `null`), `bucket_shares` (each group's share of the buckets, the holdout first)",
            write: { report, _ in
                .object([
                    ("assignment_p", report.assignmentP.map(JSONValue.double) ?? .null),
                    ("exposure_p", report.exposureP.map(JSONValue.double) ?? .null),
                    ("warning", .string(report.mismatch)),
                    ("bucket_shares", .object(zip(report.groups, report.bucketShares).map { ($0, .double($1)) })),
                ])
            },
            read: { reader, node, report in
                let shares = reader.entries(reader.node(node, "sample_ratio"), "bucket_shares")
                report.groups = shares.compactMap(\.key.string)
                report.bucketShares = shares.map { ReportReader.number($0.value) ?? 0 }
            })
    }

    /// One object per outcome (``ReadoutReport/outcomeMembers``), read after the groups.
    static var outcomes: Self {
        Self(
            key: "outcomes", meaning: "one object per `--outcome`, in order, below",
            write: { report, _ in
                .array(
                    report.outcomes.indices.map {
                        .object(
                            ReadoutReport.outcomeMembers.json(ReadoutReport.OutcomeRow(report: report, outcome: $0)))
                    })
            },
            read: { reader, node, report in
                let nodes = reader.list(node, "outcomes")
                report.outcomes = nodes.map { node in
                    guard let outcome = reader.node(node, "outcome")?.string.flatMap(ReadoutOutcome.init) else {
                        reader.problems.append(
                            .error("an outcome must be an event's name, response:KIND or launch", at: node.location))
                        return .launch
                    }
                    return outcome
                }
                let empty = ReadoutTally(groups: report.groups.count, comparisons: 0, outcomes: nodes.count)
                (report.tally.groups, report.tally.comparisons) = (empty.groups, empty.comparisons)
                var row = ReadoutReport.OutcomeRow(report: report, outcome: 0)
                for (index, node) in nodes.enumerated() {
                    row.outcome = index
                    ReadoutReport.outcomeMembers.read(node, into: &row, &reader)
                }
                report = row.report
            })
    }
}
