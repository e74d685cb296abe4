@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// Decision events (Semantics §9): one flat record per decision, for the app's analytics.
@Suite struct DecisionEventTests {
    @Test func anAllowNamesItsTriggerAndTheRolloutBucket() throws {
        var policy = try Fixtures.simplePolicy(extra: "rollout: {percent: 100, salt: s}")
        policy.digest = "sha256:" + String(repeating: "0", count: 64)
        let state = try Fixtures.state(Fixtures.baseState + "\nuser_id: u1")
        let event = DecisionEvent(try Fixtures.decide(policy, state, scene: "Home"), policy: policy)
        #expect(event.decision == .allow)
        #expect(event.trigger == "done")
        #expect(event.blockedBy.isEmpty)
        #expect(event.rolloutBucket == RolloutBucket.bucket(salt: "s", userID: "u1", hash: .v1))
        #expect(
            event.json
                == #"{"policy":"t","policy_digest":"sha256:0000000000000000000000000000000000000000000000000000000000000000","decision":"allow","trigger":"done","blocked_by":"","event":"done","scene":"Home","source":"system","rollout_bucket":\#(event.rolloutBucket!),"decided_at":"2026-11-22T10:00:00Z"}"#
        )
    }

    @Test func aBlockNamesTheTriggerTheGuardsStoppedAndEveryBlocker() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 30d\nmin_launches: 99")
        let state = try Fixtures.state(Fixtures.baseState + "\nasks: [{at: 2026-11-20T10:00:00Z}]")
        let event = DecisionEvent(try Fixtures.decide(policy, state), policy: policy)
        #expect(event.decision == .block)
        #expect(event.trigger == "done")
        #expect(event.blockedBy == ["min_launches", "cooldown"])
        #expect(
            event.fields.first { $0.name == "blocked_by" }.map { JSONWriter().string($0.value) }
                == #""min_launches,cooldown""#)
        // No digest, no scene, no rollout: absent from the parameters an SDK takes, null in JSON.
        #expect(event.parameters["policy_digest"] == nil)
        #expect(event.parameters["rollout_bucket"] == nil)
        #expect(event.parameters["blocked_by"] == "min_launches,cooldown")
        #expect(event.json.contains(#""scene":null"#))
    }
}
