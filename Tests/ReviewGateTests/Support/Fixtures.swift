import ReviewGate
import ReviewGateYAML
import Testing

/// Builds policies, states and moments from short YAML snippets for tests.
enum Fixtures {
    static func policy(_ yaml: String, file: String = "p.yaml") throws -> Policy {
        try PolicyLoader.decode(YAMLLoader().loadDocument(Array(yaml.utf8), file: file)).policy
    }

    static func warnings(_ yaml: String) throws -> [Diagnostic] {
        try PolicyLoader.decode(YAMLLoader().loadDocument(Array(yaml.utf8), file: "p.yaml")).warnings
    }

    /// The diagnostics of a policy that must not decode.
    static func errors(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try PolicyLoader.decode(YAMLLoader().loadDocument(Array(yaml.utf8), file: "p.yaml"))
            return []
        } catch {
            return error.diagnostics
        }
    }

    static func state(_ yaml: String, versionKey: VersionKey = .short) throws -> ReviewState {
        try StateDecoder.decode(YAMLLoader().loadDocument(Array(yaml.utf8), file: "s.yaml"), versionKey: versionKey)
    }

    static func time(_ text: String) -> Timestamp {
        Timestamp(rfc3339: text)!
    }

    /// A minimal policy: one trigger `done` at least `n`, the given guards block, nothing else.
    static func simplePolicy(guards: String = "", extra: String = "", trigger: String = "at_least: 1") throws -> Policy {
        try policy("""
            reviewgate: 1
            name: t
            triggers:
              done: {\(trigger)}
            guards:
              never_on: [user_action]
            \(guards.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            \(extra)
            """)
    }

    static let baseState = """
        reviewgate_state: 1
        installed_at: 2026-11-01T10:00:00Z
        app: {short: "1.0", build: "1"}
        """

    static func decide(
        _ policy: Policy, _ state: ReviewState, at now: String = "2026-11-22T10:00:00Z", event: String? = "done",
        trigger: String? = nil, scene: String? = nil, source: MomentSource? = nil
    ) throws -> Decision {
        try Evaluator.evaluate(
            policy, state: state,
            moment: Moment(now: time(now), event: event, trigger: trigger, scene: scene, source: source))
    }
}

extension Decision {
    /// The check with an id, for assertions.
    func check(_ id: Check.ID, trigger: String? = nil) -> Check? {
        checks.first { $0.id == id && (trigger == nil || $0.trigger == trigger) }
    }
}
