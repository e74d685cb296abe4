import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// `simulate` on a policy with an experiment (Semantics §13): each arm's counts are those of replaying the
/// arm's merged policy alone on the people of that arm, the arms add up to everyone, and reports of
/// halves merge arm by arm into the whole's.
@Suite("simulate: experiments, arm by arm")
struct ExperimentSimulationTests {
    static let policyFile = Repository.path("policies/experiments/ask-earlier.yaml")

    /// The shipped first-month cohort with fewer people, as JSON Lines, a line per element.
    static func lines(people: Int) throws -> [String] {
        let text = try String(
            contentsOfFile: Repository.path("policies/examples/simulate/first-month.cohort.yaml"), encoding: .utf8
        ).replacingOccurrences(of: "people: 2000", with: "people: \(people)")
        let document = try YAMLLoader().loadDocument(Array(text.utf8), file: "cohort.yaml")
        var lines: [String] = []
        CohortGenerator.timeline(try CohortDecoder.decode(document)).writeJSONLines { chunk in
            lines += chunk.split(separator: "\n").map(String.init)
        }
        return lines
    }

    static func user(_ line: String) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["user"] as? String ?? ""
    }

    static func run(_ policy: SimulatedPolicy, _ lines: [String]) throws -> SimulationReport {
        try SimulationRequest(
            policy: policy, input: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t.jsonl"), jobs: 2
        ).run()
    }

    @Test("each arm's asks are its merged policy's alone on its people; the arms add up to everyone")
    func armsAgainstTheirPoliciesAlone() throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: Self.policyFile)
        let experiment = try #require(loaded.policy.experiment)
        let lines = try Self.lines(people: 400)
        let report = try Self.run(SimulatedPolicy(loaded, path: Self.policyFile), lines)
        let arms = try #require(report.policy.arms)
        #expect(arms.map(\.name) == ["holdout", "control", "early"])
        #expect(arms.map(\.tally.people).reduce(0, +) == 400)
        #expect(arms.map(\.tally.asks).reduce(0, +) == report.policy.tally.asks)
        #expect(arms.map(\.tally.peopleExposed).reduce(0, +) == report.policy.tally.peopleExposed)
        #expect(arms[0].tally.asks == 0, "the holdout is never asked")
        #expect(arms[0].tally.people > 0 && arms[1].tally.people > 0 && arms[2].tally.people > 0)

        func arm(of user: String) -> Int? {
            experiment.assignment(
                of: ReviewState(userID: user, installedAt: Timestamp(nanosecondsSince1970: 0), app: AppVersion())
            ).arm
        }
        for (index, armPolicy) in experiment.arms.enumerated() {
            let mine = lines.filter { arm(of: Self.user($0)) == index }
            let alone = try Self.run(SimulatedPolicy(armPolicy.policy, path: Self.policyFile), mine).policy.tally
            let counted = arms[index + 1].tally
            #expect(counted.people == alone.people, "\(armPolicy.name)")
            #expect(counted.asks == alone.asks, "\(armPolicy.name)")
            #expect(counted.peopleAsked == alone.peopleAsked, "\(armPolicy.name)")
            #expect(counted.firstAskDays == alone.firstAskDays, "\(armPolicy.name)")
            #expect(counted.asksByTrigger == alone.asksByTrigger, "\(armPolicy.name)")
            #expect(counted.asksByWeek == alone.asksByWeek, "\(armPolicy.name)")
        }
        // Exposure: the early arm asks at the second completion, control at the fourth, so most
        // people who complete twice are exposed, and no one is exposed twice.
        #expect(report.policy.tally.peopleExposed > 0 && report.policy.tally.peopleExposed <= 400)
        #expect(report.text.contains("experiment ask-earlier, arm by arm"), "\(report.text)")

        // --asks records carry the person's arm.
        var records: [String] = []
        _ = try SimulationRequest(
            policy: SimulatedPolicy(loaded, path: Self.policyFile),
            input: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t.jsonl"),
            asks: { records.append($0) }
        ).run()
        #expect(records.count == report.policy.tally.asks)
        #expect(records.allSatisfy { $0.contains(#""arm":"control""#) || $0.contains(#""arm":"early""#) })
    }

    @Test("reports of two halves of the people merge, arm by arm, into the whole's JSON")
    func halvesMerge() throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: Self.policyFile)
        let simulated = SimulatedPolicy(loaded, path: Self.policyFile)
        let lines = try Self.lines(people: 200)
        let people = Array(Set(lines.map(Self.user))).sorted()
        let firstHalf = Set(people.prefix(people.count / 2))
        let whole = try Self.run(simulated, lines)
        var merged = try Self.run(simulated, lines.filter { firstHalf.contains(Self.user($0)) })
        try merged.add(try Self.run(simulated, lines.filter { !firstHalf.contains(Self.user($0)) }))
        merged.input = whole.input
        #expect(JSONWriter().string(merged.json) == JSONWriter().string(whole.json))
        // Read back from JSON, the arms survive.
        let root = try JSONReader().loadDocument(Array(JSONWriter().string(whole.json).utf8), file: "r.json")
        let read = try SimulationReport(json: root)
        #expect(read.policy.arms?.map(\.tally) == whole.policy.arms?.map(\.tally))
        // Each arm's asks by week, which the HTML page draws, add up to the policy's.
        var weeks: [Int: Int] = [:]
        for arm in read.policy.arms ?? [] { weeks.merge(arm.tally.asksByWeek, uniquingKeysWith: +) }
        #expect(weeks == whole.policy.tally.asksByWeek && weeks.count > 1)
        #expect(merged.policy.arms?.map(\.tally.asksByWeek) == whole.policy.arms?.map(\.tally.asksByWeek))
    }
}

