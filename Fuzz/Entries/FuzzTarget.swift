@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateLanguageServer
@_spi(ReviewGateTools) import ReviewGateRemote
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateSimulation
@_spi(ReviewGateTools) import ReviewGateYAML

/// The readers that are fuzzed, each called as the command line calls it: what a fuzzer feeds, the
/// regression tests replay, and `ReviewGateFuzz` measures.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// YAML through libyaml, then the policy decoder and linter, then compiling what decodes.
    case policy
    /// YAML (or JSON) through libyaml, then the state decoder, for either version key; and the same
    /// document as a person record (Semantics §16.5), merged with itself and into a state twice
    /// (the union must not change), its JSON read back as the same record.
    case state
    /// YAML through libyaml, then the scenario decoder (its `policy:` is a fixed policy), and for a
    /// scenario that loads, a run of its first steps.
    case scenario
    /// The core's JSON reader, then the compiled-policy decoder with its digest checked.
    case compiled
    /// The remote-update acceptance path: envelope, key, signature, then the compiled policy; and
    /// the same bytes as a signed budget.
    case remote
    /// The compiled-budget reader (JSON, digest checked), else YAML through libyaml, then the budget
    /// decoder and loader (each prompt's `policy:` is the scenario target's policy, deciding the
    /// prompt named by its file name); for a budget that loads, arbitrations of a few moments and
    /// their explanations.
    case budget
    /// `simulate`'s readers: the bytes as a JSON Lines and as a CSV timeline (replayed through the
    /// scenario target's policy, and under a budget of it and an external prompt), as a merged
    /// report (written as text and drawn as the HTML page), and as a cohort (generated small).
    case simulate
    /// `simulate --vary`: the first line a `--vary PATH=V1,V2,...` argument, the rest a policy in
    /// YAML; the option parsed, its values read as YAML, and each variant made and validated.
    case vary
    /// `reviewgate lsp` (Semantics §17): the bytes as what a client sends (framed or not), as one
    /// message's content, and as an open document's text, then hover, completion, symbols, inlay
    /// hints and quick fixes at places drawn from it. Every frame gets its answers; none may crash.
    case lsp

    /// Whether `root` reads as a person record; one that does merges idempotently, with itself and
    /// into a state, and its JSON reads back as itself.
    static func checkPersonRecord(_ root: DocumentNode) -> Bool {
        guard let record = try? PersonRecord.decode(root) else { return false }
        precondition((try? record.merging(record)) == record, "a record merged with itself changed")
        precondition((try? PersonRecord(json: record.json)) == record, "a record's JSON reads back otherwise")
        var state = ReviewState(
            userID: record.userID, installedAt: Timestamp(nanosecondsSince1970: 0), app: AppVersion(short: "1"))
        _ = try? state.merge(record, makeDeviceID: { "d-fuzz" })
        let once = state
        _ = try? state.merge(record, makeDeviceID: { "d-fuzz" })
        precondition(state == once, "a record merged twice into a state changed it twice")
        return true
    }

    /// The most steps of a fuzzed scenario that are run.
    static let maxSteps = 64

    /// Reads `bytes` as this target's input. Returns whether the input was accepted; a refusal is
    /// an answer, only a crash, a leak or a hang is a finding.
    @discardableResult
    public func run(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .policy:
            guard let root = try? YAMLLoader().loadDocument(bytes, file: "fuzz.yaml"),
                let result = try? PolicyLoader.decode(root)
            else { return false }
            let compiled = CompiledPolicy(result)
            let digest = CompiledDigest.sha256(compiled.digestedBytes)
            // The build plugin's tool hashes without swift-crypto: the two must agree on every policy.
            precondition(PortableSHA256.policyDigest(compiled.digestedBytes) == digest, "the two SHA-256s differ")
            _ = compiled.text(digest: digest)
            return true
        case .state:
            guard let root = try? YAMLLoader().loadDocument(bytes, file: "fuzz.yaml") else { return false }
            let short = (try? StateDecoder.decode(root, versionKey: .short)) != nil
            let build = (try? StateDecoder.decode(root, versionKey: .build)) != nil
            let record = Self.checkPersonRecord(root)
            return short || build || record
        case .scenario:
            guard let root = try? YAMLLoader().loadDocument(bytes, file: "fuzz.scenario.yaml"),
                var scenario = try? ScenarioDecoder.decode(root, path: "fuzz.scenario.yaml", loader: Self.policies)
            else { return false }
            scenario.steps = Array(scenario.steps.prefix(Self.maxSteps))
            scenario.golden = nil
            _ = ScenarioRunner.run(scenario)
            return true
        case .compiled:
            return (try? CompiledPolicy.load(bytes, file: "fuzz.json", digest: CompiledDigest.sha256)) != nil
        case .budget:
            // A compiled budget (JSON, its policies inside, its digest checked), else a budget file.
            if let budget = try? CompiledBudget.load(bytes, file: "fuzz.json", digest: CompiledDigest.sha256) {
                Self.arbitrate(budget)
                return true
            }
            guard let root = try? YAMLLoader().loadDocument(bytes, file: "fuzz.budget.yaml"),
                let budget = try? Self.budgetLoader(root).load(path: "fuzz.budget.yaml").budget
            else { return false }
            Self.arbitrate(budget)
            return true
        case .remote:
            let acceptance = UpdateAcceptance(keys: [Self.key], appVersion: AppVersion(short: "1.0", build: "1"))
            if case .success = acceptance.check(bytes, file: "fuzz.signed.json") { return true }
            if case .success = acceptance.checkBudget(bytes, file: "fuzz.signed.json") { return true }
            return false
        case .simulate:
            var accepted = false
            let simulated = Self.simulated
            for format in TimelineFormat.allCases {
                var reader = TimelineReader(format: format, file: "fuzz.\(format.rawValue)")
                var events: [TimelineEvent] = []
                let read: Void? = try? bytes.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
                    try reader.read(all) { events.append($0) }
                    try reader.finish { events.append($0) }
                }
                if format == .jsonl { Self.checkTimes(bytes) }
                Self.checkFastPath(bytes, format: format, against: reader, events, failed: read == nil)
                guard read != nil else { continue }
                Self.checkParallel(bytes, format: format, against: reader, events)
                Self.checkGrouped(bytes, format: format, Simulation(policies: [simulated], keepsAsks: true))
                Self.checkGrouped(bytes, format: format, Simulation(budget: Self.simulatedBudget))
                let timeline = Timeline(events: events, symbols: reader.symbols, people: reader.people)
                _ = Simulation(policies: [simulated], keepsAsks: true).run(timeline)
                Self.checkGroupedAgainstWhole(bytes, format: format, timeline, Simulation(budget: Self.simulatedBudget))
                var horizon = Simulation(policies: [simulated], horizonDays: 30)
                horizon.settings.dropsDuplicates = bytes.first.map { $0 & 1 == 1 } ?? false
                Self.checkGroupedAgainstWhole(bytes, format: format, timeline, horizon)
                // The fuzzer's own inputs: an amplification input's one long person, arbitrated line by
                // line with every decision's checks, says nothing the small ones do not.
                if bytes.count <= 1 << 16 { Self.checkLeanArbitration(timeline) }
                Self.checkVerdicts(timeline, simulated.policy)
                accepted = accepted || (reader.eventCount > 0 && reader.skipped == 0)
            }
            if let root = try? JSONReader().loadDocument(bytes, file: "fuzz.json"),
                let report = try? SimulationReport(json: root)
            {
                _ = report.text
                _ = report.html
                accepted = true
            }
            if let root = try? YAMLLoader().loadDocument(bytes, file: "fuzz.cohort.yaml"),
                var cohort = try? CohortDecoder.decode(root)
            {
                cohort.people = min(cohort.people, 20)
                cohort.days = min(cohort.days, 30)
                _ = Simulation(policies: [simulated]).run(CohortGenerator.timeline(cohort))
                accepted = true
            }
            return accepted
        case .vary:
            return Self.vary(bytes)
        case .lsp:
            return LanguageServerFuzzing.run(bytes)
        }
    }

    /// The most values of a fuzzed `--vary` that are tried.
    static let maxValues = 8

    /// A `--vary` argument (the first line) over a policy (the rest): a variant per value, each the
    /// policy decoded again, or a refusal; never more or fewer variants than values.
    static func vary(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: 0x0A),
            var option = try? VaryOption(parsing: String(decoding: bytes[..<newline], as: UTF8.self)),
            let root = try? YAMLLoader().loadDocument(Array(bytes[(newline + 1)...]), file: "fuzz.yaml"),
            let loaded = try? PolicyLoader.decode(root)
        else { return false }
        option.values = Array(option.values.prefix(maxValues))
        let values = option.values.compactMap { try? YAMLLoader().loadDocument(Array($0.utf8), file: "--vary") }
        guard values.count == option.values.count,
            let made = try? PolicyVariants.make(
                loaded, path: "fuzz.yaml", varying: [PolicyVariants.Varied(option, values: values)])
        else { return false }
        precondition(made.variants.count == values.count, "a variant per value")
        return true
    }

    /// Reads `bytes` again without the JSON Lines fast path (``TimelineReader/usesFastPath``), in
    /// chunks of sizes drawn from the input, and stops the process if it reads anything other than
    /// `reader` did with it.
    static func checkFastPath(
        _ bytes: [UInt8], format: TimelineFormat, against reader: TimelineReader, _ events: [TimelineEvent],
        failed: Bool
    ) {
        var plain = TimelineReader(format: format, file: reader.file)
        plain.usesFastPath = false
        var plainEvents: [TimelineEvent] = []
        let read: Void? = try? bytes.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + 1 + Int(all[start] ^ UInt8(truncatingIfNeeded: start)) % 97)
                try plain.read(UnsafeBufferPointer(rebasing: all[start..<end])) { plainEvents.append($0) }
                start = end
            }
            try plain.finish { plainEvents.append($0) }
        }
        precondition((read == nil) == failed, "the fast path failed otherwise")
        precondition(plainEvents == events, "the fast path read other events")
        precondition(plain.symbols.strings == reader.symbols.strings, "the fast path named other things")
        precondition(plain.people.strings == reader.people.strings, "the fast path saw other people")
        precondition(plain.lines == reader.lines && plain.skipped == reader.skipped, "other counts")
        precondition(plain.problems == reader.problems, "the fast path reported otherwise")
    }

    /// Reads `bytes` again with a ``ParallelTimelineReader`` (two jobs, small blocks, odd chunks,
    /// given to it or, for an input of odd length, read by it into its block), and again whole from
    /// memory as a mapped file is read (two or three jobs, a range each), and stops the process if either reads anything other than
    /// the one reader did.
    static func checkParallel(
        _ bytes: [UInt8], format: TimelineFormat, against reader: TimelineReader, _ events: [TimelineEvent]
    ) {
        var parallel = ParallelTimelineReader(
            format: format, file: reader.file, jobs: 2, blockSize: 64 + bytes.count % 512)
        let filling = bytes.count % 2 == 1
        let read: Void? = try? bytes.withUnsafeBufferPointer { (all) throws(DiagnosticError) in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + 61)
                if filling {
                    let count = try parallel.read { room in
                        room.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[start..<end])))
                        return end - start
                    }
                    precondition(count == end - start, "the parallel reader took other bytes")
                } else {
                    try parallel.read(UnsafeBufferPointer(rebasing: all[start..<end]))
                }
                start = end
            }
            try parallel.finish()
        }
        guard reader.skipped < 900 else { return }
        func errors(_ problems: [Diagnostic]) -> [String] {
            problems.filter { $0.severity == .error }.map { "\($0.location.map(\.description) ?? ""): \($0.message)" }
        }
        precondition(read != nil, "the parallel reader failed where one reader did not")
        precondition(parallel.events == events, "the parallel reader read other events")
        precondition(parallel.symbols.strings == reader.symbols.strings, "the parallel reader named other things")
        precondition(parallel.people.strings == reader.people.strings, "the parallel reader saw other people")
        precondition(parallel.lines == reader.lines && parallel.skipped == reader.skipped, "other counts")
        precondition(errors(parallel.problems) == errors(reader.problems), "the parallel reader reported otherwise")
        // The same bytes read whole from memory, as a mapped file is: a range of them per job (two
        // or three), each read in blocks that are windows of it.
        var mapped = ParallelTimelineReader(
            format: format, file: reader.file, jobs: 2 + bytes.count % 2, blockSize: 64 + bytes.count % 509)
        let mappedRead: Void? = try? mapped.read(mapped: MappedInput(copying: bytes))
        let finished: Void? = try? mapped.finish()
        precondition(mappedRead != nil && finished != nil, "the mapped read failed where one reader did not")
        precondition(mapped.events == events, "the mapped read read other events")
        precondition(mapped.symbols.strings == reader.symbols.strings, "the mapped read named other things")
        precondition(mapped.people.strings == reader.people.strings, "the mapped read saw other people")
        precondition(mapped.lines == reader.lines && mapped.skipped == reader.skipped, "other counts, mapped")
        precondition(errors(mapped.problems) == errors(reader.problems), "the mapped read reported otherwise")
        // Grouped by person: kept in the pieces read when the input is grouped already, else placed anew.
        let grouped = mapped.timeline()
        let placed = Timeline(
            pieces: mapped.pieces, symbols: mapped.symbols, people: mapped.people, jobs: 2, keepsGroupedPieces: false)
        precondition(
            grouped.events == placed.events && grouped.starts == placed.starts, "the kept pieces group otherwise")
        for person in 0..<grouped.people.count {
            let (kept, new) = (
                grouped.withEvents(of: person) { Array($0) }, placed.withEvents(of: person) { Array($0) }
            )
            precondition(kept == new, "the kept pieces give a person other events")
        }
    }

    /// Replays `bytes` (up to 64 KiB) grouped twice: read whole by a replay that never forgets
    /// anyone, and read in chunks of sizes drawn from the input (1 to 97 bytes) by one that forgets
    /// every person but the one in flight after each chunk; stops the process if the outcomes differ.
    static func checkGrouped(_ bytes: [UInt8], format: TimelineFormat, _ simulation: Simulation) {
        // The fuzzer's own inputs (MAX_LEN); an amplification input's replays, each twice more,
        // would outrun the per-input time bound, and say nothing the small ones do not.
        guard bytes.count <= 1 << 16 else { return }
        guard
            let whole = try? GroupedReplay.outcome(
                of: bytes, format: format, simulation, forgetting: .max, chunkSize: { _ in bytes.count })
        else { return }
        let chunked = try? GroupedReplay.outcome(
            of: bytes, format: format, simulation, forgetting: 1,
            chunkSize: { 1 + Int(bytes[$0 % bytes.count] ^ UInt8(truncatingIfNeeded: $0)) % 97 })
        precondition(chunked?.tallies == whole.tallies, "a grouped read in chunks counted otherwise")
        precondition(chunked?.asks == whole.asks, "a grouped read in chunks asked otherwise")
        precondition(chunked?.budgets == whole.budgets, "a grouped read in chunks counted the budget otherwise")
    }

    /// Replays `bytes` (up to 64 KiB) grouped, when they are, and stops the process unless it counts
    /// what the whole `timeline` in memory counts: where observation starts, found only at a grouped
    /// run's end, and the duplicate lines included (Semantics §10 *What the input can tell*).
    static func checkGroupedAgainstWhole(
        _ bytes: [UInt8], format: TimelineFormat, _ timeline: Timeline, _ simulation: Simulation
    ) {
        // In chunks, forgetting every person but the one in flight: the reader then numbers that one
        // anew, in the middle of their lines.
        guard bytes.count <= 1 << 16,
            let grouped = try? GroupedReplay.outcome(
                of: bytes, format: format, simulation, forgetting: 1,
                chunkSize: { 1 + Int(bytes[$0 % bytes.count] ^ UInt8(truncatingIfNeeded: $0 &* 7)) % 61 })
        else { return }
        let whole = simulation.run(timeline)
        precondition(grouped.tallies == whole.tallies, "a grouped run counted otherwise than the whole")
        precondition(grouped.budgets == whole.budgets, "a grouped run counted the budget otherwise than the whole")
        precondition(grouped.duplicates == whole.duplicates, "a grouped run found other duplicates")
    }

    /// Reads every `"time":"…"` value of `bytes`, and every line, written with `T`, through one scratch, as a timeline
    /// reads its time column (the days kept, the fast shapes), and stops when one reads otherwise
    /// than ``Timestamp/init(rfc3339:)-(UnsafeBufferPointer<UInt8>)`` reads it alone.
    static func checkTimes(_ bytes: [UInt8]) {
        var scratch = TimeColumn.Scratch()
        let key = Array(#""time":""#.utf8)
        var values: [ArraySlice<UInt8>] = bytes.split(separator: 0x0A)
        var index = 0
        while index + key.count <= bytes.count {
            guard bytes[index..<index + key.count].elementsEqual(key) else {
                index += 1
                continue
            }
            let start = index + key.count
            let end = bytes[start...].firstIndex(of: 0x22) ?? bytes.count
            values.append(bytes[start..<end])
            index = end
        }
        // The RFC 3339 shapes with their `T` (an epoch number and BigQuery's `… UTC` are the column's own).
        for value in values where value.count <= 64 && value.count > 10 && value[value.startIndex + 10] == 0x54 {
            Array(value).withUnsafeBufferPointer { text in
                precondition(
                    TimeColumn.parse(text, scratch: &scratch) == Timestamp(rfc3339: text),
                    "the time column read \(Array(text)) otherwise than Timestamp")
            }
        }
    }

    /// Decides every launch, event and trigger line of `timeline`, person by person, both ways: by
    /// ``Evaluator/decide(_:state:moment:)`` and into the `Verdict` that `simulate` counts, and stops
    /// the process if they disagree or leave different states. The first 1,000 moments only: each
    /// copies the state, which an amplification input's one person makes long.
    static func checkVerdicts(_ timeline: Timeline, _ policy: Policy) {
        var verdict = Verdict()
        var budget = 1_000
        func text(_ id: Symbols.ID) -> String? { id == TimelineEvent.none ? nil : timeline.symbols[id] }
        for person in 0..<timeline.people.count {
            timeline.withEvents(of: person) { events in
                guard let first = events.first else { return }
                var state = ReviewState(
                    userID: timeline.people[Symbols.ID(person)], installedAt: first.time,
                    app: AppVersion(short: "1", build: "1"))
                for event in events {
                    guard budget > 0 else { return }
                    budget -= 1
                    var moment: Moment
                    switch event.kind {
                    case .launch:
                        moment = Moment(
                            time: .utc(event.time), event: Trigger.launchEvent, scene: text(event.scene),
                            source: event.source)
                    case .event:
                        moment = Moment(
                            time: .utc(event.time), event: text(event.name), scene: text(event.scene),
                            source: event.source)
                    case .trigger:
                        moment = Moment(
                            time: .utc(event.time),
                            subject: text(event.name).map(Moment.Subject.trigger) ?? .everyTrigger,
                            scene: text(event.scene), source: event.source)
                    default: continue
                    }
                    // The line's build channel (Semantics §16.1): the verdict blocks by it as the decision does.
                    moment.channel = event.channel
                    guard let decision = try? Evaluator.decide(policy, state: state, moment: moment) else {
                        precondition(
                            (try? Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)) == nil,
                            "a verdict where the decision throws")
                        continue
                    }
                    precondition(
                        (try? Evaluator.verdict(policy, state: state, moment: moment, into: &verdict)) != nil,
                        "a verdict throws")
                    precondition(verdict.isAllowed == decision.isAllowed, "the verdict allows otherwise")
                    precondition(
                        verdict.passingTrigger.map { policy.triggers[$0].id } == decision.passingTrigger,
                        "another passing trigger")
                    let blockers = Blocker.allCases.filter { verdict.blockers & 1 << UInt32($0.index) != 0 }
                    precondition(decision.isAllowed || blockers == decision.blockedBy, "other blockers")
                    var byVerdict = state
                    Transition.apply(verdict, of: moment, to: &byVerdict, policy: policy)
                    Transition.apply(decision, to: &state, policy: policy)
                    precondition(byVerdict == state, "the verdict leaves another state")
                }
            }
        }
    }

    /// Replays `timeline` under the budget with the lean arbitration (and unread lines recorded
    /// without arbitrating) and with the arbiter itself at every line, and stops when they count
    /// anything otherwise.
    static func checkLeanArbitration(_ timeline: Timeline) {
        let lean = Self.simulatedBudget
        precondition(lean.arbitratesLean, "the fuzzed budget is arbitrated the lean way")
        var reference = lean
        reference.arbitratesLean = false
        reference.skipsUnread = false
        let fast = Simulation(budget: lean).run(timeline)
        let plain = Simulation(budget: reference).run(timeline)
        precondition(
            fast.budgets == plain.budgets, "the lean arbitration counted the budget otherwise than the arbiter")
    }

    /// Arbitrates a few moments under a fuzzed budget, on a state with asks of its prompts and a
    /// live lease, each explained and recorded: at most 16 wanted prompts, as an app names a few.
    static func arbitrate(_ budget: Budget) {
        let start = Timestamp(rfc3339: "2026-01-10T00:00:00Z")!
        var state = ReviewState(
            installedAt: Timestamp(rfc3339: "2026-01-01T00:00:00Z")!, launches: 3, app: AppVersion(short: "1.1"),
            events: ["done": EventHistory(count: 1)])
        for (index, prompt) in budget.prompts.prefix(4).enumerated() {
            state.asks.append(
                Ask(at: start - TimeSpan(seconds: Int64(index) * 3_600), short: "1.1", prompt: prompt.name))
        }
        let wanted = Array(budget.externalPrompts.prefix(16))
        let explanation = ArbitrationExplanation(budget: budget)
        let isLean = ReplayArbitration.isLean(budget)
        var lean = ReplayArbitration()
        for (offset, event) in [(60, "done"), (86_400, "launch"), (3 * 86_400, "done")] {
            let moment = Moment(time: .utc(start + TimeSpan(seconds: Int64(offset))), event: event)
            if isLean {
                // A replay's lean arbitration of one wanted prompt, held to the arbiter's.
                for one in [nil] + wanted.prefix(2).map(Optional.some) {
                    let plain = try? Arbiter.arbitrate(
                        budget, state: state, moment: moment, wanted: one.map { [$0] } ?? [])
                    let fast: Void? = try? lean.arbitrate(budget, state: state, moment: moment, wanted: one)
                    precondition((plain == nil) == (fast == nil), "the lean arbitration refused otherwise")
                    guard let plain else { continue }
                    precondition(lean.agrees(with: plain, budget: budget), "the lean arbitration decided otherwise")
                }
            }
            guard let arbitration = try? Arbiter.arbitrate(budget, state: state, moment: moment, wanted: wanted)
            else { continue }
            _ = explanation.text(arbitration)
            _ = explanation.json(arbitration)
            Transition.apply(arbitration, to: &state, budget: budget)
            if offset == 60 {
                state.leases = [
                    Lease(
                        id: "l", prompt: budget.prompts[0].name, at: moment.now,
                        expires: moment.now + budget.lease.value)
                ]
            }
        }
    }

    /// A loader of the budget `root` (`fuzz.budget.yaml`) whose policies are the scenario target's,
    /// each deciding the prompt its file is named after: `review.yaml` decides `review`.
    static func budgetLoader(_ root: DocumentNode) -> BudgetLoader {
        BudgetLoader(
            policies: PolicyLoader(reading: { path in
                if path == "fuzz.budget.yaml" { return root }
                let name = String(path.split(separator: "/").last ?? "p").split(separator: ".").first ?? "p"
                let prompt = Name.problem(String(name)) == nil ? "\nprompt: \"\(name)\"" : ""
                return try YAMLLoader().loadDocument(Array((Self.scenarioPolicy + prompt).utf8), file: path)
            }))
    }

    /// The budget fuzzed timelines are also replayed under: the scenario target's policy deciding
    /// `review`, and an external `paywall` (`want` lines), with limits and gaps. Loaded per input,
    /// as ``simulated`` is.
    static var simulatedBudget: SimulatedBudget {
        let root = try? YAMLLoader().loadDocument(Array(budgetFile.utf8), file: "fuzz.budget.yaml")
        return SimulatedBudget(
            (try? budgetLoader(root!).load(path: "fuzz.budget.yaml").budget)!, path: "fuzz.budget.yaml")
    }

    static let budgetFile = """
        reviewgate_budget: 1
        name: fuzz
        prompts:
          paywall: {priority: 80}
          review: {priority: 50, policy: review.yaml}
        limits: [{max: 2, per: 1d}, {max: 1, per: session}, {max: 9}]
        gaps: [{min: 1h}, {after: paywall, before: review, min: 1d}]
        lease: 5m
        """

    /// The policy fuzzed timelines are replayed through: the scenario target's. Loaded per input,
    /// not kept in a global: Swift tags the references inside enum payloads, which LeakSanitizer
    /// cannot follow from a global, so a kept policy reads as a leak.
    static var simulated: SimulatedPolicy {
        SimulatedPolicy((try? policies.load(path: "fuzz.yaml").policy)!, path: "fuzz.yaml")
    }

    /// Any policy a fuzzed scenario names: a small one with a trigger, guards and responses.
    static let policies = PolicyLoader(reading: { path in
        try YAMLLoader().loadDocument(Array(scenarioPolicy.utf8), file: path)
    })

    static let scenarioPolicy = """
        reviewgate: 1
        name: fuzz
        app: {version_key: short}
        triggers:
          done: {at_least: 2, within: 7d}
          opened: {event: launch, every: 3}
        guards:
          never_on: [user_action]
          min_install_age: 1d
          cooldown: 3d
          once_per_version: true
          when: {any: [{flag: pro}, {attribute: plan, in: [team]}, {app_version: {at_least: "1.1"}}]}
        responses: {after_declined: 30d}
        """

    /// The key the remote target trusts (its private half is not kept: nothing the fuzzer writes
    /// can be signed with it, so what lies past the signature is the compiled target's).
    static let key = UpdateSigningKey().publicKey
}
