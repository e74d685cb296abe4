@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// `simulate` decides each moment into a `Verdict`, which builds none of the checks: the verdict
/// must say what the decision of `evaluate` says, and leave the same state, moment by moment.
@Suite("simulate: verdicts and decisions agree")
struct VerdictTests {
    /// Every shipped policy, with an unknown trigger named now and then and the kill switch off.
    static let policies = ["policies/apple-sample.yaml", "policies/three-week-rule.yaml", "policies/treaty.yaml"]

    @Test("moment by moment, a verdict and a decision agree, and leave the same state", arguments: policies)
    func agree(path: String) throws {
        let loaded = try PolicyLoader.files(Fixtures.documents).load(path: Repository.path(path)).policy
        var disabled = loaded
        disabled.enabled.value = false
        var cohort = try CohortDecoder.decode(
            Fixtures.documents.document(atPath: Repository.path("policies/examples/simulate/first-month.cohort.yaml")))
        cohort.people = 120
        let timeline = CohortGenerator.timeline(cohort)
        var random = SplitMix(seed: 5)
        var verdict = Verdict()
        var compared = 0
        var allowed = 0
        for policy in [loaded, disabled] {
            for person in 0..<timeline.people.count {
                var state = ReviewState(
                    userID: timeline.people[Symbols.ID(person)], installedAt: .init(nanosecondsSince1970: 0),
                    app: AppVersion(short: "1.0", build: "100"))
                var first = true
                timeline.withEvents(of: person) { events in
                    for event in events where event.kind == .launch || event.kind == .event {
                        if first {
                            state.installedAt = event.time
                            first = false
                        }
                        var moment =
                            event.kind == .launch
                            ? Moment(time: .utc(event.time), event: Trigger.launchEvent)
                            : Moment(
                                time: .utc(event.time), event: timeline.symbols[event.name],
                                scene: event.scene == TimelineEvent.none ? nil : timeline.symbols[event.scene])
                        // Now and then a named trigger (the policy's first) or one no policy has.
                        switch Int.random(in: 0..<20, using: &random) {
                        case 0:
                            moment = Moment(
                                time: .utc(event.time),
                                subject: policy.triggers.first.map { .trigger($0.id) } ?? .everyTrigger,
                                scene: moment.scene)
                        case 1: moment = Moment(time: .utc(event.time), trigger: "nobody_listens")
                        default: break
                        }
                        let decision: Decision
                        do {
                            decision = try Evaluator.decide(policy, state: state, moment: moment)
                        } catch {
                            #expect(throws: Evaluator.UsageError.self) {
                                try Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)
                            }
                            continue
                        }
                        try? Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)
                        compared += 1
                        if decision.isAllowed { allowed += 1 }
                        #expect(verdict.isAllowed == decision.isAllowed)
                        #expect(verdict.passingTrigger.map { policy.triggers[$0].id } == decision.passingTrigger)
                        let blockers = Blocker.allCases.filter { verdict.blockers & 1 << UInt32($0.index) != 0 }
                        #expect(blockers == (decision.isAllowed ? [] : decision.blockedBy))
                        let counted = decision.checks.filter { $0.id == .trigger(.count) && $0.passed }.map(\.trigger)
                        #expect(verdict.countsPassed.map { policy.triggers[$0].id } == counted)
                        #expect(verdict.unheard == decision.checks.contains { $0.id == .trigger(.missing) })
                        var byVerdict = state
                        Transition.apply(verdict, of: moment, to: &byVerdict, policy: policy)
                        Transition.apply(decision, to: &state, policy: policy)
                        #expect(byVerdict == state)
                    }
                }
            }
        }
        #expect(compared > 1_000)
        // The cohort's launches and `process_completed` ask under the Apple and three-week policies;
        // treaty.yaml's triggers listen to a pet-care app's events, which the cohort has none of.
        #expect(path.hasSuffix("treaty.yaml") ? allowed == 0 : allowed > 0)
    }
}
