@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// Build channels (Semantics §16.1): the defaults by whether an OS quota applies, `block` as one check
/// after every other, `no_quota` passing the quota's, what a block records and promises, and the
/// words a product manager reads.
@Suite struct ChannelTests {
    let state: ReviewState

    init() throws {
        state = try Fixtures.state(Fixtures.baseState)  // installed 2026-11-01T10:00:00Z
    }

    /// An iOS review policy: the OS quota applies by default.
    static let ios = """
        reviewgate: 1
        name: ios
        app: {store_id: "1234567890"}
        triggers:
          done: {at_least: 1}
        guards:
          cooldown: 30d
        """

    private func decide(
        _ policy: Policy, _ state: ReviewState, on channel: Channel, at now: String = "2026-11-22T10:00:00Z"
    ) throws -> Decision {
        var moment = Moment(time: .utc(Fixtures.time(now)), event: "done")
        moment.channel = channel
        return try Evaluator.evaluate(policy, state: state, moment: moment)
    }

    @Test func testFlightBlocksAfterEveryOtherCheckWherePromptsHaveTheQuota() throws {
        let policy = try Fixtures.policy(Self.ios)
        let production = try decide(policy, state, on: .production)
        #expect(production.isAllowed)
        #expect(!production.checks.contains { $0.id == .channel })
        let testFlight = try decide(policy, state, on: .testFlight)
        #expect(!testFlight.isAllowed)
        #expect(testFlight.blockedBy == [.channel])
        // Every other check is as production makes it, the channel's just before the triggers'.
        #expect(
            testFlight.checks.map(\.id) == production.checks.map(\.id).inserting(.channel, before: .trigger(.count)))
        #expect(testFlight.nextEligibleAt == nil)
        #expect(testFlight.passingTrigger == "done")
        let text = TextExplanation().render(testFlight, policy: policy)
        #expect(text.contains("(event done, source system, channel testflight)"))
        #expect(
            text.contains(
                "channel: TestFlight never shows the App Store review dialog (channels.testflight: block, the default): the other checks show what production would decide"
            ))
    }

    @Test func aBlockIsNoGuardForCountingAndRecordsNoAsk() throws {
        let policy = try Fixtures.policy(Self.ios + "\ncounting: {while_blocked: false}")
        let decision = try decide(policy, state, on: .testFlight)
        let after = Transition.apply(decision, to: state, policy: policy)
        #expect(after.asks.isEmpty)
        #expect(after.events["done"]?.count == 1, "the donation counts, as in production")
        // The replay's verdict blocks alike and counts alike.
        var verdict = Verdict()
        var moment = decision.moment
        moment.channel = .testFlight
        try Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)
        #expect(!verdict.isAllowed && verdict.failed == 0)
        #expect(verdict.blockers == 1 << UInt32(Blocker.channel.index))
    }

    @Test func developmentPassesTheQuotaAndEveryOtherRuleHolds() throws {
        let policy = try Fixtures.policy(Self.ios)
        var asked = state
        for day in ["2026-08-01", "2026-09-01", "2026-10-01"] {
            asked.asks.append(Ask(at: Fixtures.time("\(day)T10:00:00Z"), short: "1.0"))
        }
        #expect(try decide(policy, asked, on: .production).blockedBy == [.guard(.systemQuota)])
        let development = try decide(policy, asked, on: .development)
        #expect(development.isAllowed)
        let quota = try #require(development.check(.guard(.systemQuota)))
        let words = CheckDescription(quota, of: development, policy: policy)
        #expect(words.observed == "a development build")
        #expect(
            words.message == "the OS's quota does not apply to a development build (channels.development: no_quota)")
        // The cooldown still holds on a development build.
        asked.asks.append(Ask(at: Fixtures.time("2026-11-20T10:00:00Z"), short: "1.0"))
        #expect(try decide(policy, asked, on: .development).blockedBy == [.guard(.cooldown)])
    }

    @Test(arguments: [
        "guards: {system_quota: false}", "app: {platform: android}", "prompt: survey",
    ])
    func everyChannelDecidesWhereNoQuotaApplies(_ setting: String) throws {
        let yaml = """
            reviewgate: 1
            name: no-quota
            \(setting)
            triggers:
              done: {at_least: 1}
            """
        let policy = try Fixtures.policy(yaml)
        for channel in Channel.allCases {
            let decision = try decide(policy, state, on: channel)
            #expect(decision.isAllowed, "\(setting) on \(channel)")
            #expect(!decision.checks.contains { $0.id == .channel })
        }
    }

    @Test func writtenChannelsWinAndSayWhere() throws {
        let policy = try Fixtures.policy(
            Self.ios
                + "\nchannels:\n  testflight: no_quota\n  development: block\nlint: {allow: [channel_decide_testflight]}"
        )
        #expect(try decide(policy, state, on: .testFlight).isAllowed)
        let development = try decide(policy, state, on: .development)
        #expect(development.blockedBy == [.channel])
        let check = try #require(development.check(.channel))
        #expect(check.location?.line == 10)
        #expect(
            CheckDescription(check, of: development, policy: policy).message
                == "channels.development: block: this policy never asks in a development build; the other checks show what production would decide"
        )
    }

    @Test func extendsMergesChannelsKeyByKey() throws {
        let loaded = try Fixtures.loadBudget([
            "base.yaml": Self.ios + "\nchannels: {testflight: decide, development: block}",
            "child.yaml": """
            reviewgate: 1
            name: child
            extends: base.yaml
            channels: {testflight: no_quota}
            """,
            "b.yaml": """
            reviewgate_budget: 1
            name: b
            prompts:
              review: {priority: 50, policy: child.yaml}
            """,
        ])
        let policy = try #require(loaded.budget.prompt(named: "review")?.policy)
        #expect(policy.channelAction(for: .testFlight).value == .noQuota)
        #expect(policy.channelAction(for: .development).value == .block)
    }

    @Test func aBudgetsPromptFillsWhatItsPolicyLeavesOutAndBlocksAWant() throws {
        let loaded = try Fixtures.loadBudget([
            "r.yaml": Self.ios + "\nchannels: {development: decide}",
            "b.yaml": """
            reviewgate_budget: 1
            name: b
            prompts:
              paywall: {priority: 80, channels: {testflight: block}}
              review: {priority: 50, policy: r.yaml, channels: {testflight: no_quota, development: block}}
            """,
        ])
        let budget = loaded.budget
        let review = try #require(budget.prompt(named: "review")?.policy)
        #expect(review.channelAction(for: .testFlight).value == .noQuota, "the budget's, which the policy leaves out")
        #expect(review.channelAction(for: .development).value == .decide, "the policy's own wins")
        var moment = Moment(time: .utc(Fixtures.time("2026-11-22T10:00:00Z")))
        moment.channel = .testFlight
        let arbitration = try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: ["paywall"])
        #expect(arbitration.granted == nil)
        let paywall = try #require(arbitration.candidates.first)
        #expect(paywall.blockedBy == ["channel"])
        #expect(!paywall.isBlockedByBudget)
        #expect(DecisionEvent(paywall, of: budget, moment: moment).blockedBy == ["channel"])
        // In production, and in development where the paywall decides, it is granted.
        moment.channel = .development
        #expect(try Arbiter.arbitrate(budget, state: state, moment: moment, wanted: ["paywall"]).granted == "paywall")
    }

    @Test func aBudgetsPromptChannelsReachEveryArmAndAreWarnedOf() throws {
        let loaded = try Fixtures.loadBudget([
            "r.yaml": Self.ios + """

                experiment:
                  name: cool
                  arms:
                    short: {weight: 5000, override: {guards: {cooldown: 7d}}}
                    long: {weight: 5000}
                """,
            "b.yaml": """
            reviewgate_budget: 1
            name: b
            prompts:
              review: {priority: 50, policy: r.yaml, channels: {testflight: decide}}
            """,
        ])
        let review = try #require(loaded.budget.prompt(named: "review")?.policy)
        let arms = try #require(review.experiment?.arms)
        #expect(arms.allSatisfy { $0.policy.channelAction(for: .testFlight).value == .decide })
        var person = state
        person.userID = "person-1"
        var moment = Moment(time: .utc(Fixtures.time("2026-11-22T10:00:00Z")), event: "done")
        moment.channel = .testFlight
        let arbitration = try Arbiter.arbitrate(loaded.budget, state: person, moment: moment)
        #expect(arbitration.granted == "review", "the person's arm decides on TestFlight as the budget says")
        let warning = try #require(loaded.warnings.first { $0.message.hasSuffix("[channel_decide_testflight]") })
        #expect(warning.location?.line == 4)
    }

    @Test func aBlockingChannelExposesNoOne() throws {
        let policy = try Fixtures.policy(
            Self.ios + """

                experiment:
                  name: cool
                  arms:
                    short: {weight: 5000, override: {guards: {cooldown: 7d}}}
                    long: {weight: 5000}
                """)
        var person = state
        person.userID = "person-1"
        person.asks = [Ask(at: Fixtures.time("2026-11-12T10:00:00Z"), short: "1.0")]
        // Ten days after an ask, the arms differ: production exposes, TestFlight does not.
        #expect(try decide(policy, person, on: .production).experiment?.isExposure == true)
        let testFlight = try decide(policy, person, on: .testFlight)
        #expect(testFlight.experiment?.isExposure == false)
        #expect(testFlight.blockedBy.last == .channel)
        var moment = testFlight.moment
        moment.channel = .testFlight
        let experiment = try #require(policy.experiment)
        #expect(!Evaluator.isExposure(experiment, heldOut: false, state: person, moment: moment))
    }

    @Test func theDecisionsOutputsNameTheChannelOffProductionOnly() throws {
        let policy = try Fixtures.policy(Self.ios)
        let production = try decide(policy, state, on: .production)
        let testFlight = try decide(policy, state, on: .testFlight)
        #expect(!DecisionEvent(production, policy: policy).fields.contains { $0.name == "channel" })
        let fields = DecisionEvent(testFlight, policy: policy).fields.map(\.name)
        #expect(fields.firstIndex(of: "channel") == fields.firstIndex(of: "source").map { $0 + 1 })
        #expect(DecisionEvent(testFlight, policy: policy).parameters["blocked_by"] == "channel")
        #expect(!JSONExplanation.render(production, policy: policy).contains("\"channel\""))
        let json = JSONExplanation.render(testFlight, policy: policy)
        #expect(json.contains("\"source\": \"system\",\n    \"channel\": \"testflight\""), "\(json)")
        #expect(!TextExplanation().render(production, policy: policy).contains("channel"))
    }

    @Test func validateWarnsOfTestFlightDecidingWhereTheQuotaApplies() throws {
        let warned = try Fixtures.warnings(Self.ios + "\nchannels: {testflight: decide}")
        let warning = try #require(warned.first { $0.rule == .channelDecideTestflight })
        #expect(warning.location?.line == 8)
        // No quota, no warning.
        let android = Self.ios.replacingOccurrences(of: "store_id: \"1234567890\"", with: "platform: android")
        #expect(
            !(try Fixtures.warnings(android + "\nchannels: {testflight: decide}")).contains {
                $0.rule == .channelDecideTestflight
            })
        // Production is no key (it always decides), refused at its line; so is an action not known.
        let production = Fixtures.errors(Self.ios + "\nchannels: {production: block}")
        #expect(production.first?.location?.line == 8)
        #expect(production.first?.message.contains("production") == true)
        let unknown = Fixtures.errors(Self.ios + "\nchannels: {testflight: hide}")
        #expect(
            unknown.first?.message == "channels.testflight must be decide, block or no_quota; found the string \"hide\""
        )
    }
}

extension Array where Element == Check.ID {
    /// The ids with `id` inserted before the first `before`.
    fileprivate func inserting(_ id: Check.ID, before: Check.ID) -> [Check.ID] {
        var ids = self
        ids.insert(id, at: ids.firstIndex(of: before) ?? ids.count)
        return ids
    }
}
