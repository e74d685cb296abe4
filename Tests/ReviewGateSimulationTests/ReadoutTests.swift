import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// `readout` (Semantics §15) against a plain per-person reference: each person's lines recorded one by
/// one through the public record path (`Evaluator.evaluate`, `Transition.apply`), every arm decided
/// alone at each moment, two arms differing when their decisions or the states they leave differ; the
/// outcomes' windows counted from the lines. And readouts of two halves of the people merge into the
/// whole's.
@Suite("readout: against a per-person reference")
struct ReadoutTests {
    static let policyFile = Repository.path("policies/experiments/ask-earlier.yaml")
    static let outcomes = ["process_completed", "launch", "response:rated"].compactMap(ReadoutOutcome.init)

    /// The first-month cohort's lines, with a `response` line (rated) for every third person some
    /// days after their first line, so that a response outcome has lines.
    static func lines(people: Int) throws -> [String] {
        var lines = try ExperimentSimulationTests.lines(people: people)
        var first: [String: (Timestamp, Int)] = [:]
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let user = try #require(object["user"] as? String)
            let time = try #require((object["time"] as? String).flatMap(Timestamp.init(rfc3339:)))
            if first[user] == nil { first[user] = (time, first.count) }
        }
        for (user, (time, index)) in first where index % 3 == 0 {
            let at = time + TimeSpan(seconds: Int64(index % 40) * 86_400 + 3_600)
            lines.append(#"{"user":"\#(user)","time":"\#(at)","type":"response","value":"rated"}"#)
        }
        return lines
    }

