import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// `simulate --budget` (Semantics §12) against the plain path: the same timelines read as JSON, each
/// person's lines arbitrated one by one through `Arbiter.arbitrate` and `Transition.apply`, as
/// `record --budget` does, and counted by this test's own loop.
@Suite("simulate --budget: against step-by-step arbitration")
struct BudgetSimulationTests {
    static let budgetFile = Repository.path("policies/budget/calm-app.budget.yaml")
    static let cohortFile = Repository.path("policies/examples/simulate/calm-app.cohort.yaml")

    static func budget() throws -> Budget {
        try BudgetLoader(policies: PolicyLoader.files(Fixtures.documents)).load(path: budgetFile).budget
    }

    /// The shipped cohort with fewer people (the plain path is slow in a debug build), as JSON Lines.
    static func timeline(people: Int) throws -> [UInt8] {
        let text = try String(contentsOfFile: cohortFile, encoding: .utf8)
            .replacingOccurrences(of: "people: 2000", with: "people: \(people)")
        let document = try YAMLLoader().loadDocument(Array(text.utf8), file: "calm-app.cohort.yaml")
        var lines: [UInt8] = []
        CohortGenerator.timeline(try CohortDecoder.decode(document)).writeJSONLines { lines += Array($0.utf8) }
        return lines
    }

    @Test("the replay's counts per prompt are those of arbitrating each line in turn")
    func matchesStepByStep() throws {
        let budget = try Self.budget()
        let bytes = try Self.timeline(people: 300)
        let report = try SimulationRequest(
            budget: SimulatedBudget(budget, path: Self.budgetFile), input: .bytes(bytes, name: "t.jsonl"), jobs: 2
        ).run()
        let expected = try Self.stepByStep(budget, bytes)

        #expect(report.budget.tally.people == 300)
        #expect(report.problems.isEmpty)
        for (index, prompt) in budget.prompts.enumerated() {
            let got = report.budget.tally.prompts[index]
            let want = expected[prompt.name, default: Counts()]
            #expect(got.granted == want.granted, "\(prompt.name)")
            #expect(got.peopleGranted == want.peopleGranted.count, "\(prompt.name)")
            #expect(got.heldBack == want.heldBack, "\(prompt.name)")
            #expect(got.heldBackBy == BudgetTally.reasons.map { want.heldBackBy[$0, default: 0] }, "\(prompt.name)")
            #expect(got.delayed == want.delays.count, "\(prompt.name)")
            #expect(got.delaySeconds == want.delays.reduce(0, +), "\(prompt.name)")
            #expect(got.lost == want.lost, "\(prompt.name)")
            #expect(got.wanted == want.wanted, "\(prompt.name)")
        }
        // Displacement shows: the paywall outranks nothing it shares a moment with, but its gap and
        // the limits hold the review back, which the review's policy alone would have asked.
        let review = try #require(budget.prompts.firstIndex { $0.name == "review" })
        #expect(report.budget.tally.prompts[review].heldBack > 0)
        #expect(report.budget.tally.prompts[review].delayed > 0)
        #expect(report.budget.tally.prompts[review].granted < report.budget.withoutBudget[review].shown)
        #expect(report.budget.tally.prompts[review].heldBackBy[BudgetTally.reasons.firstIndex(of: "gap")!] > 0)
    }

    @Test("the lean arbitration, unread lines unarbitrated, and the arbiter at every line count every figure alike")
    func leanAndArbiter() throws {
        let budget = try Self.budget()
        let bytes = try Self.timeline(people: 300)
        let lean = SimulatedBudget(budget, path: Self.budgetFile)
        #expect(lean.arbitratesLean)
        var reference = lean
        reference.arbitratesLean = false
        reference.skipsUnread = false
        func report(_ simulated: SimulatedBudget) throws -> BudgetSimulationReport {
            try SimulationRequest(budget: simulated, input: .bytes(bytes, name: "t.jsonl"), jobs: 1).run()
        }
        let fast = try report(lean)
        let plain = try report(reference)
        #expect(fast.budget.tally == plain.budget.tally)
        #expect(fast.text == plain.text)
        #expect(fast.budget.tally.prompts.contains { $0.granted > 0 && $0.heldBack > 0 })
    }

