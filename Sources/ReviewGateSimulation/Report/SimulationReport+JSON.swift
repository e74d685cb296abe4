@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport {
    /// The report as JSON (README, "Simulating a policy", shows the shape): every count, and the
    /// people by day of their first ask, so that reports of partitions merge exactly.
    @_spi(ReviewGateTools) public var json: JSONValue {
        .object(
            [
                ("reviewgate_simulation", .int(Self.formatVersion)),
                ("input", input.json),
                ("horizon", horizonJSON),
                ("policy", policy.json(horizon: horizonCounts)),
                ("baseline", baseline.map { $0.json(horizon: horizonCounts) } ?? .null),
            ] + (variants.isEmpty ? [] : [("variants", .array(variants.map { $0.json(horizon: horizonCounts) }))]))
    }

    /// The horizon's settings, and the end and the last first-seen date they make.
    private var horizonJSON: JSONValue {
        guard let horizon else { return .null }
        let lastDay = horizon.lastFirstSeenDay(latest: latest)
        return .object([
            ("days", .int(horizon.days)),
            ("until", horizon.until.map { .string($0.description) } ?? .null),
            ("end", horizon.end(latest: latest).map { .string($0.description) } ?? .null),
            ("first_seen_by", lastDay.map { .string(Self.date(ofDay: $0)) } ?? .null),
        ])
    }

    /// `2026-01-05`: the UTC date of a day counted from 1970-01-01.
    static func date(ofDay day: Int) -> String {
        // Days of the years a Timestamp holds (a report read from JSON is checked to be within them).
        let bounded = Int64(min(max(day, -1_000_000), 1_000_000))
        return Timestamp(nanosecondsSince1970: bounded * 86_400 * 1_000_000_000).day
    }
}

extension SimulationReport.PolicyResult {
    /// One policy's result as JSON, with its horizon's counts (and each arm's) when the report has
    /// a horizon: `horizonCounts` gives a result's.
    func json(horizon horizonCounts: (Self) -> SimulationTally.FirstSeen?) -> JSONValue {
        let horizon = horizonCounts(self)
        let tally = tally
        var blocked: [(key: String, value: JSONValue)] = []
        for (index, blocker) in Blocker.allCases.enumerated() where tally.blockedBy[index].moments > 0 {
            blocked.append(
                (
                    blocker.id,
                    .object([
                        ("moments", .int(tally.blockedBy[index].moments)),
                        ("people", .int(tally.blockedBy[index].people)),
                    ])
                ))
        }
        let byDay: [(key: String, value: JSONValue)] = tally.firstAskDays.enumerated().compactMap {
            $0.element > 0 ? (String($0.offset), .int($0.element)) : nil
        }
        return .object(
            variantMembers + [
                ("name", .string(name)), ("digest", .string(digest)), ("path", .string(path)),
                (
                    "triggers",
                    .array(triggers.map { .object([("id", .string($0.id)), ("rule", .string($0.rule))]) })
                ),
                ("people", .int(tally.people)), ("people_asked", .int(tally.peopleAsked)),
                ("people_asked_percent", .double((askedPercent * 10).rounded() / 10)),
                ("moments", .int(tally.moments)), ("asks", .int(tally.asks)),
                ("asks_past_os_quota", modelsOSQuota ? .int(tally.asksPastOSQuota) : .null),
                (
                    "asks_by_trigger",
                    .object(triggers.indices.map { (triggers[$0].id, .int(tally.asksByTrigger[$0])) })
                ),
                ("asks_by_week", asksByWeek),
                (
                    "days_to_first_ask",
                    .object([
                        ("p10", tally.firstAskPercentile(0.1).map(JSONValue.int) ?? .null),
                        ("p50", tally.firstAskPercentile(0.5).map(JSONValue.int) ?? .null),
                        ("p90", tally.firstAskPercentile(0.9).map(JSONValue.int) ?? .null),
                        ("people_by_day", .object(byDay)),
                    ])
                ),
                ("blocked_moments", .int(tally.blockedMoments)),
                ("blocked_by", .object(blocked)),
                (
                    "never_reached",
                    .object(triggers.indices.map { (triggers[$0].id, .int(tally.neverReached[$0])) })
                ),
                ("unknown_trigger_moments", .int(tally.unknownTriggerMoments)),
                (
                    "never_asked",
                    .object(
                        SimulationTally.NeverAsked.ids.indices.compactMap { index in
                            index == SimulationTally.NeverAsked.neverReached || tally.neverAsked[index] > 0
                                ? (SimulationTally.NeverAsked.ids[index], .int(tally.neverAsked[index])) : nil
                        })
                ),
                ("latest", tally.latest.map { .string($0.description) } ?? .null),
                ("within_days", horizon.map { withinDays($0) } ?? .null),
            ] + experimentMembers(horizon: horizonCounts))
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

    /// Asks by week, keyed by the week's Monday (`2026-03-02`), in date order; only weeks with asks.
    private var asksByWeek: JSONValue {
        .object(
            tally.asksByWeek.keys.sorted().map { week in
                (SimulationReport.date(ofDay: SimulationTally.monday(ofWeek: week)), .int(tally.asksByWeek[week]!))
            })
    }

    /// Under an experiment: the people exposed, and each arm's result (the holdout first), each
    /// with its own exposed people; nothing for a policy without one.
    private func experimentMembers(horizon: (Self) -> SimulationTally.FirstSeen?) -> [(key: String, value: JSONValue)] {
        guard let arms else { return [] }
        return [
            ("experiment", .string(experimentName)),
            ("people_exposed", .int(tally.peopleExposed)),
        ] + exposureMembers(tally) + [
            (
                "arms",
                .array(
                    arms.map { arm in
                        guard case .object(let members) = arm.json(horizon: horizon) else { return .null }
                        return .object(
                            members + [("people_exposed", .int(arm.tally.peopleExposed))] + exposureMembers(arm.tally))
                    })
            )
        ]
    }

    /// Under an experiment, the asks around exposure: those before it (the same in every arm, which
    /// had not yet diverged) and the exposed people asked at or after it.
    private func exposureMembers(_ tally: SimulationTally) -> [(key: String, value: JSONValue)] {
        [
            ("asks_before_exposure", .int(tally.asksBeforeExposure)),
            ("exposed_people_asked", .int(tally.exposedPeopleAsked)),
        ]
    }

    /// The horizon's cohort, those asked within it, and the counts by first-seen date they add up from.
    private func withinDays(_ counts: SimulationTally.FirstSeen) -> JSONValue {
        let percent = counts.people == 0 ? 0 : Double(counts.asked) * 100 / Double(counts.people)
        return .object([
            ("people", .int(counts.people)), ("asked", .int(counts.asked)),
            ("asked_percent", .double((percent * 10).rounded() / 10)),
            (
                "by_first_seen",
                .object(
                    tally.firstSeen.keys.sorted().map { day in
                        let seen = tally.firstSeen[day]!
                        return (
                            SimulationReport.date(ofDay: day),
                            .object([("people", .int(seen.people)), ("asked", .int(seen.asked))])
                        )
                    })
            ),
        ])
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

    /// What the input checks found (SPEC §10 *What the input can tell*), each only when there is
    /// something to say: `--version-key`, the people without a version, the warnings (each
    /// with its sentence) and the input's most frequent event names.
    private var checkMembers: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let versionKey { members.append(("version_key", .string(versionKey.rawValue))) }
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
