/// A decision reduced to one flat record for the app's analytics (Semantics §9): which policy (name and
/// digest) decided what, for which trigger and event, what blocked it, and the person's rollout
/// bucket. Teams count asks per trigger and compare policies by digest with it.
///
/// Every value is a string, an integer or absent, so that any analytics SDK takes it as it is:
///
/// ```swift
/// let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
/// Analytics.logEvent("review_gate_decision", parameters: DecisionEvent(decision, policy: policy).parameters)
/// ```
public struct DecisionEvent: Sendable {
    /// The policy's name.
    public var policy: String
    /// The policy's digest (`sha256:…`), when known (a compiled policy always has one).
    public var policyDigest: String?
    /// Allow or block.
    public var decision: Decision.Outcome
    /// The trigger: the one that allowed; for a block, the one that passed its own checks (so the
    /// guards blocked it), else the trigger the moment named.
    public var trigger: String?
    /// What blocked, in evaluation order (Semantics §4's `blocked_by` ids); empty when allowed.
    public var blockedBy: [String]
    /// The moment's event, if it donated one.
    public var event: String?
    /// The moment's scene, if given.
    public var scene: String?
    /// Where the moment came from.
    public var source: MomentSource
    /// How the app was installed (Semantics §16.1); a field of the record only when not `production`.
    public var channel: Channel = .production
    /// The person's rollout bucket (0–9999), when the policy has a rollout and the state a `user_id`.
    public var rolloutBucket: Int?
    /// The moment's time.
    public var decidedAt: Timestamp
    /// The person's arm of the policy's experiment, and whether this moment is their exposure
    /// (Semantics §13); `nil` for a policy without one, whose events carry none of these fields.
    public var experiment: ExperimentDecision?

    /// The event of a decision made under `policy`.
    public init(_ decision: Decision, policy: Policy) {
        self.policy = policy.name
        policyDigest = policy.digest
        self.decision = decision.outcome
        trigger = decision.trigger ?? decision.passingTrigger ?? decision.moment.trigger
        blockedBy = decision.blockedBy.map(\.id)
        event = decision.moment.event
        scene = decision.moment.scene
        source = decision.moment.source
        channel = decision.moment.channel
        rolloutBucket =
            decision.checks.lazy.compactMap { check -> Int? in
                if check.id == .rollout, case .bucket(let bucket, _) = check.observed { return bucket }
                return nil
            }.first
        decidedAt = decision.moment.now
        experiment = decision.experiment
    }

    /// The event of one candidate of an arbitration under `budget` (Semantics §12): its policy's decision,
    /// a block with `budget` last in `blocked_by` when the budget held back what the policy allowed;
    /// for an external prompt, which the budget alone decides, the budget's name and digest in
    /// place of a policy's.
    package init(_ candidate: Arbitration.Candidate, of budget: Budget, moment: Moment) {
        if let decision = candidate.decision, let policy = budget.prompt(named: candidate.prompt)?.policy {
            self.init(decision, policy: policy)
        } else {
            self.init(external: budget, moment: moment)
        }
        if candidate.isBlockedByBudget || candidate.isBlockedByChannel {
            decision = .block
            blockedBy = candidate.blockedBy
        }
    }

    /// The event of an external prompt's candidacy, which the budget alone decides: allowed by
    /// its policy-less self, blocked only by the budget.
    private init(external budget: Budget, moment: Moment) {
        policy = budget.name
        policyDigest = budget.digest
        decision = .allow
        blockedBy = []
        event = moment.event
        scene = moment.scene
        source = moment.source
        channel = moment.channel
        decidedAt = moment.now
    }

    /// The record's fields in a fixed order, with their names in the events' JSON; `blocked_by` is
    /// its ids joined by commas (`once_per_version,system_quota`), so that the record stays flat.
    package var fields: [(name: String, value: JSONValue)] {
        [
            ("policy", .string(policy)), ("policy_digest", .string(policyDigest)),
            ("decision", .string(decision.rawValue)), ("trigger", .string(trigger)),
            ("blocked_by", .string(blockedBy.joined(separator: ","))), ("event", .string(event)),
            ("scene", .string(scene)), ("source", .string(source.rawValue)),
        ] + channelField + [
            ("rollout_bucket", rolloutBucket.map(JSONValue.int) ?? .null),
            ("decided_at", .string(decidedAt.description)),
        ] + experimentFields
    }

    /// `channel`, off production only, so that production's records stay as they were.
    private var channelField: [(name: String, value: JSONValue)] {
        channel == .production ? [] : [("channel", .string(channel.rawValue))]
    }

    /// `experiment`, `arm` and `exposure` (true once, at the person's exposure), for a policy with
    /// an experiment only.
    private var experimentFields: [(name: String, value: JSONValue)] {
        guard let experiment else { return [] }
        return [
            ("experiment", .string(experiment.name)), ("arm", .string(experiment.arm)),
            ("exposure", .bool(experiment.isExposure)),
        ]
    }

    /// The fields that have a value, as strings: what an analytics SDK's parameters take.
    public var parameters: [String: String] { Self.parameters(fields) }

    /// Flat fields' values as strings (`true`/`false` for a boolean), without the absent ones.
    package static func parameters(_ fields: [(name: String, value: JSONValue)]) -> [String: String] {
        var parameters: [String: String] = [:]
        for field in fields {
            switch field.value {
            case .string(let text): parameters[field.name] = text
            case .int(let number): parameters[field.name] = String(number)
            case .bool(let flag): parameters[field.name] = String(flag)
            default: continue
            }
        }
        return parameters
    }

    /// The record as one line of JSON, every field present (`null` where it has no value).
    public var json: String {
        JSONWriter().string(.object(fields.map { (key: $0.name, value: $0.value) }))
    }
}
