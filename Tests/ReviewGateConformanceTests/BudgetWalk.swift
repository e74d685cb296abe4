@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance

/// One person's life under a generated budget (Semantics §12): moments arbitrated and recorded, the
/// app wanting an external prompt now and then, answers to each prompt and new versions; cases drawn
/// from the state as it is and the moment about to be arbitrated.
struct BudgetWalk {
    var chance: Chance
    let budgetID: String
    let budget: Budget
    let tags: [String]

    /// Walks one person for `steps` steps, drawing budget cases into `builder` with probability
    /// `draw` (more often when a prompt is granted) up to `quota`.
    mutating func walk(steps: Int, draw: Double, quota: Int, into builder: inout KitBuilder, person: Int) {
        var now = Timestamp(secondsSince1970: Double(chance.int(1_750_000_000...1_790_000_000)))
        let offset = chance.pick(PersonWalk.offsets)
        var minor = 0
        var state = ReviewState(
            userID: chance.happens(0.85) ? "u\(person)" : nil, installedAt: now,
            app: AppVersion(short: "1.0", build: "100"))
        let events = budget.policies.flatMap { $0.triggers.map(\.event) } + ["other"]
        let prompts = budget.prompts.map(\.name)
        for _ in 0..<steps {
            let gap = chance.pick([60, 900, 7_200, 43_200, 86_400, 259_200, 864_000])
            now = now + TimeSpan(seconds: Int64(gap + chance.int(0...gap / 2)))
            let time = LocalTime(now, utcOffsetSeconds: offset)
            switch chance.int(0...99) {
            case 0..<8:
                state = Transition.respond(
                    state, chance.pick([ResponseKind.later, .declined, .rated]), at: now, prompt: chance.pick(prompts))
                continue
            case 8..<12:
                minor += 1
                Transition.update(
                    &state, to: AppVersion(short: "1.\(minor)", build: "\(100 + minor)"), at: now,
                    versionKey: budget.versionKey, counting: budget.counting)
                continue
            default: break
            }
            let moment =
                chance.happens(0.15)
                ? Moment(time: time, event: Trigger.launchEvent)
                : Moment(time: time, event: chance.pick(events), scene: chance.happens(0.5) ? "Done" : nil)
            let wanted = chance.some(budget.externalPrompts, 0.3)
            guard let arbitration = try? Arbiter.arbitrate(budget, state: state, moment: moment, wanted: wanted) else {
                continue
            }
            let boost: Double = arbitration.granted != nil ? 4 : 1
            if builder.count(.arbitration, kind: .generated) < quota, chance.happens(draw * boost) {
                builder.add(
                    .arbitration, id: builder.nextGeneratedID(.arbitration), kind: .generated, tags: tags + ["record"],
                    inputs: [
                        ("budget", .string(budgetID)), ("state", ConformanceAnswers.stateJSON(state)),
                        ("moment", ConformanceAnswers.json(moment)), ("wanted", .array(wanted.map { .string($0) })),
                    ])
            }
            Transition.apply(arbitration, to: &state, budget: budget)
        }
    }
}
