@_spi(ReviewGateTools) import ReviewGate

/// A policy the kit's cases name, from `policies.jsonl`: its YAML, which a port reads, and its
/// compiled form, for a port that reads JSON alone.
package struct ConformancePolicy: Sendable {
    /// The id cases name it by.
    package var id: String
    /// Its capability tags.
    package var tags: [String]
    /// The policy file's text.
    package var yaml: String
    /// The policy compiled, as `reviewgate compile` writes it.
    package var compiled: JSONValue

    /// A policy from its parts.
    package init(id: String, tags: [String], yaml: String, compiled: JSONValue) {
        self.id = id
        self.tags = tags
        self.yaml = yaml
        self.compiled = compiled
    }

    /// The policy's line of `policies.jsonl`.
    package var json: JSONValue {
        .object([
            ("id", .string(id)), ("tags", .array(tags.map { .string($0) })), ("yaml", .string(yaml)),
            ("compiled", compiled),
        ])
    }
}

/// A budget the kit's cases name, from `budgets.jsonl`: its files (the budget's YAML and each
/// policy's, by the paths the budget writes), and the budget compiled.
package struct ConformanceBudget: Sendable {
    /// The id cases name it by.
    package var id: String
    /// Its capability tags.
    package var tags: [String]
    /// The budget's file name (in ``files``).
    package var file: String
    /// Its files by name: the budget's YAML and each policy's.
    package var files: [(name: String, text: String)]
    /// The budget compiled, as `reviewgate compile` writes it.
    package var compiled: JSONValue

    /// A budget from its parts.
    package init(id: String, tags: [String], file: String, files: [(name: String, text: String)], compiled: JSONValue) {
        self.id = id
        self.tags = tags
        self.file = file
        self.files = files
        self.compiled = compiled
    }

    /// The budget's line of `budgets.jsonl`.
    package var json: JSONValue {
        .object([
            ("id", .string(id)), ("tags", .array(tags.map { .string($0) })), ("file", .string(file)),
            ("files", .object(files.map { ($0.name, .string($0.text)) })), ("compiled", compiled),
        ])
    }
}

