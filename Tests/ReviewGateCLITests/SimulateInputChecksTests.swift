import Foundation
import ReviewGateTestSupport
import Testing

/// What `simulate` refuses or warns about in its input (Semantics §10 *What the input can tell*): a
/// version the policy reads and no line gives, names it reads and no line sends, and `--grouped`
/// on lines that are not grouped.
@Suite("simulate: what the input can tell")
struct SimulateInputChecksTests {
    static let threeWeekRule = "policies/three-week-rule.yaml"
    static let appleSample = "policies/apple-sample.yaml"

    /// Six lines of one person, a `short` on some and no `build`, opening the app on three days in a
    /// row past the three weeks: `once_per_version` by build would ask on each of the three days.
    static let shortOnly = """
        {"user":"u1","time":"2026-01-01T09:00:00Z","type":"install","short":"1.0"}
        {"user":"u1","time":"2026-01-02T09:00:00Z","type":"launch"}
        {"user":"u1","time":"2026-01-03T09:00:00Z","type":"launch","short":"1.0"}
        {"user":"u1","time":"2026-01-23T09:00:00Z","type":"launch"}
        {"user":"u1","time":"2026-01-24T09:00:00Z","type":"launch"}
        {"user":"u1","time":"2026-01-25T09:00:00Z","type":"launch"}

        """

