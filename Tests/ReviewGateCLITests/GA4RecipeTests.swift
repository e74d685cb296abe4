import Foundation
import ReviewGateTestSupport
import Testing

/// The GA4 recipe of *Exporting usage from a warehouse*: its DuckDB block, taken from the guide as it
/// stands (not a copy), run by `Tests/DuckDB/ga4.py` in Python's duckdb on a small GA4-shaped table
/// (`Tests/DuckDB/ga4-events.jsonl`), and what it writes simulated. `.ci/run` installs duckdb, and
/// under CI a missing one fails the test rather than skip it.
@Suite("simulate: the warehouse guide's GA4 recipe")
struct GA4RecipeTests {
    static let hasDuckDB: Bool = {
        (try? Command.run("python3", ["-c", "import duckdb"]).status) == 0
    }()

    /// The documentation's one code block whose info string is `info`.
    static func block(_ info: String) throws -> DocumentationPages.Block {
        let blocks = DocumentationPages.blocks.filter { $0.info == info }
        try #require(blocks.count == 1, "the documentation has \(blocks.count) ```\(info) blocks, not one")
        return blocks[0]
    }

    /// A small policy that reads what the recipe writes: the install (`min_install_age`) and the
    /// marketing version (`once_per_version` by `short`).
    static let policy = """
        reviewgate: 1
        name: ga4-recipe
        app:
          version_key: short
        triggers:
          process_completed:
            at_least: 2
        guards:
          min_install_age: 14d
          once_per_version: true

        """

    /// The policy under a budget with the paywall the app wants (GA4's `paywall_shown`).
    static let budget = """
        reviewgate_budget: 1
        name: ga4-recipe
        prompts:
          paywall: {priority: 80}
          review: {priority: 50, policy: ga4-recipe.yaml}

        """

    /// The table's rows (`Tests/DuckDB/ga4-events.jsonl`, in no order) as the recipe should write
    /// them: `user time type name scene short build`, `-` for an empty column, in the order it
    /// writes them. Left out: ana's row of 31 December (before the export's first day), the second
    /// copy of her 09:20 row, her `screen_view` and the `first_open` rows (events the recipe's
    /// `lines` do not name). Each person's first line is the install, at their first touch.
    static let expectedTimeline = [
        "ana 2025-11-03T10:00:00.000000+00:00 install - - - -",
        "ana 2026-01-05T09:00:00.000000+00:00 launch - Home 1.0 -",
        "ana 2026-01-05T09:10:00.000000+00:00 event process_completed ProcessCompleted 1.0 -",
        "ana 2026-01-05T09:20:00.000000+00:00 event process_completed ProcessCompleted 1.0 -",
        "ana 2026-01-06T09:00:00.000000+00:00 event process_completed ProcessCompleted 1.0 -",
        "ana 2026-01-20T08:00:00.000000+00:00 update - - 1.1 -",
        "ana 2026-01-20T08:00:05.000000+00:00 launch - Home 1.1 -",
        "ana 2026-01-20T09:00:00.000000+00:00 event process_completed ProcessCompleted 1.1 -",
        "ben 2026-01-10T09:00:00.000000+00:00 install - - - -",
        "ben 2026-01-10T09:00:01.000000+00:00 launch - Home 1.0 -",
        "ben 2026-01-12T19:00:00.000000+00:00 event process_completed ProcessCompleted 1.0 -",
        "ben 2026-01-13T19:00:00.000000+00:00 event process_completed ProcessCompleted 1.0 -",
        "ben 2026-01-25T07:00:00.000000+00:00 update - - 1.1 -",
        "ben 2026-01-26T10:00:00.000000+00:00 event process_completed ProcessCompleted 1.1 -",
        "ben 2026-01-28T10:00:00.000000+00:00 event process_completed ProcessCompleted 1.1 -",
        "cai 2026-02-01T18:00:00.000000+00:00 install - - - -",
        "cai 2026-02-01T19:00:01.000000+01:00 launch - Home 1.1 412",
        "cai 2026-02-01T19:05:00.000000+01:00 want paywall Paywall 1.1 412",
        "cai 2026-02-03T13:00:00.000000+01:00 launch - Home 1.1 412",
        "cai 2026-02-03T13:01:00.000000+01:00 want paywall Paywall 1.1 412",
    ]