    static func readout(
        _ lines: [String], until: Timestamp? = nil, plan: Double? = nil, jobs: Int = 2, policyFile: String = policyFile,
        outcomes: [ReadoutOutcome] = outcomes
    ) throws -> ReadoutReport {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: policyFile)
        let kind = try #require(
            ReadoutSimulation(
                policy: SimulatedPolicy(loaded, path: policyFile), outcomes: outcomes, withinDays: 14,
                until: until, planEffect: plan))
        return try SimulationRequest(
            kind, input: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t.jsonl"),
            jobs: jobs
        ).run()
    }

    /// One line of the timeline, as the reference reads it.
    struct Line {
        var user: String
        var time: Timestamp
        var type: String
        var name: String?
        var scene: String?
        var short: String?
        var build: String?
        var value: String?
        var arm: String?

        init(_ text: String) throws {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            user = try #require(object["user"] as? String)
            time = try #require((object["time"] as? String).flatMap(Timestamp.init(rfc3339:)))
            type = try #require(object["type"] as? String)
            name = object["name"] as? String
            scene = object["scene"] as? String
            short = object["short"] as? String
            build = object["build"] as? String
            value = object["value"] as? String
            arm = object["arm"] as? String
        }
    }

    /// The reference: every person's lines through the record path (under `budget`, when given, through
    /// `record --budget`'s: arbitrated), every arm decided alone.
    static func reference(_ lines: [String], policy: Policy, budget: Budget? = nil, end: Timestamp) throws
        -> ReadoutTally
    {
        let experiment = try #require(policy.experiment)
        let design = try #require(ReadoutDesign(policy: policy, outcomes: outcomes, withinDays: 14))
        var tally = ReadoutTally(design)
        var people: [String: [Line]] = [:]
        var order: [String] = []
        for text in lines {
            let line = try Line(text)
            // Nothing after the end counts (Semantics §10): the line is not replayed.
            if line.time > end { continue }
            if people[line.user] == nil { order.append(line.user) }
            people[line.user, default: []].append(line)
        }
        let within = TimeSpan(seconds: 14 * 86_400)
        let assignedWithin = TimeSpan(seconds: 42 * 86_400)
        for user in order {
            // In time order, lines at the same time as given (a stable sort).
            let lines = people[user]!.enumerated().sorted {
                ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
            }
            .map(\.element)
            let first = lines[0].time
            var short = lines.first { $0.short != nil }?.short
            var build = lines.first { $0.build != nil }?.build
            var state = ReviewState(userID: user, installedAt: first, app: AppVersion(short: short, build: build))
            let bucket = RolloutBucket.bucket(salt: experiment.salt, userID: user, hash: .v1)
            var group = experiment.arm(forBucket: bucket).map { $0 + 1 } ?? 0
            // An arm the lines log, other than the bucket's: counted apart, and the person's group
            // and state's recorded arm when it is one of the experiment's.
            let names = design.groupNames
            if let logged = lines.first(where: { $0.arm != nil && $0.arm != "" })?.arm, logged != names[group] {
                tally.armsDiffering += 1
                if let index = names.firstIndex(of: logged) {
                    group = index
                    state.experiments[experiment.name] = ExperimentExposure(
                        arm: logged, version: experiment.version, exposedAt: first)
                }
            }
            var exposure: Timestamp?
            var triggers = [Timestamp?](repeating: nil, count: design.comparisons.count)
            for line in lines {
                if (line.short != nil && line.short != short) || (line.build != nil && line.build != build) {
                    short = line.short ?? short
                    build = line.build ?? build
                    let version = AppVersion(short: line.short, build: line.build)
                    if let budget {
                        Transition.update(
                            &state, to: version, at: line.time, versionKey: budget.versionKey, counting: budget.counting
                        )
                    } else {
                        Transition.update(&state, to: version, at: line.time, policy: policy)
                    }
                }
                let moment: Moment
                var wanted: [String] = []
                switch line.type {
                case "want" where budget != nil:
                    moment = Moment(time: .utc(line.time), scene: line.scene)
                    wanted = [try #require(line.name)]
                case "launch":
                    moment = Moment(
                        time: .utc(line.time), event: Trigger.launchEvent, scene: line.scene, source: .launch)
                case "event": moment = Moment(time: .utc(line.time), event: line.name, scene: line.scene)
                case "response":
                    state = Transition.respond(
                        state, try #require(line.value.flatMap(ResponseKind.init(rawValue:))), at: line.time)
                    continue
                default: continue
                }
                // Each arm alone, on the person's state: its decision and the state it leaves (a moment
                // an arm cannot decide, a want, blocks and leaves it as it is).
                let arms = experiment.arms.map { arm in
                    guard let decision = try? Evaluator.evaluate(arm.policy, state: state, moment: moment) else {
                        return (false, String?.none, state)
                    }
                    return (
                        decision.isAllowed, decision.trigger, Transition.apply(decision, to: state, policy: arm.policy)
                    )
                }
                func differ(_ a: Int, _ b: Int) -> Bool {
                    arms[a].0 != arms[b].0 || arms[a].1 != arms[b].1 || arms[a].2 != arms[b].2
                }
                if exposure == nil,
                    group == 0 ? arms.contains(where: { $0.0 }) : arms.indices.contains(where: { differ(0, $0) })
                {
                    exposure = line.time
                }
                // The holdout's own decision on the state, recorded as held out: the state it leaves.
                func withoutRecord(_ state: ReviewState) -> ReviewState {
                    var state = state
                    state.experiments = [:]
                    return state
                }
                var held = state
                held.experiments[experiment.name] = ExperimentExposure(
                    arm: Experiment.holdoutArm, version: experiment.version, exposedAt: line.time)
                let holdoutAfter = withoutRecord(
                    (try? Evaluator.evaluate(policy, state: held, moment: moment)).map {
                        Transition.apply($0, to: held, policy: policy)
                    } ?? held)
                for (index, comparison) in design.comparisons.enumerated()
                where triggers[index] == nil && (comparison.arm == group || comparison.against == group) {
                    // Against the holdout: the arm allows, or leaves another state than the holdout's.
                    let arm = arms[comparison.arm - 1]
                    let differs =
                        comparison.against == 0
                        ? arm.0 || withoutRecord(arm.2) != holdoutAfter
                        : differ(comparison.arm - 1, comparison.against - 1)
                    if differs { triggers[index] = line.time }
                }
                if let budget {
                    let arbitration = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: wanted)
                    Transition.apply(arbitration, to: &state, budget: budget)
                } else {
                    let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
                    state = Transition.apply(decision, to: state, policy: policy)
                }
            }
            // The outcomes, from the lines.
            func has(_ outcome: ReadoutOutcome, after start: Timestamp, within: TimeSpan) -> Bool {
                lines.contains { line in
                    guard line.time > start, line.time <= start + within else { return false }
                    switch outcome {
                    case .launch: return line.type == "launch"
                    case .event(let name): return line.type == "event" && line.name == name
                    case .response(let kind): return line.type == "response" && line.value == kind.rawValue
                    }
                }
            }
            func count(after start: Timestamp, within: TimeSpan, into shares: inout [ReadoutTally.Share]) {
                guard start + within <= end else { return }
                for (index, outcome) in outcomes.enumerated() {
                    shares[index].observable += 1
                    if has(outcome, after: start, within: within) { shares[index].withOutcome += 1 }
                }
            }
            tally.groups[group].assigned += 1
            if let exposure {
                tally.groups[group].exposed += 1
                if exposure > first + TimeSpan(seconds: 28 * 86_400) { tally.lateExposures += 1 }
                count(after: exposure, within: within, into: &tally.groups[group].triggered)
            }
            count(after: first, within: assignedWithin, into: &tally.groups[group].byAssignment)
            for (index, comparison) in design.comparisons.enumerated() {
                guard let trigger = triggers[index] else { continue }
                let side = comparison.arm == group ? 0 : 1
                tally.comparisons[index].sides[side].triggered += 1
                count(after: trigger, within: within, into: &tally.comparisons[index].sides[side].outcomes)
            }
            let last = lines[lines.count - 1].time
            tally.firstSeen =
                tally.firstSeen.map { min($0.lowerBound, first)...max($0.upperBound, first) } ?? first...first
            if tally.latest.map({ $0 < last }) ?? true { tally.latest = last }
        }
        return tally
    }

    /// ask-earlier counting no donation a guard blocks (`counting.while_blocked: false`): its arm
    /// `early`, without `min_install_age`, counts donations of the first three days that `control`
    /// and the holdout do not.
    static func uncountedPolicyFile() throws -> String {
        let folder = try Repository.temporaryFolder()
        let path = folder.appending(path: "uncounted.yaml").path
        try """
        reviewgate: 1
        extends: \(policyFile)
        name: ask-earlier-uncounted
        counting: {while_blocked: false}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "every count equals the per-person reference's, whole and to an earlier --until, on one core and two",
        arguments: [false, true])
    func againstTheReference(_ uncounted: Bool) throws {
        let lines = try Self.lines(people: 400)
        let file = uncounted ? try Self.uncountedPolicyFile() : Self.policyFile
        let policy = try PolicyLoader.files(Fixtures.documents).load(path: file).policy
        #expect(policy.counting.whileBlocked == !uncounted)
        let whole = try Self.readout(lines, policyFile: file)
        let end = try #require(whole.end)
        let expected = try Self.reference(lines, policy: policy, end: end)
        #expect(whole.tally == expected)
        #expect(try Self.readout(lines, jobs: 1, policyFile: file).tally == expected)
        // The comparisons are control and early against each other, and each against the holdout.
        #expect(
            whole.comparisons.map { [whole.groups[$0.arm], whole.groups[$0.against]] } == [
                ["early", "control"], ["control", "holdout"], ["early", "holdout"],
            ])
        // Enough of everything that the comparison is not empty.
        #expect(expected.groups.allSatisfy { $0.assigned > 0 && $0.exposed > 0 })
        #expect(expected.comparisons.allSatisfy { $0.sides.allSatisfy { $0.triggered > 0 } })
        #expect(expected.groups[1].triggered[2].withOutcome > 0, "people rated after their exposure")

        let until = try #require(Timestamp(rfc3339: "2026-02-10T00:00:00Z"))
        let earlier = try Self.readout(lines, until: until, policyFile: file)
        #expect(earlier.tally.groups == (try Self.reference(lines, policy: policy, end: until)).groups)
        #expect(earlier.tally.comparisons == (try Self.reference(lines, policy: policy, end: until)).comparisons)
        #expect(earlier.end == until)
        #expect(
            earlier.tally.groups[1].triggered[0].observable < earlier.tally.groups[1].exposed,
            "some exposed people are not yet observable by the earlier end")
    }

    /// The shipped calm-app budget, its review an experiment whose arms differ only in their
    /// cooldown: they first differ after a first ask, which the budget may hold back, so that the
    /// budget's grants move the triggers.
    static func cooldownBudget() throws -> String {
        let folder = try Repository.temporaryFolder()
        let policy = """
            reviewgate: 1
            extends: \(Repository.path("policies/apple-sample.yaml"))
            name: wait-longer
            guards: {cooldown: 1d}
            experiment:
              name: wait-longer
              salt: wait-longer-1
              holdout: 10
              arms:
                control: {weight: 1}
                longer:
                  weight: 1
                  override: {guards: {cooldown: 20d}}

            """
        try policy.write(to: folder.appending(path: "wait-longer.yaml"), atomically: true, encoding: .utf8)
        let text = try String(contentsOfFile: BudgetSimulationTests.budgetFile, encoding: .utf8)
            .replacingOccurrences(of: "policy: review.yaml", with: "policy: wait-longer.yaml")
            .replacingOccurrences(
                of: "policy: survey.yaml", with: "policy: \(Repository.path("policies/budget/survey.yaml"))")
        let path = folder.appending(path: "experiment.budget.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "under a budget (--budget), every count equals the reference's of each line arbitrated in turn",
        arguments: [false, true])
    func underABudget(_ cooldown: Bool) throws {
        let path = try cooldown ? Self.cooldownBudget() : BudgetReportTests.experimentBudget()
        let budget = try BudgetReportTests.loader.load(path: path).budget
        let bytes = try BudgetSimulationTests.timeline(people: 300)
        let lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        let report = try SimulationRequest(
            readout: SimulatedBudget(budget, path: path), outcomes: Self.outcomes,
            input: .bytes(bytes, name: "t.jsonl"),
            jobs: 2
        ).run()
        let review = try #require(budget.prompts.first { $0.name == "review" }?.policy)
        let end = try #require(report.end)
        let expected = try Self.reference(lines, policy: review, budget: budget, end: end)
        #expect(report.tally == expected)
        #expect(report.budget?.prompt == "review")
        #expect(expected.comparisons.allSatisfy { $0.sides.allSatisfy { $0.triggered > 0 } })
        #expect(report.text.contains("replayed under budget calm-app"))
        // The policy alone, without the budget.
        let alone = try SimulationRequest(
            readout: SimulatedPolicy(review, path: "review.yaml"), outcomes: Self.outcomes,
            input: .bytes(bytes, name: "t.jsonl"), jobs: 2
        ).run()
        #expect(alone.tally == (try Self.reference(lines, policy: review, end: end)))
        // Arms that first differ at the first ask are triggered alike under the budget; arms that
        // differ only after it are triggered where the budget's grants put them.
        #expect((alone.tally.comparisons == report.tally.comparisons) == !cooldown)
    }

    @Test("an arm column: people whose logged arm is not their bucket's are counted apart, and read out in it")
    func loggedArms() throws {
        var lines = try Self.lines(people: 300)
        let policy = try PolicyLoader.files(Fixtures.documents).load(path: Self.policyFile).policy
        let experiment = try #require(policy.experiment)
        // Each person's bucket's arm, on every line; every seventh person logs the next arm, one an arm
        // the experiment lacks.
        let users = Array(Set(lines.map(ExperimentSimulationTests.user))).sorted()
        var logged: [String: String] = [:]
        for (index, user) in users.enumerated() {
            let bucket = RolloutBucket.bucket(salt: experiment.salt, userID: user, hash: .v1)
            let arm = experiment.arm(forBucket: bucket).map { $0 + 1 } ?? 0
            let names = ["holdout", "control", "early"]
            logged[user] = index == 5 ? "bogus" : index % 7 == 0 ? names[(arm + 1) % 3] : names[arm]
        }
        lines = lines.map { line in
            String(line.dropLast()) + #","arm":""# + logged[ExperimentSimulationTests.user(line)]! + #""}"#
        }
        let report = try Self.readout(lines)
        let end = try #require(report.end)
        let expected = try Self.reference(lines, policy: policy, end: end)
        #expect(report.tally == expected)
        #expect(report.tally.armsDiffering == users.indices.filter { $0 == 5 || $0 % 7 == 0 }.count)
        #expect(report.text.contains("logged an arm other than their bucket's"))
        // Without the column, the same people are read out in their buckets' arms.
        let unlogged = try Self.readout(try Self.lines(people: 300))
        #expect(unlogged.tally.armsDiffering == 0)
        #expect(unlogged.tally.groups.map(\.assigned) != report.tally.groups.map(\.assigned))
    }

    @Test(
        "a planted sample ratio mismatch (a third of one arm's people lost from the export) is flagged; the export whole is not"
    )
    func plantedMismatch() throws {
        let lines = try Self.lines(people: 2_000)
        let policy = try PolicyLoader.files(Fixtures.documents).load(path: Self.policyFile).policy
        let experiment = try #require(policy.experiment)
        let whole = try Self.readout(lines)
        #expect(whole.mismatch == nil)
        #expect(try #require(whole.assignmentP) > 0.001)
        // Every third person of `early` dropped, as an export that lost some of one build's users.
        let users = Array(Set(lines.map(ExperimentSimulationTests.user))).sorted()
        let dropped = Set(
            users.enumerated().filter { index, user in
                index % 3 == 0
                    && experiment.arm(forBucket: RolloutBucket.bucket(salt: experiment.salt, userID: user, hash: .v1))
                        == 1
            }.map(\.element))
        let lost = try Self.readout(lines.filter { !dropped.contains(ExperimentSimulationTests.user($0)) })
        #expect(try #require(lost.assignmentP) < 0.001)
        #expect(lost.mismatch == ReadoutReport.mismatchWarning)
        #expect(
            lost.text.hasPrefix("warning: sample ratio mismatch: the readout cannot be trusted until it is explained\n")
        )
    }

    @Test("an outcome given by an event's old name counts the lines of both names (Semantics §14.4)")
    func outcomeByItsOldName() throws {
        let folder = try Repository.temporaryFolder()
        let path = folder.appending(path: "renamed.yaml").path
        try """
        reviewgate: 1
        extends: \(Self.policyFile)
        name: ask-earlier-renamed
        renamed: {events: {process_completed: process_done}}
        triggers:
          process_completed: {event: process_done}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lines = try Self.lines(people: 200)
        // Half the lines of the event written under its new name.
        let mixed = lines.enumerated().map { index, line in
            index % 2 == 0
                ? line.replacingOccurrences(of: #""name":"process_completed""#, with: #""name":"process_done""#) : line
        }
        let byNewName = try Self.readout(mixed, policyFile: path, outcomes: [.event("process_done")])
        let byOldName = try Self.readout(mixed, policyFile: path, outcomes: [.event("process_completed")])
        let asWritten = try Self.readout(lines, outcomes: [.event("process_completed")])
        #expect(byOldName.tally == byNewName.tally)
        #expect(
            byOldName.tally.groups.map(\.triggered[0].withOutcome)
                == asWritten.tally.groups.map(\.triggered[0].withOutcome))
        #expect(byOldName.tally.groups[1].triggered[0].withOutcome > 0)
    }

    @Test(
        "--plan: the people and days are the sample size's, scaled by the groups' buckets, the trigger's reach and the rate of new people; an effect too small to see plans nothing"
    )
    func plan() throws {
        let until = try #require(Timestamp(rfc3339: "2026-03-01T00:00:00Z"))
        let report = try Self.readout(try Self.lines(people: 400), until: until, plan: -10)
        let (index, outcome) = (0, 1)  // early against control, launch
        let comparison = report.comparisons[index]
        let sides = report.tally.comparisons[index].sides
        let (arm, against) = (report.tally.groups[comparison.arm], report.tally.groups[comparison.against])
        let ratio = report.bucketShares[comparison.against] / report.bucketShares[comparison.arm]
        let reach = Double(sides[0].triggered + sides[1].triggered) / Double(arm.assigned + against.assigned)
        let base = sides[1].outcomes[outcome]
        let perArm = try #require(
            Proportions.sampleSize(
                effect: -0.1, base: Double(base.withOutcome) / Double(base.observable), ratio: ratio))
        let plan = try #require(report.plan(index, outcome: outcome))
        #expect(plan.triggeredNeeded == Int((perArm * (1 + ratio)).rounded(.up)))
        #expect(plan.peopleTriggered == Int((perArm * (1 + ratio) / reach).rounded(.up)))
        let seen = try #require(report.tally.firstSeen)
        let people = Double(report.tally.groups.reduce(0) { $0 + $1.assigned })
        let perDay = people / max(1, Double((seen.upperBound - seen.lowerBound).seconds) / 86_400)
        let rate = perDay * (report.bucketShares[comparison.arm] + report.bucketShares[comparison.against])
        #expect(plan.days == Int((Double(plan.peopleTriggered) / rate).rounded(.up)))
        // By assignment the effect is diluted by the reach: more people, never fewer.
        #expect(try #require(plan.peopleByAssignment) > plan.peopleTriggered)
        // An effect too small to see needs more people than a report counts: no plan, no trap.
        var tiny = report
        tiny.planEffect = 1e-300
        #expect(tiny.plan(index, outcome: outcome) == nil)
        #expect(tiny.text.contains("to detect"))
    }

    @Test("the JSON reads back to the same readout, and two halves of the people merge into the whole's JSON")
    func halvesMerge() throws {
        let lines = try Self.lines(people: 300)
        let until = try #require(Timestamp(rfc3339: "2026-03-01T00:00:00Z"))
        let whole = try Self.readout(lines, until: until, plan: 3)
        let json = JSONWriter().string(whole.json)
        let read = try ReadoutReport(json: try JSONReader().loadDocument(Array(json.utf8), file: "r.json"))
        #expect(JSONWriter().string(read.json) == json)
        #expect(read.text == whole.text)

        let users = Set(lines.map(ExperimentSimulationTests.user))
        let half = Set(users.sorted().prefix(users.count / 2))
        let first = try Self.readout(
            lines.filter { half.contains(ExperimentSimulationTests.user($0)) }, until: until, plan: 3)
        let second = try Self.readout(
            lines.filter { !half.contains(ExperimentSimulationTests.user($0)) }, until: until, plan: 3)
        var merged = first
        try merged.add(second)
        #expect(merged.tally == whole.tally)
        var wholeInput = whole.json
        var mergedInput = merged.json
        // The sources differ (one name each time): the rest is the whole's byte for byte.
        wholeInput = Self.withoutInput(wholeInput)
        mergedInput = Self.withoutInput(mergedInput)
        #expect(JSONWriter().string(mergedInput) == JSONWriter().string(wholeInput))

        // Without --until, each half ends at its own latest line: refused, not added up wrong.
        var unpinned = try Self.readout(lines.filter { half.contains(ExperimentSimulationTests.user($0)) })
        let other = try Self.readout(lines.filter { !half.contains(ExperimentSimulationTests.user($0)) })
        try #require(unpinned.end != other.end)
        #expect(throws: SimulationReport.MergeError.self) { try unpinned.add(other) }
    }

    static func withoutInput(_ json: JSONValue) -> JSONValue {
        guard case .object(let members) = json else { return json }
        return .object(members.filter { $0.key != "input" })
    }
}
