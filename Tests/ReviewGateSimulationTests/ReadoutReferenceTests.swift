@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@_spi(ReviewGateTools) @testable import ReviewGateSimulation

/// The readout's members (from which `Documentation/reference/readout.md`'s tables are generated,
/// `ReportReferenceTests`) are what `readout --format json` writes, no more and no fewer, against a
/// readout with `--plan` and a holdout.
@Suite("readout: the JSON reference page")
struct ReadoutReferenceTests {
    static func keys(_ value: JSONValue) -> Set<String> {
        guard case .object(let members) = value else { return [] }
        return Set(members.map(\.key))
    }

    @Test("the readout writes exactly its members, and each outcome, group, comparison and plan theirs")
    func pageListsTheMembers() throws {
        let report = try ReadoutTests.readout(try ReadoutTests.lines(people: 60), plan: 2)
        let json = report.json
        // `budget` only with --budget.
        let keys = Set(ReadoutReport.members.map(\.key))
        #expect(keys == Self.keys(json).union(["budget"]))
        var underBudget = report
        underBudget.budget = ("calm-app", nil, "calm-app.budget.yaml", "review")
        #expect(keys == Self.keys(underBudget.json))
        guard case .object(let members) = json,
            case .array(let outcomes)? = members.first(where: { $0.key == "outcomes" })?.value
        else {
            Issue.record("the readout has no outcomes")
            return
        }
        #expect(Set(ReadoutReport.outcomeMembers.map(\.key)) == Self.keys(outcomes[0]))
        guard case .object(let outcome) = outcomes[0],
            case .array(let arms)? = outcome.first(where: { $0.key == "arms" })?.value,
            case .array(let comparisons)? = outcome.first(where: { $0.key == "comparisons" })?.value,
            case .array(let plans)? = outcome.first(where: { $0.key == "plan" })?.value
        else {
            Issue.record("the outcome has no arms, comparisons or plan")
            return
        }
        #expect(Set(ReadoutReport.groupMembers.map(\.key)) == Self.keys(arms[0]))
        // `trigger` only when the policy was read from a file.
        #expect(Set(ReadoutReport.comparisonMembers.map(\.key)) == Self.keys(comparisons[0]).union(["trigger"]))
        #expect(Set(ReadoutReport.planMembers.map(\.key)) == Self.keys(plans[0]))
    }
}