    /// A timeline line as `user time type name scene short build`, its time as written.
    static func summary(_ line: Substring) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let time = try #require(object["time"] as? String, "\(line)")
        let text = { (key: String) in (object[key] as? String).map { $0.isEmpty ? "-" : $0 } ?? "-" }
        return ([text("user"), time] + ["type", "name", "scene", "short", "build"].map(text)).joined(separator: " ")
    }

    /// A figure of a JSON report, by its path of keys.
    static func figure(_ report: NSDictionary, _ path: String) -> Any? {
        path.split(separator: ".").reduce(report as Any?) { ($0 as? NSDictionary)?[String($1)] }
    }

    @Test(
        "the guide's DuckDB recipe on a GA4-shaped table: an install line at the first touch, the marketing version, want lines; simulated",
        .enabled(if: hasDuckDB || SparkRecipeSlowTests.isCI, "duckdb is not installed (pip install duckdb)"))
    func duckDBRecipe() throws {
        try #require(Self.hasDuckDB, "Python's duckdb is not installed, and CI is set: .ci/run installs it")
        let folder = try Repository.temporaryFolder()
        let recipe = try Self.block("sql duckdb").lines.joined(separator: "\n") + "\n"
        try recipe.write(to: folder.appending(path: "recipe.sql"), atomically: true, encoding: .utf8)
        let duckdb = try Command.run(
            "python3",
            [
                Repository.path("Tests/DuckDB/ga4.py"), folder.appending(path: "recipe.sql").path,
                Repository.path("Tests/DuckDB/ga4-events.jsonl"), folder.path,
            ])
        try #require(duckdb.status == 0, "\(duckdb.output)")
        let written = try String(contentsOf: folder.appending(path: "timeline.jsonl"), encoding: .utf8)
        let lines = written.split(separator: "\n")
        #expect(try lines.map(Self.summary) == Self.expectedTimeline)

        try Self.policy.write(to: folder.appending(path: "ga4-recipe.yaml"), atomically: true, encoding: .utf8)
        let simulate = { (timeline: String) in
            try CLIRunner.run(
                [
                    "simulate", "--policy", "ga4-recipe.yaml", timeline, "--format", "json", "--asks",
                    "\(timeline).asks",
                ], in: folder)
        }
        let run = try simulate("timeline.jsonl")
        try #require(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        let report = try SimulateCommandTests.policyMember(run.stdout)
        #expect(Self.figure(report, "people") as? Int == 3)
        #expect(Self.figure(report, "people_asked") as? Int == 2)
        // ana at her second process_completed, 63 days (less 40 minutes) after her first touch, so past
        // min_install_age; not on 6 January (once_per_version: still 1.0); again on 20 January, at 1.1.
        // ben at his third, on 26 January, the first past his 14 days, and not on 28 January (still
        // 1.1). cai wants a paywall and never completes a process.
        #expect(Self.figure(report, "asks") as? Int == 3)
        // Without `short`, the version would be empty on every line, and the two moments it blocks
        // would ask (5 asks).
        #expect(Self.figure(report, "blocked_by.once_per_version.moments") as? Int == 2)
        #expect(Self.figure(report, "blocked_by.once_per_version.people") as? Int == 2)
        let asks = try String(contentsOf: folder.appending(path: "timeline.jsonl.asks"), encoding: .utf8)
            .split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return "\(object?["person"] ?? "?") \(object?["time"] ?? "?")"
            }
        #expect(asks == ["ana 2026-01-05T09:20:00Z", "ana 2026-01-20T09:00:00Z", "ben 2026-01-26T10:00:00Z"])
        // Days from first seen (the install line) to the first ask: ben 16. ana, installed before the
        // export, is first seen before the data starts (her first days are not in it): left out of
        // them and counted apart, where the first line of the export is the start.
        #expect(Self.figure(report, "days_to_first_ask.people_by_day") as? [String: Int] == ["16": 1])
        #expect(Self.figure(report, "people_before_start") as? Int == 1)
        #expect(Self.figure(report, "start") as? String == "2026-01-05T09:00:00Z")
        // Only ben's 13 January moment is blocked by the install's age.
        #expect(Self.figure(report, "blocked_by.min_install_age.people") as? Int == 1)
        #expect(Self.figure(report, "never_asked.never_reached") as? Int == 1)
        // The recipe orders the lines by person: --grouped gives the same report.
        let grouped = try CLIRunner.run(
            ["simulate", "--policy", "ga4-recipe.yaml", "timeline.jsonl", "--format", "json", "--grouped"], in: folder)
        try #require(grouped.status == 0, "\(grouped.stderr)")
        #expect(try SimulateCommandTests.policyMember(grouped.stdout) == report)

        // Without the install lines (the recipe before this one), ana is first seen on 5 January: she
        // is taken as new, held back 14 days (on 5 and 6 January), asked once, 15 days after.
        let withoutInstall = lines.filter { !$0.contains(#""type":"install""#) }
        #expect(withoutInstall.count == lines.count - 3)
        try (withoutInstall.joined(separator: "\n") + "\n").write(
            to: folder.appending(path: "no-install.jsonl"), atomically: true, encoding: .utf8)
        let old = try simulate("no-install.jsonl")
        try #require(old.status == 0, "\(old.stderr)")
        let oldReport = try SimulateCommandTests.policyMember(old.stdout)
        #expect(Self.figure(oldReport, "asks") as? Int == 2)
        #expect(Self.figure(oldReport, "days_to_first_ask.people_by_day") as? [String: Int] == ["15": 1, "16": 1])
        #expect(Self.figure(oldReport, "blocked_by.min_install_age.people") as? Int == 2)

        // Under a budget, cai's two `paywall_shown` rows are the paywall's wants.
        try Self.budget.write(to: folder.appending(path: "ga4.budget.yaml"), atomically: true, encoding: .utf8)
        let budgeted = try CLIRunner.run(
            ["simulate", "--budget", "ga4.budget.yaml", "timeline.jsonl", "--format", "json"], in: folder)
        try #require(budgeted.status == 0, "\(budgeted.stderr)")
        let budgetReport = try #require(
            try JSONSerialization.jsonObject(with: Data(budgeted.stdout.utf8)) as? NSDictionary)
        let prompts = try #require(budgetReport["prompts"] as? [NSDictionary])
        let paywall = try #require(prompts.first { $0["prompt"] as? String == "paywall" })
        #expect(Self.figure(paywall, "without_budget.shown") as? Int == 2)
        #expect(Self.figure(paywall, "without_budget.people") as? Int == 1)
        #expect(paywall["granted"] as? Int == 2)
        let review = try #require(prompts.first { $0["prompt"] as? String == "review" })
        #expect(review["granted"] as? Int == 3, "the paywall never meets the review: no limits, no gaps")
    }

    /// The BigQuery recipe cannot run here: it is kept beside the DuckDB one, line for line, so that
    /// what the test checks of one holds of the other.
    @Test("the BigQuery and DuckDB recipes map the same events and read the same GA4 columns")
    func theRecipesAreParallel() throws {
        let bigQuery = try Self.block("sql bigquery").lines
        let duckDB = try Self.block("sql duckdb").lines
        // The rows of the `lines` table, each `('event', 'type', name)`, with their comments.
        let rows = { (lines: [String]) in
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("('") }
                .map { $0.replacingOccurrences(of: "),", with: ")") }
                .map { $0.replacingOccurrences(of: " ", with: "") }
        }
        #expect(rows(bigQuery).count >= 4)
        #expect(rows(bigQuery) == rows(duckDB))
        // What each reads and writes, and the export's first and last day.
        for part in [
            "user_pseudo_id AS", "event_timestamp AS micros", "device.time_zone_offset_seconds, 0) AS tz",
            "'firebase_screen_class'", "AS scene", "app_info.version AS short", "'app_build'", "AS build",
            "(user_first_touch_timestamp), 0, 'install'", "(micros + tz * 1000000)", "ORDER BY",
            "SELECT DISTINCT", "UNION ALL", "'20260101' AND '20260331'",
        ] {
            let inBoth = [bigQuery, duckDB].map { block in block.contains { $0.contains(part) } }
            #expect(inBoth == [true, true], "\(part): in BigQuery's recipe, in DuckDB's: \(inBoth)")
        }
    }
}
