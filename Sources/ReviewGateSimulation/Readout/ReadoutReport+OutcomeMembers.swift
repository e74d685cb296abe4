@_spi(ReviewGateTools) import ReviewGate

extension ReadoutReport {
    /// One outcome of the readout, as its object in `outcomes` is written and read.
    struct OutcomeRow {
        /// The readout (being read, when read).
        var report: ReadoutReport
        /// The outcome's index.
        var outcome: Int
    }

    /// A group's figures on one outcome, as its object in an outcome's `arms` is written and read.
    struct GroupRow {
        /// The group's name.
        var name: String
        /// Its counts.
        var counts: ReadoutTally.Group
        /// The outcome's index.
        var outcome: Int

        /// The outcome among the exposed.
        var triggered: ReadoutTally.Share {
            get { counts.triggered[outcome] }
            set { counts.triggered[outcome] = newValue }
        }

        /// The outcome among the assigned.
        var byAssignment: ReadoutTally.Share {
            get { counts.byAssignment[outcome] }
            set { counts.byAssignment[outcome] = newValue }
        }
    }

    /// A comparison's figures on one outcome, as its object in an outcome's `comparisons` is written and read.
    struct ComparisonRow {
        /// The arm's name and the name of the group it is against.
        var arm: String, against: String
        /// Its counts.
        var counts: ReadoutTally.Comparison
        /// The outcome's index.
        var outcome: Int
        /// The difference by assignment, worked out from the groups' counts (written, not read).
        var byAssignment: Difference
        /// The moment its two groups first differ, in the policy's words, when known.
        var trigger: String?

        /// The difference among the people its trigger reached.
        var triggered: Difference {
            get { Difference(arm: counts.sides[0].outcomes[outcome], against: counts.sides[1].outcomes[outcome]) }
            set {
                counts.sides[0].outcomes[outcome] = newValue.arm
                counts.sides[1].outcomes[outcome] = newValue.against
            }
        }
    }

    /// A comparison's plan on one outcome (`--plan`), written only.
    struct PlanRow {
        /// The arm's name and the name of the group it is against.
        var arm: String, against: String
        /// The effect planned for, in percentage points.
        var effect: Double?
        /// The plan; `nil` when it cannot be worked out.
        var plan: Plan?
    }

    /// The members of an outcome's object, in order.
    static let outcomeMembers: [ReportMember<OutcomeRow, Void>] = [
        .written("outcome", "its name, as `--outcome` gave it") { row, _ in
            .string(row.report.outcomes[row.outcome].description)
        },
        .written("within_days", "W") { row, _ in .int(row.report.withinDays) },
        .written("assigned_within_days", "A") { row, _ in .int(row.report.assignedWithinDays) },
        .arms, .comparisons,
        .written("plan", "only with `--plan`, per comparison: each of the plan's members below") { row, _ in
            let report = row.report
            guard report.planEffect != nil else { return nil }
            return .array(
                report.comparisons.indices.map { index in
                    let comparison = report.comparisons[index]
                    let plan = PlanRow(
                        arm: report.groups[comparison.arm], against: report.groups[comparison.against],
                        effect: report.planEffect, plan: report.plan(index, outcome: row.outcome))
                    return .object(planMembers.json(plan))
                })
        },
    ]

    /// The members of a group's object in an outcome's `arms`, in order.
    static let groupMembers: [ReportMember<GroupRow, Void>] = {
        typealias Member = ReportMember<GroupRow, Void>
        let named: [Member] = [
            .written("arm", "the group's name, the holdout first") { row, _ in .string(row.name) },
            .count("assigned", "people assigned to it", \.counts.assigned),
            .count("exposed", "of these, people exposed", \.counts.exposed),
        ]
        let byAssignment = Member.object(
            "by_assignment", "the same three, of everyone assigned",
            Member.shares(\GroupRow.byAssignment, "of the assigned"))
        return named + Member.shares(\GroupRow.triggered, "of the exposed") + [byAssignment]
    }()

    /// The members of a comparison's object in an outcome's `comparisons`, in order.
    static let comparisonMembers: [ReportMember<ComparisonRow, Void>] = {
        typealias Member = ReportMember<ComparisonRow, Void>
        let named: [Member] = [
            .written("arm", "the arm's name") { row, _ in .string(row.arm) },
            .written("against", "the name of the group it is against") { row, _ in .string(row.against) },
            .pair("exposed", "people its trigger reached", \.counts.sides[0].triggered, \.counts.sides[1].triggered),
        ]
        let triggered = Member.difference(\ComparisonRow.triggered, "among the people its trigger reached")
        // Worked out from the groups' counts by assignment, which are read: written, not read back.
        let figures = Member.difference(\ComparisonRow.byAssignment, "")
        let byAssignment = Member.written("by_assignment", "the same counts and figures, by assignment") {
            row, context in .object(figures.json(row, context))
        }
        let trigger = Member(
            key: "trigger",
            meaning:
                "the moment its two groups first differ, in the policy's words (when the policy was read from a file)",
            write: { row, _ in row.trigger.map(JSONValue.string) },
            read: { _, node, row in row.trigger = node["trigger"]?.string })
        return named + triggered + [byAssignment, trigger]
    }()