/// What an experiment's report says it computed (issue 36): each arm's rows by its own rules, the
/// horizon per arm, and asks per exposed person counting only asks at or after exposure.
@Suite("simulate: experiment figures say what they computed")
struct ExperimentFiguresTests {
    static func policy(_ yaml: String) throws -> SimulatedPolicy {
        let document = try YAMLLoader().loadDocument(Array(yaml.utf8), file: "p.yaml")
        return SimulatedPolicy(try PolicyLoader.decode(document), path: "p.yaml")
    }

    static let head = """
        reviewgate: 1
        name: figures
        app: {version_key: short}
        triggers:
          process_completed: {event: process_completed, at_least: 3}
        guards:
          cooldown: 3d

        """

    @Test("an arm's rows carry its own count rule, in the JSON, the text and the page")
    func armRules() throws {
        let simulated = try Self.policy(
            Self.head + """
                experiment:
                  name: fifth
                  salt: fifth-1
                  version: 1
                  arms:
                    control: {weight: 1}
                    fifth:
                      weight: 1
                      override:
                        triggers: {process_completed: {at_least: 5}}

                """)
        let lines = try ExperimentSimulationTests.lines(people: 200)
        var request = SimulationRequest(
            policy: simulated, input: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8), name: "t.jsonl"),
            jobs: 1, withinDays: 7)
        request.settings.versionKey = .short
        let report = try request.run()
        let arms = try #require(report.policy.arms)
        #expect(arms.map { $0.triggers.map(\.rule) } == [["at_least 3"], ["at_least 3"], ["at_least 5"]])
        let json = JSONWriter().string(report.json)
        #expect(json.contains(#""name":"fifth","digest""#))
        #expect(json.contains(#"{"id":"process_completed","rule":"at_least 5"}"#), "\(json)")
        #expect(report.html.contains("<small>at_least 5</small>"))
        // The policy's own row mixes the arms' rules: it names none, and is split by arm, each
        // by its rule, counted by the arm's tally (issue 49).
        #expect(json.contains(#""rules_by_arm":{"holdout":"at_least 3","control":"at_least 3","fifth":"at_least 5"}"#))
        #expect(report.html.contains("<small>by each arm&#39;s rule</small>"))
        let text = report.text
        #expect(!text.contains("  process_completed (at_least 3)"), "\(text)")
        for arm in arms {
            let count = arm.tally.neverReached[0]  // under 1,000 of 200 people: no grouping
            let rule = arm.triggers[0].rule
            #expect(
                text.split(separator: "\n").contains {
                    $0.hasPrefix("    \(arm.name) (\(rule))") && $0.contains(" \(count) (")
                },
                "\(arm.name): \(text)")
        }
        // The arm table has the horizon's column the JSON and the page have.
        #expect(text.contains("p50 d  in 7 d"))
        // The horizon's figures exist per arm, and the arms add up to the policy's.
        let within = arms.compactMap { report.horizonCounts($0) }
        let whole = try #require(report.horizonCounts(report.policy))
        #expect(within.count == 3)
        #expect(within.map(\.people).reduce(0, +) == whole.people && whole.people > 0)
        #expect(within.map(\.asked).reduce(0, +) == whole.asked)
        #expect(!json.contains(#""within_days":null,"experiment""#))
    }

    @Test("asks before exposure are counted apart: those the arms make alike, checked by replaying each arm alone")
    func asksAroundExposure() throws {
        let yaml =
            Self.head + """
                experiment:
                  name: wait-longer
                  salt: wait-longer-1
                  version: 1
                  arms:
                    control: {weight: 1}
                    longer:
                      weight: 1
                      override:
                        guards: {cooldown: 20d}

                """
        let simulated = try Self.policy(yaml)
        let lines = try ExperimentSimulationTests.lines(people: 300)
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var request = SimulationRequest(policy: simulated, input: .bytes(bytes, name: "t.jsonl"), jobs: 1)
        request.settings.versionKey = .short
        let report = try request.run()
        let tally = report.policy.tally

        // Each arm alone, every person: an ask is before exposure while both arms' asks agree.
        func asks(_ policy: Policy) throws -> [String: [Timestamp]] {
            var asks: [String: [Timestamp]] = [:]
            var alone = SimulationRequest(
                policy: SimulatedPolicy(policy, path: "p.yaml"), input: .bytes(bytes, name: "t.jsonl"), jobs: 1,
                asks: { line in
                    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    let time = (object?["time"] as? String).flatMap(Timestamp.init(rfc3339:))
                    if let person = object?["person"] as? String, let time { asks[person, default: []].append(time) }
                })
            alone.settings.versionKey = .short
            _ = try alone.run()
            return asks
        }
        let experiment = try #require(simulated.policy.experiment)
        let control = try asks(experiment.arms[0].policy)
        let longer = try asks(experiment.arms[1].policy)
        var before = 0
        for person in Set(control.keys).union(longer.keys) {
            let (a, b) = (control[person] ?? [], longer[person] ?? [])
            before += zip(a, b).prefix { $0 == $1 }.count
        }
        #expect(before > 0, "the cohort has people asked before the arms diverge")
        #expect(tally.asksBeforeExposure == before)
        let arms = try #require(report.policy.arms)
        #expect(arms.map(\.tally.asksBeforeExposure).reduce(0, +) == before)
        #expect(arms.map(\.tally.exposedPeopleAsked).reduce(0, +) == tally.exposedPeopleAsked)
        #expect(tally.exposedPeopleAsked <= tally.peopleExposed && tally.exposedPeopleAsked > 0)
        // Read back and merged, the figures survive.
        let root = try JSONReader().loadDocument(Array(JSONWriter().string(report.json).utf8), file: "r.json")
        let read = try SimulationReport(json: root)
        #expect(read.policy.tally == tally)
        #expect(read.policy.arms?.map(\.tally) == arms.map(\.tally))
    }
}
