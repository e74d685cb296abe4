import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGatePrompter
import ReviewGateTestSupport
import ReviewGateTesting
import Testing

/// *One person on several devices*, line for line: the iPhone's record, carried as JSON, merged on
/// the iPad.
@Suite("DocC: one person on several devices", .hangGuard)
struct DocCSeveralDevicesTests {
    @Test("make the record, carry it as JSON, merge it on the other device")
    func devices() async throws {
        let policy = try Policy(compiledAt: DocCFiles.policy("apple-sample.json"))
        let iPhone = try PrompterTest(policy: policy, userID: "u-4f2a")
        for _ in 1...4 { await iPhone.prompter.donate("process_completed", scene: "ProcessCompleted") }
        await iPhone.advance(by: .seconds(2))
        let textFromTheOtherDevice = try await iPhone.prompter.personRecord().json

        let device = try PrompterTest(policy: policy, userID: "u-4f2a")
        let prompter = device.prompter
        // On this device: make the record, and hand it to the app's store.
        let record = try await prompter.personRecord()
        let text = record.json  // JSON, schemas/person.schema.json

        // What another device of the person wrote: merge it.
        let other = try PersonRecord(json: textFromTheOtherDevice)
        let merged = try await prompter.merge(other)  // a `merge` event says what it added

        #expect(iPhone.presenter.prompts == ["review"])
        #expect(text.hasPrefix(#"{"reviewgate_person":1,"user_id":"u-4f2a","asks":[],"answers":[]}"#))
        #expect(merged.asksAdded == 1)
        #expect(device.sentEvents.last?.kind == .merge)
        // The iPad's fourth completion in the same build: asked in it on the iPhone.
        let why = try await prompter.explain(event: "process_completed", scene: "ProcessCompleted")
        #expect(why.text.contains("on another device on 2026-01-05"), "\(why.text)")
    }
}