    /// The members of a comparison's object in an outcome's `plan`, in order.
    static let planMembers: [ReportMember<PlanRow, Void>] = [
        .written("arm", "the arm's name") { row, _ in .string(row.arm) },
        .written("against", "the name of the group it is against") { row, _ in .string(row.against) },
        .written("effect_pp", "`--plan`'s effect") { row, _ in row.effect.map(JSONValue.double) ?? .null },
        .written("triggered_needed", "people the trigger must reach, in the two groups together") { row, _ in
            row.plan.map { .int($0.triggeredNeeded) } ?? .null
        },
        .written("people_triggered", "people to assign to the two groups for the triggered analysis") { row, _ in
            row.plan.map { .int($0.peopleTriggered) } ?? .null
        },
        .written("people_by_assignment", "people to assign for the analysis by assignment") { row, _ in
            row.plan?.peopleByAssignment.map(JSONValue.int) ?? .null
        },
        .written("days", "days of new people for `people_triggered`") { row, _ in
            row.plan?.days.map(JSONValue.int) ?? .null
        },
        .written("days_by_assignment", "days of new people for `people_by_assignment`") { row, _ in
            row.plan?.daysByAssignment.map(JSONValue.int) ?? .null
        },
    ]

    /// Comparison `index`'s row on `outcome`.
    func comparisonRow(_ index: Int, outcome: Int) -> ComparisonRow {
        let comparison = comparisons[index]
        return ComparisonRow(
            arm: groups[comparison.arm], against: groups[comparison.against], counts: tally.comparisons[index],
            outcome: outcome, byAssignment: byAssignment(index, outcome: outcome),
            trigger: index < triggerWords.count ? triggerWords[index] : nil)
    }

    /// The group `key` names in `node`, or a problem.
    func group(_ node: DocumentNode, _ key: String, _ reader: inout ReportReader) -> Int? {
        guard let index = reader.node(node, key)?.string.flatMap(groups.firstIndex(of:)) else {
            reader.problems.append(
                .error("\"\(key)\" must name a group of sample_ratio.bucket_shares", at: node.location))
            return nil
        }
        return index
    }
}

extension ReportMember where Row == ReadoutReport.OutcomeRow, Context == Void {
    /// Each group's object on the outcome, the holdout first.
    static var arms: Self {
        Self(
            key: "arms",
            meaning: "per group, the holdout first: each of the group's members below",
            write: { row, _ in
                let report = row.report
                return .array(
                    report.tally.groups.indices.map { group in
                        .object(
                            ReadoutReport.groupMembers.json(
                                ReadoutReport.GroupRow(
                                    name: report.groups[group], counts: report.tally.groups[group], outcome: row.outcome
                                )))
                    })
            },
            read: { reader, node, row in
                for node in reader.list(node, "arms") {
                    guard let index = row.report.group(node, "arm", &reader) else { continue }
                    var group = ReadoutReport.GroupRow(
                        name: row.report.groups[index], counts: row.report.tally.groups[index], outcome: row.outcome)
                    let kept = group.counts
                    ReadoutReport.groupMembers.read(node, into: &group, &reader)
                    // People assigned and exposed are the group's, whatever the outcome: the first's.
                    if row.outcome > 0 { (group.counts.assigned, group.counts.exposed) = (kept.assigned, kept.exposed) }
                    row.report.tally.groups[index] = group.counts
                }
            })
    }

