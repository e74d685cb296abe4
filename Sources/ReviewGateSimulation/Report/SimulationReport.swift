@_spi(ReviewGateTools) import ReviewGate

/// What `reviewgate simulate` reports: the input read, and per policy (and baseline) its tally
/// with what the report needs to name things (trigger ids and rules, whether an OS quota applies).
/// Read it as ``text`` (or, through the tools' SPI, as JSON); add up the reports of partitions with ``merged(reading:)``.
public struct SimulationReport: Sendable {
    /// The report format this reviewgate writes and reads (`reviewgate_simulation`).
    package static let formatVersion = 3

    /// What was read.
    package struct Input: Sendable, Hashable {
        /// The timelines (file names, `-` for standard input) or the cohort.
        package var sources: [String]
        /// Lines read (blank lines and CSV headers included).
        package var lines = 0
        /// Events replayed.
        package var events = 0
        /// Lines skipped because they could not be read.
        package var skipped = 0
        /// The version key every policy was replayed with (`--version-key`), when given.
        package var versionKey: VersionKey?
        /// For each version key a policy reads the version by, the people with no value in its
        /// column on any line (each runs the version of no line throughout), when there are any.
        package var peopleWithoutVersion: [VersionKey: Int] = [:]
        /// When any line gives a build channel (Semantics §16.1), the people with a moment on each
        /// channel; empty otherwise, and the report says nothing of channels.
        package var peopleByChannel: [Channel: Int] = [:]
        /// The names a policy reads and no line sends (Semantics §10 *What the input can tell*).
        package var warnings: [InputWarning] = []
        /// With warnings, every event name of the input with its lines, most first (a warning's
        /// message lists the first few; `--merge` adds them up).
        package var frequentEvents: [InputWarning.Count] = []
        /// Lines that repeat an earlier line of their person exactly (Semantics §10 *What the input can tell*).
        package var duplicates = 0
        /// The first of them, as a JSON line, when there are any.
        package var firstDuplicate: String?
        /// Whether they were dropped (`--duplicates drop`) rather than replayed.
        package var duplicatesDropped = false
        /// Lines after where observation ends (`--until`): read, not replayed.
        package var linesAfterEnd = 0
        /// `want` lines of a run without a budget: read, not replayed, and not among ``events``.
        package var wantsSkipped = 0

        /// An input of `sources`.
        package init(sources: [String], lines: Int = 0, events: Int = 0, skipped: Int = 0) {
            self.sources = sources
            self.lines = lines
            self.events = events
            self.skipped = skipped
        }
    }

    /// One policy's result.
    package struct PolicyResult: Sendable, Hashable {
        /// The policy's name.
        package var name: String
        /// Its digest, when known.
        package var digest: String?
        /// Where it was read from.
        package var path: String
        /// Its triggers' ids and count rules (`at_least 4`), in file order.
        package var triggers: [Trigger]
        /// Whether the OS's quota is modelled (iOS), so that asks past it are counted.
        package var modelsOSQuota: Bool
        /// The counts.
        package var tally: SimulationTally
        /// Under an experiment (Semantics §13), each arm's counts, the holdout first (named `holdout`);
        /// `nil` for a policy without one.
        package var arms: [PolicyResult]?
        /// Every setting of the policy (``SimulatedPolicy/settings``), for the policy and the
        /// baseline read from a file; `nil` for an arm, a variant, or a policy given as a value.
        package var settings: [PolicySetting]?

        /// A trigger as the report names it.
        package struct Trigger: Sendable, Hashable {
            /// The trigger's id.
            package var id: String
            /// Its count rule: `at_least 4`, `exactly 1 within 7d`.
            package var rule: String
        }

        /// The result of `simulated` with `tally`.
        package init(_ simulated: SimulatedPolicy, tally: SimulationTally) {
            name = simulated.policy.name
            digest = simulated.policy.digest
            path = simulated.path
            triggers = simulated.policy.triggers.indices.map {
                Trigger(id: simulated.policy.triggers[$0].id, rule: simulated.rule(ofTrigger: $0))
            }
            modelsOSQuota = simulated.osQuota != nil
            self.tally = tally
            variant = simulated.variant
            // A variant's settings are its `--vary` values: the page compares those.
            settings = simulated.variant == nil ? simulated.settings : nil
        }

        init(
            name: String, digest: String?, path: String, triggers: [Trigger], modelsOSQuota: Bool,
            tally: SimulationTally
        ) {
            self.name = name
            self.digest = digest
            self.path = path
            self.triggers = triggers
            self.modelsOSQuota = modelsOSQuota
            self.tally = tally
        }

        /// Under `--vary`, the settings that make this variant; `nil` for the policy as written.
        package var variant: Variant?

        /// The experiment's name, when the policy has one (from the simulated policy).
        package var experimentName: String?

        /// The share of people asked, in percent.
        package var askedPercent: Double {
            tally.people == 0 ? 0 : Double(tally.peopleAsked) * 100 / Double(tally.people)
        }
    }

