import Foundation
import ReviewGateTestSupport
import Testing

/// `reviewgate simulate` as a user runs it: files, standard input, CSV, bad lines, `--strict`,
/// `--asks`, `--merge`, and the Spark recipe of the simulating guide.
@Suite("simulate command")
struct SimulateCommandTests {
    static let policy = "policies/apple-sample.yaml"
    static let timeline = "policies/examples/simulate/timeline.jsonl"
    static let cohort = "policies/examples/simulate/first-month.cohort.yaml"

    /// `simulate --synthetic` of the shipped cohort through the shipped policy, in `folder`, writing
    /// the generated timeline to `all.jsonl`; `extra` are more options.
    static func synthetic(in folder: URL, _ extra: [String]) throws -> CLIRunner.Result {
        let policy = Repository.root.appending(path: Self.policy).path
        let cohort = Repository.root.appending(path: Self.cohort).path
        return try CLIRunner.run(
            ["simulate", "--policy", policy, "--synthetic", cohort, "--write-timeline", "all.jsonl"] + extra,
            in: folder)
    }

    /// The cohort's generated `all.jsonl` in `folder` as two files of people, `a.jsonl` (p0 to
    /// p999) and `b.jsonl` (the rest), to simulate apart and merge.
    static func writeHalves(in folder: URL) throws {
        let lines = try String(contentsOf: folder.appending(path: "all.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let half = try #require(lines.firstIndex { $0.hasPrefix("{\"user\":\"p1000\"") })
        try (lines[..<half].joined(separator: "\n") + "\n").write(
            to: folder.appending(path: "a.jsonl"), atomically: true, encoding: .utf8)
        try (lines[half...].joined(separator: "\n") + "\n").write(
            to: folder.appending(path: "b.jsonl"), atomically: true, encoding: .utf8)
    }

