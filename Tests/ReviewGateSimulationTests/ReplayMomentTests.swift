@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// `simulate` changes one moment in place from line to line: each line's moment must still be the
/// one `record` builds from it (its event or trigger, scene and source, explicit or by default),
/// whatever line came before.
@Suite("simulate: each line's moment")
struct ReplayMomentTests {
    /// Two policies whose verdicts turn on a moment's source, its event and its scene.
    static let policies = [
        """
        reviewgate: 1
        name: no-taps
        triggers:
          opened: {event: launch, at_least: 2}
          done: {event: task_done, at_least: 1, scenes: [Home]}
        guards:
          never_on: [user_action]
        """,
        """
        reviewgate: 1
        name: no-launches
        triggers:
          done: {event: task_done, at_least: 2}
        guards:
          never_on: [launch]
        counting:
          while_blocked: false
        """,
    ]

    /// Lines of four people: flags and attributes before any moment, an event named `launch`, a
    /// named trigger, explicit sources between default ones, and scenes on and off.
    static let timeline = [
        #"{"user":"u","time":"2026-01-05T09:00:00Z","type":"flag","name":"beta","value":true}"#,
        #"{"user":"u","time":"2026-01-05T09:01:00Z","type":"attribute","name":"plan","value":"pro"}"#,
        #"{"user":"u","time":"2026-01-05T09:02:00Z","type":"event","name":"task_done","scene":"Home","source":"user_action"}"#,
        #"{"user":"u","time":"2026-01-05T09:03:00Z","type":"event","name":"launch"}"#,
        #"{"user":"u","time":"2026-01-05T09:04:00Z","type":"trigger","name":"done","scene":"Home"}"#,
        #"{"user":"u","time":"2026-01-05T09:05:00Z","type":"event","name":"task_done","scene":"Home"}"#,
        #"{"user":"u","time":"2026-01-05T09:06:00Z","type":"launch","source":"user_action"}"#,
        #"{"user":"u","time":"2026-01-05T09:07:00Z","type":"launch"}"#,
        #"{"user":"u","time":"2026-01-05T09:08:00Z","type":"event","name":"task_done","scene":"Away","source":"system"}"#,
        #"{"user":"u","time":"2026-01-05T09:09:00Z","type":"event","name":"task_done"}"#,
        #"{"user":"v","time":"2026-01-05T09:00:00Z","type":"launch","scene":"Home"}"#,
        #"{"user":"v","time":"2026-01-05T09:01:00Z","type":"trigger","name":"opened","source":"launch"}"#,
        #"{"user":"v","time":"2026-01-05T09:02:00Z","type":"event","name":"task_done","scene":"Home","source":"launch"}"#,
        #"{"user":"v","time":"2026-01-05T09:03:00Z","type":"event","name":"task_done","scene":"Home"}"#,
        #"{"user":"v","time":"2026-01-05T09:04:00Z","type":"launch"}"#,
        #"{"user":"v","time":"2026-01-05T09:05:00Z","type":"event","name":"task_done","scene":"Home"}"#,
        // Asked in other weeks: on Sunday's last second, on Monday's first.
        #"{"user":"w","time":"2026-01-11T23:59:58Z","type":"event","name":"task_done","scene":"Home"}"#,
        #"{"user":"w","time":"2026-01-11T23:59:59Z","type":"event","name":"task_done","scene":"Home"}"#,
        #"{"user":"x","time":"2026-01-12T00:00:00Z","type":"event","name":"task_done","scene":"Home"}"#,
        #"{"user":"x","time":"2026-01-12T00:00:01Z","type":"event","name":"task_done","scene":"Home"}"#,
    ].joined(separator: "\n")

    @Test("asks and blocks are those of each line's moment built afresh and recorded", arguments: policies.indices)
    func sameAsRecord(index: Int) throws {
        let text = Self.policies[index]
        let loaded = try PolicyLoader(reading: { path in
            try Fixtures.documents.document(Array(text.utf8), path: path)
        }).load(path: "p.yaml")
        let simulation = Simulation(policies: [SimulatedPolicy(loaded, path: "p.yaml")], keepsAsks: true)
        let (timeline, _) = try SimulationTests.read(Self.timeline)
        let outcome = simulation.run(timeline)

        // What `record` does: a moment built from each line, decided, and applied.
        var asks: [String] = []
        var askTimes: [Timestamp] = []
        var blocked = Array(repeating: 0, count: Blocker.allCases.count)
        var unknown = 0
        for person in 0..<timeline.people.count {
            let events = timeline.withEvents(of: person) { Array($0) }
            do {
                let policy = loaded.policy
                var state = ReviewState(
                    userID: timeline.people[Symbols.ID(person)], installedAt: events[0].time, app: AppVersion())
                for event in events {
                    let name = event.name == TimelineEvent.none ? nil : timeline.symbols[event.name]
                    let scene = event.scene == TimelineEvent.none ? nil : timeline.symbols[event.scene]
                    let moment: Moment
                    switch event.kind {
                    case .launch:
                        moment = Moment(
                            time: .utc(event.time), event: Trigger.launchEvent, scene: scene, source: event.source)
                    case .event:
                        moment = Moment(time: .utc(event.time), event: name, scene: scene, source: event.source)
                    case .trigger:
                        moment = Moment(time: .utc(event.time), trigger: name!, scene: scene, source: event.source)
                    case .flag:
                        state.flags[name!] = event.value == 1
                        continue
                    case .attribute:
                        state.attributes[name!] = .string(timeline.symbols[event.value])
                        continue
                    default: continue
                    }
                    let decision: Decision
                    do {
                        decision = try Evaluator.decide(policy, state: state, moment: moment)
                    } catch {
                        // A trigger the policy does not have: not decided, and counted apart.
                        unknown += 1
                        continue
                    }
                    if decision.isAllowed {
                        asks.append("\(timeline.people[Symbols.ID(person)]) \(event.time) \(decision.trigger ?? "-")")
                        askTimes.append(event.time)
                    } else if moment.trigger != nil || policy.listens(to: moment.event ?? "") {
                        // A trigger moment that did not ask: counted by what blocked it.
                        for blocker in decision.blockedBy { blocked[Blocker.allCases.firstIndex(of: blocker)!] += 1 }
                    }
                    Transition.apply(decision, to: &state, policy: policy)
                }
            }
        }
        #expect(outcome.asks.map { "\($0.person) \($0.time) \($0.trigger ?? "-")" } == asks)
        #expect(outcome.tallies[0].asks == asks.count)
        #expect(AsksByWeekTests.byMonday(outcome.tallies[0]) == AsksByWeekTests.weeks(of: askTimes))
        #expect(outcome.tallies[0].asksByWeek.count >= 2, "asks in more than one week")
        #expect(outcome.tallies[0].blockedBy.map(\.moments) == blocked)
        #expect(outcome.tallies[0].unknownTriggerMoments == unknown)
        // Each policy asks someone and blocks someone by source (`never_on`), so the sources count.
        #expect(!asks.isEmpty && blocked[Blocker.allCases.firstIndex(of: .guard(.neverOn))!] > 0)
    }
}
