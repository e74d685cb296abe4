@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// `simulate --vary experiment.hash=v1,v2` and `readout` bucket with the policy's hash version
/// (Semantics §13 *Hash versions*).
@Suite struct HashVersionReplayTests {
    static let policy = """
        reviewgate: 1
        name: sample
        app: {platform: android}
        triggers:
          done: {at_least: 2}
        guards:
          cooldown: 30d
        experiment:
          name: sooner
          hash: v2
          arms:
            control: {weight: 1}
            sooner: {weight: 1, override: {triggers: {done: {at_least: 1}}}}
        """

    @Test("--vary experiment.hash makes one variant per version, each assigning by its own")
    func varyTheHash() throws {
        let loaded = try PolicyVariantsTests.loaded(Self.policy)
        let made = try PolicyVariants.make(
            loaded, path: "p.yaml", varying: try PolicyVariantsTests.varied("experiment.hash=v1,v2"),
            digest: PolicyVariantsTests.canonical)
        #expect(made.variants.map { $0.policy.experiment?.hash } == [.v1, .v2])
        #expect(made.warnings.isEmpty, "hash: v1 said is no hash_v1")
    }

    @Test("the readout's groups are the v2 buckets' arms")
    func readoutGroups() throws {
        let policy = try Fixtures.policy(Self.policy)
        let design = try #require(ReadoutDesign(policy: policy, outcomes: []))
        for id in (0..<200).map({ "user-\($0)" }) {
            let bucket = RolloutBucket.bucket(salt: "sooner", userID: id, hash: .v2)
            #expect(design.group(of: id) == (bucket < 5_000 ? 1 : 2), "\(id)")
        }
    }
}
