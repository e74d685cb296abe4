import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import ReviewGateTesting
import Testing

/// One person on two devices through their prompters (Semantics §16.5): the iPhone's record, carried
/// to the iPad, blocks the iPad by the iPhone's ask and answer, while the OS's quota stays the
/// iPad's own; a merge sends a `merge` event, and another person's record is refused.
@Suite("Prompter: one person on several devices", .hangGuard)
struct DevicesPrompterTests {
    static func policy() throws -> Policy {
        try Fixtures.policy(
            """
            reviewgate: 1
            name: devices
            app: {store_id: "1234567890", version_key: short}
            triggers:
              done: {at_least: 1}
            guards:
              cooldown: 30d
              system_quota: {max: 1, per: 365d}
            responses:
              after_declined: 90d
            """)
    }

    @Test func theIPhonesAskAndAnswerBlockTheIPad() async throws {
        let iPhone = try PrompterTest(policy: try Self.policy(), userID: "u-1")
        let iPad = try PrompterTest(policy: try Self.policy(), userID: "u-1")
        await iPhone.prompter.donate("done")
        await iPhone.advance(by: .seconds(1))
        #expect(iPhone.presenter.prompts == ["review"])
        await iPhone.prompter.responded(.declined)
        let record = try await iPhone.prompter.personRecord()
        let iPhoneID = try #require(try iPhone.state().deviceID)
        #expect(record.asks.map(\.device) == [iPhoneID] && record.answers.map(\.kind) == [.declined])

        let merged = try await iPad.prompter.merge(record)
        #expect(merged == PersonMerge(asksAdded: 1, answersAdded: 1))
        let event = try #require(iPad.sentEvents.last)
        #expect(event.kind == .merge && event.detail == "1 ask, 1 answer")
        #expect(event.name == "review_gate_merge")

        await iPad.advance(by: .seconds(60))
        let why = try await iPad.prompter.explain(event: "done")
        #expect(why.granted == nil)
        #expect(why.text.contains("asked on another device on 2026-01-05"))
        #expect(why.text.contains("declined on another device on 2026-01-05"))
        // The OS's quota (1 a year) is the iPad's own: it counted none of the iPhone's asks.
        #expect(why.text.contains("✓ system_quota"))

        // Merging the iPad's record back into the iPhone adds nothing: the union holds it already.
        let back = try await iPhone.prompter.merge(try await iPad.prompter.personRecord())
        #expect(back == PersonMerge(asksAdded: 0, answersAdded: 0))
    }

    @Test func anotherPersonsRecordIsRefusedAndNothingIsMerged() async throws {
        let mine = try PrompterTest(policy: try Self.policy(), userID: "u-1")
        await mine.prompter.launched()
        await mine.prompter.waitUntilIdle()
        let theirs = PersonRecord(
            userID: "u-2", asks: [Ask(at: Timestamp(rfc3339: "2026-01-01T00:00:00Z")!, device: "d-x")])
        await #expect(throws: PersonRecordError.otherPerson("u-1", other: "u-2")) {
            try await mine.prompter.merge(theirs)
        }
        #expect(try mine.state().asks.isEmpty && mine.state().deviceID == nil)
        #expect(!mine.sentEvents.contains { $0.kind == .merge })
    }
}
