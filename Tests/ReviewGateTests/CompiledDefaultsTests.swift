@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// Semantics §9 *Compatibility*: the compiled form writes out the defaults of the keys 0.4.0 knew, and of
/// no other key, so that a key added later (a new guard: the documented way adds a case that the
/// compiler follows to `PolicyDefaults`) is written only when a policy sets it, and every policy
/// compiled or signed by an earlier release keeps its digest (`ReleasedDefaults`).
@Suite struct CompiledDefaultsTests {
    /// The keys whose defaults 0.4.0 wrote when a policy left them out, by mapping: pinned here,
    /// since every compiled policy's digest depends on them. They never change: a key added to a
    /// mapping changes the digest of every policy that leaves it out.
    static let keysOf040: [String: Set<String>] = [
        "": ["description", "enabled", "app", "guards", "responses", "counting", "presentation", "rollout", "lint"],
        "/app": ["store_id", "package", "version_key", "platform"],
        "/guards": [
            "never_on", "min_install_age", "min_launches", "min_session_age", "min_version_age", "cooldown",
            "once_per_version", "max_asks", "system_quota", "when",
        ],
        "/guards/max_asks": ["per"],
        "/responses": ["after_rated", "after_declined", "after_later"],
        "/counting": ["while_blocked", "reset_on_new_version"],
        "/presentation": ["delay", "require_same_scene"],
        "/rollout": ["salt"],
        "/lint": ["allow"],
        "/requires": ["app_version", "library_version"],
        "/triggers/t": ["event", "within", "scenes", "when"],
    ]

    /// The keys of each mapping of a policy's canonical form, by JSON Pointer.
    static func keys(_ yaml: String) throws -> [String: Set<String>] {
        let result = try PolicyLoader.decode(Fixtures.document(yaml))
        let canonical = try JSONReader().loadDocument(CompiledPolicy(result).digestedBytes, file: "c.json")
        var keys: [String: Set<String>] = [:]
        func walk(_ node: DocumentNode, _ pointer: String) {
            guard let entries = node.mapping else { return }
            keys[pointer] = Set(entries.compactMap(\.key.string))
            for entry in entries { walk(entry.value, "\(pointer)/\(entry.key.string ?? "")") }
        }
        walk(canonical, "")
        return keys
    }

    /// Every mapping of a policy that sets nothing it need not: what it sets, and 0.4.0's defaults.
    @Test(arguments: ["ios", "android"])
    func aPolicyThatSetsNothingIsWrittenWithTheDefaultsOf040Alone(_ platform: String) throws {
        let keys = try Self.keys(
            "reviewgate: 1\nname: n\napp: {platform: \(platform)}\ntriggers:\n  t: {at_least: 1}\n")
        let set: [String: Set<String>] = ["": ["reviewgate", "name", "triggers"], "/triggers/t": ["at_least"]]
        for pointer in ["", "/app", "/guards", "/responses", "/counting", "/presentation", "/lint", "/triggers/t"] {
            let expected = Self.keysOf040[pointer]!.union(set[pointer] ?? [])
            #expect(keys[pointer] == expected, "at \(pointer == "" ? "the top" : pointer)")
        }
        // A mapping 0.4.0 wrote only when set is absent: requires, prompt, experiment, rollout's.
        #expect(keys["/requires"] == nil && keys["/rollout"] == nil && keys["/experiment"] == nil)
    }

    /// A mapping the policy sets part of is written with 0.4.0's defaults of the rest.
    @Test func aMappingSetInPartIsWrittenWithTheDefaultsOf040OfTheRest() throws {
        let keys = try Self.keys(
            """
            reviewgate: 1
            name: n
            requires: {app_version: "1.0"}
            triggers:
              t: {at_least: 1}
            guards:
              max_asks: {count: 1}
            rollout: {percent: 50}
            """)
        let set: [String: Set<String>] = [
            "/requires": ["app_version"], "/guards/max_asks": ["count"], "/rollout": ["percent"],
        ]
        for (pointer, written) in set {
            #expect(keys[pointer] == Self.keysOf040[pointer]!.union(written), "at \(pointer)")
        }
        #expect(keys[""]?.isSuperset(of: ["requires", "rollout", "guards"]) == true)
    }

    /// A key that 0.4.0 did not write when unset, found absent in a compiled policy, reads as its
    /// default: the policy and its digest are those of the YAML that leaves it out.
    @Test func aKeyWrittenOnlyWhenSetReadsAbsentAsItsDefault() throws {
        let yaml = "reviewgate: 1\nname: n\ntriggers:\n  t: {at_least: 1}\n"
        let result = try PolicyLoader.decode(Fixtures.document(yaml))
        let compiled = CompiledPolicy(result)
        let text = compiled.text(digest: PortableSHA256.policyDigest(compiled.digestedBytes))
        #expect(!text.contains("\"requires\"") && !text.contains("\"prompt\"") && !text.contains("\"experiment\""))
        let loaded = try CompiledPolicy.loadResult(
            Array(text.utf8), file: "n.json", digest: PortableSHA256.policyDigest)
        #expect(loaded.policy.prompt == Ask.review)
        #expect(loaded.policy.requires.appVersion == nil && loaded.policy.experiment == nil)
        #expect(CompiledPolicy(loaded).digestedBytes == compiled.digestedBytes)
    }
}
