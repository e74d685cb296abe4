@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite struct GuardTests {
    let state: ReviewState

    init() throws {
        state = try Fixtures.state(Fixtures.baseState)  // installed 2026-11-01T10:00:00Z
    }

    @Test func installAgeExactlyPassesAndOneSecondShortFailsSayingWhen() throws {
        let policy = try Fixtures.simplePolicy(guards: "min_install_age: 21d")
        let exact = try Fixtures.decide(policy, state, at: "2026-11-22T10:00:00Z")
        #expect(exact.isAllowed)
        let short = try Fixtures.decide(policy, state, at: "2026-11-22T09:59:59Z")
        #expect(short.blockedBy.map(\.id) == ["min_install_age"])
        #expect(short.nextEligibleAt?.description == "2026-11-22T10:00:00Z")
        #expect(short.check(.guard(.minInstallAge))?.passesAt?.description == "2026-11-22T10:00:00Z")
    }

    @Test func neverOnDefaultsToLaunchAndUserAction() throws {
        let policy = try Fixtures.policy(
            "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: 1d}")
        #expect(try Fixtures.decide(policy, state, source: .userAction).blockedBy.map(\.id) == ["never_on"])
        #expect(try Fixtures.decide(policy, state, source: .launch).blockedBy.map(\.id) == ["never_on"])
        #expect(try Fixtures.decide(policy, state, source: .system).isAllowed)
        #expect(policy.guards[.neverOn]?.location == nil)
        #expect(policy.guards.neverOn == [.launch, .userAction])
    }

    @Test func launchEventComesFromLaunch() throws {
        let policy = try Fixtures.policy(
            "reviewgate: 1\nname: t\ntriggers: {open: {event: launch, at_least: 1}}\nguards: {cooldown: 1d}")
        let decision = try Fixtures.decide(policy, state, event: "launch")
        #expect(decision.moment.source == .launch)
        #expect(decision.blockedBy.map(\.id) == ["never_on"])
    }

    @Test func minLaunchesCountsThisLaunchAndNeedsMore() throws {
        let policy = try Fixtures.policy(
            """
            reviewgate: 1
            name: t
            triggers: {open: {event: launch, at_least: 1}}
            guards: {never_on: [user_action], min_launches: 5, cooldown: 1d}
            """)
        var state = state
        state.launches = 3
        let decision = try Fixtures.decide(policy, state, event: "launch")
        #expect(decision.blockedBy.map(\.id) == ["min_launches"])
        #expect(decision.needs == [Need(event: "launch", more: 1, trigger: nil)])
        state.launches = 4
        #expect(try Fixtures.decide(policy, state, event: "launch").isAllowed)
    }

    @Test func sessionAgeUnknownFailsWithoutNextTime() throws {
        let policy = try Fixtures.simplePolicy(guards: "min_session_age: 5m")
        let unknown = try Fixtures.decide(policy, state)
        #expect(unknown.blockedBy.map(\.id) == ["min_session_age"])
        #expect(unknown.nextEligibleAt == nil)
        var started = state
        started.sessionStartedAt = Fixtures.time("2026-11-22T09:55:00Z")
        #expect(try Fixtures.decide(policy, started).isAllowed)
        #expect(
            try Fixtures.decide(policy, started, at: "2026-11-22T09:59:59Z").nextEligibleAt?.description
                == "2026-11-22T10:00:00Z")
    }

    @Test func versionAgeDefaultsToInstallTime() throws {
        let policy = try Fixtures.simplePolicy(guards: "min_version_age: 2d")
        #expect(try Fixtures.decide(policy, state, at: "2026-11-03T10:00:00Z").isAllowed)
        var updated = state
        updated.versionFirstSeenAt = Fixtures.time("2026-11-21T10:00:00Z")
        let decision = try Fixtures.decide(policy, updated)
        #expect(decision.blockedBy.map(\.id) == ["min_version_age"])
        #expect(decision.nextEligibleAt?.description == "2026-11-23T10:00:00Z")
    }

    @Test func cooldownExactlyPasses() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 7d")
        var asked = state
        asked.asks = [Ask(at: Fixtures.time("2026-11-15T10:00:00Z"), short: "0.9")]
        #expect(try Fixtures.decide(policy, asked).isAllowed)
        let early = try Fixtures.decide(policy, asked, at: "2026-11-22T09:59:59Z")
        #expect(early.blockedBy.map(\.id) == ["cooldown"])
        #expect(early.nextEligibleAt?.description == "2026-11-22T10:00:00Z")
        #expect(try Fixtures.decide(policy, state).check(.guard(.cooldown))?.passed == true)  // never asked
    }

    @Test func oncePerVersionUsesTheVersionKey() throws {
        let byBuild = try Fixtures.simplePolicy(guards: "once_per_version: true", extra: "app: {version_key: build}")
        var asked = state
        asked.asks = [Ask(at: Fixtures.time("2026-11-10T10:00:00Z"), short: "1.0", build: "0")]
        #expect(try Fixtures.decide(byBuild, asked).isAllowed)  // another build
        let byShort = try Fixtures.simplePolicy(guards: "once_per_version: true")
        let decision = try Fixtures.decide(byShort, asked)
        #expect(decision.blockedBy.map(\.id) == ["once_per_version"])
        #expect(decision.nextEligibleAt == nil)
    }

    @Test func maxAsksWindowPassesWhenTheOldestLeaves() throws {
        let policy = try Fixtures.simplePolicy(guards: "max_asks: {count: 2, per: 30d}")
        var asked = state
        asked.asks = [
            Ask(at: Fixtures.time("2026-11-02T10:00:00Z")), Ask(at: Fixtures.time("2026-11-10T10:00:00Z")),
        ]
        let decision = try Fixtures.decide(policy, asked)
        #expect(decision.blockedBy.map(\.id) == ["max_asks"])
        #expect(decision.nextEligibleAt?.description == "2026-12-02T10:00:00Z")
        #expect(try Fixtures.decide(policy, asked, at: "2026-12-02T10:00:00Z").isAllowed)
    }

    @Test func maxAsksLifetimeCannotBeWaitedOut() throws {
        let policy = try Fixtures.simplePolicy(guards: "max_asks: {count: 1}")
        var asked = state
        asked.asks = [Ask(at: Fixtures.time("2020-01-01T00:00:00Z"))]
        let decision = try Fixtures.decide(policy, asked)
        #expect(decision.blockedBy.map(\.id) == ["max_asks"])
        #expect(decision.nextEligibleAt == nil)
    }

    @Test func systemQuotaDefaultsToThreeIn365DaysOnIOSOnly() throws {
        let ios = try Fixtures.simplePolicy(guards: "cooldown: 1d")
        var asked = state
        asked.asks = ["2026-01-10T10:00:00Z", "2026-05-01T10:00:00Z", "2026-09-01T10:00:00Z"].map {
            Ask(at: Fixtures.time($0))
        }
        let decision = try Fixtures.decide(ios, asked)
        #expect(decision.blockedBy.map(\.id) == ["system_quota"])
        #expect(decision.nextEligibleAt?.description == "2027-01-10T10:00:00Z")
        let android = try Fixtures.simplePolicy(guards: "cooldown: 1d", extra: "app: {platform: android}")
        #expect(try Fixtures.decide(android, asked).isAllowed)
        let off = try Fixtures.simplePolicy(guards: "cooldown: 1d\nsystem_quota: false")
        #expect(try Fixtures.decide(off, asked).check(.guard(.systemQuota)) == nil)
    }

    @Test func nextEligibleIsWhenAllWaitsPassTogether() throws {
        let policy = try Fixtures.simplePolicy(guards: "min_install_age: 30d\ncooldown: 7d")
        var asked = state
        asked.asks = [Ask(at: Fixtures.time("2026-11-20T10:00:00Z"))]
        let decision = try Fixtures.decide(policy, asked)
        #expect(decision.blockedBy.map(\.id) == ["min_install_age", "cooldown"])
        #expect(decision.nextEligibleAt?.description == "2026-12-01T10:00:00Z")
    }

    @Test func aFailureThatWaitingCannotFixMeansNoNextTime() throws {
        let policy = try Fixtures.simplePolicy(guards: "cooldown: 7d\nonce_per_version: true")
        var asked = state
        asked.asks = [Ask(at: Fixtures.time("2026-11-20T10:00:00Z"), short: "1.0")]
        let decision = try Fixtures.decide(policy, asked)
        #expect(decision.blockedBy.map(\.id) == ["cooldown", "once_per_version"])
        #expect(decision.nextEligibleAt == nil)
    }

    @Test func killSwitchBlocksEverything() throws {
        let policy = try Fixtures.simplePolicy(extra: "enabled: false")
        let decision = try Fixtures.decide(policy, state)
        #expect(decision.blockedBy.map(\.id) == ["enabled"])
        #expect(decision.checks.count == 1)
    }

    @Test func everyGuardIsEvaluatedInTableOrder() throws {
        let policy = try Fixtures.simplePolicy(
            guards: """
                min_install_age: 60d
                min_launches: 100
                min_session_age: 1m
                min_version_age: 60d
                cooldown: 1d
                once_per_version: true
                max_asks: {count: 5}
                when: {flag: happy}
                """)
        let decision = try Fixtures.decide(policy, state)
        #expect(
            decision.blockedBy.map(\.id) == [
                "min_install_age", "min_launches", "min_session_age", "min_version_age", "when",
            ])
        #expect(
            decision.checks.map(\.id.blocker.id).prefix(11) == [
                "never_on", "min_install_age", "min_launches", "min_session_age", "min_version_age", "cooldown",
                "once_per_version", "max_asks", "system_quota", "when", "responses",
            ])
    }
}
