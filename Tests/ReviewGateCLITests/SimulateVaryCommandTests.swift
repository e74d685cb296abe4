import Foundation
import ReviewGateTestSupport
import Testing

/// `reviewgate simulate --vary` as a user runs it (Semantics §10 *What-if in one pass*): each variant's
/// result is a separate run of that variant written as a file, a variant that does not validate
/// stops the run before any input is read, `--asks` names the variant, and reports of halves merge.
@Suite("simulate --vary command")
struct SimulateVaryCommandTests {
    static let policy = Repository.root.appending(path: "policies/apple-sample.yaml").path
    static let cohort = Repository.root.appending(path: "policies/examples/simulate/first-month.cohort.yaml").path

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// A policy result (and its arms) without what names where it came from, to compare a variant
    /// with a file.
    static func counts(_ result: Any?) throws -> NSDictionary {
        var result = try #require(result as? [String: Any])
        // A variant's settings are its --vary values; a policy read alone has all of its own.
        for key in ["variant", "settings", "path", "policy_settings"] { result[key] = nil }
        if let arms = result["arms"] as? [Any] { result["arms"] = try arms.map { try counts($0) } }
        return result as NSDictionary
    }

    @Test("each variant's result is that of a separate simulate run of the variant written as a file")
    func variantsAreFiles() throws {
        let folder = try Repository.temporaryFolder()
        let varied = try CLIRunner.run(
            [
                "simulate", "--policy", Self.policy, "--synthetic", Self.cohort, "--write-timeline", "all.jsonl",
                "--vary", "guards.once_per_version=true,false", "--vary",
                "triggers.process_completed.at_least=2,3", "--vary", "guards.cooldown=null,14d",
                "--format", "json",
            ], in: folder)
        #expect(varied.status == 0, "\(varied.stderr)")
        let report = try Self.object(varied.stdout)
        let variants = try #require(report["variants"] as? [[String: Any]])
        #expect(variants.count == 8)
        let original = try String(contentsOfFile: Self.policy, encoding: .utf8)
        // Four of the eight, across every --vary's values.
        for (index, once, count, cooldown) in [
            (0, "true", 2, nil), (3, "true", 3, "14d"), (5, "false", 2, "14d"), (6, "false", 3, nil),
        ] as [(Int, String, Int, String?)] {
            var text = original.replacingOccurrences(of: "once_per_version: true", with: "once_per_version: \(once)")
                .replacingOccurrences(of: "at_least: 4", with: "at_least: \(count)")
            if let cooldown {
                text = text.replacingOccurrences(of: "guards:\n", with: "guards:\n  cooldown: \(cooldown)\n")
            }
            let file = "variant-\(index).yaml"
            try text.write(to: folder.appending(path: file), atomically: true, encoding: .utf8)
            let alone = try CLIRunner.run(["simulate", "--policy", file, "all.jsonl", "--format", "json"], in: folder)
            #expect(alone.status == 0, "\(alone.stderr)")
            let single = try Self.object(alone.stdout)
            #expect(
                variants[index]["variant"] as? String
                    == "guards.once_per_version=\(once), triggers.process_completed.at_least=\(count), guards.cooldown=\(cooldown ?? "null")"
            )
            #expect(try Self.counts(variants[index]) == Self.counts(single["policy"]), "variant \(index)")
        }
        // One core, two cores and a grouped read give the same report.
        let text = try String(contentsOf: folder.appending(path: "all.jsonl"), encoding: .utf8)
        let byPerson = text.split(separator: "\n").enumerated().sorted {
            ($0.element.prefix(16), $0.offset) < ($1.element.prefix(16), $1.offset)
        }.map { $0.element }.joined(separator: "\n")
        try (byPerson + "\n").write(to: folder.appending(path: "grouped.jsonl"), atomically: true, encoding: .utf8)
        let vary = [
            "--vary", "guards.once_per_version=true,false", "--vary", "triggers.process_completed.at_least=2,3",
            "--vary", "guards.cooldown=null,14d",
        ]
        var reports: [NSDictionary] = []
        for extra in [["all.jsonl", "--jobs", "1"], ["all.jsonl", "--jobs", "2"], ["grouped.jsonl", "--grouped"]] {
            let run = try CLIRunner.run(
                ["simulate", "--policy", Self.policy, "--format", "json"] + vary + extra, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            var object = try Self.object(run.stdout)
            object["input"] = nil
            reports.append(object as NSDictionary)
        }
        #expect(reports[0] == reports[1] && reports[1] == reports[2])

        // The policy as written is the report's policy, as a run without --vary gives it.
        let plain = try CLIRunner.run(
            ["simulate", "--policy", Self.policy, "all.jsonl", "--format", "json"], in: folder)
        #expect(try Self.counts(report["policy"]) == Self.counts(Self.object(plain.stdout)["policy"]))
    }

