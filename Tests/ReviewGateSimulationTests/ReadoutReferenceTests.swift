@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// `Documentation/reference/readout.md` names the members `readout --format json` writes, no more and
/// no fewer: the first column of its two tables against a readout with `--plan` and a holdout.
@Suite("readout: the JSON reference page")
struct ReadoutReferenceTests {
    /// The member names of the page's table that starts after `heading` (its first column, each
    /// `` `name` `` or `` `a`, `b` ``).
    static func members(after marker: String) -> Set<String> {
        let text = DocumentationPages.text("Documentation/reference/readout.md")
        guard let start = text.range(of: marker) else { return [] }
        var names: Set<String> = []
        for line in text[start.upperBound...].split(separator: "\n").drop(while: { !$0.hasPrefix("| member") })
            .dropFirst(2)
        {
            guard line.hasPrefix("| ") else { break }
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for name in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter({
                $0.offset % 2 == 1
            }) {
                names.insert(String(name.element))
            }
        }
        return names
    }

    static func keys(_ value: JSONValue) -> Set<String> {
        guard case .object(let members) = value else { return [] }
        return Set(members.map(\.key))
    }

    @Test("the page's tables list exactly the members of the readout and of each outcome")
    func pageListsTheMembers() throws {
        let report = try ReadoutTests.readout(try ReadoutTests.lines(people: 60), plan: 2)
        let json = report.json
        // `budget` only with --budget.
        #expect(Self.members(after: "# The readout's JSON") == Self.keys(json).union(["budget"]))
        var underBudget = report
        underBudget.budget = ("calm-app", nil, "calm-app.budget.yaml", "review")
        #expect(Self.members(after: "# The readout's JSON") == Self.keys(underBudget.json))
        guard case .object(let members) = json,
            case .array(let outcomes)? = members.first(where: { $0.key == "outcomes" })?.value
        else {
            Issue.record("the readout has no outcomes")
            return
        }
        #expect(Self.members(after: "Each of `outcomes`:") == Self.keys(outcomes[0]))
    }
}
