@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite struct RolloutTests {
    /// Published FNV-1a 64-bit test vectors (Fowler, Noll, Vo).
    @Test(arguments: [
        ("", UInt64(0xcbf2_9ce4_8422_2325)), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ])
    func fnv1a64MatchesPublishedVectors(_ input: String, _ hash: UInt64) {
        #expect(RolloutBucket.fnv1a64(input.utf8) == hash)
    }

    /// MurmurHash3's 64-bit finalizer: 0 is its fixed point; 1's value is the published one.
    @Test func mixIsMurmurHash3Finalizer() {
        #expect(RolloutBucket.mix(0) == 0)
        #expect(RolloutBucket.mix(1) == 0xb456_bcfc_34c2_cb2c)
    }

    /// Buckets worked out apart from the library (Python's integers), under both versions: v2 is
    /// v1's FNV-1a value mixed, then modulo 10,000 (Semantics §13 *Hash versions*).
    @Test(arguments: [
        ("apple-sample", "u-8c1f", 930, 5561), ("ask-earlier-2026q1", "user-4402", 0, 9190), ("s", "u1", 7458, 7644),
        ("review-rollout", "s7-u12", 2122, 2261),
    ])
    func bucketsUnderBothVersions(_ salt: String, _ userID: String, _ v1: Int, _ v2: Int) {
        #expect(RolloutBucket.bucket(salt: salt, userID: userID, hash: .v1) == v1)
        #expect(RolloutBucket.bucket(salt: salt, userID: userID, hash: .v2) == v2)
    }

    @Test func bucketHashesSaltColonUserID() {
        let joined = RolloutBucket.fnv1a64("apple-sample:u-8c1f".utf8) % 10_000
        #expect(RolloutBucket.bucket(salt: "apple-sample", userID: "u-8c1f", hash: .v1) == Int(joined))
    }

    @Test func rolloutPassesBelowPercentTimesHundred() throws {
        let bucket = RolloutBucket.bucket(salt: "s", userID: "u1", hash: .v1)
        let state = try Fixtures.state(Fixtures.baseState + "\nuser_id: u1")
        let percentAtBucket = Double(bucket) / 100
        let exact = try Fixtures.simplePolicy(extra: "rollout: {percent: \(percentAtBucket), salt: s}")
        #expect(try Fixtures.decide(exact, state).check(.rollout)?.passed == false)  // bucket < bucket fails
        let above = try Fixtures.simplePolicy(extra: "rollout: {percent: \(percentAtBucket + 0.01), salt: s}")
        #expect(try Fixtures.decide(above, state).check(.rollout)?.passed == true)
    }

    /// 1.1 × 100 is 110.00000000000001 in floating point; the limit is worked out from the
    /// decimal as written, so bucket 110 is out on every platform.
    @Test(arguments: [
        ("1.1", 110), ("0.07", 7), ("12.345", 1235), ("50", 5000), ("100", 10_000), ("0", 0), ("99.99", 9999),
    ])
    func bucketLimitIsExactFromTheDecimal(_ percent: String, _ limit: Int) throws {
        let policy = try Fixtures.simplePolicy(extra: "rollout: {percent: \(percent)}")
        #expect(policy.rollout?.bucketLimit == limit)
    }

    @Test func rolloutWithoutUserIDFails() throws {
        let policy = try Fixtures.simplePolicy(extra: "rollout: {percent: 100}")
        let decision = try Fixtures.decide(policy, Fixtures.state(Fixtures.baseState))
        #expect(decision.blockedBy.map(\.id) == ["rollout"])
        #expect(decision.nextEligibleAt == nil)
    }

    @Test func saltDefaultsToPolicyName() throws {
        let policy = try Fixtures.simplePolicy(extra: "rollout: {percent: 50}")
        #expect(policy.rollout?.salt == "t")
    }
}