    @Test("a variant that does not validate is exit 2 at the policy's line, before any input is read")
    func invalidVariant() throws {
        let result = try CLIRunner.run(
            ["simulate", "--policy", "policies/apple-sample.yaml", "--vary", "guards.cooldown=7d,7x", "missing.jsonl"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "policies/apple-sample.yaml:16:1: error: with --vary guards.cooldown=7x: cooldown must be a duration"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("missing.jsonl"))
        #expect(result.stdout.isEmpty)

        let notYAML = try CLIRunner.run(
            [
                "simulate", "--policy", "policies/apple-sample.yaml", "--vary", "guards.max_asks={count: 2",
                "missing.jsonl",
            ])
        #expect(notYAML.status == 2)
        #expect(
            notYAML.stderr.hasPrefix(
                "reviewgate: error: --vary guards.max_asks={count: 2: the value is not a YAML flow value"))

        for (extra, message) in [
            (["--baseline", "policies/treaty.yaml"], "--vary compares each variant with the policy as written"),
            (["--vary", "guards.cooldown=1d"], "--vary guards.cooldown is given twice"),
        ] {
            let refused = try CLIRunner.run(
                ["simulate", "--policy", "policies/apple-sample.yaml", "--vary", "guards.cooldown=7d", "missing.jsonl"]
                    + extra)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
        }
    }