    /// Writes `text` as `name` in a new folder, and returns the folder.
    static func folder(with files: [String: String]) throws -> URL {
        let folder = try Repository.temporaryFolder()
        for (name, text) in files {
            try text.write(to: folder.appending(path: name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func policy(_ path: String) -> String { Repository.root.appending(path: path).path }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "a policy that reads the build, on lines without one, is refused at the setting, naming both ways out",
        arguments: [[], ["--grouped"], ["--vary", "guards.min_install_age=7d,21d"], ["--jobs", "1"]])
    func versionRefused(_ options: [String]) throws {
        let folder = try Self.folder(with: ["t.jsonl": Self.shortOnly])
        let result = try CLIRunner.run(
            ["simulate", "--policy", Self.policy(Self.threeWeekRule), "t.jsonl"] + options, in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "\(Self.policy(Self.threeWeekRule)):18:3: error: guards.once_per_version reads the app's build (app.version_key: build), and no line of the input has a \"build\" value"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("add the \"build\" column to the export, or replay with --version-key short"))
    }

    @Test("--version-key short replays the policy by the short version: one ask, where by no build it was three")
    func versionKeyOption() throws {
        let folder = try Self.folder(with: ["t.jsonl": Self.shortOnly])
        let result = try CLIRunner.run(
            ["simulate", "--policy", Self.policy(Self.threeWeekRule), "t.jsonl", "--version-key", "short"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "every policy replayed with --version-key short (as if its app.version_key were short)"),
            "\(result.stdout)")
        let json = try CLIRunner.run(
            [
                "simulate", "--policy", Self.policy(Self.threeWeekRule), "t.jsonl", "--version-key", "short",
                "--format", "json",
            ], in: folder)
        let report = try Self.json(json.stdout)
        let input = try #require(report["input"] as? [String: Any])
        #expect(input["version_key"] as? String == "short")
        let policy = try #require(report["policy"] as? [String: Any])
        #expect(policy["asks"] as? Int == 1)
        let blockedBy = try #require(policy["blocked_by"] as? [String: Any])
        #expect(blockedBy["once_per_version"] != nil)
    }

    @Test("a person with no version on any line is counted apart, in text and JSON, and replayed")
    func peopleWithoutVersion() throws {
        let lines =
            Self.shortOnly
            + #"{"user":"u2","time":"2026-01-01T09:00:00Z","type":"launch"}"# + "\n"
        let folder = try Self.folder(with: ["t.jsonl": lines])
        let options = ["simulate", "--policy", Self.policy(Self.threeWeekRule), "t.jsonl", "--version-key", "short"]
        let text = try CLIRunner.run(options, in: folder)
        #expect(text.stdout.contains("1 person with no short on any line, replayed as running one version throughout"))
        let report = try Self.json(try CLIRunner.run(options + ["--format", "json"], in: folder).stdout)
        let input = try #require(report["input"] as? [String: Any])
        #expect((input["people_without_version"] as? [String: Any])?["short"] as? Int == 1)
        #expect((report["policy"] as? [String: Any])?["people"] as? Int == 2)
    }

    @Test("a budget whose policies read the build, on lines without one, is refused too; its wants are warned about")
    func budgetVersionRefused() throws {
        let folder = try Self.folder(with: ["t.jsonl": Self.shortOnly])
        let budget = Self.policy("policies/budget/calm-app.budget.yaml")
        let result = try CLIRunner.run(["simulate", "--budget", budget, "t.jsonl"], in: folder)
        #expect(result.status == 2)
        // The review's policy extends Apple's sample, whose once_per_version by build reads it.
        #expect(
            result.stderr.hasPrefix(
                "\(Self.policy(Self.appleSample)):18:3: error: guards.once_per_version reads the app's build"),
            "\(result.stderr)")
        let again = try CLIRunner.run(
            ["simulate", "--budget", budget, "t.jsonl", "--version-key", "short"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("every policy replayed with --version-key short"))
        #expect(
            again.stdout.contains(
                "\(budget):10:3: warning: the budget's prompt paywall reads want paywall, and the input never sends it (no want line names it)"
            ), "\(again.stdout)")
    }

    @Test("an event the policy reads and no line sends is warned about in text, JSON and HTML, with a did-you-mean")
    func unsentEvent() throws {
        let timeline = try String(
            contentsOf: Repository.root.appending(path: "policies/examples/simulate/timeline.jsonl"), encoding: .utf8)
        let renamed = timeline.replacingOccurrences(of: "process_completed", with: "process_complete")
        let folder = try Self.folder(with: ["t.jsonl": renamed, "good.jsonl": timeline])
        let policy = Self.policy(Self.appleSample)
        let text = try CLIRunner.run(["simulate", "--policy", policy, "t.jsonl", "--html", "r.html"], in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        let warning =
            "\(policy):13:3: warning: trigger process_completed reads event process_completed, and the input never sends it (no event line names it); its most frequent events: process_complete (17); did you mean \"process_complete\"?"
        #expect(text.stdout.contains(warning), "\(text.stdout)")
        let html = try String(contentsOf: folder.appending(path: "r.html"), encoding: .utf8)
        #expect(
            html.contains("did you mean &quot;process_complete&quot;?")
                || html.contains("did you mean \"process_complete\"?"))
        #expect(html.contains("dl.read .warning {"))
        // A page of a good timeline is what it was before the checks: not even the warnings' style.
        let clean = try CLIRunner.run(["simulate", "--policy", policy, "good.jsonl", "--html", "g.html"], in: folder)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(!(try String(contentsOf: folder.appending(path: "g.html"), encoding: .utf8)).contains("warning"))

        let json = try CLIRunner.run(["simulate", "--policy", policy, "t.jsonl", "--format", "json"], in: folder)
        let input = try #require(try Self.json(json.stdout)["input"] as? [String: Any])
        let warnings = try #require(input["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["kind"] as? String == "event")
        #expect(warnings.first?["name"] as? String == "process_completed")
        #expect(warnings.first?["did_you_mean"] as? String == "process_complete")
        #expect((input["frequent_events"] as? [String: Any])?["process_complete"] as? Int == 17)
        try json.stdout.write(to: folder.appending(path: "t.json"), atomically: true, encoding: .utf8)

        // A good timeline warns of nothing, and its JSON is as before: no warnings member.
        let good = try CLIRunner.run(["simulate", "--policy", policy, "good.jsonl", "--format", "json"], in: folder)
        #expect(!good.stdout.contains("warnings"))
        try good.stdout.write(to: folder.appending(path: "good.json"), atomically: true, encoding: .utf8)

        // Merged: warned only when no part sent the name.
        let both = try CLIRunner.run(["simulate", "--merge", "t.json", "t.json"], in: folder)
        // The frequent events of both parts, added up.
        #expect(
            both.stdout.contains(
                warning.replacingOccurrences(of: "process_complete (17)", with: "process_complete (34)")),
            "\(both.stdout)")
        let mixed = try CLIRunner.run(["simulate", "--merge", "t.json", "good.json"], in: folder)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(!mixed.stdout.contains("warning"), "\(mixed.stdout)")
    }

    @Test("a trigger that trigger lines name is not warned about; flags, attributes and launches are")
    func triggerLinesAndConditions() throws {
        let policyText = """
            reviewgate: 1
            name: checks
            triggers:
              done:
                event: task_done
                at_least: 1
            guards:
              min_launches: 2
              when:
                all:
                  - flag: pro
                  - attribute: plan
                    equals: yearly

            """
        let lines = #"{"user":"u1","time":"2026-01-01T09:00:00Z","type":"trigger","name":"done"}"# + "\n"
        let folder = try Self.folder(with: ["p.yaml": policyText, "t.jsonl": lines])
        let result = try CLIRunner.run(["simulate", "--policy", "p.yaml", "t.jsonl", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let input = try #require(try Self.json(result.stdout)["input"] as? [String: Any])
        let warnings = try #require(input["warnings"] as? [[String: Any]])
        let named = warnings.map { "\($0["kind"] as? String ?? "") \($0["name"] as? String ?? "")" }
        #expect(named == ["launch launch", "flag pro", "attribute plan"], "\(warnings)")
    }

    @Test("a launch trigger that trigger lines name is not warned about; min_launches still is")
    func launchTriggerLines() throws {
        let policyText = "reviewgate: 1\nname: opens\ntriggers: {open: {event: launch, at_least: 1}}\n"
        let lines = #"{"user":"u1","time":"2026-01-01T09:00:00Z","type":"trigger","name":"open"}"# + "\n"
        let folder = try Self.folder(with: [
            "p.yaml": policyText, "q.yaml": policyText + "guards: {min_launches: 2}\n", "t.jsonl": lines,
        ])
        let fine = try CLIRunner.run(["simulate", "--policy", "p.yaml", "t.jsonl"], in: folder)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(!fine.stdout.contains("warning"), "\(fine.stdout)")
        let counted = try CLIRunner.run(["simulate", "--policy", "q.yaml", "t.jsonl"], in: folder)
        #expect(
            counted.stdout.contains("q.yaml:4:10: warning: guards.min_launches reads launches"), "\(counted.stdout)")
    }

    @Test("--merge adds up every event name of the parts, not each part's first five, and suggests from them all")
    func mergedFrequentEvents() throws {
        let policy = Self.policy(Self.appleSample)
        let line = { (user: Int, name: String) in
            #"{"user":"u\#(user)","time":"2026-01-05T09:00:00Z","type":"event","name":"\#(name)","build":"1"}"# + "\n"
        }
        // The first part sends six names, "rare" least; the second mostly "rare", and a near miss.
        var first = ""
        for (index, name) in ["a", "b", "c", "d", "e"].enumerated() {
            for user in 0...(index + 2) { first += line(user, name) }
        }
        first += line(0, "rare")
        let second = String(repeating: line(1, "rare"), count: 40) + line(2, "process_complete")
        let folder = try Self.folder(with: ["1.jsonl": first, "2.jsonl": second])
        for part in ["1", "2"] {
            let run = try CLIRunner.run(
                ["simulate", "--policy", policy, "\(part).jsonl", "--format", "json"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            try run.stdout.write(to: folder.appending(path: "\(part).json"), atomically: true, encoding: .utf8)
        }
        let merged = try CLIRunner.run(["simulate", "--merge", "1.json", "2.json", "--format", "json"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        let input = try #require(try Self.json(merged.stdout)["input"] as? [String: Any])
        let counts = try #require(input["frequent_events"] as? [String: Int])
        #expect(counts == ["rare": 41, "e": 7, "d": 6, "c": 5, "b": 4, "a": 3, "process_complete": 1])
        let warning = try #require((input["warnings"] as? [[String: Any]])?.first)
        #expect(warning["did_you_mean"] as? String == "process_complete")
        #expect(
            (warning["message"] as? String)?.hasSuffix(
                "its most frequent events: rare (41), e (7), d (6), c (5), b (4); did you mean \"process_complete\"?")
                == true, "\(warning)")
    }

    @Test("--grouped on lines that are not grouped stops at the first person who appears again, with the remedy")
    func notGrouped() throws {
        let result = try CLIRunner.run([
            "simulate", "--policy", Self.appleSample, "--grouped", "policies/examples/simulate/timeline.jsonl",
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "policies/examples/simulate/timeline.jsonl:5:1: error: u-ana appears again after other people: the input is not grouped by person"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("ORDER BY \"user\""))
    }

    @Test("grouped lines split across files are one input: a person again in a later file stops it")
    func groupedAcrossFiles() throws {
        let line = { (user: String, day: Int) in
            #"{"user":"\#(user)","time":"2026-01-0\#(day)T09:00:00Z","type":"launch","build":"1"}"# + "\n"
        }
        let folder = try Self.folder(with: [
            "a.jsonl": line("u1", 1) + line("u2", 1), "b.jsonl": line("u2", 2) + line("u3", 2),
            "c.jsonl": line("u1", 3),
        ])
        let policy = Self.policy(Self.appleSample)
        let fine = try CLIRunner.run(["simulate", "--policy", policy, "--grouped", "a.jsonl", "b.jsonl"], in: folder)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(fine.stdout.contains("3 people"), "\(fine.stdout)")
        let again = try CLIRunner.run(
            ["simulate", "--policy", policy, "--grouped", "a.jsonl", "b.jsonl", "c.jsonl"], in: folder)
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("c.jsonl:1:1: error: u1 appears again after other people"), "\(again.stderr)")
    }
}

extension SimulateInputChecksTests {
    @Test("a response line of a kind whose rule is next_version reads the version: refused without it")
    func responseReadsVersion() throws {
        let policyText = """
            reviewgate: 1
            name: answers
            triggers:
              done: {event: task_done, at_least: 1}

            """
        let lines =
            #"{"user":"u1","time":"2026-01-01T09:00:00Z","type":"event","name":"task_done"}"# + "\n"
            + #"{"user":"u1","time":"2026-01-02T09:00:00Z","type":"response","value":"declined"}"# + "\n"
        let folder = try Self.folder(with: ["p.yaml": policyText, "t.jsonl": lines])
        let result = try CLIRunner.run(["simulate", "--policy", "p.yaml", "t.jsonl"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("responses.after_declined: next_version reads the app's"), "\(result.stderr)")
    }
}

extension SimulateInputChecksTests {
    /// Lines of `people` people, each opening the app on `days` days, interleaved (day by day), the
    /// install and the first launch at the same second (their order matters).
    static func interleaved(people: Int, days: Int) -> String {
        var lines = ""
        for person in 0..<people {
            let time = "2026-01-01T09:00:00Z"
            lines += #"{"user":"u\#(person)","time":"\#(time)","type":"install","build":"1","short":"1.0"}"# + "\n"
            lines += #"{"user":"u\#(person)","time":"\#(time)","type":"launch","build":"1","short":"1.0"}"# + "\n"
        }
        for day in 2...(days + 1) {
            for person in 0..<people where (person + day) % 3 != 0 {
                let time = String(format: "2026-01-%02dT%02d:00:00Z", day, 8 + person % 12)
                lines +=
                    #"{"user":"u\#(person)","time":"\#(time)","type":"event","name":"process_completed","scene":"ProcessCompleted","value":\#(day)}"#
                    + "\n"
            }
        }
        return lines
    }

    @Test(
        "the DuckDB statement the not-grouped error gives groups the file: --grouped on what it writes reports what memory does",
        .enabled(
            if: GA4RecipeTests.hasDuckDB || SparkRecipeSlowTests.isCI, "duckdb is not installed (pip install duckdb)"))
    func groupingStatementRuns() throws {
        try #require(GA4RecipeTests.hasDuckDB, "Python's duckdb is not installed, and CI is set: .ci/run installs it")
        let folder = try Self.folder(with: ["timeline.jsonl": Self.interleaved(people: 400, days: 30)])
        let policy = Self.policy(Self.appleSample)
        let refused = try CLIRunner.run(["simulate", "--policy", policy, "--grouped", "timeline.jsonl"], in: folder)
        #expect(refused.status == 2, "\(refused.stderr)")
        let note = try #require(refused.stderr.split(separator: "\n").first { $0.contains("COPY (") })
        let statement = String(note[try #require(note.range(of: "COPY (")).lowerBound...])
        #expect(statement.contains("read_json('timeline.jsonl'"), "the note names the file: \(statement)")
        let run = try Command.run(
            "python3", ["-c", "import duckdb, sys; duckdb.sql(sys.argv[1])", statement], in: folder)
        #expect(run.status == 0, "\(run.output)")
        let grouped = try CLIRunner.run(
            ["simulate", "--policy", policy, "--format", "json", "--grouped", "grouped.jsonl"], in: folder)
        let memory = try CLIRunner.run(
            ["simulate", "--policy", policy, "--format", "json", "timeline.jsonl"], in: folder)
        #expect(grouped.status == 0, "\(grouped.stderr)")
        #expect(memory.status == 0, "\(memory.stderr)")
        var (groupedReport, memoryReport) = (try Self.json(grouped.stdout), try Self.json(memory.stdout))
        groupedReport["input"] = nil
        memoryReport["input"] = nil
        #expect(NSDictionary(dictionary: groupedReport) == NSDictionary(dictionary: memoryReport))
    }

    @Test("the not-grouped error names the file in its command when it can, and gives a CSV the sort")
    func groupingNotes() throws {
        let folder = try Self.folder(with: [
            "it's.jsonl": Self.interleaved(people: 3, days: 2),
            "t.csv":
                "user,time,type,build\nu1,2026-01-01T09:00:00Z,launch,1\nu2,2026-01-01T09:00:00Z,launch,1\nu1,2026-01-02T09:00:00Z,launch,1\n",
        ])
        let policy = Self.policy(Self.appleSample)
        let quoted = try CLIRunner.run(["simulate", "--policy", policy, "--grouped", "it's.jsonl"], in: folder)
        #expect(quoted.stderr.contains("read_json('FILE'"), "\(quoted.stderr)")
        let csv = try CLIRunner.run(["simulate", "--policy", policy, "--grouped", "t.csv"], in: folder)
        #expect(csv.stderr.hasPrefix("t.csv:4:1: error: u1 appears again"), "\(csv.stderr)")
        #expect(
            csv.stderr.contains("(head -n 1 t.csv; tail -n +2 t.csv | sort -s -t, -k1,1) > grouped.csv"),
            "\(csv.stderr)")
        #expect(!csv.stderr.contains("DuckDB"))
    }
}
