import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance
import ReviewGateTestSupport
import Testing

/// `reviewgate conformance` (Semantics §18): another implementation's answers against the kit. A port
/// that rounds a rollout's bucket limit down (`12.345%` to bucket 1234, where ReviewGate rounds up to
/// 1235) is found by its cases at the edge and counted under `rollout`.
@Suite struct ConformanceCommandTests {
    /// A kit of the repository's policies and the evaluation cases with a rollout (every boundary
    /// one, the first 300 generated), in a folder of its own: the command reads any kit's folder.
    static func rolloutKit() throws -> (folder: URL, kit: ConformanceKit) {
        let source = Repository.path("Conformance")
        let folder = try Repository.temporaryFolder()
        let lines = try String(contentsOfFile: "\(source)/evaluation.jsonl", encoding: .utf8).split(separator: "\n")
        let boundary = lines.filter { $0.contains(#""id":"evaluation/b-rollout-"#) }
        let generated = lines.filter { $0.contains(#""kind":"generated""#) && $0.contains(#""rollout""#) }.prefix(300)
        try FileManager.default.copyItem(
            atPath: "\(source)/\(ConformanceKit.indexFile)",
            toPath: folder.appending(path: ConformanceKit.indexFile).path)
        // The policies these cases name, and no budget.
        let named = Set(
            (boundary + generated).compactMap { $0.firstMatch(of: /"policy":"([^"]+)"/).map { String($0.1) } })
        let policies = try String(contentsOfFile: "\(source)/\(ConformanceKit.policiesFile)", encoding: .utf8)
            .split(separator: "\n").filter { line in
                line.firstMatch(of: /^\{"id":"([^"]+)"/).map { named.contains(String($0.1)) } ?? false
            }
        try (policies.joined(separator: "\n") + "\n").write(
            to: folder.appending(path: ConformanceKit.policiesFile), atomically: true, encoding: .utf8)
        try "".write(to: folder.appending(path: ConformanceKit.budgetsFile), atomically: true, encoding: .utf8)
        for area in ConformanceArea.allCases {
            let text = area == .evaluation ? (boundary + generated).joined(separator: "\n") + "\n" : ""
            try text.write(to: folder.appending(path: area.file), atomically: true, encoding: .utf8)
        }
        return (folder, try ConformanceKit.load(from: folder.path))
    }

    /// The answers of a port whose rollout lets in the buckets below `percent × 100` rounded down.
    static func roundingDown(_ kit: ConformanceKit) throws -> String {
        var policies: [String: Policy] = [:]
        for fixture in kit.policies {
            var policy = try CompiledPolicy.load(Array(JSONWriter().string(fixture.compiled).utf8), file: fixture.id)
            if var rollout = policy.rollout {
                rollout.bucketLimit = Int((rollout.percent * 100).rounded(.down))
                policy.rollout = rollout
            }
            policies[fixture.id] = policy
        }
        var lines: [JSONValue] = []
        for (_, kase) in kit.allCases {
            let policy = try #require(policies[ConformanceValue.string(kase.input("policy")) ?? ""])
            let state = try ConformanceAnswers.state(kase.input("state"), policy: policy)
            let decision = try Evaluator.evaluate(
                policy, state: state, moment: try ConformanceAnswers.moment(kase.input("moment")))
            lines.append(
                .object([
                    ("id", .string(kase.id)), ("answer", .object(ConformanceAnswers.decision(decision, state, policy))),
                ]))
        }
        return JSONLines.text(lines)
    }

    @Test("a port that rounds a rollout's edge down is found at its cases, under rollout")
    func plantedDifference() throws {
        let (folder, kit) = try Self.rolloutKit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = folder.appending(path: "answers.jsonl")
        try Self.roundingDown(kit).write(to: answers, atomically: true, encoding: .utf8)
        let text = try CLIRunner.run(["conformance", answers.path, "--kit", folder.path])
        #expect(text.status == 1, "\(text.stderr)")
        print(text.stdout)
        let json = try CLIRunner.run(["conformance", answers.path, "--kit", folder.path, "--format", "json"])
        let report = try JSONReader().loadDocument(json.stdout, file: "report").jsonValue
        guard case .array(let differences)? = ConformanceValue.member(report, "differences") else {
            Issue.record("no differences in \(json.stdout.prefix(300))")
            return
        }
        let ids = Set(differences.compactMap { ConformanceValue.string(ConformanceValue.member($0, "id")) })
        // 12.345% is bucket 1235 rounded up, 1234 down; 33.333% is 3334 and 3333: the person in the
        // bucket between is let in by ReviewGate and kept out by the port, under either hash.
        for edge in [
            "12.345-v1-bucket-1234", "12.345-v2-bucket-1234", "33.333-v1-bucket-3333", "33.333-v2-bucket-3333",
        ] {
            #expect(ids.contains("evaluation/b-rollout-\(edge)"), "\(edge) not found")
            #expect(text.stdout.contains("evaluation/b-rollout-\(edge) [policy, "), "\(edge) not shown")
        }
        for difference in differences {
            guard case .array(let tags)? = ConformanceValue.member(difference, "tags") else { continue }
            #expect(tags.contains { ConformanceValue.string($0) == "rollout" })
        }
        // Only the edges differ: the rest of the rollout cases are the same.
        let rollout = ConformanceValue.member(ConformanceValue.member(report, "by_tag") ?? .null, "rollout")
        let differ = rollout.flatMap { ConformanceValue.member($0, "differ") }
        let same = rollout.flatMap { ConformanceValue.member($0, "same") }
        #expect(differ.map { ConformanceValue.equal($0, .int(ids.count)) } == true)
        #expect(same.map { ConformanceValue.equal($0, .int(kit.allCases.count - ids.count)) } == true)
        #expect(text.stdout.contains("\(ids.count) differ, 0 skipped"))
        #expect(text.stdout.contains("  decision: expected \"allow\", answered \"block\""))
    }

    @Test("the kit's own answers are as expected; a case without an answer is skipped, and a bad line refused")
    func sameSkippedRefused() throws {
        let (folder, kit) = try Self.rolloutKit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = folder.appending(path: "answers.jsonl")
        let own = kit.allCases.dropFirst().map {
            JSONValue.object([("id", .string($0.kase.id)), ("answer", $0.kase.expect)])
        }
        try JSONLines.text(own).write(to: answers, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["conformance", answers.path, "--kit", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("0 differ, 1 skipped"))
        #expect(result.stdout.contains("tag"))
        try "{\"id\": \"x\"}\n".write(to: answers, atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["conformance", answers.path, "--kit", folder.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("line 1: an answer is {\"id\": …, \"answer\": {…}}"))
    }
}