    /// "How many people are asked in their first N days?" (`--within-days N`, Semantics §10 *Horizons and reasons*):
    /// observation ends at ``until``, or else at the latest time in the whole input; a person is in
    /// the cohort when the UTC date of their first line is at most the end's date minus N days, and
    /// counts as asked when their first ask came less than N × 86,400 s after their first line.
    package struct Horizon: Sendable, Hashable {
        /// N.
        package var days: Int
        /// Where observation ends (`--until`), when given.
        package var until: Timestamp?

        /// A horizon of `days` days, ending at `until` or at the input's latest time.
        package init(days: Int, until: Timestamp? = nil) {
            self.days = days
            self.until = until
        }

        /// Where observation ends for a result whose latest line is at `latest`.
        package func end(latest: Timestamp?) -> Timestamp? { until ?? latest }

        /// `first seen by 2026-02-27 (data from 2026-02-02 to 2026-03-13)`: the cohort's last first-seen
        /// date and the data's span, for a run whose latest line is at `latest` and whose observation
        /// starts at `start`, said when it is not simply the first line (`saysStart`: people were
        /// first seen before it, or `--since` gave it).
        package func cohortWords(latest: Timestamp?, start: Timestamp?, saysStart: Bool) -> String {
            let from = saysStart ? start.map { "from \($0.day) " } ?? "" : ""
            return "first seen by " + (lastFirstSeenDay(latest: latest).map(SimulationReport.date(ofDay:)) ?? "-")
                + " (data " + from + "to " + (end(latest: latest).map(\.day) ?? "-") + ")"
        }

        /// The last UTC day (days since 1970-01-01) on which a person in the cohort was first seen.
        package func lastFirstSeenDay(latest: Timestamp?) -> Int? {
            guard let end = end(latest: latest) else { return nil }
            return SimulationTally.day(of: end) - days
        }
    }

    /// What was read.
    package var input: Input
    /// The policy simulated.
    package var policy: PolicyResult
    /// The baseline it is compared with, under `--baseline`.
    package var baseline: PolicyResult?
    /// The horizon, under `--within-days`.
    package var horizon: Horizon?
    /// Where observation starts when `--since` says (otherwise each result's ``SimulationTally/start``
    /// is where the input shows it starts).
    package var since: Timestamp?
    /// Under `--vary` (Semantics §10), each variant's result, in odometer order, beside ``policy`` as written.
    package var variants: [PolicyResult] = []
    /// The lines skipped (or warned of) while reading, each at its `file:line:column`; not part of
    /// the JSON report.
    public var problems: [Diagnostic] = []
    /// How many lines were skipped, by kind of problem (not part of the JSON report).
    package var skippedByKind: [String: Int] = [:]

    /// A report.
    package init(input: Input, policy: PolicyResult, baseline: PolicyResult? = nil, horizon: Horizon? = nil) {
        self.input = input
        self.policy = policy
        self.baseline = baseline
        self.horizon = horizon
    }

    /// The people in the horizon's cohort of `result`, and those of them asked within it.
    package func horizonCounts(_ result: PolicyResult) -> SimulationTally.FirstSeen? {
        guard let horizon else { return nil }
        let lastDay = horizon.lastFirstSeenDay(latest: latest)
        return lastDay.map { result.tally.horizon(lastDay: $0) } ?? SimulationTally.FirstSeen()
    }

    /// The latest line's time over the policy and the baseline.
    package var latest: Timestamp? {
        ([policy.tally.latest, baseline?.tally.latest] + variants.map(\.tally.latest)).compactMap { $0 }.max()
    }

    /// Where observation starts (the same for every result, which replayed the same lines).
    package var start: Timestamp? {
        ([policy.tally.start, baseline?.tally.start] + variants.map(\.tally.start)).compactMap { $0 }.min()
    }

