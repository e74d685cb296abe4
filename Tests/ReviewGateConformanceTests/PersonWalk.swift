@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance

/// One person's life with a generated policy, lived through the library: launches, donations,
/// answers, new versions and now and then a clock set back, at times from seconds to weeks apart, in
/// a UTC offset of their own. Along the way, cases are drawn from the state as it is and the action
/// about to happen.
struct PersonWalk {
    /// Where the drawn cases go, and how likely each step gives one to each area.
    struct Draw {
        var area: ConformanceArea
        var chance: Double
        var quota: Int
    }

    var chance: Chance
    /// A run of steps being kept for a scenario case: the state it starts from, its steps so far,
    /// and how many it takes.
    var run: (state: ReviewState, steps: [JSONValue], length: Int)?
    let policyID: String
    let policy: Policy
    let tags: [String]

    /// The UTC offsets people live in: UTC, Central Europe, US Pacific, India, Adelaide, US Eastern,
    /// and the two ends (+14:00, −12:00).
    static let offsets = [0, 3_600, -28_800, 19_800, 34_200, -18_000, 50_400, -43_200]

    /// Walks one person for `steps` steps, drawing cases into `builder`.
    mutating func walk(steps: Int, draws: [Draw], into builder: inout KitBuilder, person: Int) {
        var now = Timestamp(secondsSince1970: Double(chance.int(1_750_000_000...1_790_000_000)))
        var offset = chance.pick(Self.offsets)
        var minor = 0
        let userID: String? =
            chance.happens(0.85) ? (chance.happens(0.5) ? "u\(person)" : String(chance.bits(), radix: 36)) : nil
        var state = ReviewState(userID: userID, installedAt: now, app: AppVersion(short: "1.0", build: "100"))
        if chance.happens(0.3) { state.flags["happy"] = chance.happens(0.5) }
        if chance.happens(0.3) {
            state.attributes["plan"] = .string(chance.pick(["pro", "free"]))
            state.attributes["level"] = .number(Double(chance.int(1...10)))
        }
        let events = policy.triggers.map(\.event) + ["other", "old_done"]
        for _ in 0..<steps {
            let gap = chance.pick([20, 90, 600, 10_800, 72_000, 172_800, 518_400, 1_296_000])
            now = now + TimeSpan(seconds: Int64(gap + chance.int(0...gap / 2)))
            if chance.happens(0.02) { now = now - TimeSpan(seconds: Int64(chance.int(3_600...172_800))) }
            if chance.happens(0.03) { offset = chance.pick(Self.offsets) }
            let time = LocalTime(now, utcOffsetSeconds: offset)
            let action: JSONValue
            var moment: Moment?
            switch chance.int(0...99) {
            case 0..<12:
                moment = Moment(time: time, event: Trigger.launchEvent, scene: chance.happens(0.3) ? "Home" : nil)
            case 12..<77:
                let source: MomentSource? = chance.happens(0.1) ? .userAction : nil
                moment = Moment(
                    time: time, event: chance.happens(0.9) ? chance.pick(events.dropLast(2)) : chance.pick(events),
                    scene: chance.happens(0.6) ? chance.pick(PolicyGenerator.scenes) : nil, source: source)
            case 77..<81:
                moment = Moment(time: time, trigger: chance.pick(policy.triggers).id)
            case 81..<83:
                moment = Moment(time: time, event: nil)
            case 83..<93:
                // An answer to the app's pre-prompt follows an ask not yet answered.
                guard let ask = state.asks.last, state.responses.last.map({ $0.at < ask.at }) ?? true else { continue }
                let kind = chance.pick([ResponseKind.later, .later, .declined, .rated])
                action = .object([
                    ("respond", .object([("kind", .string(kind.rawValue)), ("at", .string(time.rfc3339))]))
                ])
                draw(action, moment: nil, state: state, draws: draws, into: &builder)
                keep(action, state: state, draws: draws, into: &builder)
                state = Transition.respond(state, kind, at: now, prompt: policy.prompt)
                continue
            default:
                minor += 1
                let app = AppVersion(short: "1.\(minor)", build: "\(100 + minor)")
                action = .object([
                    (
                        "update",
                        .object([
                            ("app", .object([("short", .string(app.short)), ("build", .string(app.build))])),
                            ("at", .string(time.rfc3339)),
                        ])
                    )
                ])
                draw(action, moment: nil, state: state, draws: draws, into: &builder)
                keep(action, state: state, draws: draws, into: &builder)
                Transition.update(&state, to: app, at: now, policy: policy)
                continue
            }
            guard var moment else { continue }
            if chance.happens(0.05) { moment.channel = chance.pick([.testFlight, .development]) }
            guard let decision = try? Evaluator.evaluate(policy, state: state, moment: moment) else { continue }
            // Allows, promises and exposures are rarer than blocks, and drawn more often.
            let rare = decision.isAllowed || decision.nextEligibleAt != nil || decision.experiment?.isExposure == true
            action = JSONValue.object([("moment", ConformanceAnswers.json(moment))])
            draw(action, moment: moment, state: state, draws: draws, boost: rare ? 6 : 1, into: &builder)
            keep(action, state: state, draws: draws, into: &builder)
            Transition.apply(decision, to: &state, policy: policy)
        }
    }

    /// Keeps `action` in the run of a scenario case, starting one now and then, and adds the case
    /// once the run has its length.
    private mutating func keep(_ action: JSONValue, state: ReviewState, draws: [Draw], into builder: inout KitBuilder) {
        guard let draw = draws.first(where: { $0.area == .scenarios }) else { return }
        if run == nil, builder.count(.scenarios, kind: .generated) < draw.quota, chance.happens(draw.chance) {
            run = (state, [], chance.int(4...10))
        }
        guard var current = run else { return }
        current.steps.append(action)
        run = current
        guard current.steps.count == current.length else { return }
        run = nil
        var caseTags = tags + ["record"]
        if current.steps.contains(where: { JSONWriter().string($0).contains(#""channel""#) }) {
            caseTags.append("channels")
        }
        builder.add(
            .scenarios, id: builder.nextGeneratedID(.scenarios), kind: .generated, tags: caseTags,
            inputs: [
                ("policy", .string(policyID)), ("state", ConformanceAnswers.stateJSON(current.state)),
                ("steps", .array(current.steps)),
            ])
    }

    /// Draws the cases of this step: an evaluation of its moment, a record of its action; `boost`
    /// times as likely for a rare decision.
    private mutating func draw(
        _ action: JSONValue, moment: Moment?, state: ReviewState, draws: [Draw], boost: Double = 1,
        into builder: inout KitBuilder
    ) {
        for draw in draws
        where builder.count(draw.area, kind: .generated) < draw.quota && chance.happens(draw.chance * boost) {
            var caseTags = tags
            if let moment, moment.channel != .production { caseTags.append("channels") }
            var inputs: [(key: String, value: JSONValue)] = [
                ("policy", .string(policyID)), ("state", ConformanceAnswers.stateJSON(state)),
            ]
            switch draw.area {
            case .scenarios: continue
            case .evaluation:
                guard let moment else { continue }
                inputs.append(("moment", ConformanceAnswers.json(moment)))
            default:
                caseTags.append("record")
                inputs.append(("action", action))
            }
            builder.add(
                draw.area, id: builder.nextGeneratedID(draw.area), kind: .generated, tags: caseTags, inputs: inputs)
        }
    }
}

extension String {
    /// The string with zeros before it up to `width` characters.
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