/// ReviewGate's own answers to the kit's cases (Semantics §18): what `swift test` holds the kit's
/// expectations to, and what the generator writes as them.
package struct ConformanceAnswers: Sendable {
    /// The policies by id, decoded from their compiled form.
    private let policies: [String: Policy]
    /// The budgets by id, decoded from their compiled form.
    private let budgets: [String: Budget]

    /// Answers for cases over `policies` and `budgets`, each decoded once.
    package init(policies: [ConformancePolicy], budgets: [ConformanceBudget] = []) throws(DiagnosticError) {
        var decoded: [String: Policy] = [:]
        for fixture in policies {
            let text = JSONWriter().string(fixture.compiled)
            decoded[fixture.id] = try CompiledPolicy.loadResult(Array(text.utf8), file: "\(fixture.id) (compiled)")
                .policy
        }
        self.policies = decoded
        var decodedBudgets: [String: Budget] = [:]
        for fixture in budgets {
            let text = JSONWriter().string(fixture.compiled)
            decodedBudgets[fixture.id] = try CompiledBudget.load(Array(text.utf8), file: "\(fixture.id) (compiled)")
        }
        self.budgets = decodedBudgets
    }

    /// Answers for `kit`'s cases.
    package init(_ kit: ConformanceKit) throws(DiagnosticError) {
        try self.init(policies: kit.policies, budgets: kit.budgets)
    }

    /// The answer to `kase` of `area`, with the members of its expectation.
    package func answer(_ kase: ConformanceCase, area: ConformanceArea) throws -> JSONValue {
        switch area {
        case .buckets:
            guard let salt = ConformanceValue.string(kase.input("salt")),
                let userID = ConformanceValue.string(kase.input("user_id")),
                let hash = ConformanceValue.string(kase.input("hash")).flatMap(HashVersion.init(rawValue:))
            else {
                throw ConformanceInputError("\(kase.id): a bucket case needs a salt, a user_id and a hash, v1 or v2")
            }
            return .object([("bucket", .int(RolloutBucket.bucket(salt: salt, userID: userID, hash: hash)))])
        case .digests:
            return .object([("digest", .string(try policy(of: kase).digest))])
        case .evaluation:
            let policy = try policy(of: kase)
            let state = try Self.state(kase.input("state"), policy: policy)
            let moment = try Self.moment(kase.input("moment"))
            return .object(Self.decision(try Evaluator.evaluate(policy, state: state, moment: moment), state, policy))
        case .record, .experiments:
            let policy = try policy(of: kase)
            var state = try Self.state(kase.input("state"), policy: policy)
            var members = try Self.apply(kase.input("action") ?? .null, to: &state, policy: policy, of: kase) ?? []
            members.append(("state_after", Self.stateJSON(state)))
            return .object(members)
        case .scenarios:
            let policy = try policy(of: kase)
            var state = try Self.state(kase.input("state"), policy: policy)
            guard case .array(let actions)? = kase.input("steps") else {
                throw ConformanceInputError("\(kase.id): a scenario case needs its steps")
            }
            // Each step's decision without its checks: the run is what a scenario adds.
            let steps = try actions.map { action in
                try Self.apply(action, to: &state, policy: policy, of: kase).map { members in
                    JSONValue.object(members.filter { $0.key != "checks" })
                } ?? .null
            }
            return .object([("steps", .array(steps)), ("state_after", Self.stateJSON(state))])
        case .arbitration:
            return try budgetAnswer(kase)
        }
    }

    /// Applies a step (a moment, an answer or a new version) to `state` as `record` does: the
    /// moment's decision members, or `nil` for an answer or a version.
    static func apply(_ action: JSONValue, to state: inout ReviewState, policy: Policy, of kase: ConformanceCase)
        throws -> [(key: String, value: JSONValue)]?
    {
        if let moment = ConformanceValue.member(action, "moment") {
            let decision = try Evaluator.evaluate(policy, state: state, moment: try Self.moment(moment))
            let members = Self.decision(decision, state, policy)
            Transition.apply(decision, to: &state, policy: policy)
            return members
        }
        try applyAnswerOrVersion(
            action, to: &state, prompt: policy.prompt, versionKey: policy.app.versionKey, counting: policy.counting,
            of: kase)
        return nil
    }

    /// Applies an answer (`respond`, to `prompt` unless it names one) or a new version (`update`).
    static func applyAnswerOrVersion(
        _ action: JSONValue, to state: inout ReviewState, prompt: String, versionKey: VersionKey, counting: Counting,
        of kase: ConformanceCase
    ) throws {
        if let answer = ConformanceValue.member(action, "respond") {
            guard
                let kind = ConformanceValue.string(ConformanceValue.member(answer, "kind")).flatMap(ResponseKind.init),
                let at = Self.time(ConformanceValue.member(answer, "at"))
            else { throw ConformanceInputError("\(kase.id): respond needs a kind and an at") }
            let prompt = ConformanceValue.string(ConformanceValue.member(answer, "prompt")) ?? prompt
            state = Transition.respond(state, kind, at: at.instant, prompt: prompt)
        } else if let update = ConformanceValue.member(action, "update") {
            guard let at = Self.time(ConformanceValue.member(update, "at")) else {
                throw ConformanceInputError("\(kase.id): update needs an at")
            }
            let app = ConformanceValue.member(update, "app")
            let version = AppVersion(
                short: ConformanceValue.string(app.flatMap { ConformanceValue.member($0, "short") }),
                build: ConformanceValue.string(app.flatMap { ConformanceValue.member($0, "build") }))
            Transition.update(&state, to: version, at: at.instant, versionKey: versionKey, counting: counting)
        } else {
            throw ConformanceInputError("\(kase.id): a step holds a moment, respond or update")
        }
    }

    /// A budget's arbitration of a moment (the external prompts `wanted`), recorded: the prompt
    /// granted, each candidate (its policy's checks, `null` for an external prompt, and the budget's
    /// checks), and the state after.
    private func budgetAnswer(_ kase: ConformanceCase) throws -> JSONValue {
        let id = ConformanceValue.string(kase.input("budget")) ?? ""
        guard let budget = budgets[id] else { throw ConformanceInputError("\(kase.id): no budget \(id) in the kit") }
        var state = try Self.state(kase.input("state"), versionKey: budget.versionKey)
        let moment = try Self.moment(kase.input("moment"))
        let wanted = kase.input("wanted").map(ConformanceKit.strings) ?? []
        let arbitration = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: wanted)
        let candidates = arbitration.candidates.map { candidate in
            JSONValue.object([
                ("prompt", .string(candidate.prompt)),
                ("granted", .bool(candidate.isGranted)),
                ("blocked_by", .array(candidate.blockedBy.map { .string($0) })),
                ("next_eligible_at", .string(candidate.nextEligibleAt?.description)),
                ("policy_checks", candidate.decision.map { Self.checks($0) } ?? .null),
                ("budget_checks", .array(candidate.checks.map { .array([.string($0.id), .bool($0.passed)]) })),
            ])
        }
        Transition.apply(arbitration, to: &state, budget: budget)
        return .object([
            ("granted", .string(arbitration.granted)), ("candidates", .array(candidates)),
            ("state_after", Self.stateJSON(state)),
        ])
    }

    /// The answer to every case of `kit`, in ``ConformanceKit/allCases``' order, on every core; a
    /// case the library cannot answer, its error.
    package func answers(_ kit: ConformanceKit) -> [Result<JSONValue, any Error>] {
        let cases = kit.allCases
        return ParallelMap.map(cases.count) { index in Result { try answer(cases[index].kase, area: cases[index].area) }
        }
    }

    private func policy(of kase: ConformanceCase) throws -> Policy {
        let id = ConformanceValue.string(kase.input("policy")) ?? ""
        guard let policy = policies[id] else { throw ConformanceInputError("\(kase.id): no policy \(id) in the kit") }
        return policy
    }

    /// The members of a decision the kit compares: the outcome, the trigger, the blockers, the next
    /// eligible time, each check as `[id, passed]` (a trigger's `[id, passed, trigger, part]`), and the
    /// rollout's and experiment's buckets when the policy has them.
    package static func decision(_ decision: Decision, _ state: ReviewState, _ policy: Policy)
        -> [(key: String, value: JSONValue)]
    {
        var members: [(key: String, value: JSONValue)] = [
            ("decision", .string(decision.outcome.rawValue)),
            ("trigger", .string(decision.trigger)),
            ("blocked_by", .array(decision.blockedBy.map { .string($0.id) })),
            ("next_eligible_at", .string(decision.nextEligibleAt?.description)),
            ("checks", checks(decision)),
        ]
        if let rollout = policy.rollout {
            members.append(("rollout_bucket", state.userID.map { .int(rollout.bucket(of: $0)) } ?? .null))
        }
        if let experiment = decision.experiment {
            members.append(
                (
                    "experiment",
                    .object([
                        ("arm", .string(experiment.arm)), ("bucket", experiment.bucket.map(JSONValue.int) ?? .null),
                        ("exposure", .bool(experiment.isExposure)),
                    ])
                ))
        }
        return members
    }

    /// A decision's checks, each `[id, passed]`, a trigger's `[id, passed, trigger, part]`.
    static func checks(_ decision: Decision) -> JSONValue {
        .array(
            decision.checks.map { check in
                var items: [JSONValue] = [.string(check.id.blocker.id), .bool(check.passed)]
                if case .trigger(let part) = check.id { items += [.string(check.trigger), .string(part.rawValue)] }
                return .array(items)
            })
    }

    /// A state from its JSON value, as a state file in JSON is read, for `policy`.
    package static func state(_ value: JSONValue?, policy: Policy) throws -> ReviewState {
        try state(value, versionKey: policy.app.versionKey)
    }

    /// A state from its JSON value, its version read by `versionKey`.
    static func state(_ value: JSONValue?, versionKey: VersionKey) throws -> ReviewState {
        let text = JSONWriter().string(value ?? .null)
        return try StateDecoder.decode(
            JSONReader().loadDocument(Array(text.utf8), file: "state"), versionKey: versionKey)
    }

    /// A state's JSON value as `record` writes it, without `written_by` (which names the
    /// implementation that wrote it, not what it decided).
    package static func stateJSON(_ state: ReviewState) -> JSONValue {
        .object(ConformanceValue.members(StateEncoder.json(state)).filter { $0.key != "written_by" })
    }

    /// A moment from its JSON value: `now` with its UTC offset, an `event`, a `trigger` or neither
    /// (every trigger), `scene`, `source` (unless given, `launch` for a launch event and `system` for any other) and `channel` (`production`).
    package static func moment(_ value: JSONValue?) throws -> Moment {
        guard let value, let time = time(ConformanceValue.member(value, "now")) else {
            throw ConformanceInputError("a moment needs now, an RFC 3339 time with its offset")
        }
        let subject: Moment.Subject =
            if let event = ConformanceValue.string(ConformanceValue.member(value, "event")) {
                .event(event)
            } else if let trigger = ConformanceValue.string(ConformanceValue.member(value, "trigger")) {
                .trigger(trigger)
            } else {
                .everyTrigger
            }
        let source = ConformanceValue.string(ConformanceValue.member(value, "source")).flatMap(MomentSource.init)
        var moment = Moment(
            time: time, subject: subject, scene: ConformanceValue.string(ConformanceValue.member(value, "scene")),
            source: source)
        if let channel = ConformanceValue.string(ConformanceValue.member(value, "channel")).flatMap(Channel.init) {
            moment.channel = channel
        }
        return moment
    }

    /// A moment's JSON value, as ``moment(_:)`` reads it.
    package static func json(_ moment: Moment) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("now", .string(moment.time.rfc3339))]
        switch moment.subject {
        case .event(let event): members.append(("event", .string(event)))
        case .trigger(let trigger): members.append(("trigger", .string(trigger)))
        case .everyTrigger: break
        }
        if let scene = moment.scene { members.append(("scene", .string(scene))) }
        members.append(("source", .string(moment.source.rawValue)))
        if moment.channel != .production { members.append(("channel", .string(moment.channel.rawValue))) }
        return .object(members)
    }

    private static func time(_ value: JSONValue?) -> LocalTime? {
        ConformanceValue.string(value).flatMap { LocalTime(rfc3339: $0) }
    }
}

/// A case whose inputs do not say what to answer.
package struct ConformanceInputError: Error, CustomStringConvertible {
    /// What is wrong.
    package var description: String

    /// An error saying `description`.
    package init(_ description: String) {
        self.description = description
    }
}
