/// Policy-like YAML generated in memory: the input every loader benchmark reads.
///
/// One document holding a `policies:` sequence of mappings shaped like the shipped policies:
/// comments, nested block mappings, flow lists and a flow mapping, plain, quoted and literal
/// scalars, durations and numbers. Names carry the policy's index so no mapping key repeats.
enum PolicyCorpus {
    /// The size the benchmarks use: a few MB, far past Semantics §7's 1 MiB, so per-call costs vanish.
    static let benchmarkBytes = 4 << 20

    /// A YAML stream of at least `minimumBytes` bytes.
    static func yaml(minimumBytes: Int) -> [UInt8] {
        var text = """
            # yaml-language-server: $schema=../schemas/policy.schema.json
            # Generated for the loader benchmarks: many policies in one document.
            reviewgate: 1
            policies:

            """
        text.reserveCapacity(minimumBytes + 2048)
        var index = 0
        while text.utf8.count < minimumBytes {
            text += policy(index)
            index += 1
        }
        return Array(text.utf8)
    }

    private static func policy(_ index: Int) -> String {
        let count = index % 7 + 1
        let days = index % 30 + 1
        return """
              # Policy \(index): ask on the \(count)th completed level, at most once per build.
              - name: policy-\(index)
                description: "Ask on completed level \(count) of scene Level\(index), once per build."
                app:
                  store_id: "\(1_000_000_000 + index)"
                  version_key: \(index.isMultiple(of: 2) ? "build" : "short")
                triggers:
                  level_completed_\(index):
                    event: level_completed
                    at_least: \(count)
                    scenes: [LevelComplete, Summary, Level\(index)]
                  session_ended_\(index):
                    event: session_ended
                    exactly: \(count + 2)
                guards:
                  never_on: [launch, user_action]
                  cooldown: \(days)d
                  min_install_age: \(days * 2)d
                  once_per_version: true
                  system_quota: {max: 3, per: 365d}
                presentation:
                  delay: \(index % 5)s
                  require_same_scene: \(index.isMultiple(of: 3))
                counting:
                  while_blocked: false
                notes:
                  - 'variant \(index): single-quoted, with a colon'
                  - |
                    A literal block scalar
                    over two lines (\(index)).

            """
    }
}
