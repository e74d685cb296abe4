import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@_spi(ReviewGateTools) @testable import ReviewGateSimulation

/// The traps inside a real export (Semantics §10 *What the input can tell*, v1.4): installs from before
/// it, duplicate lines, people without a version, and `--until`; each figure held to a per-person
/// reference of the record path on an export made the way the warehouse recipes make one.
@Suite("simulate: the traps inside an export")
struct ExportTrapsTests {
    /// Asks on the 3rd `done` in 30 days, once per build, 10 days apart at least.
    static let policy = """
        reviewgate: 1
        name: traps
        app: {version_key: build}
        triggers: {done: {at_least: 3, within: 30d}}
        guards: {never_on: [], cooldown: 10d, once_per_version: true, system_quota: false}
        """

    /// One line of a timeline.
    struct Line {
        var user: String
        var time: Timestamp
        var type: String
        var name: String?
        var build: String?

        var json: String {
            var text = "{\"user\":\"\(user)\",\"time\":\"\(time)\",\"type\":\"\(type)\""
            if let name { text += ",\"name\":\"\(name)\"" }
            if let build { text += ",\"build\":\"\(build)\"" }
            return text + "}"
        }
    }

    static let exportStart = Timestamp(rfc3339: "2026-01-01T00:00:00Z")!
    static let day: Int64 = 86_400