    @Test("a budget the lean way does not serve (counting only while unblocked) replays as each line arbitrated")
    func notLean() throws {
        let folder = try Repository.temporaryFolder()
        let policy = { (name: String, prompt: String) in
            """
            reviewgate: 1
            name: \(name)
            prompt: \(prompt)
            triggers: {process_completed: {at_least: 2}}
            guards: {cooldown: 3d, never_on: []}
            counting: {while_blocked: false}
            """
        }
        try policy("r", "review").write(to: folder.appending(path: "r.yaml"), atomically: true, encoding: .utf8)
        try policy("s", "survey").write(to: folder.appending(path: "s.yaml"), atomically: true, encoding: .utf8)
        let path = folder.appending(path: "b.budget.yaml").path
        try """
        reviewgate_budget: 1
        name: blocked
        prompts:
          paywall: {priority: 80}
          whats_new: {priority: 60}
          review: {priority: 50, policy: r.yaml}
          survey: {priority: 20, policy: s.yaml}
        limits: [{max: 1, per: 1d}]
        gaps: [{after: paywall, before: review, min: 3d}]
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let budget = try BudgetLoader(policies: PolicyLoader.files(Fixtures.documents)).load(path: path).budget
        #expect(!ReplayArbitration.isLean(budget))
        let bytes = try Self.timeline(people: 200)
        let simulated = SimulatedBudget(budget, path: path)
        var reference = simulated
        reference.skipsUnread = false
        func report(_ simulated: SimulatedBudget) throws -> BudgetSimulationReport {
            try SimulationRequest(budget: simulated, input: .bytes(bytes, name: "t.jsonl"), jobs: 1).run()
        }
        let replayed = try report(simulated)
        #expect(replayed.budget.tally == (try report(reference)).budget.tally)
        let expected = try Self.stepByStep(budget, bytes)
        for (index, prompt) in budget.prompts.enumerated() {
            let want = expected[prompt.name, default: Counts()]
            #expect(replayed.budget.tally.prompts[index].granted == want.granted, "\(prompt.name)")
            #expect(replayed.budget.tally.prompts[index].heldBack == want.heldBack, "\(prompt.name)")
        }
        #expect(replayed.budget.tally.prompts.contains { $0.granted > 0 })
    }

    @Test("grouped, on one core or two, the budget's report is the same")
    func groupedAndCores() throws {
        let budget = SimulatedBudget(try Self.budget(), path: Self.budgetFile)
        let bytes = try Self.timeline(people: 120)
        let whole = try SimulationRequest(budget: budget, input: .bytes(bytes, name: "t.jsonl"), jobs: 2).run()
        let one = try SimulationRequest(budget: budget, input: .bytes(bytes, name: "t.jsonl"), jobs: 1).run()
        let outcome = try GroupedReplay.outcome(
            of: bytes, format: .jsonl, Simulation(budget: budget), forgetting: 7, chunkSize: { 997 + $0 % 13 })
        #expect(one.budget.tally == whole.budget.tally)
        #expect(outcome.budgets == [whole.budget.tally])
        let alone = budget.policyIndex.indices.compactMap { index in
            budget.policyIndex[index].map { _ in whole.budget.withoutBudget[index].shown }
        }
        #expect(outcome.tallies.map(\.asks) == alone)
    }

    @Test("a want of a prompt the budget does not have, or of a policy's prompt, is not arbitrated")
    func unknownWants() throws {
        let budget = SimulatedBudget(try Self.budget(), path: Self.budgetFile)
        let lines = """
            {"user":"a","time":"2026-01-05T10:00:00Z","type":"launch","short":"1.0","build":"100"}
            {"user":"a","time":"2026-01-05T10:01:00Z","type":"want","name":"paywal"}
            {"user":"a","time":"2026-01-05T10:02:00Z","type":"want","name":"review"}
            {"user":"a","time":"2026-01-05T10:03:00Z","type":"want","name":"paywall"}
            {"user":"a","time":"2026-01-05T10:04:00Z","type":"want"}

            """
        let report = try SimulationRequest(budget: budget, input: .bytes(Array(lines.utf8), name: "t.jsonl"))
            .run()
        let paywall = try #require(budget.budget.prompts.firstIndex { $0.name == "paywall" })
        #expect(report.budget.tally.unknownMoments == 2)
        #expect(report.budget.tally.prompts[paywall].granted == 1)
        #expect(report.problems.map { $0.location?.line } == [5])
        #expect(report.problems.first?.message.contains("name") == true, "\(report.problems)")
    }

    /// What the plain path counts for one prompt.
    struct Counts {
        var granted = 0
        var peopleGranted = Set<String>()
        var heldBack = 0
        var heldBackBy: [String: Int] = [:]
        var delays: [Int64] = []
        var lost = 0
        var wanted = 0
    }

    /// Reads the JSON lines one by one and arbitrates each person's in time order.
    static func stepByStep(_ budget: Budget, _ bytes: [UInt8]) throws -> [String: Counts] {
        var byPerson: [String: [[String: Any]]] = [:]
        var order: [String] = []
        for line in bytes.split(separator: 0x0A) where !line.isEmpty {
            guard let fields = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let user = fields["user"] as? String
            else { continue }
            if byPerson[user] == nil { order.append(user) }
            byPerson[user, default: []].append(fields)
        }
        var counts: [String: Counts] = [:]
        for user in order {
            var state: ReviewState?
            var heldSince: [String: Timestamp] = [:]
            let lines = byPerson[user]!.sorted { time($0) < time($1) }
            for fields in lines {
                let now = time(fields)
                let version = AppVersion(short: string(fields["short"]), build: string(fields["build"]))
                if state == nil { state = ReviewState(userID: user, installedAt: now, app: version) }
                if version.short != state!.app.short || version.build != state!.app.build {
                    Transition.update(
                        &state!, to: version, at: now, versionKey: budget.versionKey, counting: budget.counting)
                }
                var moment: Moment
                var wanted: [String] = []
                switch string(fields["type"]) {
                case "launch": moment = Moment(time: .utc(now), event: "launch", source: .launch)
                case "event":
                    moment = Moment(time: .utc(now), event: string(fields["name"]), scene: string(fields["scene"]))
                case "want":
                    moment = Moment(time: .utc(now), scene: string(fields["scene"]))
                    wanted = [string(fields["name"])!]
                    counts[wanted[0], default: Counts()].wanted += 1
                default: continue
                }
                moment.scene = string(fields["scene"])
                let arbitration = try Arbiter.arbitrate(budget, state: state!, moment: moment, wanted: wanted)
                for candidate in arbitration.candidates {
                    if candidate.isGranted {
                        counts[candidate.prompt, default: Counts()].granted += 1
                        counts[candidate.prompt, default: Counts()].peopleGranted.insert(user)
                        if let since = heldSince.removeValue(forKey: candidate.prompt) {
                            counts[candidate.prompt, default: Counts()].delays.append((now - since).seconds)
                        }
                    } else if candidate.decision?.isAllowed ?? true {
                        counts[candidate.prompt, default: Counts()].heldBack += 1
                        for id in Set(candidate.failedChecks.map(\.id)) {
                            counts[candidate.prompt, default: Counts()].heldBackBy[id, default: 0] += 1
                        }
                        if heldSince[candidate.prompt] == nil, try heldByAnother(candidate, state!, moment) {
                            heldSince[candidate.prompt] = now
                        }
                    }
                }
                Transition.apply(arbitration, to: &state!, budget: budget)
            }
            for prompt in heldSince.keys { counts[prompt, default: Counts()].lost += 1 }
        }
        return counts
    }

    /// Whether another prompt held `candidate` back, worked out from the state: it was outranked,
    /// or a failed gap's last ask, or an ask in a failed limit's span, is another prompt's.
    static func heldByAnother(_ candidate: Arbitration.Candidate, _ state: ReviewState, _ moment: Moment) throws
        -> Bool
    {
        for check in candidate.failedChecks {
            switch check.kind {
            case .outranked: return true
            case .channel: continue
            case .lease(let lease): if lease?.prompt != candidate.prompt { return true }
            case .gap(_, let last): if let last, last.prompt != candidate.prompt { return true }
            case .limit(let limit, _, _):
                let start: Timestamp? =
                    switch limit.per {
                    case .rolling(let span): moment.now - span
                    case .session:
                        moment.event == "launch" ? moment.now : (state.sessionStartedAt ?? state.installedAt)
                    case .lifetime: nil
                    }
                let inSpan = state.asks.filter { ask in
                    guard let start else { return true }
                    return limit.per == .session ? ask.at >= start : ask.at > start
                }
                if inSpan.contains(where: { $0.prompt != candidate.prompt }) { return true }
            }
        }
        return false
    }

    static func time(_ fields: [String: Any]) -> Timestamp {
        Timestamp(rfc3339: string(fields["time"]) ?? "") ?? Timestamp(nanosecondsSince1970: 0)
    }

    static func string(_ value: Any?) -> String? { value as? String }
}