    /// A report's `policy` member, parsed.
    static func policyMember(_ json: String) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["policy"] as? NSDictionary)
    }

    @Test("standard input, grouped or not, gives the report the file gives")
    func standardInput() throws {
        let file = try CLIRunner.run(["simulate", "--policy", Self.policy, Self.timeline, "--format", "json"])
        #expect(file.status == 0, "\(file.stderr)")
        let text = try String(contentsOf: Repository.root.appending(path: Self.timeline), encoding: .utf8)
        // The shipped lines are interleaved; grouped by person (a stable sort by user) for --grouped.
        let lines = text.split(separator: "\n")
        let byPerson = lines.enumerated().sorted {
            ($0.element.prefix(16), $0.offset) < ($1.element.prefix(16), $1.offset)
        }.map { $0.element }.joined(separator: "\n")
        for (extra, input) in [([String](), text), (["--grouped"], byPerson)] {
            let piped = try CLIRunner.runProcess(
                ["simulate", "--policy", Self.policy, "--input-format", "jsonl", "--format", "json", "-"] + extra,
                input: input)
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(try Self.policyMember(piped.stdout) == Self.policyMember(file.stdout))
        }
    }

    @Test("a bad line is reported at its line and skipped, with a count; --strict stops with 2")
    func badLines() throws {
        let folder = try Repository.temporaryFolder()
        var lines = try String(contentsOf: Repository.root.appending(path: Self.timeline), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"install\"", with: "\"instal\"")
        try (lines.joined(separator: "\n") + "\n").write(
            to: folder.appending(path: "t.jsonl"), atomically: true, encoding: .utf8)
        let policy = Repository.root.appending(path: Self.policy).path
        let result = try CLIRunner.run(["simulate", "--policy", policy, "t.jsonl"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.stderr.hasPrefix(
                "t.jsonl:3:54: error: type \"instal\" is not one of install, launch, event, trigger, update, response, flag, attribute, want; did you mean \"install\"?; the line is skipped"
            ), "\(result.stderr)")
        #expect(result.stdout.contains("t.jsonl: 39 events, 1 line skipped, 4 people"))
        let strict = try CLIRunner.run(["simulate", "--policy", policy, "--strict", "t.jsonl"], in: folder)
        #expect(strict.status == 2)
        #expect(strict.stdout.isEmpty)
    }

    @Test("--asks writes one JSON line per ask; --merge of two halves is the whole")
    func asksAndMerge() throws {
        let folder = try Repository.temporaryFolder()
        let policy = Repository.root.appending(path: Self.policy).path
        let whole = try Self.synthetic(in: folder, ["--format", "json", "--asks", "asks.jsonl"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let asks = try String(contentsOf: folder.appending(path: "asks.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let member = try Self.policyMember(whole.stdout)
        #expect(asks.count == member["asks"] as? Int)
        #expect(asks.first?.contains("\"policy_digest\":\"sha256:") == true)

        // Two files of people, each simulated apart, then merged.
        try Self.writeHalves(in: folder)
        var parts = ""
        for name in ["a.jsonl", "b.jsonl"] {
            let part = try CLIRunner.run(["simulate", "--policy", policy, name, "--format", "json"], in: folder)
            #expect(part.status == 0, "\(part.stderr)")
            parts += part.stdout
        }
        try parts.write(to: folder.appending(path: "parts.jsonl"), atomically: true, encoding: .utf8)
        let merged = try CLIRunner.run(["simulate", "--merge", "parts.jsonl", "--format", "json"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Self.policyMember(merged.stdout) == member)

        let other = try CLIRunner.run(
            [
                "simulate", "--policy", Repository.root.appending(path: "policies/treaty.yaml").path, "a.jsonl",
                "--format",
                "json",
            ], in: folder)
        try (parts + other.stdout).write(to: folder.appending(path: "mixed.jsonl"), atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["simulate", "--merge", "mixed.jsonl"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the reports simulate different policies"))
    }

    @Test("--grouped writes its asks as it goes: the same lines as the run in memory")
    func groupedAsks() throws {
        let folder = try Repository.temporaryFolder()
        let policy = Repository.root.appending(path: Self.policy).path
        let whole = try Self.synthetic(in: folder, ["--asks", "a.jsonl"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let grouped = try CLIRunner.run(
            ["simulate", "--policy", policy, "--grouped", "all.jsonl", "--asks", "g.jsonl"], in: folder)
        #expect(grouped.status == 0, "\(grouped.stderr)")
        let inMemory = try String(contentsOf: folder.appending(path: "a.jsonl"), encoding: .utf8)
        #expect(inMemory.split(separator: "\n").count > 100)
        #expect(try String(contentsOf: folder.appending(path: "g.jsonl"), encoding: .utf8) == inMemory)
        // No temporary file is left beside what was written.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains("reviewgate-tmp") }, "\(names)")
    }

    @Test("standard input without --input-format: JSON Lines from a leading {, CSV from a header line")
    func standardInputFormat() throws {
        let jsonl = #"{"user":"a","time":"2026-01-05T09:00:00Z","type":"event","name":"process_completed","build":"1"}"#
        let csv = "user,time,type,name,build\na,2026-01-05T09:00:00Z,event,process_completed,1\n"
        for input in ["\u{FEFF}\n  " + jsonl + "\n", csv] {
            let result = try CLIRunner.runProcess(["simulate", "--policy", Self.policy, "-"], input: input)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("standard input: 1 event, 1 person"), "\(result.stdout)")
        }
    }

    @Test(
        "--within-days takes 1 to 36500 days, and --until goes with it",
        arguments: [
            ["--within-days", "0"], ["--within-days", "36501"], ["--until", "2026-03-01T00:00:00Z"],
            ["--within-days", "30", "--until", "March"],
        ])
    func horizonOptions(_ options: [String]) throws {
        let result = try CLIRunner.run(["simulate", "--policy", Self.policy, Self.timeline] + options)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--within-days") || result.stderr.contains("--until"), "\(result.stderr)")
    }

    @Test("a timeline that does not exist is FILE:1:1: error: no such file, as every command says it")
    func missingTimeline() throws {
        let result = try CLIRunner.run(["simulate", "--policy", Self.policy, "nosuch.jsonl"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("nosuch.jsonl:1:1: error: no such file"), "\(result.stderr)")
    }

    @Test("past the first 20, skipped lines are counted by kind, so a rare kind shows beside a common one")
    func skippedByKind() throws {
        var lines: [String] = []
        for index in 0..<25 { lines.append("{\"user\":\"a\",\"time\":\"day \(index)\",\"type\":\"launch\"}") }
        lines += ["not json", "[1]"]
        lines.append(#"{"user":"a","time":"2026-01-05T09:00:00Z","type":"launch","build":"1"}"#)
        let result = try CLIRunner.runProcess(
            ["simulate", "--policy", Self.policy, "--input-format", "jsonl", "-"], input: lines.joined(separator: "\n"))
        #expect(result.status == 0)
        #expect(result.stderr.contains("reviewgate: note: 7 more unreadable lines skipped (27 in all), by kind:\n"))
        #expect(
            result.stderr.contains(
                "  25  time \"…\" is not an RFC 3339 time or a number of seconds, milliseconds or microseconds since 1970\n"
            ))
        #expect(result.stderr.contains("   2  a JSON line must be an object"), "\(result.stderr)")
    }

    /// The library names the remedy; the command names its option (Diagnostic.Advice.inputFormat).
    @Test(
        "a timeline whose name tells no format, or a folder named like one, is refused with exit 2 and the command's words"
    )
    func anUnnamedFormatOrAFolderIsRefused() throws {
        let folder = try Repository.temporaryFolder()
        let policy = Repository.path(Self.policy)
        try "user,time,type\n".write(to: folder.appending(path: "events.txt"), atomically: true, encoding: .utf8)
        let unnamed = try CLIRunner.run(["simulate", "--policy", policy, "events.txt"], in: folder)
        #expect(unnamed.status == 2)
        #expect(
            unnamed.stderr
                == "reviewgate: error: cannot tell the format of events.txt from its name: name it .jsonl or .csv, or give --input-format jsonl|csv\n"
        )
        let named = try CLIRunner.run(
            ["simulate", "--policy", policy, "--input-format", "csv", "events.txt"], in: folder)
        #expect(named.status == 0, "\(named.stderr)")
        try FileManager.default.createDirectory(
            at: folder.appending(path: "exports.jsonl"), withIntermediateDirectories: true)
        let inFolder = try CLIRunner.run(["simulate", "--policy", policy, "exports.jsonl"], in: folder)
        #expect(inFolder.status == 2)
        #expect(inFolder.stderr == "reviewgate: error: exports.jsonl is a folder; give the timeline files in it\n")
    }
}

/// The simulating guide's Spark recipe (`Tests/Spark/recipe.py`) on a local Spark: a slow suite (JVM start-up,
/// a partitioned job), skipped by `swift test --skip SlowTests`; CI runs it, with pyspark installed.
@Suite("simulate: the Spark recipe")
struct SparkRecipeSlowTests {
    static let policy = SimulateCommandTests.policy

    static let hasPySpark: Bool = {
        (try? Command.run("python3", ["-c", "import pyspark"]).status) == 0
    }()

    /// Whether this is a CI run (`CI` set), where a missing pyspark fails the recipe's test, not skips it.
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    @Test(
        "the simulating guide's Spark recipe: partitions of people through TRANSFORM, merged, equal the single run",
        .enabled(if: hasPySpark || isCI, "pyspark is not installed (pip install pyspark)"), .timeLimit(.minutes(10)))
    func sparkRecipe() throws {
        try #require(Self.hasPySpark, "pyspark is not installed, and CI is set: .ci/run installs it")
        let folder = try Repository.temporaryFolder()
        let policy = Repository.root.appending(path: Self.policy).path
        let whole = try SimulateCommandTests.synthetic(in: folder, ["--format", "json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let spark = try Command.run(
            "python3",
            [
                Repository.root.appending(path: "Tests/Spark/recipe.py").path, CLIRunner.executable.path, policy,
                folder.appending(path: "all.jsonl").path, folder.appending(path: "reports.jsonl").path, "4",
            ])
        #expect(spark.status == 0, "\(spark.output)")
        let reports = try String(contentsOf: folder.appending(path: "reports.jsonl"), encoding: .utf8)
        #expect(reports.split(separator: "\n").count >= 2, "more than one partition ran")
        let merged = try CLIRunner.run(["simulate", "--merge", "reports.jsonl", "--format", "json"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try SimulateCommandTests.policyMember(merged.stdout) == SimulateCommandTests.policyMember(whole.stdout))
    }
}
