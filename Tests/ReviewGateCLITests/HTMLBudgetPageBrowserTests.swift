import Foundation
import ReviewGateTestSupport
import Testing

/// `simulate --budget --html` opened in headless Chromium as a policy's page is: nothing logged, nothing
/// fetched, the JSON report kept whole, every figure the JSON member it names, and every budget's
/// section showing each prompt's headline figures.
@Suite("simulate --budget --html in a browser")
struct HTMLBudgetPageBrowserTests {
    static let budget = Repository.path("policies/budget/calm-app.budget.yaml")
    static let cohort = Repository.path("policies/examples/simulate/calm-app.cohort.yaml")

    /// The shipped budget with a horizon; beside the shipped spacing budget; and two variants.
    static let runs: [[String]] = [
        ["--budget", budget, "--synthetic", cohort, "--within-days", "14"],
        [
            "--budget", budget, "--baseline", Repository.path("policies/budget/spacing.budget.yaml"), "--synthetic",
            cohort,
        ],
        ["--budget", budget, "--synthetic", cohort, "--vary", "gaps.1.min=1d,7d"],
    ]

    @Test(
        "the budget's page logs nothing, fetches nothing, and shows the JSON report's figures for every prompt",
        .enabled(
            if: HTMLReportBrowserTests.chromium != nil || HTMLReportBrowserTests.isCI,
            "Chromium is not installed (apt-get install chromium)"),
        .timeLimit(.minutes(2)), arguments: runs)
    func inTheBrowser(_ run: [String]) throws {
        let (opened, embedded, figures) = try HTMLReportBrowserTests.drawAndOpen(run)
        // A section per budget, each prompt's headline figures in it.
        let variants = (embedded["variants"] as? NSArray)?.count ?? 0
        let columns =
            ["budget"] + (embedded["baseline"] is NSDictionary ? ["baseline"] : [])
            + (0..<variants).map { "variants.\($0)" }
        #expect(HTMLReportBrowserTests.sections(opened.dom) == columns)
        #expect(columns.count == (run.contains("--baseline") ? 2 : run.contains("--vary") ? 3 : 1))
        let shownPaths = Set(figures.map(\.path))
        for column in columns {
            let prefix = column == "budget" ? "" : column + "."
            let node = column == "budget" ? embedded : FigureLookup.value(at: column, in: embedded) as? NSDictionary
            let prompts = try #require(node?["prompts"] as? NSArray)
            for index in 0..<prompts.count {
                for key in [
                    "granted", "people_granted", "held_back.moments", "held_back.gap", "delayed.grants", "lost",
                    "without_budget.shown",
                ] {
                    #expect(shownPaths.contains("\(prefix)prompts.\(index).\(key)"), "\(column): \(index) \(key)")
                }
                if run.contains("--within-days") {
                    #expect(shownPaths.contains("\(prefix)prompts.\(index).within_days.granted"))
                }
            }
        }
        if run.contains("--vary") { #expect(opened.dom.contains("Variants (--vary)")) }
    }
}