    /// An export of 90 days as the recipes write one: an `install` line at each person's first open,
    /// months before the export for a quarter of them; `done` events inside it, a new build now and
    /// then, and for some people no build at all.
    static func export(people: Int, seed: UInt64) -> [Line] {
        var random = SplitMix(seed: seed)
        var lines: [Line] = []
        for index in 0..<people {
            let user = "u-\(index)"
            let before = random.next() % 4 == 0
            let install =
                before
                ? exportStart + TimeSpan(seconds: -Int64(random.next() % 200 + 2) * day - Int64(random.next() % 80_000))
                : exportStart + TimeSpan(seconds: Int64(random.next() % (85 * UInt64(day))))
            let versioned = random.next() % 8 != 0
            var build = versioned ? Int(random.next() % 3) + 1 : 0
            lines.append(Line(user: user, time: install, type: "install", build: versioned ? "\(build)" : nil))
            var time = max(install, exportStart) + TimeSpan(seconds: Int64(random.next() % 7_200) + 60)
            for _ in 0..<Int(random.next() % 14) {
                time = time + TimeSpan(seconds: Int64(random.next() % (6 * UInt64(day))) + 600)
                guard time < exportStart + TimeSpan(seconds: 90 * day) else { break }
                if versioned, random.next() % 9 == 0 { build += 1 }
                lines.append(
                    Line(user: user, time: time, type: "event", name: "done", build: versioned ? "\(build)" : nil))
            }
        }
        // Interleaved, as a warehouse writes them: by time.
        return lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// What the reference counts.
    struct Counts: Equatable {
        var people = 0
        var peopleAsked = 0
        var asks = 0
        var cohort = 0
        var cohortAsked = 0
        var beforeStart = 0
        var firstAskDays: [Int: Int] = [:]
    }

    /// Every person's lines through the record path, one at a time in time order; observation from
    /// `since` (or the earliest line that is not an install before the rest of its person's) to
    /// `until` (or the latest line), a line after it not replayed.
    static func reference(
        _ lines: [Line], policy: Policy, horizonDays: Int, until: Timestamp? = nil, since: Timestamp? = nil
    ) throws -> Counts {
        var people: [String: [Line]] = [:]
        var later = Set<String>()
        for line in lines {
            guard until.map({ line.time <= $0 }) ?? true else {
                later.insert(line.user)
                continue
            }
            people[line.user, default: []].append(line)
        }
        // A person whose lines up to the end are their install alone starts after it: not counted.
        for (user, lines) in people where later.contains(user) && lines.count == 1 && lines[0].type == "install" {
            people[user] = nil
        }
        func inOrder(_ lines: [Line]) -> [Line] {
            lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        var start = since
        if since == nil {
            for lines in people.values {
                let lines = inOrder(lines)
                let leading = lines[0].type == "install" && (lines.count == 1 || lines[1].time > lines[0].time)
                guard let from = leading ? (lines.count > 1 ? lines[1].time : nil) : lines[0].time else { continue }
                start = start.map { min($0, from) } ?? from
            }
        }
        let end = until ?? lines.map(\.time).max()!
        let lastDay = SimulationTally.day(of: end) - horizonDays
        var counts = Counts()
        for lines in people.values {
            let lines = inOrder(lines)
            let first = lines[0].time
            var build = lines.first { $0.build != nil }?.build
            var state = ReviewState(userID: lines[0].user, installedAt: first, app: AppVersion(build: build))
            var firstAsk: Timestamp?
            for line in lines {
                if let lineBuild = line.build, lineBuild != build {
                    build = lineBuild
                    Transition.update(&state, to: AppVersion(build: lineBuild), at: line.time, policy: policy)
                }
                guard line.type == "event" else { continue }
                let decision = try Evaluator.evaluate(
                    policy, state: state, moment: Moment(time: .utc(line.time), event: line.name))
                if decision.isAllowed {
                    counts.asks += 1
                    if firstAsk == nil { firstAsk = line.time }
                }
                state = Transition.apply(decision, to: state, policy: policy)
            }
            counts.people += 1
            if firstAsk != nil { counts.peopleAsked += 1 }
            guard start.map({ first >= $0 }) ?? true else {
                counts.beforeStart += 1
                continue
            }
            if let firstAsk { counts.firstAskDays[Int((firstAsk - first).seconds / day), default: 0] += 1 }
            if SimulationTally.day(of: first) <= lastDay {
                counts.cohort += 1
                if let firstAsk, (firstAsk - first).seconds < Int64(horizonDays) * day { counts.cohortAsked += 1 }
            }
        }
        return counts
    }

    static func report(
        _ lines: [Line], horizonDays: Int = 30, until: Timestamp? = nil, since: Timestamp? = nil, grouped: Bool = false,
        jobs: Int = 2, dropsDuplicates: Bool = false
    ) throws -> SimulationReport {
        let simulated = SimulatedPolicy(try Fixtures.policy(policy), path: "traps.yaml")
        var ordered = lines
        if grouped {
            ordered = lines.enumerated().sorted { ($0.element.user, $0.offset) < ($1.element.user, $1.offset) }
                .map(\.element)
        }
        let text = ordered.map(\.json).joined(separator: "\n") + "\n"
        var request = SimulationRequest(
            policy: simulated, input: .bytes(Array(text.utf8), name: "export.jsonl"), grouped: grouped, jobs: jobs,
            withinDays: horizonDays, until: until)
        request.kind.since = since
        request.settings.dropsDuplicates = dropsDuplicates
        return try request.run()
    }

    /// The report's figures in the reference's terms.
    static func counts(_ report: SimulationReport) -> Counts {
        let tally = report.policy.tally
        let horizon = report.horizonCounts(report.policy) ?? SimulationTally.FirstSeen()
        var days: [Int: Int] = [:]
        for (day, count) in tally.firstAskDays.enumerated() where count > 0 { days[day] = count }
        return Counts(
            people: tally.people, peopleAsked: tally.peopleAsked, asks: tally.asks, cohort: horizon.people,
            cohortAsked: horizon.asked, beforeStart: tally.peopleBeforeStart, firstAskDays: days)
    }

    @Test(
        "people installed before the export are counted apart, never as not asked: the horizon is the share among people observed from their first day",
        arguments: [(seed: UInt64(1), grouped: false), (2, false), (3, true), (4, true)])
    func installsBeforeTheExport(seed: UInt64, grouped: Bool) throws {
        let lines = Self.export(people: 400, seed: seed)
        let policy = try Fixtures.policy(Self.policy)
        let expected = try Self.reference(lines, policy: policy, horizonDays: 30)
        let report = try Self.report(lines, grouped: grouped)
        #expect(Self.counts(report) == expected, "seed \(seed)")
        #expect(expected.beforeStart > 50 && expected.cohort > 100, "the export has people of both kinds")
        // Nobody first seen before the export reaches the days to first ask: none is past the data's span.
        #expect(report.policy.tally.firstAskDays.count <= 91)
        #expect(
            report.policy.tally.firstAskDays.reduce(0, +)
                == report.policy.tally.peopleAsked - report.policy.tally.peopleBeforeStartAsked)
        #expect(report.policy.tally.peopleBeforeStartAsked > 0)
        #expect(report.policy.tally.start.map { $0 >= Self.exportStart } ?? false)
        #expect(report.text.contains("first seen before the data starts"))
        let json = JSONWriter(pretty: false).string(report.json)
        #expect(json.contains("\"people_before_start\":\(expected.beforeStart)"))
    }

    @Test("--since sets where observation starts, in memory and grouped; --until ends it: nothing after it counts")
    func sinceAndUntil() throws {
        let lines = Self.export(people: 300, seed: 7)
        let policy = try Fixtures.policy(Self.policy)
        let since = try #require(Timestamp(rfc3339: "2026-01-10T00:00:00Z"))
        let until = try #require(Timestamp(rfc3339: "2026-03-01T03:00:00Z"))
        let expected = try Self.reference(lines, policy: policy, horizonDays: 14, until: until, since: since)
        for grouped in [false, true] {
            let report = try Self.report(lines, horizonDays: 14, until: until, since: since, grouped: grouped)
            #expect(Self.counts(report) == expected, "grouped: \(grouped)")
            #expect(report.policy.tally.start == since)
            #expect((report.policy.tally.latest.map { $0 <= until }) ?? false)
        }
        // Without --until, the asks after it count: the figures differ.
        #expect(Self.counts(try Self.report(lines, horizonDays: 14, since: since)).asks > expected.asks)
        let ended = try Self.report(lines, horizonDays: 14, until: until, since: since)
        let users = Set(lines.filter { $0.time > until }.map(\.user))
        let alone = Set(lines.filter { $0.time <= until }.map(\.user)).filter { user in
            let kept = lines.filter { $0.user == user && $0.time <= until }
            return users.contains(user) && kept.count == 1 && kept[0].type == "install"
        }
        #expect(!alone.isEmpty, "someone installed before the export is active only after --until")
        let after = lines.filter { $0.time > until }.count + alone.count
        #expect(after > 0 && ended.input.linesAfterEnd == after)
        #expect(ended.text.contains(", \(after) lines after --until, "))
    }

    @Test("an ask after --until never counts as asked within the horizon")
    func anAskAfterTheEnd() throws {
        let lines = [
            Line(user: "a", time: Self.exportStart, type: "event", name: "done", build: "1"),
            Line(user: "a", time: Self.exportStart + TimeSpan(seconds: 7_200), type: "event", name: "done", build: "1"),
            Line(
                user: "a", time: Self.exportStart + TimeSpan(seconds: 2 * Self.day + 3 * 3_600), type: "event",
                name: "done", build: "1"),
        ]
        let until = Self.exportStart + TimeSpan(seconds: 2 * Self.day)
        let report = try Self.report(lines, horizonDays: 1, until: until)
        #expect(report.policy.tally.asks == 0)
        #expect(report.horizonCounts(report.policy) == SimulationTally.FirstSeen(people: 1, asked: 0))
    }

    @Test(
        "partitions merge into the whole with the same --since; without it, a part that starts later and counted people before its start is refused"
    )
    func partitionsMerge() throws {
        let lines = Self.export(people: 300, seed: 11)
        let half = Set((0..<150).map { "u-\($0)" })
        let parts = [lines.filter { half.contains($0.user) }, lines.filter { !half.contains($0.user) }]
        let whole = try Self.report(lines, since: Self.exportStart)
        var merged = try Self.report(parts[0], since: Self.exportStart)
        try merged.add(try Self.report(parts[1], since: Self.exportStart))
        #expect(merged.policy.tally == whole.policy.tally)
        // Each part found its own start: the one that starts later counted people the other would observe.
        let first = try Self.report(parts[0])
        let second = try Self.report(parts[1])
        #expect(first.policy.tally.start != second.policy.tally.start)
        var refused = first
        #expect(throws: SimulationReport.MergeError.self) { try refused.add(second) }
    }

    @Test("duplicate lines are counted and warned of; --duplicates drop replays each once, as the export without them")
    func duplicateLines() throws {
        let lines = Self.export(people: 200, seed: 5)
        let twice = lines.flatMap { [$0, $0] }
        let clean = try Self.report(lines)
        #expect(clean.input.duplicates == 0 && !JSONWriter().string(clean.json).contains("duplicates"))
        let warned = try Self.report(twice)
        #expect(warned.input.duplicates == lines.count)
        #expect(warned.policy.tally.moments > clean.policy.tally.moments)
        #expect(
            warned.text.contains(
                "warning: \(SimulationReport.grouped(lines.count)) lines (50.0%) repeat an earlier line exactly"))
        for grouped in [false, true] {
            let dropped = try Self.report(twice, grouped: grouped, dropsDuplicates: true)
            #expect(dropped.input.duplicates == lines.count && dropped.input.duplicatesDropped)
            #expect(dropped.policy.tally == clean.policy.tally, "grouped: \(grouped)")
            #expect(dropped.text.contains("note: ") && dropped.text.contains("dropped (--duplicates drop)"))
        }
        // Kept in the JSON, read back and added up.
        let json = JSONWriter().string(warned.json)
        var read = try SimulationReport(json: JSONReader().loadDocument(json, file: "r.json"))
        #expect(read.input.duplicates == lines.count && read.input.firstDuplicate == warned.input.firstDuplicate)
        try read.add(read)
        #expect(read.input.duplicates == 2 * lines.count)
    }

