import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §11 *Flags and attributes*: set through the prompter, under the state's lock and in order
/// with its moments, as a scenario's `set` step does; an app never opens the state file itself.
@Suite("Prompter: flags and attributes", .hangGuard)
struct FlagsAttributesTests {
    /// The first policy of *Writing a policy*, as the guide has it.
    static func guidePolicy() throws -> Policy {
        let first = try #require(DocumentationPages.basePolicy)
        return try Fixtures.policy(first.lines.joined(separator: "\n"), file: first.page)
    }

    @Test("the guide's first policy: crashed_recently blocks, plan must be pro or team; set through the prompter")
    func guidePolicyThroughThePrompter() async throws {
        let policy = try Self.guidePolicy()
        #expect(policy.name == "my-app")
        // One of the 25% the policy's rollout asks.
        let userID = try #require(
            (0..<100).map { "user-\($0)" }.first {
                RolloutBucket.bucket(salt: "spring-2026", userID: $0, hash: .v1) < 2500
            })
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: policy, userID: userID, version: AppVersion(short: "2.0", build: "2.0"))
        for _ in 0..<5 {
            await prompter.launched(scene: "Home")
            await harness.advance(by: .seconds(5 * 86_400))
        }
        await prompter.background()
        await prompter.launched(scene: "TaskList")
        await harness.advance(by: .seconds(180))
        // Three completions count towards the fourth (counting.while_blocked: false counts only
        // what no guard blocked).
        await prompter.set(attribute: "plan", to: "pro")
        for _ in 0..<3 { await prompter.donate("task_done") }
        // The fourth, after a crash: held back by `when`, and not counted.
        await prompter.set(flag: "crashed_recently", to: true)
        await prompter.donate("task_done")
        // Recovered, but on the free plan: held back again.
        await prompter.set(flag: "crashed_recently", to: false)
        await prompter.set(attribute: "plan", to: "free")
        await prompter.donate("task_done")
        // On the team plan: asked.
        await prompter.set(attribute: "plan", to: "team")
        await prompter.donate("task_done")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        let decisions = harness.sentEvents.compactMap(\.decision).suffix(6)
        #expect(decisions.map(\.decision.rawValue) == ["block", "block", "block", "block", "block", "allow"])
        #expect(decisions.map(\.blockedBy) == [["trigger"], ["trigger"], ["trigger"], ["when"], ["when"], []])
        #expect(decisions.allSatisfy { $0.scene == "TaskList" }, "the scene last reported")
        #expect(harness.events.last == "presented")
        let state = try harness.state()
        #expect(state.flags == ["crashed_recently": false])
        #expect(state.attributes == ["plan": .string("team")])
        #expect(state.asks.count == 1)
    }

    @Test("attributes of every kind are written and read back; a later set replaces an earlier one")
    func attributeKinds() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.set(attribute: "plan", to: "pro")
        await prompter.set(attribute: "seats", to: 3)
        await prompter.set(attribute: "ratio", to: 0.5)
        await prompter.set(attribute: "beta", to: true)
        await prompter.set(attribute: "plan", to: .string("team"))
        await prompter.set(flag: "onboarded", to: true)
        await prompter.waitUntilIdle()
        let state = try harness.state()
        #expect(
            state.attributes == [
                "plan": .string("team"), "seats": .number(3), "ratio": .number(0.5), "beta": .bool(true),
            ])
        #expect(state.flags == ["onboarded": true])
        #expect(harness.events.isEmpty, "setting decides nothing: \(harness.events)")
    }

    @Test("a name the state cannot keep, or a number that is not finite, writes nothing: dropped invalid_name")
    func invalidNames() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.set(flag: "crashed recently", to: true)
        await prompter.set(attribute: "", to: "x")
        await prompter.set(attribute: "ratio", to: .number(.nan))
        await prompter.donate("task done", scene: "Done")
        await prompter.trigger("", scene: "Done")
        await prompter.waitUntilIdle()
        #expect(harness.events == Array(repeating: "dropped:invalid_name", count: 5))
        #expect(harness.sentEvents.first?.detail?.hasPrefix("flag \"crashed recently\":") == true)
        #expect(!FileManager.default.fileExists(atPath: harness.stateFile.path), "nothing written")
    }

    @Test("a set that cannot be written fails closed: one state_error")
    func setOnAFullDisk() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.policy())
        await prompter.set(flag: "pro", to: true)
        harness.setDiskFull(true)
        await prompter.set(flag: "pro", to: false)
        #expect(harness.events == ["dropped:state_error"])
        #expect(harness.sentEvents.first?.detail == "disk_full")
        #expect(try harness.state().flags == ["pro": true])
    }
}
