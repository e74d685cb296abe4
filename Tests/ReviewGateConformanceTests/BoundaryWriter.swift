@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance
import ReviewGateTestSupport

/// Writes boundary cases (Semantics §18): a policy of a few lines, a state in YAML, a moment, each case
/// named after the edge it sits on (`evaluation/b-cooldown-at-edge`).
struct BoundaryWriter {
    var builder: KitBuilder
    /// The moment every case is decided at, unless it says otherwise: 2026-06-15T12:00:00Z.
    static let now = Timestamp(rfc3339: "2026-06-15T12:00:00Z")!

    /// `now` moved by `seconds` (negative: earlier), as RFC 3339 text.
    static func at(_ seconds: Int64, from base: Timestamp = now) -> String {
        (base + TimeSpan(seconds: seconds)).description
    }

    static let day: Int64 = 86_400

    /// Adds the policy `b-NAME`: `reviewgate: 1`, its name, then `body`; its id.
    @discardableResult
    mutating func policy(_ name: String, _ body: String) -> String {
        let id = "b-\(name)"
        guard builder.addPolicy(id: id, yaml: "reviewgate: 1\nname: \(id)\n\(body)\n") != nil else {
            fatalError("the boundary policy \(id) does not validate:\n\(body)")
        }
        return id
    }

    /// A policy on android (no OS quota) with one trigger `done` and `guards`: the check under test
    /// alone.
    @discardableResult
    mutating func simple(_ name: String, trigger: String = "at_least: 1", guards: String = "", extra: String = "")
        -> String
    {
        policy(
            name,
            "app: {platform: android}\ntriggers:\n  done: {\(trigger)}\n"
                + (guards.isEmpty ? "" : "guards: {\(guards)}\n")
                + extra)
    }

    /// A state: installed at `installed` (RFC 3339), version 1.0 build 100, then `body`'s lines.
    static func state(installed: String = at(-30 * day), _ body: String = "") -> String {
        "reviewgate_state: 1\ninstalled_at: \(installed)\napp: {short: \"1.0\", build: \"100\"}\n\(body)"
    }

    /// A case of `area` (evaluation, or record of the moment) at the edge `name`.
    mutating func moment(
        _ area: ConformanceArea = .evaluation, _ name: String, policy: String, state: String,
        now: String = BoundaryWriter.now.description, event: String? = "done", trigger: String? = nil,
        scene: String? = nil, source: MomentSource? = nil, channel: Channel = .production, tags: [String] = []
    ) {
        guard let time = LocalTime(rfc3339: now) else { fatalError("the boundary case \(name) has no time: \(now)") }
        var moment =
            trigger.map { Moment(time: time, trigger: $0, scene: scene, source: source) }
            ?? Moment(time: time, event: event, scene: scene, source: source)
        moment.channel = channel
        var inputs: [(key: String, value: JSONValue)] = [
            ("policy", .string(policy)), ("state", stateJSON(name, state, policy: policy)),
        ]
        var caseTags = builder.tags(of: policy) + tags
        if channel != .production { caseTags.append("channels") }
        if area == .evaluation {
            inputs.append(("moment", ConformanceAnswers.json(moment)))
        } else {
            inputs.append(("action", .object([("moment", ConformanceAnswers.json(moment))])))
            caseTags.append("record")
        }
        builder.add(area, id: "\(area.rawValue)/b-\(name)", kind: .boundary, tags: caseTags, inputs: inputs)
    }

    /// The same edge as an evaluation and as a record (`evaluation/b-NAME`, `record/b-NAME`).
    mutating func both(
        _ name: String, policy: String, state: String, now: String = BoundaryWriter.now.description,
        event: String? = "done", scene: String? = nil, channel: Channel = .production
    ) {
        moment(.evaluation, name, policy: policy, state: state, now: now, event: event, scene: scene, channel: channel)
        moment(.record, name, policy: policy, state: state, now: now, event: event, scene: scene, channel: channel)
    }

    /// A record of an answer or a new version at the edge `name`.
    mutating func action(_ name: String, policy: String, state: String, action: JSONValue) {
        builder.add(
            .record, id: "record/b-\(name)", kind: .boundary, tags: builder.tags(of: policy) + ["record"],
            inputs: [
                ("policy", .string(policy)), ("state", stateJSON(name, state, policy: policy)), ("action", action),
            ])
    }

    /// The state `yaml` of the case `name` as a case's JSON, read with the version key of `policy`
    /// (or of `budget`).
    func stateJSON(_ name: String, _ yaml: String, policy: String? = nil, budget: String? = nil) -> JSONValue {
        let versionKey =
            policy.map { builder.decoded[$0]!.app.versionKey } ?? builder.decodedBudgets[budget!]!.versionKey
        guard let state = try? Fixtures.state(yaml, versionKey: versionKey) else {
            fatalError("the boundary case \(name) has a state that does not read:\n\(yaml)")
        }
        return ConformanceAnswers.stateJSON(state)
    }

    /// A bucket vector at the edge `name`.
    mutating func bucket(_ name: String, salt: String, userID: String, hash: HashVersion) {
        builder.add(
            .buckets, id: "buckets/b-\(name)", kind: .boundary,
            tags: hash == .v1 ? ["rollout"] : ["rollout", "hash_v2"],
            inputs: [("salt", .string(salt)), ("user_id", .string(userID)), ("hash", .string(hash.rawValue))])
    }

    /// The first id `PREFIX-N` whose bucket under `salt` and `hash` is `bucket`.
    static func person(inBucket bucket: Int, salt: String, hash: HashVersion, prefix: String = "edge") -> String {
        var number = 0
        while RolloutBucket.bucket(salt: salt, userID: "\(prefix)-\(number)", hash: hash) != bucket { number += 1 }
        return "\(prefix)-\(number)"
    }
}
