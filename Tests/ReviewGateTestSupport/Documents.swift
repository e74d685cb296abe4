import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateYAML

/// Policies, states and moments from short YAML snippets, read as the command line reads files.
package enum Fixtures {
    /// A well-formed digest that is no policy's: a compiled text with it is refused when loaded
    /// (its digest is worked out again), so it serves only where loading must fail for another
    /// reason first. ``compiledText(_:)`` writes the real one.
    package static let digest = "sha256:" + String(repeating: "ab", count: 32)

    /// The compiled text of a loaded policy, as `reviewgate compile` writes it: with its real
    /// digest (the core's portable SHA-256, the same as the CLI's swift-crypto).
    package static func compiledText(_ loaded: PolicyLoader.Result) -> String {
        let compiled = CompiledPolicy(loaded)
        return compiled.text(digest: compiled.digest)
    }

    /// The compiled form of the policy at `path` (relative to the repository), as `reviewgate
    /// compile` writes it: what an app's bundle carries.
    package static func compiledBytes(_ path: String) throws -> [UInt8] {
        Array(compiledText(try PolicyLoader.files(documents).load(path: Repository.path(path))).utf8)
    }

    /// The scenario files shipped under `policies/`.
    package static let shippedScenarios: [String] =
        (try? ScenarioFiles.find(in: [Repository.path("policies")])) ?? []

    /// The shipped scenarios that test one policy (`policy:`), not a budget (`budget:`).
    package static let shippedPolicyScenarios: [String] = shippedScenarios.filter { path in
        !((try? String(contentsOfFile: path, encoding: .utf8))?.contains("\nbudget: ") ?? false)
    }

    /// Files read as YAML under Semantics §7's limits, as the command line reads them.
    package static let documents = DocumentFiles(parse: YAMLLoader().loadDocument)

    /// The single document of a snippet.
    package static func document(_ yaml: String, file: String = "p.yaml") throws -> DocumentNode {
        try YAMLLoader().loadDocument(Array(yaml.utf8), file: file)
    }

    /// A policy from a snippet.
    package static func policy(_ yaml: String, file: String = "p.yaml") throws -> Policy {
        try PolicyLoader.decode(document(yaml, file: file)).policy
    }

    /// The warnings of a valid policy.
    package static func warnings(_ yaml: String) throws -> [Diagnostic] {
        try PolicyLoader.decode(document(yaml)).warnings
    }

    /// The diagnostics of a policy that must not decode (empty when it does).
    package static func errors(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try PolicyLoader.decode(document(yaml))
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics
        } catch {
            return [.error("\(error)", at: nil)]
        }
    }

    /// A state from a snippet.
    package static func state(_ yaml: String, versionKey: VersionKey = .short) throws -> ReviewState {
        try StateDecoder.decode(document(yaml, file: "s.yaml"), versionKey: versionKey)
    }

    /// A time from RFC 3339 text.
    package static func time(_ text: String) -> Timestamp {
        Timestamp(rfc3339: text)!
    }

    /// A minimal policy: one trigger `done` at least `n`, the given guards block, nothing else.
    package static func simplePolicy(guards: String = "", extra: String = "", trigger: String = "at_least: 1") throws
        -> Policy
    {
        try policy(
            """
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

    /// The smallest state the tests build on: installed 2026-11-01T10:00:00Z, version 1.0 build 1.
    package static let baseState = """
        reviewgate_state: 1
        installed_at: 2026-11-01T10:00:00Z
        app: {short: "1.0", build: "1"}
        """

    /// Decides a moment (by default the donation of `done` at 2026-11-22T10:00:00Z).
    package static func decide(
        _ policy: Policy, _ state: ReviewState, at now: String = "2026-11-22T10:00:00Z", event: String? = "done",
        trigger: String? = nil, scene: String? = nil, source: MomentSource? = nil
    ) throws -> Decision {
        try Evaluator.evaluate(
            policy, state: state,
            moment: Moment(
                time: .utc(time(now)),
                subject: trigger.map(Moment.Subject.trigger) ?? event.map(Moment.Subject.event) ?? .everyTrigger,
                scene: scene, source: source))
    }
}

extension Decision {
    /// The check with an id (and trigger), for assertions.
    package func check(_ id: Check.ID, trigger: String? = nil) -> Check? {
        checks.first { $0.id == id && (trigger == nil || $0.trigger == trigger) }
    }
}