    @Test("a run of many lines at one instant finds its duplicates without comparing every pair")
    func aLongRunAtOneInstant() throws {
        var lines = (0..<5_000).map { index in
            Line(user: "a", time: Self.exportStart, type: "event", name: "e\(index % 2_500)", build: "1")
        }
        lines.append(Line(user: "a", time: Self.exportStart, type: "install", build: "1"))
        let report = try Self.report(lines)
        #expect(report.input.duplicates == 2_500)
    }

    @Test("a person without a version runs one unknown version throughout: once_per_version blocks their second ask")
    func noVersionIsOneVersion() throws {
        var lines: [Line] = []
        for day in 0..<40 {
            let time = Self.exportStart + TimeSpan(seconds: Int64(day) * Self.day)
            // `n` has no build on any line; `v` the same lines, in a new build every 10 days.
            lines.append(Line(user: "n", time: time, type: "event", name: "done"))
            lines.append(Line(user: "v", time: time, type: "event", name: "done", build: "\(day / 10)"))
        }
        let report = try Self.report(lines)
        // `n` once; `v` once a build, the cooldown of 10 days between: on days 2, 12, 22 and 32.
        #expect(report.policy.tally.asks == 5)
        #expect(report.input.peopleWithoutVersion[.build] == 1)
        #expect(report.text.contains("1 person with no build on any line, replayed as running one version throughout"))
        let expected = try Self.reference(lines, policy: try Fixtures.policy(Self.policy), horizonDays: 30)
        #expect(Self.counts(report) == expected)
        #expect(report.policy.tally.blockedBy[Blocker.guard(.oncePerVersion).index].people == 2)
    }