    /// Adds a report of other people under the same policies (a partition of a larger run): the
    /// arms of an experiment each to its own.
    /// Throws when the policies differ.
    package mutating func add(_ other: SimulationReport) throws(MergeError) {
        guard other.horizon == horizon else {
            throw MergeError(
                message:
                    "the reports have different horizons (\(horizon.map { "--within-days \($0.days)" } ?? "none") and \(other.horizon.map { "--within-days \($0.days)" } ?? "none"), or different --until or --since); merge reports of the same run"
            )
        }
        guard other.since == since else {
            throw MergeError(
                message:
                    "the reports were made with different --since (\(since?.description ?? "none") and \(other.since?.description ?? "none")); merge reports of the same run"
            )
        }
        try Self.checkStarts(
            (start, results.map(\.tally.peopleBeforeStart), policy.tally.people),
            (other.start, other.results.map(\.tally.peopleBeforeStart), other.policy.tally.people), since: since)
        guard other.policy.sameRun(as: policy), (other.baseline == nil) == (baseline == nil),
            other.baseline.map({ $0.sameRun(as: baseline!) }) ?? true
        else {
            throw MergeError(
                message:
                    "the reports simulate different policies (\(policy.name) \(policy.digest ?? "") and \(other.policy.name) \(other.policy.digest ?? "")); merge reports of the same policy and baseline"
            )
        }
        guard other.variants.count == variants.count,
            zip(other.variants, variants).allSatisfy({ $0.sameRun(as: $1) })
        else {
            throw MergeError(
                message:
                    "the reports vary the policy differently (\(variants.count) and \(other.variants.count) variants, or other settings); merge reports of the same --vary"
            )
        }
        try input.add(other.input, people: (policy.tally.people, other.policy.tally.people))
        policy.add(other.policy)
        if let otherBaseline = other.baseline { baseline?.add(otherBaseline) }
        for index in variants.indices { variants[index].add(other.variants[index]) }
    }

    /// Every result: the policy, the baseline and the variants.
    var results: [PolicyResult] { [policy] + (baseline.map { [$0] } ?? []) + variants }

    /// Refuses to merge two parts whose observation starts differ when that would change a figure:
    /// the part that starts later counted people before its start, some of whom the merged start
    /// (the earlier) would observe. Parts made with the same `--since` (`since`) start alike; a part
    /// with no one before its start counted everyone as the merged start would.
    static func checkStarts(
        _ one: (start: Timestamp?, before: [Int], people: Int),
        _ other: (start: Timestamp?, before: [Int], people: Int),
        since: Timestamp?
    ) throws(MergeError) {
        guard since == nil, one.start != other.start, one.people > 0, other.people > 0 else { return }
        guard let first = one.start, let second = other.start else {
            // A part whose every person is a lone install has no start and counted them all as
            // observed; beside a part with a start, the whole would count some of them apart.
            throw MergeError(
                message:
                    "one report has no observation start (its people are install lines alone) and the other starts at \((one.start ?? other.start)!): their people would be counted otherwise together; simulate each part with the same --since (the export's first day)"
            )
        }
        let later = first < second ? other : one
        guard later.before.contains(where: { $0 > 0 }) else { return }
        throw MergeError(
            message:
                "the reports' observation starts differ (\(first) and \(second)), and the later one counted people first seen before it, whom the earlier would observe; simulate each part with the same --since (the export's first day)"
        )
    }

    /// Why two reports do not merge.
    package struct MergeError: Error, Sendable {
        /// What is wrong.
        package var message: String
    }
}

extension SimulationReport.PolicyResult {
    /// Whether another result is of the same policy (name, digest, triggers and arms).
    func sameRun(as other: Self) -> Bool {
        name == other.name && digest == other.digest && triggers == other.triggers
            && arms?.map(\.name) == other.arms?.map(\.name) && variant == other.variant
    }

    /// Adds another partition's counts of the same policy, arm by arm.
    mutating func add(_ other: Self) {
        tally.add(other.tally)
        guard let otherArms = other.arms else { return }
        for index in arms?.indices ?? 0..<0 where index < otherArms.count {
            arms?[index].tally.add(otherArms[index].tally)
        }
    }

    /// The result of `simulated` with `tally`, and under an experiment each arm's (the holdout first).
    package init(_ simulated: SimulatedPolicy, tally: SimulationTally, arms: [SimulationTally]?) {
        self.init(simulated, tally: tally)
        guard let experiment = simulated.policy.experiment, let arms else { return }
        experimentName = experiment.name
        let names = [Experiment.holdoutArm] + experiment.arms.map(\.name)
        // The holdout is never asked; each arm is named by its own policy's rules (an override of
        // `at_least: 5` is `at_least 5`), not the policy's.
        let policies = [simulated.policy] + experiment.arms.map(\.policy)
        self.arms = zip(zip(names, policies), arms).map { named, tally in
            var result = Self(simulated, tally: tally)
            result.name = named.0
            // Counted by the policy's triggers: each keeps its place, with the arm's rule for it.
            result.triggers = result.triggers.map { trigger in
                named.1.trigger(id: trigger.id).map { Trigger(id: trigger.id, rule: SimulatedPolicy.rule(of: $0)) }
                    ?? trigger
            }
            // The variant is named once, on the result the arms belong to; the settings too.
            result.variant = nil
            result.settings = nil
            return result
        }
    }
}
