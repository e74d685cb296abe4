@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

@_spi(ReviewGateTools) @testable import ReviewGateSimulation

/// Each count of the report is defined once (`SimulationReport.PolicyResult.members`): a tally with every field set is
/// added up (`SimulationTally.add`), written and read back whole, so that a field that `add` misses, or that no member
/// covers fails here, naming it.
@Suite("simulate: the report's members, one definition each")
struct ReportMembersTests {
    /// A tally of two triggers with every field set, each to a value of its own.
    static func fullTally() -> SimulationTally {
        var tally = SimulationTally(triggers: 2)
        tally.people = 101
        tally.peopleAsked = 37
        tally.peopleExposed = 53
        tally.asksBeforeExposure = 5
        tally.exposedPeopleAsked = 29
        tally.moments = 977
        tally.asks = 41
        tally.asksPastOSQuota = 3
        tally.asksByTrigger = [30, 11]
        tally.asksByWeek = [2_905: 17, 2_907: 24]
        tally.firstAskDays = [0, 4, 0, 9]
        tally.blockedMoments = 611
        tally.blockedBy[Blocker.rollout.index] = SimulationTally.Blocked(moments: 70, people: 12)
        tally.neverReached = [44, 20]
        tally.unknownTriggerMoments = 2
        tally.neverAsked[SimulationTally.NeverAsked.neverReached] = 40
        tally.neverAsked[SimulationTally.NeverAsked.index(of: .rollout)] = 24
        tally.latest = Timestamp(rfc3339: "2026-03-10T08:00:00Z")
        tally.earliest = Timestamp(rfc3339: "2025-06-01T12:00:00Z")
        tally.start = Timestamp(rfc3339: "2026-01-05T09:00:00Z")
        tally.peopleBeforeStart = 7
        tally.peopleBeforeStartAsked = 2
        tally.firstSeen = [20_500: SimulationTally.FirstSeen(people: 60, asked: 20)]
        return tally
    }

    @Test("every field of the full tally is set: a new field is set here, then a member covers it")
    func theFullTallySetsEveryField() {
        let empty = Mirror(reflecting: SimulationTally(triggers: 2)).children
        let full = Mirror(reflecting: Self.fullTally()).children
        // Held only until a grouped run knows where observation starts, empty in every settled tally
        // (SimulationTally.settle), so never written: SimulationTallyStartTests checks it is added up.
        let transient: Set<String> = ["unsettled"]
        for (unset, set) in zip(empty, full) where !transient.contains(unset.label ?? "") {
            #expect(
                String(describing: unset.value) != String(describing: set.value),
                "SimulationTally.\(unset.label ?? "?") is not set in fullTally()")
        }
    }

    @Test("adding a tally to an empty one gives it whole: every field is added")
    func everyFieldIsAdded() {
        var total = SimulationTally(triggers: 2)
        total.add(Self.fullTally())
        #expect(total == Self.fullTally())
        total.add(Self.fullTally())
        #expect(total.people == 202 && total.asksByWeek[2_907] == 48 && total.firstSeen[20_500]?.asked == 40)
    }

    @Test("a result written as JSON reads back the same, its experiment's arms and a horizon included")
    func everyFieldIsWrittenAndRead() throws {
        let triggers = [
            SimulationReport.PolicyResult.Trigger(id: "process_completed", rule: "at_least 4"),
            SimulationReport.PolicyResult.Trigger(id: "app_launched", rule: "at_least 10"),
        ]
        var policy = SimulationReport.PolicyResult(
            name: "p", digest: "sha256:00", path: "p.yaml", triggers: triggers, modelsOSQuota: true,
            tally: Self.fullTally())
        policy.experimentName = "ask-earlier"
        var arm = policy
        arm.name = "holdout"
        arm.experimentName = nil
        policy.arms = [arm, arm]
        let report = SimulationReport(
            input: SimulationReport.Input(sources: ["t.jsonl"]), policy: policy,
            horizon: SimulationReport.Horizon(days: 7))
        let text = JSONWriter().string(report.json)
        let read = try SimulationReport(json: JSONReader().loadDocument(text, file: "report.json"))
        #expect(read.policy == report.policy)
        #expect(JSONWriter().string(read.json) == text)
    }
}

/// The reference pages list each report's members from the members themselves (what each holds),
/// recorded as golden files are: the table after each `Generated from NAME` marker is NAME's.
@Suite("simulate and readout: the reports' reference pages, from their members")
struct ReportReferenceTests {
    static let page = "Documentation/reference/simulation-report.md"
    static let readoutPage = "Documentation/reference/readout.md"
    static let end = "<!-- End of the generated table. -->\n"

    @Test("Documentation/reference/simulation-report.md's members table is SimulationReport.PolicyResult.members")
    func theTableIsTheCatalogue() throws {
        let outcome = try Self.check(
            Self.page, "SimulationReport.PolicyResult.members", SimulationReport.PolicyResult.members.referenceTable())
        #expect(outcome == .matches, "\(outcome)")
        #expect(SimulationReport.PolicyResult.members.count >= 20)
    }

    @Test("the page's table of a budget's prompt members is BudgetSimulationReport.promptMembers")
    func theBudgetTableIsTheCatalogue() throws {
        let outcome = try Self.check(
            Self.page, "BudgetSimulationReport.promptMembers", BudgetSimulationReport.promptMembers.referenceTable())
        #expect(outcome == .matches, "\(outcome)")
    }

    @Test(
        "Documentation/reference/readout.md's tables are the readout's members, its outcomes', groups', comparisons' and plans'"
    )
    func theReadoutTablesAreItsMembers() throws {
        // One after the other: each records into the same page.
        for (name, table) in [
            ("ReadoutReport.members", ReadoutReport.members.referenceTable()),
            ("ReadoutReport.outcomeMembers", ReadoutReport.outcomeMembers.referenceTable()),
            ("ReadoutReport.groupMembers", ReadoutReport.groupMembers.referenceTable()),
            ("ReadoutReport.comparisonMembers", ReadoutReport.comparisonMembers.referenceTable()),
            ("ReadoutReport.planMembers", ReadoutReport.planMembers.referenceTable()),
        ] {
            let outcome = try Self.check(Self.readoutPage, name, table)
            #expect(outcome == .matches, "\(name): \(outcome)")
        }
    }

    /// `page` with `table` after the marker that names `name`, checked as a golden file.
    static func check(_ page: String, _ name: String, _ table: String) throws -> Golden.Outcome {
        let path = Repository.root.appending(path: page)
        let start =
            "<!-- Generated from \(name) by ReportReferenceTests: change the members, not the table. -->\n"
        let text = try String(contentsOf: path, encoding: .utf8)
        let from = try #require(text.range(of: start), "the page has no start marker for \(name)")
        let to = try #require(text.range(of: end, range: from.upperBound..<text.endIndex), "no end marker")
        let generated = text[..<from.upperBound] + table + text[to.lowerBound...]
        return Golden.check(String(generated), against: path)
    }
}
