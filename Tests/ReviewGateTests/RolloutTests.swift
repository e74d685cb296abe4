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

    @Test func bucketHashesSaltColonUserID() {
        let joined = RolloutBucket.fnv1a64("apple-sample:u-8c1f".utf8) % 10_000
        #expect(RolloutBucket.bucket(salt: "apple-sample", userID: "u-8c1f") == Int(joined))
    }

    @Test func rolloutPassesBelowPercentTimesHundred() throws {
        let bucket = RolloutBucket.bucket(salt: "s", userID: "u1")
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
