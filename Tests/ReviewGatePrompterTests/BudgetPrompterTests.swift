import Clocks
import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGatePrompter
import ReviewGateTestSupport
import Testing

/// Semantics §12's prompter: a budget and a presenter per prompt. Each moment is arbitrated under the
/// state's lock, the granted prompt's lease is its pending ask's, and it is presented with its own
/// presenter after its own policy's delay; the losers are reported blocked by `budget`.
@Suite("Prompter with a budget: one prompt at a time, each with its presenter", .hangGuard)
struct BudgetPrompterTests {
    /// A paywall (priority 80) and the review (50), both decided by policies that allow every
    /// `done`, the paywall after 1 s, the review after 2 s and only on scene Done; an external
    /// what's-new sheet (60); 2 h between any two prompts; a 30 s lease.
    static func budget(gaps: String = "[{min: 2h}]", whatsNew: String = "{priority: 60}") throws -> Budget {
        let files = [
            "b.yaml": """
            reviewgate_budget: 1
            name: test-budget
            prompts:
              paywall: {priority: 80, policy: paywall.yaml}
              whats_new: \(whatsNew)
              review: {priority: 50, policy: review.yaml}
            gaps: \(gaps)
            lease: 30s
            """,
            "paywall.yaml": """
            reviewgate: 1
            name: test-paywall
            prompt: paywall
            app: {platform: android}
            triggers:
              done: {at_least: 1}
            presentation: {delay: 1s}
            """,
            "review.yaml": """
            reviewgate: 1
            name: test-review
            app: {platform: android}
            triggers:
              done: {at_least: 1, scenes: [Done]}
              shared: {at_least: 1}
            presentation: {delay: 2s, require_same_scene: true}
            """,
        ]
        let source: PolicyLoader.DocumentReader = { path in
            guard let text = files[path] else { throw DiagnosticError("no file \(path)", at: nil) }
            return try Fixtures.document(text, file: path)
        }
        return try BudgetLoader(policies: PolicyLoader(reading: source)).load(path: "b.yaml").budget
    }

    static let prompts = ["paywall", "whats_new", "review"]

