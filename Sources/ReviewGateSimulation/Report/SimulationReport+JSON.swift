@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport {
    /// The report as JSON (Documentation/reference/simulation-report.md shows the shape): every count, and the
    /// people by day of their first ask, so that reports of partitions merge exactly.
    @_spi(ReviewGateTools) public var json: JSONValue {
        .object(
            [
                ("reviewgate_simulation", .int(Self.formatVersion)),
                ("input", input.json),
                ("horizon", horizon.map { $0.json(latest: latest) } ?? .null),
            ] + (since.map { [("since", JSONValue.string($0.description))] } ?? []) + [
                ("policy", policy.json(horizon: horizonCounts)),
                ("baseline", baseline.map { $0.json(horizon: horizonCounts) } ?? .null),
            ] + (variants.isEmpty ? [] : [("variants", .array(variants.map { $0.json(horizon: horizonCounts) }))]))
    }

    /// `2026-01-05`: the UTC date of a day counted from 1970-01-01.
    static func date(ofDay day: Int) -> String {
        // Days of the years a Timestamp holds (a report read from JSON is checked to be within them).
        let bounded = Int64(min(max(day, -1_000_000), 1_000_000))
        return Timestamp(nanosecondsSince1970: bounded * 86_400 * 1_000_000_000).day
    }
}

extension SimulationReport.Horizon {
    /// The horizon's settings, and the end and the last first-seen date they make for a report
    /// whose latest line is at `latest`.
    func json(latest: Timestamp?) -> JSONValue {
        .object([
            ("days", .int(days)), ("until", until.map { .string($0.description) } ?? .null),
            ("end", end(latest: latest).map { .string($0.description) } ?? .null),
            (
                "first_seen_by",
                lastFirstSeenDay(latest: latest).map { .string(SimulationReport.date(ofDay: $0)) } ?? .null
            ),
        ])
    }
}

extension SimulationReport.PolicyResult {
    /// One policy's result as JSON, with its horizon's counts (and each arm's) when the report has
    /// a horizon: `horizonCounts` gives a result's.
    func json(horizon horizonCounts: @escaping (Self) -> SimulationTally.FirstSeen?) -> JSONValue {
        json(WriteContext(horizon: horizonCounts))
    }

    /// The result as JSON: under `--vary` its variant, its name, digest, path and triggers, then
    /// each of ``members`` that it has.
    func json(_ context: WriteContext) -> JSONValue {
        .object(
            variantMembers + [
                ("name", .string(name)), ("digest", .string(digest)), ("path", .string(path)),
                ("triggers", .array(triggers.map(triggerJSON))),
            ] + Self.members.json(self, context))
    }

    /// A trigger's id and count rule; under an experiment whose arms count it by rules that
    /// differ, each arm's (`rules_by_arm`), since the policy's counts of it mix them.
    private func triggerJSON(_ trigger: Trigger) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", .string(trigger.id)), ("rule", .string(trigger.rule))]
        if let arms, SimulationReport.armsDiffer(on: trigger.id, in: self) {
            members.append(
                (
                    "rules_by_arm",
                    .object(
                        arms.map { arm in
                            (arm.name, arm.triggers.first { $0.id == trigger.id }.map { .string($0.rule) } ?? .null)
                        })
                ))
        }
        return .object(members)
    }

    /// Under `--vary`: the variant's name and its settings (path to value, as written); nothing
    /// for the policy as written.
    private var variantMembers: [(key: String, value: JSONValue)] {
        guard let variant else { return [] }
        return [
            ("variant", .string(variant.name)),
            ("settings", .object(variant.settings.map { ($0.path, .string($0.value)) })),
        ]
    }
}

extension SimulationReport.Input {
    /// What was read, as JSON: the sources, and the lines, events and lines skipped.
    var json: JSONValue {
        .object(
            [
                ("sources", .array(sources.map(JSONValue.string))), ("lines", .int(lines)), ("events", .int(events)),
                ("skipped", .int(skipped)),
            ] + checkMembers)
    }

    /// What the input checks found (Semantics §10 *What the input can tell*), each only when there is
    /// something to say: `--version-key`, the people without a version, the warnings (each
    /// with its sentence) and the input's most frequent event names.
    private var checkMembers: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let versionKey { members.append(("version_key", .string(versionKey.rawValue))) }
        if wantsSkipped > 0 { members.append(("wants_skipped", .int(wantsSkipped))) }
        if linesAfterEnd > 0 { members.append(("lines_after_end", .int(linesAfterEnd))) }
        if duplicates > 0 {
            members.append(
                (
                    "duplicates",
                    .object([
                        ("lines", .int(duplicates)), ("first", .string(firstDuplicate)),
                        ("dropped", .bool(duplicatesDropped)),
                    ])
                ))
        }
        if !peopleWithoutVersion.isEmpty {
            members.append(
                (
                    "people_without_version",
                    .object(
                        VersionKey.allCases.compactMap { key in
                            peopleWithoutVersion[key].map { (key.rawValue, .int($0)) }
                        })
                ))
        }
        if !peopleByChannel.isEmpty {
            members.append(
                (
                    "people_by_channel",
                    .object(Channel.allCases.map { ($0.rawValue, .int(peopleByChannel[$0] ?? 0)) })
                ))
        }
        guard !warnings.isEmpty else { return members }
        members.append(
            (
                "warnings",
                .array(
                    warnings.map { warning in
                        .object([
                            ("kind", .string(warning.kind)), ("name", .string(warning.name)),
                            ("read_by", .string(warning.readBy)), ("at", warning.at.map(JSONValue.string) ?? .null),
                            ("did_you_mean", warning.didYouMean.map(JSONValue.string) ?? .null),
                            ("message", .string(warning.message(frequentEvents: frequentEvents))),
                        ])
                    })
            ))
        members.append(("frequent_events", .object(frequentEvents.map { ($0.name, .int($0.lines)) })))
        return members
    }
}
