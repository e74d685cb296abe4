@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateSimulation
import ReviewGateTestSupport
import Testing

/// `simulate`'s replay (Semantics §10): the same asks as `test` on every shipped scenario, and the same
/// report whether the timeline is JSON Lines or CSV, in memory or grouped, on one core or two,
/// whole or merged from partitions.
@Suite("simulate: replay")
struct SimulationTests {
    static let timelinePath = Repository.path("policies/examples/simulate/timeline.jsonl")
    static let applePolicy = "policies/apple-sample.yaml"

    /// Reads a timeline from text.
    static func read(_ text: String, format: TimelineFormat = .jsonl, strict: Bool = false) throws -> (
        Timeline, TimelineReader
    ) {
        var reader = TimelineReader(format: format, file: "t.\(format.rawValue)", strict: strict)
        var events: [TimelineEvent] = []
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
            try reader.read(all) { events.append($0) }
        }
        try reader.finish { events.append($0) }
        return (Timeline(events: events, symbols: reader.symbols, people: reader.people), reader)
    }

    static func simulated(_ path: String) throws -> SimulatedPolicy {
        SimulatedPolicy(try PolicyLoader.files(Fixtures.documents).load(path: Repository.path(path)), path: path)
    }

    /// A timeline the readers must agree on, in `format`: a byte order mark, a bad line, blank
    /// lines and CRLF, and no newline at the end of the JSON Lines.
    static func readingText(_ format: TimelineFormat) throws -> String {
        guard format == .jsonl else {
            return "\u{FEFF}user,type,time,name,scene\nu,launch,2026-01-05T09:00:00Z,,\n\nu,event,nope,done,\n"
                + "v,event,2026-01-05T09:00:00Z,done,Home\r\nu,event,2026-01-05T10:00:00Z,\"done\",\"Ho\"\"me\"\n"
        }
        return "\u{FEFF}" + (try shippedTimeline())
            + "{\"user\":\"x\",\"time\":\"soon\",\"type\":\"launch\"}\n{\"user\":\"x\",\"time\":1767603600,\"type\":\"launch\"}"
    }

    static func shippedTimeline() throws -> String {
        try String(decoding: FileBytes.read(timelinePath, maxBytes: 1 << 20), as: UTF8.self)
    }

    @Test(
        "every shipped scenario, replayed as a timeline, asks when and as `test` does",
        arguments: Fixtures.shippedPolicyScenarios.filter { path in
            // A timeline is one device's: a scenario that merges another device's record has none.
            !((try? String(contentsOfFile: path, encoding: .utf8))?.contains("\n  - merge:") ?? false)
        }
    )
    func scenariosAgree(path: String) throws {
        let result = try ScenarioRunner.files(Fixtures.documents).run(path: path)
        let scenario = result.scenario
        var lines: [String] = []
        var expected: [String] = []
        var askTimes: [Timestamp] = []
        for run in result.runs {
            // In the moment's offset, which dates days of use (Semantics §14.2).
            let offset = run.decision?.moment.time.utcOffsetSeconds ?? 0
            let time = "\"user\":\"u\",\"time\":\"\(run.now.rfc3339(utcOffsetSeconds: offset))\""
            if let decision = run.decision, decision.isAllowed {
                expected.append("\(run.now) \(decision.trigger ?? "")")
                askTimes.append(run.now)
            }
            func moment(_ type: String, _ name: String?) -> String {
                var line = "{\(time),\"type\":\"\(type)\""
                if let name { line += ",\"name\":\"\(name)\"" }
                if let scene = run.step.scene { line += ",\"scene\":\"\(scene)\"" }
                if let source = run.step.source { line += ",\"source\":\"\(source.rawValue)\"" }
                if run.step.channel != .production { line += ",\"channel\":\"\(run.step.channel.rawValue)\"" }
                return line + "}"
            }
            switch run.step.action {
            case .launch?: lines.append(moment("launch", nil))
            case .event(let name)?: lines.append(moment("event", name))
            case .trigger(let id)?: lines.append(moment("trigger", id))
            case .update(let version)?:
                var line = "{\(time),\"type\":\"update\""
                if let short = version.short { line += ",\"short\":\"\(short)\"" }
                if let build = version.build { line += ",\"build\":\"\(build)\"" }
                lines.append(line + "}")
            case .respond(let kind)?: lines.append("{\(time),\"type\":\"response\",\"value\":\"\(kind.rawValue)\"}")
            case .want?, .commit?, .release?:
                Issue.record("a policy's scenario has no budget steps")
            case .merge?:
                Issue.record("a scenario that merges a person's record has no timeline")
            case .set(let flags, let attributes)?:
                for (name, value) in flags.sorted(by: { $0.key < $1.key }) {
                    lines.append("{\(time),\"type\":\"flag\",\"name\":\"\(name)\",\"value\":\(value)}")
                }
                for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
                    let json: String =
                        switch value {
                        case .string(let text): "\"\(text)\""
                        case .number, .bool: value.description
                        }
                    lines.append("{\(time),\"type\":\"attribute\",\"name\":\"\(name)\",\"value\":\(json)}")
                }
            case nil: continue
            }
        }
        let (timeline, reader) = try Self.read(lines.joined(separator: "\n"))
        #expect(reader.skipped == 0, "\(reader.problems)")
        let simulation = Simulation(
            policies: [SimulatedPolicy(scenario.policy, path: scenario.policyReference)], keepsAsks: true)
        var outcome = simulation.empty
        timeline.withEvents(of: 0) { events in
            simulation.replay(events, person: "u", symbols: timeline.symbols, into: &outcome, from: scenario.state)
        }
        #expect(outcome.asks.map { "\($0.time) \($0.trigger ?? "")" } == expected)
        #expect(outcome.tallies[0].asks == expected.count)
        // Each ask in its UTC week, as Foundation's ISO calendar has it.
        #expect(AsksByWeekTests.byMonday(outcome.tallies[0]) == AsksByWeekTests.weeks(of: askTimes))
        #expect(
            outcome.tallies[0].moments
                == result.runs.filter { $0.decision != nil }.count)
    }

    @Test("the shipped timeline: who was asked, when, and what blocked the rest")
    func shippedTimeline() throws {
        let (timeline, reader) = try Self.read(Self.shippedTimeline())
        #expect(reader.skipped == 0)
        let outcome = Simulation(policies: [try Self.simulated(Self.applePolicy)], keepsAsks: true).run(timeline)
        let tally = outcome.tallies[0]
        #expect(tally.people == 4)
        // Ana and Dev reach their fourth completion on the ProcessCompleted scene, and again after an update;
        // Caro completes on Settings; Ben stops at three.
        #expect(outcome.asks.map(\.person) == ["u-ana", "u-ana", "u-dev", "u-dev"])
        #expect(tally.peopleAsked == 2)
        #expect(tally.neverReached == [1])
        #expect(tally.blockedBy[Blocker.guard(.neverOn).index].moments == 1)
        #expect(tally.firstAskPercentile(0.5) == 3)
    }

    @Test("a trigger line naming a trigger the policy lacks is not decided, even when the policy is off")
    func unknownTriggerOfAPolicyThatIsOff() throws {
        let lines = [
            #"{"user":"a","time":"2026-01-05T09:00:00Z","type":"trigger","name":"nosuch"}"#,
            #"{"user":"a","time":"2026-01-05T10:00:00Z","type":"trigger","name":"done"}"#,
        ]
        let (timeline, _) = try Self.read(lines.joined(separator: "\n"))
        for enabled in [true, false] {
            let policy = try Fixtures.policy(
                "reviewgate: 1\nname: t\nenabled: \(enabled)\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: 1d}")
            let tally = Simulation(policies: [SimulatedPolicy(policy, path: "t.yaml")]).run(timeline).tallies[0]
            #expect(tally.unknownTriggerMoments == 1, "enabled: \(enabled)")
            #expect(tally.moments == 1, "only the known trigger's moment is decided")
            #expect(tally.blockedBy[Blocker.enabled.index].moments == (enabled ? 0 : 1))
        }
    }

    @Test("a tally's blockers are in Blocker.allCases order")
    func blockerOrder() {
        #expect(Blocker.allCases.map(\.index) == Array(Blocker.allCases.indices))
    }

    @Test("asks past the OS quota: the fourth in 365 days on iOS, none counted on Android (Semantics §10)")
    func asksPastTheOSQuota() throws {
        var lines: [String] = []
        for day in 1...5 {
            lines.append("{\"user\":\"a\",\"time\":\"2026-01-0\(day)T09:00:00Z\",\"type\":\"event\",\"name\":\"done\"}")
        }
        let (timeline, _) = try Self.read(lines.joined(separator: "\n"))
        for (platform, past) in [("ios", 2), ("android", 0)] {
            let policy = try Fixtures.policy(
                """
                reviewgate: 1
                name: t
                app: {platform: \(platform)}
                triggers: {done: {at_least: 1}}
                guards: {never_on: [user_action], system_quota: false}
                """)
            let simulated = SimulatedPolicy(policy, path: "t.yaml")
            let tally = Simulation(policies: [simulated]).run(timeline).tallies[0]
            #expect(tally.asks == 5)
            #expect(tally.asksPastOSQuota == past, "\(platform)")
            #expect((simulated.osQuota != nil) == (platform == "ios"))
        }
    }

    @Test("CSV and JSON Lines of the same events give the same report")
    func csvAgrees() throws {
        let (jsonTimeline, _) = try Self.read(Self.shippedTimeline())
        var csv = "user,time,type,name,scene,source,short,build,value\n"
        for line in try Self.shippedTimeline().split(separator: "\n") {
            let node = try JSONReader().loadDocument(String(line), file: "l.json")
            let cells = ["user", "time", "type", "name", "scene", "source", "short", "build", "value"].map {
                node[$0]?.string ?? ""
            }
            csv += cells.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",") + "\r\n"
        }
        let (csvTimeline, reader) = try Self.read(csv, format: .csv)
        #expect(reader.skipped == 0, "\(reader.problems)")
        let simulation = Simulation(policies: [try Self.simulated(Self.applePolicy)])
        #expect(simulation.run(csvTimeline).tallies == simulation.run(jsonTimeline).tallies)
    }

    @Test("one core or two, in memory or grouped, whole or merged: the same counts")
    func partitionsAgree() throws {
        let cohort = try CohortDecoder.decode(
            Fixtures.documents.document(atPath: Repository.path("policies/examples/simulate/first-month.cohort.yaml")))
        var small = cohort
        small.people = 300
        let timeline = CohortGenerator.timeline(small)
        let simulation = Simulation(
            policies: [try Self.simulated(Self.applePolicy), try Self.simulated("policies/three-week-rule.yaml")],
            keepsAsks: true)
        let whole = simulation.run(timeline, jobs: 1)
        #expect(whole.tallies[0].asks > 0, "the cohort asks someone")
        // The second job replays copies of the policies, decoded again from their compiled form.
        let replica = simulation.policies[1].replica()
        #expect(replica.policy.name == simulation.policies[1].policy.name)
        #expect(replica.policy.digest == simulation.policies[1].policy.digest)
        let parallel = simulation.run(timeline, jobs: 2)
        #expect(parallel.tallies == whole.tallies)
        #expect(parallel.asks == whole.asks)
        // Three jobs replay 24 chunks, taken as cores come free and added up in order; the share
        // told (one telling at a time, from whichever core) grows to the whole.
        let told = SharesTold()
        let three = simulation.run(timeline, jobs: 3) { told.shares.append($0) }
        #expect(three.tallies == whole.tallies)
        #expect(three.asks == whole.asks)
        #expect(told.shares.count >= 24 && told.shares == told.shares.sorted() && told.shares.last == 1)

        // Written as JSON Lines and read back grouped, a person at a time.
        let text = timeline.jsonLines()
        var reader = TimelineReader(format: .jsonl, file: "g.jsonl")
        var grouped = GroupedReplay(simulation)
        var chunk: [TimelineEvent] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            chunk.removeAll()
            try bytes[start..<min(bytes.count, start + 4096)].withUnsafeBufferPointer {
                (part) throws(DiagnosticError) in
                try reader.read(part) { chunk.append($0) }
            }
            grouped.take(chunk, from: &reader)
        }
        grouped.finish(symbols: reader.symbols)
        #expect(grouped.outcome.tallies == whole.tallies)

        // Two partitions of people, reported as JSON and merged.
        let lines = text.split(separator: "\n")
        let half = lines.firstIndex { $0.contains("\"user\":\"p150\"") }!
        var reports: [SimulationReport] = []
        for part in [lines[..<half], lines[half...]] {
            let (partTimeline, _) = try Self.read(part.joined(separator: "\n"))
            let outcome = simulation.run(partTimeline)
            let report = SimulationReport(
                input: .init(sources: ["part"]),
                policy: .init(simulation.policies[0], tally: outcome.tallies[0]),
                baseline: .init(simulation.policies[1], tally: outcome.tallies[1]))
            let json = JSONWriter().string(report.json)
            reports.append(try SimulationReport(json: JSONReader().loadDocument(json, file: "part.json")))
        }
        var merged = reports[0]
        try merged.add(reports[1])
        #expect(merged.policy.tally == whole.tallies[0])
        #expect(merged.baseline?.tally == whole.tallies[1])
    }

    @Test(
        "read on several cores, in blocks of any size, given bytes or reading them itself, a timeline is what one reader reads",
        arguments: [
            (TimelineFormat.jsonl, 1, false), (.jsonl, 3, false), (.csv, 2, false), (.jsonl, 1, true),
            (.jsonl, 2, true),
            (.csv, 2, true),
        ], [7, 100, 1 << 20])
    func parallelReading(_ input: (format: TimelineFormat, jobs: Int, filling: Bool), blockSize: Int) throws {
        let text = try Self.readingText(input.format)
        let (one, reader) = try Self.read(text, format: input.format)
        var parallel = ParallelTimelineReader(
            format: input.format, file: reader.file, jobs: input.jobs, blockSize: blockSize)
        try Self.feed(Array(text.utf8), to: &parallel, filling: input.filling, by: 13)
        #expect(reader.skipped == (input.format == .csv ? 2 : 1))
        #expect(parallel.events.count == reader.eventCount)
        #expect(parallel.timeline().events == one.events)
        #expect(parallel.people.strings == reader.people.strings)
        #expect(parallel.lines == reader.lines)
        #expect(parallel.skipped == reader.skipped)
        #expect(parallel.problems.map(\.description) == reader.problems.map(\.description))
    }

    @Test(
        "a line longer than 1 MiB is skipped and reported at its line, as one reader does, given bytes or not",
        arguments: [(1, false), (2, false), (1, true), (2, true)])
    func longLine(jobs: Int, filling: Bool) throws {
        let good = "{\"user\":\"u\",\"time\":1767603600,\"type\":\"launch\"}\n"
        let long =
            "{\"user\":\"v\",\"time\":1767603600,\"type\":\"launch\",\"x\":\"" + String(repeating: "y", count: 1 << 20)
            + "\"}\n"
        let text = String(repeating: good, count: 3) + long + String(repeating: good, count: 2) + long + good
        let (one, reader) = try Self.read(text)
        var parallel = ParallelTimelineReader(format: .jsonl, file: reader.file, jobs: jobs, blockSize: 1000)
        try Self.feed(Array(text.utf8), to: &parallel, filling: filling, by: 100_003)
        #expect(reader.skipped == 2 && reader.eventCount == 6)
        #expect(parallel.timeline().events == one.events)
        #expect(parallel.lines == reader.lines && parallel.skipped == reader.skipped)
        #expect(parallel.problems.map(\.description) == reader.problems.map(\.description))
        #expect(parallel.problems.map { $0.location?.line } == [4, 7])
    }

    /// Gives `bytes` to `reader` `step` bytes at a time (or, `filling`, lets it read them into its
    /// own memory, at most `step` at a time), then finishes it.
    static func feed(
        _ bytes: [UInt8], to reader: inout ParallelTimelineReader, filling: Bool, by step: Int
    ) throws(DiagnosticError) {
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + step)
            if filling {
                let count = try reader.read { room in
                    let count = min(room.count, end - start)
                    bytes[start..<start + count].withUnsafeBytes { room.copyMemory(from: $0) }
                    return count
                }
                #expect(count > 0)
                start += count
            } else {
                try bytes[start..<end].withUnsafeBufferPointer { (chunk) throws(DiagnosticError) in
                    try reader.read(chunk)
                }
                start = end
            }
        }
        if filling {
            let atEnd = try reader.read { _ in 0 }
            #expect(atEnd == 0)
        }
        try reader.finish()
    }

    @Test("--strict on several cores stops at the first bad line, as one reader does, whatever is in flight")
    func strictParallelReading() throws {
        var text = ""
        for index in 0..<400 {
            let type = index == 57 ? "lanch" : "launch"
            text += "{\"user\":\"u\(index % 7)\",\"time\":1767603600,\"type\":\"\(type)\"}\n"
        }
        func message(_ read: () throws -> Void) -> String? {
            do {
                try read()
                return nil
            } catch let error as DiagnosticError {
                return error.diagnostics.map(\.description).joined(separator: "\n")
            } catch {
                return "\(error)"
            }
        }
        let bytes = Array(text.utf8)
        let one = message { _ = try Self.read(text, strict: true) }
        #expect(one?.hasPrefix("t.jsonl:58:") == true)
        for blockSize in [64, 500, 4096] {
            var parallel = ParallelTimelineReader(
                format: .jsonl, file: "t.jsonl", strict: true, jobs: 2, blockSize: blockSize)
            let many = message {
                try bytes.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
                    var start = 0
                    while start < all.count {
                        let end = min(all.count, start + 97)
                        try parallel.read(UnsafeBufferPointer(rebasing: all[start..<end]))
                        start = end
                    }
                    try parallel.finish()
                }
            }
            #expect(many == one, "blocks of \(blockSize) bytes")
        }
    }

    @Test("a cohort always makes the same timeline")
    func cohortIsReproducible() throws {
        let cohort = try CohortDecoder.decode(
            Fixtures.documents.document(atPath: Repository.path("policies/examples/simulate/first-month.cohort.yaml")))
        var small = cohort
        small.people = 50
        let first = CohortGenerator.timeline(small).jsonLines()
        #expect(first == CohortGenerator.timeline(small).jsonLines())
        small.seed += 1
        #expect(first != CohortGenerator.timeline(small).jsonLines())
    }

    @Test("unreadable lines are reported at their line and column, and skipped")
    func badLines() throws {
        let text = """
            {"user":"a","time":"2026-01-05T09:00:00Z","type":"launch"}
            {"user":"a","time":"2026-01-05T09:00:00Z","type":"lanch"}
            {"user":"a","time":"yesterday","type":"launch"}
            {"user":"a","time":1767603600000,"type":"event"}
            {"user":"a","time":1767603600,"type":"event","name":"bad name"}
            not json
            {"user":"a","time":"2026-01-05T09:00:00Z","type":"launch","sceen":"Home"}

            {"user":"b","time":1767603600123456,"type":"response","value":"maybe"}
            """
        let (timeline, reader) = try Self.read(text)
        #expect(reader.eventCount == 2)
        #expect(reader.skipped == 6)
        let messages = reader.problems.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
        #expect(messages.count == 7)
        #expect(messages[0].hasPrefix("2:50 type \"lanch\" is not one of"))
        #expect(messages[0].contains("did you mean \"launch\"?"))
        #expect(messages[1].hasPrefix("3:20 time \"yesterday\" is not an RFC 3339 time"))
        #expect(messages[2].hasPrefix("4:1 the line has no name"))
        #expect(messages[3].hasPrefix("5:53 name \"bad name\" is not a valid name"))
        #expect(messages[4].hasPrefix("6:1 a JSON line must be an object"))
        #expect(messages[5].hasPrefix("7:59 column \"sceen\" is not one simulate reads"))
        #expect(messages[5].contains("did you mean \"scene\"?"))
        #expect(messages[6].hasPrefix("9:63 a response's value must be rated, declined or later"))
        // A person seen only on skipped lines is no one.
        let policy = try Self.simulated(Self.applePolicy)
        #expect(Simulation(policies: [policy]).run(timeline).tallies[0].people == 1)
        #expect(throws: DiagnosticError.self) { try Self.read(text, strict: true) }
    }

    @Test("a version given as a number is refused, as policies and states refuse it: 2.40 would read as 2.4")
    func numberForVersion() throws {
        let text = """
            {"user":"a","time":"2026-01-05T09:00:00Z","type":"launch","short":2.40}
            {"user":"a","time":"2026-01-05T09:00:00Z","type":"update","build":140}
            {"user":"a","time":"2026-01-05T09:00:00Z","type":"launch","short":"2.40","build":"140"}
            """
        let (timeline, reader) = try Self.read(text)
        #expect(reader.skipped == 2)
        let messages = reader.problems.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
        #expect(
            messages.first
                == "1:67 short must be a version string; found the number \"2.40\": write it in quotes; the line is skipped"
        )
        #expect(messages.last?.hasPrefix("2:67 build must be a version string") == true)
        #expect(timeline.symbols[timeline.events[0].short] == "2.40")
        // CSV has no numbers: a version there is its text.
        let (csv, csvReader) = try Self.read("user,time,type,short\na,2026-01-05T09:00:00Z,launch,2.40\n", format: .csv)
        #expect(csvReader.skipped == 0)
        #expect(csv.symbols[csv.events[0].short] == "2.40")
    }

    @Test(
        "times: RFC 3339, BigQuery's text, and epoch seconds, milliseconds and microseconds are the same instant",
        arguments: [
            "\"2026-01-05T09:00:00Z\"", "\"2026-01-05 09:00:00 UTC\"", "\"2026-01-05T10:00:00+01:00\"", "1767603600",
            "1767603600000", "1767603600000000", "\"1767603600\"",
        ])
    func times(_ time: String) throws {
        let (timeline, reader) = try Self.read("{\"user\":\"a\",\"time\":\(time),\"type\":\"launch\"}")
        #expect(reader.skipped == 0, "\(reader.problems)")
        #expect(timeline.events.first?.time == Fixtures.time("2026-01-05T09:00:00Z"))
    }
}

/// The shares a replay told, from whichever thread told them (one at a time).
private final class SharesTold: @unchecked Sendable {
    var shares: [Double] = []
}
