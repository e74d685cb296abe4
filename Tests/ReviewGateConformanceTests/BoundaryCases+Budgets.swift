@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance
import ReviewGateTestSupport

extension BoundaryWriter {
    /// A budget's limits and gaps at their edges, a wanted prompt that outranks the review, one that
    /// ignores the budget, and the session limit.
    mutating func budgets() {
        let review =
            "reviewgate: 1\nname: b-budget-review\napp: {platform: android}\ntriggers:\n  done: {at_least: 1}\n"
        let id = "b-budget"
        let budget = """
            reviewgate_budget: 1
            name: b-budget
            prompts:
              paywall: {priority: 80}
              whats_new: {priority: 60, ignores_budget: true}
              review: {priority: 50, policy: review.yaml}
            limits: [{max: 2, per: 1d}, {max: 1, per: session}]
            gaps: [{after: review, min: 1d}, {after: paywall, before: review, min: 3d}]
            lint: {allow: [ignores_budget]}
            """
        guard
            builder.addBudget(
                id: id, file: "b-budget.budget.yaml",
                files: [("b-budget.budget.yaml", budget), ("review.yaml", review)]) != nil
        else { fatalError("the boundary budget does not validate") }
        let edges: [(String, Int64)] = [("inside", 1), ("at", 0), ("outside", -1)]
        // A session that started ten minutes ago, after every ask: the session's limit lets one in.
        let session = "session_started_at: \(W.at(-600))\n"
        for (edge, shift) in edges {
            budgetCase(
                "gap-after-review-\(edge)", budget: id,
                state: W.state(session + "asks: [{at: \(W.at(-W.day + shift))}]"))
            budgetCase(
                "gap-after-paywall-\(edge)", budget: id,
                state: W.state(session + "asks: [{at: \(W.at(-3 * W.day + shift)), prompt: paywall}]"))
            let two = "asks: [{at: \(W.at(-W.day + shift)), prompt: paywall}, {at: \(W.at(-3_600)), prompt: whats_new}]"
            budgetCase("limit-2-per-1d-\(edge)", budget: id, state: W.state(session + two), wanted: ["paywall"])
        }
        let inSession = session + "asks: [{at: \(W.at(-300)), prompt: paywall}]"
        budgetCase("session-limit-asked-in-session", budget: id, state: W.state(inSession), wanted: ["paywall"])
        let earlier = "session_started_at: \(W.at(-600))\nasks: [{at: \(W.at(-601)), prompt: paywall}]"
        budgetCase("session-limit-asked-before-session", budget: id, state: W.state(earlier), wanted: ["paywall"])
        budgetCase("paywall-outranks-review", budget: id, state: W.state(), wanted: ["paywall"])
        budgetCase("whats-new-ignores-budget", budget: id, state: W.state(inSession), wanted: ["whats_new"])
        budgetCase("nothing-wanted-review", budget: id, state: W.state(session))
        budgetCase("no-session-review", budget: id, state: W.state())
        budgetCase("launch-moment", budget: id, state: W.state(), event: Trigger.launchEvent)
    }

    /// A budget case: the moment (`done` unless said) arbitrated with `wanted`, and recorded.
    mutating func budgetCase(
        _ name: String, budget id: String, state: String, wanted: [String] = [], event: String = "done"
    ) {
        let moment = Moment(time: .utc(W.now), event: event)
        builder.add(
            .arbitration, id: "arbitration/b-\(name)", kind: .boundary, tags: builder.budgetTags(of: id) + ["record"],
            inputs: [
                ("budget", .string(id)), ("state", stateJSON(name, state, budget: id)),
                ("moment", ConformanceAnswers.json(moment)), ("wanted", .array(wanted.map { .string($0) })),
            ])
    }

    /// Runs through an edge, step by step: a scenario case.
    mutating func scenario(_ name: String, policy: String, state: String, steps: [JSONValue]) {
        builder.add(
            .scenarios, id: "scenarios/b-\(name)", kind: .boundary, tags: builder.tags(of: policy) + ["record"],
            inputs: [
                ("policy", .string(policy)), ("state", stateJSON(name, state, policy: policy)),
                ("steps", .array(steps)),
            ])
    }

    /// Scenario runs: a cooldown crossed second by second, answers then a new version, and a clock set
    /// back between two moments.
    mutating func scenarios() {
        func moment(_ seconds: Int64, _ event: String = "done", offset: Int = 0) -> JSONValue {
            let time = LocalTime(W.now + TimeSpan(seconds: seconds), utcOffsetSeconds: offset)
            return .object([("moment", ConformanceAnswers.json(Moment(time: time, event: event)))])
        }
        let cooldown = builder.policies.first { $0.id == "b-cooldown-30d" }!.id
        scenario(
            "cooldown-crossed", policy: cooldown, state: W.state(),
            steps: [moment(0), moment(30 * W.day - 1), moment(30 * W.day), moment(30 * W.day + 1)])
        let declined = builder.policies.first { $0.id == "b-after-declined-30d" }!.id
        let answer = { (kind: String, seconds: Int64) in
            JSONValue.object([
                ("respond", .object([("kind", .string(kind)), ("at", .string(W.at(seconds)))]))
            ])
        }
        let update = JSONValue.object([
            (
                "update",
                .object([
                    ("app", .object([("short", .string("1.1")), ("build", .string("101"))])),
                    ("at", .string(W.at(2 * W.day))),
                ])
            )
        ])
        scenario(
            "declined-then-new-version", policy: declined, state: W.state(),
            steps: [moment(0), answer("declined", 60), moment(W.day), update, moment(3 * W.day), moment(31 * W.day)])
        let back = builder.policies.first { $0.id == "b-clock-back" }!.id
        scenario(
            "clock-set-back", policy: back, state: W.state(installed: W.at(-10 * W.day)),
            steps: [moment(0), moment(3_600), moment(-W.day), moment(-W.day + 60), moment(2 * W.day)])
        let days = builder.policies.first { $0.id == "b-active-days-2-in-7d" }!.id
        scenario(
            "days-across-midnight", policy: days, state: W.state(),
            steps: [
                moment(-3_600, offset: -28_800), moment(0, offset: -28_800), moment(12 * 3_600, offset: -28_800),
                moment(12 * 3_600, offset: 50_400),
            ])
    }
}
