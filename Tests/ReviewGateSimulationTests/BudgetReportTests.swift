import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// The budget's report at parity with a policy's (Semantics §12): `--within-days`, an experiment's arms
/// under their prompt, `--baseline`, `--vary` and `--merge`, each held to this test's own per-person
/// arbitration (every line through `Arbiter.arbitrate`, as `record --budget` does) or to a run of
/// the budget written out by hand.
@Suite("simulate --budget: the report's options, against per-person arbitration")
struct BudgetReportTests {
    static let loader = BudgetLoader(policies: PolicyLoader.files(Fixtures.documents))

    /// A copy of the shipped budget whose review is the experiment `ask-earlier` (an arm asks
    /// earlier), in a folder of its own.
    static func experimentBudget() throws -> String {
        let folder = try Repository.temporaryFolder()
        let text = try String(contentsOfFile: BudgetSimulationTests.budgetFile, encoding: .utf8)
            .replacingOccurrences(
                of: "policy: review.yaml", with: "policy: \(Repository.path("policies/experiments/ask-earlier.yaml"))"
            )
            .replacingOccurrences(
                of: "policy: survey.yaml", with: "policy: \(Repository.path("policies/budget/survey.yaml"))")
        let path = folder.appending(path: "experiment.budget.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// One person's lines arbitrated in turn: when they were first seen, their prompts' first
    /// grants, and their grants and moments held back per prompt.
    struct Person {
        var first = Timestamp(nanosecondsSince1970: 0)
        var firstGrant: [String: Timestamp] = [:]
        var granted: [String: Int] = [:]
        var heldBack: [String: Int] = [:]
    }

    /// Every person of `bytes` (JSON Lines) replayed under `budget` line by line, up to `until`
    /// when given: a line after it is not replayed.
    static func people(_ budget: Budget, _ bytes: [UInt8], until: Timestamp? = nil) throws -> [String: Person] {
        var byPerson: [String: [[String: Any]]] = [:]
        for line in bytes.split(separator: 0x0A) where !line.isEmpty {
            guard let fields = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let user = fields["user"] as? String
            else { continue }
            if let until, BudgetSimulationTests.time(fields) > until { continue }
            byPerson[user, default: []].append(fields)
        }
        var people: [String: Person] = [:]
        for (user, lines) in byPerson {
            var person = Person()
            var state: ReviewState?
            for fields in lines.sorted(by: { BudgetSimulationTests.time($0) < BudgetSimulationTests.time($1) }) {
                let now = BudgetSimulationTests.time(fields)
                let version = AppVersion(
                    short: BudgetSimulationTests.string(fields["short"]),
                    build: BudgetSimulationTests.string(fields["build"]))
                if state == nil {
                    state = ReviewState(userID: user, installedAt: now, app: version)
                    person.first = now
                }
                if version.short != state!.app.short || version.build != state!.app.build {
                    Transition.update(
                        &state!, to: version, at: now, versionKey: budget.versionKey, counting: budget.counting)
                }
                var moment: Moment
                var wanted: [String] = []
                let scene = BudgetSimulationTests.string(fields["scene"])
                switch BudgetSimulationTests.string(fields["type"]) {
                case "launch": moment = Moment(time: .utc(now), event: "launch", source: .launch)
                case "event":
                    moment = Moment(time: .utc(now), event: BudgetSimulationTests.string(fields["name"]), scene: scene)
                case "want":
                    moment = Moment(time: .utc(now), scene: scene)
                    wanted = [BudgetSimulationTests.string(fields["name"])!]
                default: continue
                }
                moment.scene = scene
                let arbitration = try Arbiter.arbitrate(budget, state: state!, moment: moment, wanted: wanted)
                for candidate in arbitration.candidates {
                    if candidate.isGranted {
                        person.granted[candidate.prompt, default: 0] += 1
                        if person.firstGrant[candidate.prompt] == nil { person.firstGrant[candidate.prompt] = now }
                    } else if candidate.decision?.isAllowed ?? true {
                        person.heldBack[candidate.prompt, default: 0] += 1
                    }
                }
                Transition.apply(arbitration, to: &state!, budget: budget)
            }
            people[user] = person
        }
        return people
    }

    static func report(_ kind: BudgetSimulation, _ bytes: [UInt8]) throws -> BudgetSimulationReport {
        try SimulationRequest(kind, input: .bytes(bytes, name: "t.jsonl"), jobs: 2).run()
    }

    @Test("--within-days: each prompt's people first granted within N days, of those first seen N days before the end")
    func withinDays() throws {
        let budget = try BudgetSimulationTests.budget()
        let bytes = try BudgetSimulationTests.timeline(people: 300)
        var kind = BudgetSimulation(budget: SimulatedBudget(budget, path: BudgetSimulationTests.budgetFile))
        let until = try #require(Timestamp(rfc3339: "2026-01-26T00:00:00Z"))
        kind.horizon = SimulationReport.Horizon(days: 14, until: until)
        let report = try Self.report(kind, bytes)
        let counts = try #require(report.horizonCounts(report.budget))

        let people = try Self.people(budget, bytes, until: until)
        let lastDay = SimulationTally.day(of: until) - 14
        let cohort = people.values.filter { SimulationTally.day(of: $0.first) <= lastDay }
        #expect(counts.people == cohort.count)
        #expect(cohort.count > 0 && cohort.count < people.count, "the horizon leaves some people out")
        for (index, prompt) in budget.prompts.enumerated() {
            let within = cohort.filter { person in
                person.firstGrant[prompt.name].map { ($0 - person.first).seconds < 14 * 86_400 } ?? false
            }
            #expect(counts.granted[index] == within.count, "\(prompt.name)")
        }
        #expect(counts.granted.contains { $0 > 0 })
        #expect(report.text.contains("granted within the first 14 days, of the \(cohort.count) people first seen by"))
    }

    @Test("an experiment's policy in a budget: each arm's row counts the people its policy assigns to that arm")
    func armsUnderTheirPrompt() throws {
        let path = try Self.experimentBudget()
        let budget = try Self.loader.load(path: path).budget
        let bytes = try BudgetSimulationTests.timeline(people: 300)
        let report = try Self.report(BudgetSimulation(budget: SimulatedBudget(budget, path: path)), bytes)
        let review = try #require(budget.prompts.firstIndex { $0.name == "review" })
        let experiment = try #require(budget.prompts[review].policy?.experiment)
        let names = try #require(report.budget.prompts[review].arms)
        #expect(names == ["holdout", "control", "early"])
        let rows = try #require(report.budget.tally.arms[review])
        #expect(report.budget.tally.arms.enumerated().allSatisfy { $0.offset == review || $0.element == nil })

        let people = try Self.people(budget, bytes)
        for (arm, row) in rows.enumerated() {
            let inArm = people.filter { user, person in
                let state = ReviewState(userID: user, installedAt: person.first, app: AppVersion())
                return (experiment.assignment(of: state).arm.map { $0 + 1 } ?? 0) == arm
            }
            #expect(row.granted == inArm.values.reduce(0) { $0 + $1.granted["review", default: 0] }, "\(names[arm])")
            #expect(row.heldBack == inArm.values.reduce(0) { $0 + $1.heldBack["review", default: 0] }, "\(names[arm])")
            #expect(row.peopleGranted == inArm.values.filter { $0.granted["review"] != nil }.count, "\(names[arm])")
        }
        // The holdout is never asked; the arms add up to the prompt.
        #expect(rows[0].granted == 0)
        #expect(rows.reduce(0) { $0 + $1.granted } == report.budget.tally.prompts[review].granted)
        #expect(rows[1].granted > 0 && rows[2].granted > 0)
        #expect(report.text.contains("  arm early"))
        // Without the budget, each arm's row is that arm of the policy simulated alone.
        let alone = try #require(report.budget.armsWithoutBudget[review])
        let policy = try #require(budget.prompts[review].policy)
        let byItself = try SimulationRequest(
            policy: SimulatedPolicy(policy, path: "ask-earlier.yaml"), input: .bytes(bytes, name: "t.jsonl")
        ).run()
        let arms = try #require(byItself.policy.arms)
        #expect(alone.map(\.shown) == arms.map(\.tally.asks))
        #expect(alone.map(\.people) == arms.map(\.tally.peopleAsked))
        #expect(alone[1].shown != alone[2].shown, "the arms differ")
    }

    @Test("--vary on a budget refuses what is not one of its settings: a prompt or a list's entry it lacks, its name")
    func variantRefusals() throws {
        let loaded = try Self.loader.load(path: BudgetSimulationTests.budgetFile)
        func refusal(_ argument: String) throws -> String {
            let option = try VaryOption(parsing: argument)
            let varied = PolicyVariants.Varied(
                option, values: try option.values.map { try YAMLLoader().load($0, file: "v")[0] })
            let error = try #require(throws: DiagnosticError.self) {
                try BudgetVariants.make(
                    loaded, path: BudgetSimulationTests.budgetFile, varying: [varied], loader: Self.loader)
            }
            return error.diagnostics.map(\.message).joined(separator: "\n")
        }
        let prompt = try refusal("prompts.reveiw.priority=10")
        #expect(
            prompt.contains(
                "the budget has no prompt reveiw (its prompts: paywall, whats_new, review, survey); a variant cannot add one"
            ), "\(prompt)")
        let entry = try refusal("gaps.7.min=1d")
        #expect(
            entry.contains(
                "gaps.7.min: 7 is not an entry of this list (its entries are 0 to 2); a variant cannot add one"),
            "\(entry)")
        #expect(try refusal("name=other").contains("a variant cannot change name"))
        let trigger = try refusal("prompts.review.triggers.nope.at_least=2")
        #expect(
            trigger.hasPrefix("with --vary prompts.review.triggers.nope.at_least=2: the policy has no trigger nope"),
            "\(trigger)")
        // A variant's own warning is said once, naming the variant.
        let option = try VaryOption(parsing: "prompts.review.guards.never_on=[]")
        let made = try BudgetVariants.make(
            loaded, path: BudgetSimulationTests.budgetFile,
            varying: [PolicyVariants.Varied(option, values: [try YAMLLoader().load("[]", file: "v")[0]])],
            loader: Self.loader)
        #expect(made.variants.count == 1)
        #expect(made.warnings.allSatisfy { $0.message.hasPrefix("with --vary prompts.review.guards.never_on=[]: ") })
    }

    @Test("--baseline: the baseline's column is its own run on the same people, prompts matched by name")
    func baseline() throws {
        let budget = try BudgetSimulationTests.budget()
        let bytes = try BudgetSimulationTests.timeline(people: 200)
        let folder = try Repository.temporaryFolder()
        // The baseline: no survey, and the review's gap after a paywall a day rather than three.
        let text = try String(contentsOfFile: BudgetSimulationTests.budgetFile, encoding: .utf8)
            .replacingOccurrences(of: "  survey: {priority: 20, policy: survey.yaml}\n", with: "")
            .replacingOccurrences(of: "before: review, min: 3d", with: "before: review, min: 1d")
            .replacingOccurrences(
                of: "policy: review.yaml", with: "policy: \(Repository.path("policies/budget/review.yaml"))")
        let path = folder.appending(path: "baseline.budget.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let other = try Self.loader.load(path: path).budget
        var kind = BudgetSimulation(budget: SimulatedBudget(budget, path: BudgetSimulationTests.budgetFile))
        kind.beside = .baseline(SimulatedBudget(other, path: path))
        let report = try Self.report(kind, bytes)
        let alone = try Self.report(BudgetSimulation(budget: SimulatedBudget(other, path: path)), bytes)
        let baseline = try #require(report.baseline)
        #expect(baseline.tally == alone.budget.tally)
        #expect(baseline.withoutBudget == alone.budget.withoutBudget)
        #expect(report.budget.tally == (try Self.report(kind.without, bytes)).budget.tally)
        let people = try Self.people(other, bytes)
        for (index, prompt) in other.prompts.enumerated() {
            #expect(
                baseline.tally.prompts[index].granted
                    == people.values.reduce(0) { $0 + $1.granted[prompt.name, default: 0] },
                "\(prompt.name)")
        }
        // The baseline's table, last in the report, shows the survey beside "-".
        let survey = try #require(report.text.split(separator: "\n").last { $0.hasPrefix("survey ") })
        #expect(survey.contains(" - "), "\(survey)")
    }

    @Test("--vary: each variant is the budget written out with its settings, a policy's setting under prompts.NAME")
    func variants() throws {
        let loaded = try Self.loader.load(path: BudgetSimulationTests.budgetFile)
        let bytes = try BudgetSimulationTests.timeline(people: 200)
        let options = try ["gaps.1.min=1d,7d", "prompts.review.triggers.process_completed.at_least=3,6"].map {
            let option = try VaryOption(parsing: $0)
            return PolicyVariants.Varied(
                option, values: try option.values.map { try YAMLLoader().load($0, file: "v")[0] })
        }
        let variants = try BudgetVariants.make(
            loaded, path: BudgetSimulationTests.budgetFile, varying: options, loader: Self.loader
        ).variants
        let trigger = "prompts.review.triggers.process_completed.at_least"
        #expect(
            variants.map { $0.variant?.name } == [
                "gaps.1.min=1d, \(trigger)=3", "gaps.1.min=1d, \(trigger)=6", "gaps.1.min=7d, \(trigger)=3",
                "gaps.1.min=7d, \(trigger)=6",
            ])
        var kind = BudgetSimulation(budget: SimulatedBudget(loaded.budget, path: BudgetSimulationTests.budgetFile))
        kind.beside = .variants(variants)
        let report = try Self.report(kind, bytes)

        // The last variant, written out by hand: the budget and its review policy in a folder.
        let folder = try Repository.temporaryFolder()
        try """
        reviewgate: 1
        extends: \(Repository.path("policies/apple-sample.yaml"))
        name: calm-app-review
        triggers:
          process_completed:
            at_least: 6

        """.write(to: folder.appending(path: "review.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: Repository.path("policies/budget/survey.yaml"), toPath: folder.appending(path: "survey.yaml").path)
        let budgetText = try String(contentsOfFile: BudgetSimulationTests.budgetFile, encoding: .utf8)
            .replacingOccurrences(of: "before: review, min: 3d", with: "before: review, min: 7d")
        let path = folder.appending(path: "varied.budget.yaml").path
        try budgetText.write(toFile: path, atomically: true, encoding: .utf8)
        let byHand = try Self.report(
            BudgetSimulation(budget: SimulatedBudget(try Self.loader.load(path: path).budget, path: path)), bytes)
        #expect(report.variants[3].tally == byHand.budget.tally)
        #expect(report.variants[3].withoutBudget == byHand.budget.withoutBudget)
        #expect(report.variants[3].digest == byHand.budget.digest)
        // The settings change what is granted.
        #expect(Set(report.variants.map { $0.tally.prompts[2].granted }).count > 1)
    }

    @Test("the JSON report reads back whole, and the halves of a run's people add up to the run")
    func jsonAndMerge() throws {
        let path = try Self.experimentBudget()
        let budget = SimulatedBudget(try Self.loader.load(path: path).budget, path: path)
        let bytes = try BudgetSimulationTests.timeline(people: 200)
        var kind = BudgetSimulation(budget: budget)
        kind.horizon = SimulationReport.Horizon(days: 7)
        kind.beside = .baseline(SimulatedBudget(try BudgetSimulationTests.budget(), path: "calm-app.budget.yaml"))
        let whole = try Self.report(kind, bytes)
        let writer = JSONWriter(pretty: false)
        let json = writer.string(whole.json)
        let read = try BudgetSimulationReport(json: try JSONReader().loadDocument(Array(json.utf8), file: "r.json"))
        #expect(writer.string(read.json) == json)
        #expect(read.text == whole.text)

        // People split in two by their lines' order of first appearance.
        var seen: [Substring: Int] = [:]
        var halves: [[UInt8]] = [[], []]
        for line in bytes.split(separator: 0x0A) {
            let user = String(decoding: line, as: UTF8.self).split(separator: "\"")[3]
            let half = seen[user] ?? seen.count % 2
            seen[user] = half
            halves[half] += Array(line) + [0x0A]
        }
        var merged = try BudgetSimulationReport(
            json: try JSONReader().loadDocument(
                Array(writer.string(try Self.report(kind, halves[0]).json).utf8), file: "a.json"))
        try merged.add(
            BudgetSimulationReport(
                json: try JSONReader().loadDocument(
                    Array(writer.string(try Self.report(kind, halves[1]).json).utf8), file: "b.json")))
        merged.input.sources = whole.input.sources
        #expect(writer.string(merged.json) == json)
        // A report of another horizon, or without the baseline, is not of the same run.
        var otherHorizon = kind
        otherHorizon.horizon = SimulationReport.Horizon(days: 8)
        #expect(throws: SimulationReport.MergeError.self) { try merged.add(try Self.report(otherHorizon, halves[1])) }
        #expect(throws: SimulationReport.MergeError.self) { try merged.add(try Self.report(kind.without, halves[1])) }
    }
}

extension BudgetSimulation {
    /// The same run without its baseline or variants.
    var without: BudgetSimulation {
        var kind = self
        kind.beside = .baseline(nil)
        return kind
    }
}