    /// Each comparison's object on the outcome; the first outcome lists the comparisons.
    static var comparisons: Self {
        Self(
            key: "comparisons",
            meaning: "per comparison: each of the comparison's members below",
            write: { row, _ in
                .array(
                    row.report.comparisons.indices.map {
                        .object(
                            ReadoutReport.comparisonMembers.json(row.report.comparisonRow($0, outcome: row.outcome)))
                    })
            },
            read: { reader, node, row in
                for node in reader.list(node, "comparisons") {
                    guard let arm = row.report.group(node, "arm", &reader),
                        let against = row.report.group(node, "against", &reader)
                    else { continue }
                    let comparison = ReadoutComparison(arm: arm, against: against)
                    if row.outcome == 0, !row.report.comparisons.contains(comparison) {
                        row.report.comparisons.append(comparison)
                        row.report.triggerWords.append(nil)
                        row.report.tally.comparisons.append(
                            ReadoutTally.Comparison(outcomes: row.report.outcomes.count))
                    }
                    guard let position = row.report.comparisons.firstIndex(of: comparison) else {
                        reader.problems.append(
                            .error("a comparison the first outcome does not list", at: node.location))
                        continue
                    }
                    var read = row.report.comparisonRow(position, outcome: row.outcome)
                    let kept = read.counts.sides.map(\.triggered)
                    ReadoutReport.comparisonMembers.read(node, into: &read, &reader)
                    // People its trigger reached are the comparison's, whatever the outcome: the first's.
                    if row.outcome > 0 { for side in kept.indices { read.counts.sides[side].triggered = kept[side] } }
                    row.report.tally.comparisons[position] = read.counts
                    if row.outcome == 0 { row.report.triggerWords[position] = read.trigger }
                }
            })
    }
}

extension ReportMember where Context == Void {
    /// A share of people held at `field`: `observable`, `with_outcome`, and the `share` they make.
    static func shares(_ field: WritableKeyPath<Row, ReadoutTally.Share> & Sendable, _ of: String) -> [Self] {
        [
            Self(
                key: "observable", meaning: "people observed to the window's end, \(of)",
                write: { row, _ in .int(row[keyPath: field].observable) },
                read: { reader, node, row in row[keyPath: field].observable = reader.int(node, "observable") }),
            Self(
                key: "with_outcome", meaning: "of these, people with the outcome in the window",
                write: { row, _ in .int(row[keyPath: field].withOutcome) },
                read: { reader, node, row in row[keyPath: field].withOutcome = reader.int(node, "with_outcome") }),
            .written("share", "`with_outcome` over `observable`; `null` with no one observable") { row, _ in
                let share = row[keyPath: field]
                return share.observable == 0 ? .null : .double(Double(share.withOutcome) / Double(share.observable))
            },
        ]
    }

    /// Two counts, the arm's and the other group's: `{arm, against}`.
    static func pair(
        _ key: String, _ meaning: String, _ arm: WritableKeyPath<Row, Int> & Sendable,
        _ against: WritableKeyPath<Row, Int> & Sendable
    ) -> Self {
        Self(
            key: key, meaning: "`arm`, `against`: \(meaning)",
            write: { row, _ in .object([("arm", .int(row[keyPath: arm])), ("against", .int(row[keyPath: against]))]) },
            read: { reader, node, row in
                let pair = reader.node(node, key)
                row[keyPath: arm] = reader.int(pair, "arm")
                row[keyPath: against] = reader.int(pair, "against")
            })
    }

    /// A count of both sides of the difference at `field`: `{arm, against}`.
    static func sides(
        _ key: String, _ meaning: String, _ field: WritableKeyPath<Row, ReadoutReport.Difference> & Sendable,
        _ count: WritableKeyPath<ReadoutTally.Share, Int> & Sendable
    ) -> Self {
        Self(
            key: key, meaning: "`arm`, `against`: \(meaning)",
            write: { row, _ in
                let difference = row[keyPath: field]
                return .object([
                    ("arm", .int(difference.arm[keyPath: count])),
                    ("against", .int(difference.against[keyPath: count])),
                ])
            },
            read: { reader, node, row in
                let pair = reader.node(node, key)
                row[keyPath: field].arm[keyPath: count] = reader.int(pair, "arm")
                row[keyPath: field].against[keyPath: count] = reader.int(pair, "against")
            })
    }

    /// A difference's counts (each a pair) and its figures.
    static func difference(
        _ field: WritableKeyPath<Row, ReadoutReport.Difference> & Sendable, _ among: String
    ) -> [Self] {
        let among = among.isEmpty ? "" : ", " + among
        return [
            .sides("observable", "people observable\(among)", field, \.observable),
            .sides("with_outcome", "of these, people with the outcome", field, \.withOutcome),
            .written("difference_pp", "the arm's share minus the other's, in percentage points") { row, _ in
                row[keyPath: field].points.map(JSONValue.double) ?? .null
            },
            .written("interval_pp", "its 95% interval, `[low, high]`") { row, _ in
                row[keyPath: field].interval.map { .array([.double($0.lowerBound), .double($0.upperBound)]) } ?? .null
            },
            .written("p_value", "the two-sided p-value") { row, _ in
                row[keyPath: field].pValue.map(JSONValue.double) ?? .null
            },
        ]
    }
}