    /// Runs `policy` over `text` (JSON Lines), and gives the error it stops with.
    static func refusal(_ text: String, policy: String = policy) throws -> DiagnosticError? {
        let simulated = SimulatedPolicy(try Fixtures.policy(policy), path: "traps.yaml")
        let request = SimulationRequest(policy: simulated, input: .bytes(Array(text.utf8), name: "export.jsonl"))
        return #expect(throws: DiagnosticError.self) { _ = try request.run() }
    }

    @Test("a run in which no line could be read exits with the line errors first, whatever the policy reads")
    func noLineRead() throws {
        let lines = """
            {"user":"a","time":"2026-01-01T09:00:00+0900","type":"event","name":"done","build":"1"}
            {"user":"a","ts":"2026-01-01T09:00:00Z","type":"event","name":"done"}
            {"user":"b","time":"2026-01-01T09:00:00","type":"event","name":"done"}

            """
        // A policy that reads no version would have reported 0 people, exit 0.
        let unversioned = "reviewgate: 1\nname: plain\ntriggers: {done: {at_least: 3}}\nguards: {never_on: []}\n"
        for policy in [Self.policy, unversioned] {
            let error = try #require(try Self.refusal(lines, policy: policy))
            #expect(error.diagnostics.first?.location?.line == 1, "\(error)")
            #expect(error.diagnostics.first?.message.contains("write the UTC offset with a colon: +09:00") == true)
            #expect(error.diagnostics.contains { $0.message.contains("it has no UTC offset: add Z for UTC") })
            #expect(error.diagnostics.contains { $0.message.contains("column \"ts\" is not one simulate reads") })
            #expect(
                error.diagnostics.last?.message.hasPrefix("no line of the input could be read: 3 lines skipped") == true
            )
            #expect(!error.diagnostics.contains { $0.message.contains("no line of the input has a \"build\" value") })
        }
    }

    @Test("a refusal that depends on what was read comes after the errors of the lines skipped")
    func errorsBeforeRefusals() throws {
        let lines = """
            {"user":"a","time":"2026-01-01T09:00:00Z","type":"event","name":"done"}
            {"user":"a","time":"2026-01-02T09:00:00Z","type":"event","name":"done","build":3}

            """
        let error = try #require(try Self.refusal(lines))
        #expect(error.diagnostics.first?.location?.line == 2, "\(error)")
        let last = try #require(error.diagnostics.last)
        #expect(last.message.contains("no line of the input has a \"build\" value"))
        #expect(last.message.hasSuffix("(1 line was skipped, unread: the first above)"))
    }

    @Test("want lines are not a policy run's events: counted apart as skipped, for a budget's run")
    func wantLinesAreSkipped() throws {
        var lines = Self.export(people: 50, seed: 3)
        // At the times of events, as an app wants its paywall while it is used.
        let wants = lines.filter { $0.type == "event" }.prefix(10).map {
            Line(user: $0.user, time: $0.time, type: "want", name: "paywall")
        }
        let plain = try Self.report(lines)
        lines += wants
        let report = try Self.report(lines)
        #expect(report.input.events == plain.input.events && report.input.wantsSkipped == 10)
        #expect(report.text.contains(", 10 want lines skipped (they go with --budget), "))
        #expect(report.policy.tally == plain.policy.tally)
    }

    @Test("a readout counts a person installed before the export by assignment from their first line in the data")
    func readoutByAssignmentFromTheData() throws {
        let policy = """
            reviewgate: 1
            name: timing
            triggers: {done: {at_least: 3}}
            guards: {never_on: [], cooldown: 30d}
            experiment:
              name: timing
              salt: s
              arms:
                third: {weight: 1}
                fifth: {weight: 1, override: {triggers: {done: {at_least: 5}}}}
            """
        var lines: [Line] = []
        for index in 0..<40 {
            let user = "p-\(index)"
            // Installed 200 days before the export; a survey in its second week.
            lines.append(Line(user: user, time: Self.exportStart + TimeSpan(seconds: -200 * Self.day), type: "install"))
            for day in [0, 1, 2, 3, 4, 9] {
                let time = Self.exportStart + TimeSpan(seconds: Int64(day) * Self.day + Int64(index) * 60)
                lines.append(Line(user: user, time: time, type: "event", name: day == 9 ? "survey" : "done"))
            }
        }
        lines.append(
            Line(user: "late", time: Self.exportStart + TimeSpan(seconds: 80 * Self.day), type: "event", name: "done"))
        let simulated = SimulatedPolicy(try Fixtures.policy(policy), path: "timing.yaml")
        let text = lines.map(\.json).joined(separator: "\n") + "\n"
        let request = try SimulationRequest(
            readout: simulated, outcomes: [.event("survey")], input: .bytes(Array(text.utf8), name: "e.jsonl"))
        let report = try request.run()
        let assigned = report.tally.groups.reduce(0) { $0 + $1.assigned }
        let observable = report.tally.groups.reduce(0) { $0 + $1.byAssignment[0].observable }
        let withOutcome = report.tally.groups.reduce(0) { $0 + $1.byAssignment[0].withOutcome }
        // Everyone but the late one is observable for 42 days from their first line in the export,
        // and every one of them has the survey there (from the install, none would).
        #expect(assigned == 41 && observable == 40 && withOutcome == 40)
        // Every line twice, dropped: the same readout, the duplicates counted.
        let twice = lines.flatMap { [$0, $0] }.map(\.json).joined(separator: "\n") + "\n"
        var dropped = try SimulationRequest(
            readout: simulated, outcomes: [.event("survey")], input: .bytes(Array(twice.utf8), name: "e.jsonl"))
        dropped.settings.dropsDuplicates = true
        let again = try dropped.run()
        #expect(again.tally == report.tally && again.input.duplicates == lines.count)
    }

    @Test(
        "a budget's horizon leaves out people installed before the data starts, in memory and grouped",
        arguments: [false, true])
    func budgetHorizon(grouped: Bool) throws {
        let budget = try BudgetSimulationTests.budget()
        let lines = String(decoding: try BudgetSimulationTests.timeline(people: 200), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        // Every 4th person also has an install line 200 days before their first (the cohort writes
        // each person's lines together, their first line first).
        var firsts: [String: Timestamp] = [:]
        var moved: [String] = []
        for line in lines {
            let fields = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let user = try #require(fields["user"] as? String)
            if firsts[user] == nil { firsts[user] = Timestamp(rfc3339: try #require(fields["time"] as? String)) }
        }
        var withInstalls: [String] = []
        for line in lines {
            let user = String(line.split(separator: "\"")[3])
            if Int(user.filter(\.isNumber)).map({ $0 % 4 == 0 }) ?? false, !moved.contains(user) {
                moved.append(user)
                let before = firsts[user]! + TimeSpan(seconds: -200 * Self.day)
                withInstalls.append("{\"user\":\"\(user)\",\"time\":\"\(before)\",\"type\":\"install\"}")
            }
            withInstalls.append(line)
        }
        func report(_ lines: [String]) throws -> BudgetSimulationReport {
            var kind = BudgetSimulation(budget: SimulatedBudget(budget, path: BudgetSimulationTests.budgetFile))
            kind.horizon = SimulationReport.Horizon(days: 7)
            let text = lines.joined(separator: "\n") + "\n"
            return try SimulationRequest(kind, input: .bytes(Array(text.utf8), name: "t.jsonl"), grouped: grouped).run()
        }
        let plain = try report(lines)
        let apart = try report(withInstalls)
        #expect(moved.count > 20)
        #expect(plain.budget.tally.peopleBeforeStart == 0)
        #expect(apart.budget.tally.peopleBeforeStart == moved.count)
        // The cohort is the plain one's without them: their first days are not in the data.
        let lastDay = try #require(plain.horizon?.lastFirstSeenDay(latest: plain.latest))
        let movedInCohort = moved.filter { SimulationTally.day(of: firsts[$0]!) <= lastDay }.count
        #expect(movedInCohort > 0)
        #expect(
            apart.horizonCounts(apart.budget)?.people == (plain.horizonCounts(plain.budget)?.people ?? 0)
                - movedInCohort)
        #expect(apart.text.contains("(left out: \(moved.count) people first seen before the data starts"))
    }

    @Test("a grouped run that renumbers the person in flight still sees their duplicate install, and the same start")
    func groupedRenumbering() throws {
        // Each person's lines twice (an export without DISTINCT), grouped, read in chunks of a few bytes
        // by a replay that forgets everyone but the one in flight after each chunk.
        let lines = Self.export(people: 60, seed: 13)
        let grouped = lines.enumerated().sorted { ($0.element.user, $0.offset) < ($1.element.user, $1.offset) }
            .flatMap { [$0.element, $0.element] }
        let text = Array((grouped.map(\.json).joined(separator: "\n") + "\n").utf8)
        let simulated = SimulatedPolicy(try Fixtures.policy(Self.policy), path: "traps.yaml")
        for drops in [false, true] {
            var simulation = Simulation(policies: [simulated], horizonDays: 30)
            simulation.settings.dropsDuplicates = drops
            let chunked = try GroupedReplay.outcome(
                of: text, format: .jsonl, simulation, forgetting: 1, chunkSize: { 7 + $0 % 13 })
            let (timeline, _) = try SimulationTests.read(String(decoding: text, as: UTF8.self))
            let whole = simulation.run(timeline)
            #expect(chunked.tallies == whole.tallies, "drops: \(drops)")
            #expect(chunked.duplicates == lines.count && whole.duplicates == lines.count)
        }
    }

    @Test("--since and a horizon need not go together, and parts made with the same --since merge into the whole")
    func sinceWithoutAHorizon() throws {
        let lines = Self.export(people: 200, seed: 17)
        let half = Set((0..<100).map { "u-\($0)" })
        func report(_ lines: [Line]) throws -> SimulationReport {
            let simulated = SimulatedPolicy(try Fixtures.policy(Self.policy), path: "traps.yaml")
            let text = lines.map(\.json).joined(separator: "\n") + "\n"
            var request = SimulationRequest(
                policy: simulated, input: .bytes(Array(text.utf8), name: "export.jsonl"), jobs: 1)
            request.kind.since = Self.exportStart
            return try request.run()
        }
        let whole = try report(lines)
        var merged = try report(lines.filter { half.contains($0.user) })
        try merged.add(try report(lines.filter { !half.contains($0.user) }))
        #expect(merged.policy.tally == whole.policy.tally && whole.policy.tally.peopleBeforeStart > 0)
        let json = JSONWriter().string(whole.json)
        #expect(json.contains(#""since":"2026-01-01T00:00:00Z""#))
        #expect(try SimulationReport(json: JSONReader().loadDocument(json, file: "r.json")).since == Self.exportStart)
    }

    @Test("a person whose lines up to --until are an install alone starts after the end: not counted")
    func aLoneInstallBeforeTheEnd() throws {
        let lines = [
            Line(
                user: "early", time: Self.exportStart + TimeSpan(seconds: -90 * Self.day), type: "install", build: "1"),
            Line(
                user: "early", time: Self.exportStart + TimeSpan(seconds: 20 * Self.day), type: "event", name: "done",
                build: "1"),
            Line(user: "a", time: Self.exportStart, type: "event", name: "done", build: "1"),
        ]
        let report = try Self.report(lines, horizonDays: 1, until: Self.exportStart + TimeSpan(seconds: 10 * Self.day))
        #expect(report.policy.tally.people == 1)
        #expect(report.input.linesAfterEnd == 2)
    }
}
