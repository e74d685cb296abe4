@_spi(ReviewGateTools) import ReviewGate
import Testing

@testable @_spi(ReviewGateTools) import ReviewGateSimulation

/// The page's derived words (Semantics §10 *A report to share*): its ratios, and the settings that
/// differ between two policies.
@Suite("simulate --html: the sentences' ratios and the settings that differ")
struct MeetingPageWordsTests {
    @Test(
        "a ratio to one decimal from 1 up, to two below, never 0.100",
        arguments: [
            (2.14, "2.1"), (1.0, "1.0"), (0.996, "1.0"), (0.994, "0.99"), (0.87, "0.87"), (0.05, "0.05"),
            (0.004, "0.00"),
        ])
    func ratio(_ value: Double, _ shown: String) {
        #expect(SimulationReport.ratio(value) == shown)
    }

    @Test("a path's keys keep a quoted key whole")
    func keys() {
        #expect(PolicySetting.keys(#"triggers."app.open".at_least"#) == ["triggers", #""app.open""#, "at_least"])
        #expect(PolicySetting.keys("guards.cooldown") == ["guards", "cooldown"])
    }

    @Test(
        "the settings that differ: a value each side has, and a trigger one side lacks in one row, its unset values left out"
    )
    func differences() {
        let left = [
            PolicySetting(path: "name", value: #""a""#), PolicySetting(path: "guards.cooldown", value: #""7d""#),
            PolicySetting(path: #"triggers."app.open".event"#, value: #""app.open""#),
            PolicySetting(path: #"triggers."app.open".at_least"#, value: "3"),
            PolicySetting(path: #"triggers."app.open".within"#, value: "null"),
        ]
        let right = [
            PolicySetting(path: "name", value: #""b""#), PolicySetting(path: "guards.cooldown", value: #""30d""#),
            PolicySetting(path: "triggers.done.event", value: #""done""#),
        ]
        let differing = PolicySetting.differences(left, right)
        #expect(differing.map(\.path) == ["guards.cooldown", #"triggers."app.open""#, "triggers.done"])
        #expect(differing[0].left == #""7d""# && differing[0].right == #""30d""#)
        #expect(differing[1].left == #"{event: "app.open", at_least: 3}"# && differing[1].right == nil)
        #expect(differing[2].left == nil && differing[2].right == #"{event: "done"}"#)
    }

    @Test("an arm against an arm whose share asked rounds to 0.0% is no ratio: said, not divided by")
    func armAgainstAVanishingShare() {
        func arm(_ name: String, people: Int, asked: Int, at index: Int) -> HTMLColumn {
            var tally = SimulationTally(triggers: 1)
            tally.people = people
            tally.peopleAsked = asked
            let result = SimulationReport.PolicyResult(
                name: name, digest: nil, path: "p.yaml", triggers: [], modelsOSQuota: false, tally: tally)
            return HTMLColumn(label: "arm \(name)", path: FigurePath("policy", "arms", String(index)), result: result)
        }
        let rare = arm("control", people: 100_000, asked: 1, at: 1)
        let early = arm("early", people: 1_000, asked: 100, at: 2)
        let said = SimulationReport.sentence(early, against: rare).description
        #expect(said.contains("arm control asks under 0.05% of its people; arm early asks 10.0% of its own"))
        #expect(!said.contains("data-ratio"))
        let compared = SimulationReport.sentence(rare, against: early).description
        #expect(
            compared.contains(
                #"<span data-ratio="policy.arms.1.people_asked_percent policy.arms.2.people_asked_percent">0.00×</span>"#
            ))
    }
}