    @Test("--asks names each variant's asks; reports of halves merge into the whole, variant by variant")
    func asksAndMerge() throws {
        let folder = try Repository.temporaryFolder()
        let vary = ["--vary", "triggers.process_completed.at_least=2,3"]
        let whole = try CLIRunner.run(
            [
                "simulate", "--policy", Self.policy, "--synthetic", Self.cohort, "--write-timeline", "all.jsonl",
                "--asks", "asks.jsonl", "--format", "json",
            ] + vary, in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        let report = try Self.object(whole.stdout)
        let variants = try #require(report["variants"] as? [[String: Any]])
        let asks = try String(contentsOf: folder.appending(path: "asks.jsonl"), encoding: .utf8).split(separator: "\n")
        let policyAsks = try #require((report["policy"] as? [String: Any])?["asks"] as? Int)
        #expect(asks.filter { !$0.contains("\"variant\":") }.count == policyAsks)
        for variant in variants {
            let name = try #require(variant["variant"] as? String)
            #expect(asks.filter { $0.contains("\"variant\":\"\(name)\"") }.count == variant["asks"] as? Int)
        }

        try SimulateCommandTests.writeHalves(in: folder)
        var parts = ""
        for name in ["a.jsonl", "b.jsonl"] {
            let part = try CLIRunner.run(
                ["simulate", "--policy", Self.policy, name, "--format", "json"] + vary, in: folder)
            #expect(part.status == 0, "\(part.stderr)")
            parts += part.stdout
        }
        try parts.write(to: folder.appending(path: "parts.jsonl"), atomically: true, encoding: .utf8)
        let merged = try CLIRunner.run(["simulate", "--merge", "parts.jsonl", "--format", "json"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        let total = try Self.object(merged.stdout)
        let mergedVariants = try #require(total["variants"] as? [[String: Any]])
        #expect(mergedVariants.count == 2)
        for (mergedVariant, variant) in zip(mergedVariants, variants) {
            #expect(mergedVariant as NSDictionary == variant as NSDictionary)
        }
        // The merged report's text is the table too: the path's end names the rows, within 80 columns.
        let text = try CLIRunner.run(["simulate", "--merge", "parts.jsonl"], in: folder)
        #expect(text.stdout.contains("\nat_least=3 "), "\(text.stdout)")
        #expect(text.stdout.hasSuffix("\nat_least is triggers.process_completed.at_least\n"), "\(text.stdout)")
        let table = text.stdout.split(separator: "\n").drop { !$0.hasPrefix("variant ") }
        #expect(table.count == 5 && table.allSatisfy { $0.count <= 80 }, "\(text.stdout)")

        let other = try CLIRunner.run(
            ["simulate", "--policy", Self.policy, "a.jsonl", "--format", "json", "--vary", "guards.cooldown=7d"],
            in: folder)
        try (parts + other.stdout).write(to: folder.appending(path: "mixed.jsonl"), atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["simulate", "--merge", "mixed.jsonl"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the reports vary the policy differently"), "\(refused.stderr)")
    }

    @Test("a policy that extends another, and a compiled policy, vary as their YAML does")
    func extendsAndCompiled() throws {
        let folder = try Repository.temporaryFolder()
        let timeline = Repository.root.appending(path: "policies/examples/simulate/timeline.jsonl").path
        // ask-earlier extends apple-sample and sets min_install_age; removing it is the file without it.
        let experiment = Repository.root.appending(path: "policies/experiments/ask-earlier.yaml").path
        let text = try String(contentsOfFile: experiment, encoding: .utf8)
            .replacingOccurrences(of: "guards:\n  min_install_age: 3d\n", with: "")
            .replacingOccurrences(of: "extends: ../apple-sample.yaml", with: "extends: \(Self.policy)")
        try text.write(to: folder.appending(path: "without.yaml"), atomically: true, encoding: .utf8)
        let varied = try CLIRunner.run(
            [
                "simulate", "--policy", experiment, timeline, "--format", "json", "--vary",
                "guards.min_install_age=null",
            ], in: folder)
        #expect(varied.status == 0, "\(varied.stderr)")
        let written = try CLIRunner.run(
            ["simulate", "--policy", "without.yaml", timeline, "--format", "json"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let variants = try #require(Self.object(varied.stdout)["variants"] as? [[String: Any]])
        #expect(try Self.counts(variants.first) == Self.counts(Self.object(written.stdout)["policy"]))

        let compiled = try CLIRunner.run(["compile", Self.policy, "-o", "compiled.json"], in: folder)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        var reports: [[NSDictionary]] = []
        for policy in [Self.policy, "compiled.json"] {
            let run = try CLIRunner.run(
                ["simulate", "--policy", policy, timeline, "--format", "json", "--vary", "guards.cooldown=7d,30d"],
                in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let variants = try #require(Self.object(run.stdout)["variants"] as? [[String: Any]])
            reports.append(try variants.map { try Self.counts($0) })
        }
        #expect(reports[0].count == 2 && reports[0] == reports[1])
    }

    @Test("under an experiment, each row of the table is followed by a row per arm, with the JSON's figures")
    func armRows() throws {
        let experiment = Repository.root.appending(path: "policies/experiments/ask-earlier.yaml").path
        let arguments = [
            "simulate", "--policy", experiment, "--synthetic", Self.cohort, "--vary", "experiment.holdout=0,10",
        ]
        let text = try CLIRunner.run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        let json = try Self.object(try CLIRunner.run(arguments + ["--format", "json"]).stdout)
        let results = [try #require(json["policy"])] + (json["variants"] as? [Any] ?? [])
        let table = text.stdout.split(separator: "\n").drop { !$0.hasPrefix("variant ") }.dropFirst()
        let names = ["as written", "experiment.holdout=0", "experiment.holdout=10"]
        #expect(results.count == names.count, "\(json)")
        var rows = table.makeIterator()
        for (name, result) in zip(names, results) {
            #expect(rows.next()?.hasPrefix(name + " ") == true, "\(text.stdout)")
            let arms = try #require((result as? [String: Any])?["arms"] as? [[String: Any]])
            for arm in arms {
                let row = rows.next().map(String.init) ?? ""
                let asked = (arm["people_asked"] as? Int).map { "\($0) (" } ?? "?"
                #expect(row.hasPrefix("  \(arm["name"] as? String ?? "")"), "\(row)")
                #expect(row.contains(asked), "\(row): \(asked)")
            }
        }
    }
}
