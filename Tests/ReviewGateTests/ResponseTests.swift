@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite struct ResponseTests {
    private func decide(_ responses: String, kind: ResponseKind, at: String, versionSince: String? = nil) throws
        -> Decision
    {
        let policy = try Fixtures.simplePolicy(
            guards: "cooldown: 1s", extra: responses.isEmpty ? "" : "responses: \(responses)")
        var state = try Fixtures.state(Fixtures.baseState)
        state.responses = [Response(at: Fixtures.time(at), kind: kind)]
        state.versionFirstSeenAt = versionSince.map(Fixtures.time)
        return try Fixtures.decide(policy, state)
    }

    @Test func ratedBlocksUntilTheNextVersionByDefault() throws {
        let sameVersion = try decide("", kind: .rated, at: "2026-11-10T10:00:00Z")
        #expect(sameVersion.blockedBy.map(\.id) == ["responses"])
        #expect(sameVersion.nextEligibleAt == nil)
        #expect(
            try decide("", kind: .rated, at: "2026-11-10T10:00:00Z", versionSince: "2026-11-15T00:00:00Z").isAllowed)
    }

    @Test func ratedNeverBlocksForGood() throws {
        let decision = try decide(
            "{after_rated: never}", kind: .rated, at: "2026-11-02T10:00:00Z", versionSince: "2026-11-15T00:00:00Z")
        #expect(decision.blockedBy.map(\.id) == ["responses"])
    }

    @Test func declinedNeverBlocksEvenAfterAnUpdate() throws {
        let decision = try decide(
            "{after_declined: never}", kind: .declined, at: "2026-11-02T10:00:00Z", versionSince: "2026-11-15T00:00:00Z"
        )
        #expect(decision.blockedBy.map(\.id) == ["responses"])
        #expect(decision.nextEligibleAt == nil)
    }

    @Test func declinedWithADurationCanBeWaitedOut() throws {
        let decision = try decide("{after_declined: 30d}", kind: .declined, at: "2026-11-10T10:00:00Z")
        #expect(decision.blockedBy.map(\.id) == ["responses"])
        #expect(decision.nextEligibleAt?.description == "2026-12-10T10:00:00Z")
    }

    @Test func laterWaitsOneDayByDefault() throws {
        let decision = try decide("", kind: .later, at: "2026-11-21T10:00:01Z")
        #expect(decision.nextEligibleAt?.description == "2026-11-22T10:00:01Z")
        #expect(try decide("", kind: .later, at: "2026-11-21T10:00:00Z").isAllowed)
    }

    @Test func declinedNextVersionPassesAfterAnUpdate() throws {
        #expect(try decide("", kind: .declined, at: "2026-11-10T10:00:00Z").blockedBy.map(\.id) == ["responses"])
        #expect(
            try decide("", kind: .declined, at: "2026-11-10T10:00:00Z", versionSince: "2026-11-20T00:00:00Z").isAllowed)
    }
}
