import Foundation
import ReviewGateTestSupport
import Testing

/// `simulate --html FILE` as a user runs it: written beside the report, atomically, opened before
/// anything is read; refused with `--budget`; drawn from a merged report; every input's text escaped.
@Suite("simulate --html command")
struct SimulateHTMLCommandTests {
    static let policy = SimulateCommandTests.policy
    static let timeline = SimulateCommandTests.timeline

    /// The JSON report kept in a page.
    static func embedded(_ page: String) throws -> NSDictionary {
        try #require(HTMLReportBrowserTests.embeddedReport(page))
    }

    @Test("the page is written beside the report; it holds no script to run and names nothing to fetch")
    func writtenBesideTheReport() throws {
        let folder = try Repository.temporaryFolder()
        let (policy, timeline) = (Repository.path(Self.policy), Repository.path(Self.timeline))
        let plain = try CLIRunner.run(["simulate", "--policy", policy, timeline], in: folder)
        let drawn = try CLIRunner.run(["simulate", "--policy", policy, timeline, "--html", "r.html"], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout == plain.stdout, "the text report is printed as without --html")
        let page = try String(contentsOf: folder.appending(path: "r.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(
            page.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">"#
            ))
        #expect(page.components(separatedBy: "<script").count == 2, "the report's data and nothing else")
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains(" src="))
        #expect(page.contains(#"<span data-figure="policy.people_asked">2</span>"#))
        #expect(page.contains(#"<span data-figure="policy.people_asked_percent">50.0%</span>"#))
        let json = try CLIRunner.run(["simulate", "--policy", policy, timeline, "--format", "json"], in: folder)
        #expect(try Self.embedded(page) == JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? NSDictionary)
    }

    @Test("an unwritable page stops the run before the timeline is read; a failed run leaves no page")
    func unwritableAndFailed() throws {
        let folder = try Repository.temporaryFolder()
        let policy = Repository.path(Self.policy)
        let unwritable = try CLIRunner.run(
            ["simulate", "--policy", policy, "nosuch.jsonl", "--html", "nosuch/r.html"], in: folder)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("nosuch/r.html"), "\(unwritable.stderr)")
        #expect(!unwritable.stderr.contains("nosuch.jsonl"), "the timeline is not read: \(unwritable.stderr)")

        try "{\"user\":\"a\",\"time\":\"soon\",\"type\":\"launch\"}\n".write(
            to: folder.appending(path: "bad.jsonl"), atomically: true, encoding: .utf8)
        let failed = try CLIRunner.run(
            ["simulate", "--policy", policy, "bad.jsonl", "--strict", "--html", "r.html"], in: folder)
        #expect(failed.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "r.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["bad.jsonl"])
    }

    @Test("--budget draws its page; an unwritable one stops the run before the cohort is replayed")
    func withABudget() throws {
        let folder = try Repository.temporaryFolder()
        let arguments = [
            "simulate", "--budget", Repository.path("policies/budget/calm-app.budget.yaml"), "--synthetic",
            Repository.path(SimulateCommandTests.cohort), "--format", "json",
        ]
        let result = try CLIRunner.run(arguments + ["--html", "r.html"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: folder.appending(path: "r.html"), encoding: .utf8)
        #expect(page.contains("What the budget calm-app would do"))
        // The page keeps the report the run printed.
        #expect(
            page.contains(
                result.stdout.trimmingCharacters(in: .newlines).replacingOccurrences(of: "<", with: "\\u003c")))

        let unwritable = try CLIRunner.run(arguments + ["--html", "no/such/folder/r.html"], in: folder)
        #expect(unwritable.status == 2)
        #expect(unwritable.stdout.isEmpty, "nothing replayed, nothing printed")
    }

    @Test("a merged report is drawn: its page holds the merged report")
    func merged() throws {
        let folder = try Repository.temporaryFolder()
        let policy = Repository.path(Self.policy)
        let lines = try String(contentsOf: Repository.root.appending(path: Self.timeline), encoding: .utf8)
            .split(separator: "\n")
        var parts = ""
        // Ana in one part, the three others in the other.
        let halves = [lines.filter { $0.contains("u-ana") }, lines.filter { !$0.contains("u-ana") }]
        for (index, half) in halves.enumerated() {
            try (half.joined(separator: "\n") + "\n").write(
                to: folder.appending(path: "\(index).jsonl"), atomically: true, encoding: .utf8)
            parts += try CLIRunner.run(
                ["simulate", "--policy", policy, "\(index).jsonl", "--format", "json"], in: folder
            )
            .stdout
        }
        try parts.write(to: folder.appending(path: "parts.jsonl"), atomically: true, encoding: .utf8)
        let drawn = try CLIRunner.run(["simulate", "--merge", "parts.jsonl", "--html", "m.html"], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let json = try CLIRunner.run(["simulate", "--merge", "parts.jsonl", "--format", "json"], in: folder)
        let page = try String(contentsOf: folder.appending(path: "m.html"), encoding: .utf8)
        let embedded = try Self.embedded(page)
        #expect(embedded == (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? NSDictionary))
        #expect((embedded["policy"] as? NSDictionary)?["people"] as? Int == 4)
        #expect(page.contains(#"<span data-figure="policy.people">4</span>"#))
    }

    @Test(
        "six variants: headline tables of at most four columns, each beside the policy as written, named by the paths' ends"
    )
    func manyColumns() throws {
        let folder = try Repository.temporaryFolder()
        let drawn = try CLIRunner.run(
            [
                "simulate", "--policy", Repository.path("policies/apple-sample.yaml"), "--synthetic",
                Repository.path(SimulateCommandTests.cohort), "--vary", "triggers.process_completed.at_least=2,3,4",
                "--vary", "guards.min_install_age=null,7d", "--html", "r.html",
            ], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let page = try String(contentsOf: folder.appending(path: "r.html"), encoding: .utf8)
        let figures = HTMLPage.figureSection(page)
        #expect(
            HTMLPage.figureTableHeads(page) == [
                [
                    "", "policy apple-sample", "variant at_least=2, min_install_age=null",
                    "variant at_least=2, min_install_age=7d", "variant at_least=3, min_install_age=null",
                ],
                [
                    "", "policy apple-sample", "variant at_least=3, min_install_age=7d",
                    "variant at_least=4, min_install_age=null", "variant at_least=4, min_install_age=7d",
                ],
            ])
        // Every variant's figures are in a table, the policy's in both.
        for index in 0..<6 { #expect(figures.contains("data-figure=\"variants.\(index).asks\"")) }
        #expect(figures.components(separatedBy: "data-figure=\"policy.asks\"").count == 3)
        #expect(figures.contains("at_least is triggers.process_completed.at_least"))
        #expect(figures.contains("min_install_age is guards.min_install_age"))
        #expect(page.contains(">variant at_least=4, min_install_age=7d</h2>"), "a section's heading")
    }

    @Test("an experiment under --vary: the header says the policy's exposures once, each variant's are its column's")
    func experimentUnderVary() throws {
        let folder = try Repository.temporaryFolder()
        let drawn = try CLIRunner.run(
            [
                "simulate", "--policy", Repository.path("policies/experiments/ask-earlier.yaml"), "--synthetic",
                Repository.path(SimulateCommandTests.cohort), "--vary", "experiment.holdout=0,10", "--html", "r.html",
            ], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let page = try String(contentsOf: folder.appending(path: "r.html"), encoding: .utf8)
        let header = try #require(page.components(separatedBy: "</header>").first)
        #expect(header.components(separatedBy: "<dt>experiment</dt>").count == 2)
        #expect(header.contains("data-figure=\"policy.people_exposed\""))
        #expect(!header.contains("data-figure=\"variants."))
        for index in 0..<2 { #expect(page.contains("data-figure=\"variants.\(index).people_exposed\"")) }
    }

    @Test("text from the inputs is escaped: a policy's path with <, &, quotes")
    func escaped() throws {
        let folder = try Repository.temporaryFolder()
        let name = #"a&b<i>"c'.yaml"#
        try FileManager.default.copyItem(
            at: Repository.root.appending(path: Self.policy), to: folder.appending(path: name))
        let drawn = try CLIRunner.run(
            ["simulate", "--policy", name, Repository.path(Self.timeline), "--html", "r.html"], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let page = try String(contentsOf: folder.appending(path: "r.html"), encoding: .utf8)
        #expect(page.contains("<code>a&amp;b&lt;i&gt;&quot;c&#39;.yaml</code>"))
        #expect(!page.contains("<i>"), "no text of an input becomes markup, in the data either")
        let path = (try Self.embedded(page)["policy"] as? NSDictionary)?["path"] as? String
        #expect(path == name)
    }
}