    @Test("paywall outranks review: the paywall's presenter shows it after its delay; review is blocked by budget")
    func paywallOutranksReview() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        await prompter.donate("done", scene: "Done")
        #expect(harness.events == ["paywall decision:allow", "review decision:block"])
        let review = try #require(harness.sentEvents.last)
        #expect(review.decision?.blockedBy == ["budget"])
        #expect(review.decision?.policy == "test-review")
        #expect(review.detail == "outranked by paywall (priority 80)")
        #expect(review.budgetName == "test-budget")
        var state = try harness.state()
        #expect(state.leases.map(\.prompt) == ["paywall"])
        #expect(state.leases.first.map { $0.expires - $0.at } == TimeSpan(seconds: 30), "the budget's lease")
        #expect(state.events["done"]?.count == 1, "counted once for both policies")

        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.shown == ["app:paywall"])
        #expect(harness.events.last == "presented")
        let presented = try #require(harness.sentEvents.last)
        #expect(presented.prompt == "paywall")
        #expect(presented.policyName == "test-paywall")
        #expect(presented.trigger == "done")
        #expect(presented.at == Fixtures.time("2026-01-05T09:00:01.123Z"))
        state = try harness.state()
        #expect(state.asks.map(\.prompt) == ["paywall"])
        #expect(state.leases.isEmpty)
    }

    @Test("a gap blocks a second prompt, with why and when; once it has passed, the next moment presents")
    func gapBlocksSecond() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        _ = await Self.done(prompter, harness)
        let shownAt = Fixtures.time("2026-01-05T09:00:01.123Z")
        #expect(try harness.state().asks.map(\.at) == [shownAt])

        await harness.clock.advance(by: .seconds(3600))
        await prompter.donate("done", scene: "Done")
        #expect(harness.events.suffix(2) == ["paywall decision:block", "review decision:block"])
        let paywall = harness.sentEvents[harness.sentEvents.count - 2]
        #expect(paywall.decision?.blockedBy == ["budget"])
        #expect(
            paywall.detail
                == "2h gap after any prompt: paywall shown at \(shownAt); eligible from \(shownAt + TimeSpan(seconds: 7200))"
        )
        #expect(paywall.nextEligibleAt == shownAt + TimeSpan(seconds: 7200))
        #expect(try harness.state().leases.isEmpty, "nothing granted, nothing leased")
        #expect(await prompter.want("whats_new") == false)
        #expect(harness.events.last == "whats_new decision:block")
        #expect(harness.shown == ["app:paywall"])

        await harness.clock.advance(by: .seconds(3600))
        #expect(await Self.done(prompter, harness).last == "presented")
        #expect(harness.shown == ["app:paywall", "app:paywall"])
        #expect(try harness.state().asks.count == 2)
    }

    @Test("a dropped presentation releases the lease and starts no gap: the next moment presents")
    func droppedReleases() async throws {
        let harness = try PrompterHarness(answers: [false])
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        await prompter.donate("done", scene: "Done")
        await prompter.background()
        await prompter.waitUntilIdle()
        #expect(harness.events == ["paywall decision:allow", "review decision:block", "dropped:background"])
        #expect(harness.sentEvents.last?.prompt == "paywall")
        let state = try harness.state()
        #expect(state.leases.isEmpty)
        #expect(state.asks.isEmpty)

        // The presenter cannot present (answers false): not_presented, released too.
        #expect(
            await Self.done(prompter, harness) == [
                "paywall decision:allow", "review decision:block", "dropped:not_presented",
            ])
        #expect(try harness.state().leases.isEmpty)
        #expect(try harness.state().asks.isEmpty)

        // Within the 2 h gap of either drop, had it started one: granted and shown.
        #expect(await Self.done(prompter, harness) == ["paywall decision:allow", "review decision:block", "presented"])
        #expect(try harness.state().asks.map(\.prompt) == ["paywall"])
    }

    /// A `done` on scene Done, and the paywall's 1 s: the events of the moment and of its ask.
    static func done(_ prompter: Prompter, _ harness: PrompterHarness) async -> [String] {
        let before = harness.events.count
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        return Array(harness.events.dropFirst(before))
    }

    @Test("the review, granted alone, waits its own delay and keeps its scene rule")
    func reviewWithItsPresentation() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        // Only the review's policy listens to `shared`: the paywall's does not decide it.
        await prompter.donate("shared", scene: "Done")
        #expect(harness.events == ["review decision:allow"])
        await harness.advance(by: .seconds(1))
        await prompter.scene("Settings")
        await harness.advance(by: .seconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.events.last == "dropped:scene_changed")
        #expect(harness.sentEvents.last?.prompt == "review")
        #expect(harness.shown.isEmpty)

        await prompter.donate("shared", scene: "Done")
        await harness.advance(by: .milliseconds(1999))
        #expect(harness.shown.isEmpty, "not before the review's own 2 s")
        await harness.advance(by: .milliseconds(1))
        await prompter.waitUntilIdle()
        #expect(harness.shown == ["app:review"])
        #expect(try harness.state().asks.map(\.prompt) == ["review"])
        #expect(try harness.state().asks.map(\.trigger) == ["shared"])
    }

    @Test("two prompters on one state file: the second is blocked by the first's lease; only one presents")
    func twoPrompters() async throws {
        let harness = try PrompterHarness()
        let budget = try Self.budget()
        let app = try harness.prompter(budget: budget, prompts: Self.prompts, label: "app")
        let widget = try harness.prompter(budget: budget, prompts: Self.prompts, label: "widget")
        await app.donate("done", scene: "Done")
        await widget.donate("done", scene: "Done")
        #expect(await widget.want("whats_new") == false)
        #expect(
            harness.events == [
                "paywall decision:allow", "review decision:block",
                "paywall decision:block", "review decision:block", "whats_new decision:block",
            ])
        let leaseHeld = "lease held by paywall until \(Fixtures.time("2026-01-05T09:00:30.123Z"))"
        #expect(harness.sentEvents.suffix(3).map(\.detail) == [leaseHeld, leaseHeld, leaseHeld])
        #expect(harness.sentEvents.suffix(3).map(\.nextEligibleAt) == [nil, nil, nil], "none under a live lease")
        await harness.advance(by: .seconds(1))
        await app.waitUntilIdle()
        await widget.waitUntilIdle()
        #expect(harness.shown == ["app:paywall"])
        let state = try harness.state()
        #expect(state.asks.count == 1)
        #expect(state.events["done"]?.count == 2)
        #expect(state.leases.isEmpty)
    }

    @Test("want: an external prompt is arbitrated alone and shown at once with its presenter")
    func externalWant() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        #expect(await prompter.want("whats_new", scene: "Home") == true)
        #expect(harness.events == ["whats_new decision:allow", "presented"])
        #expect(harness.shown == ["app:whats_new"])
        let presented = try #require(harness.sentEvents.last)
        #expect(presented.prompt == "whats_new")
        #expect(presented.policyName == "test-budget", "an external prompt is the budget's")
        #expect(presented.trigger == nil)
        #expect(presented.at == Fixtures.time("2026-01-05T09:00:00.123Z"), "no delay")
        let state = try harness.state()
        #expect(state.asks.map(\.prompt) == ["whats_new"])
        #expect(state.asks.first?.trigger == nil)
        #expect(state.leases.isEmpty)

        // A prompt its policy decides is not wanted (its moments ask for it); nor is one the budget lacks.
        #expect(await prompter.want("review") == false)
        #expect(await prompter.want("whats-new") == false)
        #expect(harness.events.suffix(2) == ["dropped:not_external", "dropped:unknown_prompt"])
        #expect(harness.sentEvents.last?.detail == "whats-new")
        #expect(try harness.state().asks.count == 1)
    }

    @Test("want on a prompter of one policy: no such prompt")
    func wantWithoutBudget() async throws {
        let harness = try PrompterHarness()
        let prompter = harness.prompter(policy: try PresentationTests.anyScene())
        #expect(await prompter.want("paywall") == false)
        #expect(harness.events == ["dropped:unknown_prompt"])
        #expect(harness.presenterCalls.isEmpty)
    }

    @Test("a presenter still showing past the lease: a late commit records the ask, reported lease_expired")
    func lateCommit() async throws {
        let harness = try PrompterHarness()
        let gate = PresenterGate()
        let prompter = try harness.prompter(
            budget: try Self.budget(), prompts: Self.prompts, presenters: ["paywall": { await gate.present() }])
        await prompter.donate("done", scene: "Done")
        await harness.advance(by: .seconds(1))
        await gate.untilShowing()
        await harness.clock.advance(by: .seconds(60))  // the 30 s lease lapses
        #expect(try harness.state().leases.first.map { $0.isLive(at: harness.timestamp) } == false)
        await gate.answer(true)
        await prompter.waitUntilIdle()
        #expect(harness.events.last == "presented")
        #expect(harness.sentEvents.last?.detail == "lease_expired")
        #expect(harness.sentEvents.last?.recorded == true)
        let state = try harness.state()
        #expect(state.asks.map(\.prompt) == ["paywall"])
        #expect(state.asks.map(\.at) == [Fixtures.time("2026-01-05T09:00:01.123Z")], "when the presenter was called")
        #expect(state.leases.isEmpty)
    }

    @Test("responded(kind, prompt:) records an answer to that prompt's pre-prompt; an unknown prompt nothing")
    func respondedToPrompt() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        await prompter.responded(.later, prompt: "paywall")
        await prompter.responded(.declined)
        await prompter.responded(.later, prompt: "paywal")
        let state = try harness.state()
        #expect(state.responses.map(\.prompt) == ["paywall", "review"])
        #expect(state.responses.map(\.kind) == [.later, .declined])
        #expect(harness.events == ["dropped:unknown_prompt"])
    }

    @Test("presenters that do not fit the budget are refused at init")
    func presentersRefused() throws {
        let harness = try PrompterHarness()
        let budget = try Self.budget()
        #expect {
            try harness.prompter(budget: budget, prompts: ["paywall", "whats_new"])
        } throws: { error in
            "\(error)".hasPrefix("the budget test-budget's prompt review (policy review.yaml) has no presenter")
        }
        #expect {
            try harness.prompter(budget: budget, prompts: ["paywall", "review", "reveiw"])
        } throws: { error in
            "\(error)".hasPrefix(
                #"presenters["reveiw"]: the budget test-budget has no prompt "reveiw"; did you mean "review"?"#)
        }
        // An external prompt may have none: wanting it is then not presented.
        _ = try harness.prompter(budget: budget, prompts: ["paywall", "review"])
    }

    @Test("an external prompt without a presenter: dropped not_presented at once, nothing arbitrated or leased")
    func externalWithoutPresenter() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: ["paywall", "review"])
        #expect(await prompter.want("whats_new") == false)
        #expect(harness.events == ["dropped:not_presented"])
        #expect(harness.sentEvents.last?.prompt == "whats_new")
        // Nothing arbitrated: the state file is not even made.
        #expect((try? harness.state()) == nil)
    }

    @Test("a policy's prompt whose presenter is taken away is no candidate: it holds no lower prompt back")
    func unpresentablePromptIsNoCandidate() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        await prompter.setPresenter(nil, for: "paywall")
        await prompter.donate("done", scene: "Done")
        // The paywall's policy would allow and outrank the review; without a presenter it is not a
        // candidate, so the review is granted and shown.
        #expect(harness.events == ["review decision:allow"])
        #expect(try harness.state().events["done"]?.count == 1, "still counted for every policy")
        await harness.advance(by: .seconds(2))
        await prompter.waitUntilIdle()
        #expect(harness.shown == ["app:review"])
        #expect(try harness.state().asks.map(\.prompt) == ["review"])
    }

    @Test("events under a budget name the prompt and the budget; a policy's carry none of those fields")
    func eventFields() async throws {
        let harness = try PrompterHarness()
        let prompter = try harness.prompter(budget: try Self.budget(), prompts: Self.prompts)
        await prompter.donate("done", scene: "Done")
        let review = try #require(harness.sentEvents.last)
        let keys = try Self.keys(review.json)
        #expect(Array(keys.prefix(4)) == ["kind", "prompt", "budget", "budget_digest"])
        #expect(Array(keys.suffix(2)) == ["detail", "next_eligible_at"])
        #expect(review.parameters["blocked_by"] == "budget")
        #expect(review.parameters["prompt"] == "review")

        let single = try PrompterHarness()
        await single.prompter(policy: try PresentationTests.anyScene()).donate("done")
        let keysOfOne = try Self.keys(try #require(single.sentEvents.first).json)
        #expect(!keysOfOne.contains("prompt") && !keysOfOne.contains("budget") && !keysOfOne.contains("detail"))
    }

    static func keys(_ json: String) throws -> [String] {
        let root = try JSONReader().loadDocument(Array(json.utf8), file: "event.json")
        let keys = try #require(root.mapping).map { $0.key.scalar?.text ?? "" }
        #expect(Set(keys).count == keys.count, "\(json)")
        return keys
    }
}
