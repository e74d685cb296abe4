@_spi(ReviewGateTools) import ReviewGate

extension ReportMember where Row == SimulationReport.PolicyResult, Context == Row.WriteContext {
    /// Asks past the OS's quota: `null` where no quota is modelled (Android).
    static var asksPastOSQuota: Self {
        Self(
            key: "asks_past_os_quota",
            meaning:
                "asks past the OS's quota (3 in 365 days on iOS), which it would drop silently; `null` where no quota is modelled (Android)",
            write: { result, _ in result.modelsOSQuota ? .int(result.tally.asksPastOSQuota) : .null },
            read: { reader, node, result in
                let key = "asks_past_os_quota"
                result.modelsOSQuota = node[key]?.scalar?.value != .null
                if result.modelsOSQuota { result.tally.asksPastOSQuota = reader.int(node, key) }
            })
    }

    /// Asks by week, keyed by the week's Monday (`2026-03-02`), in date order; only weeks with asks.
    /// Older reports have none: they read as none, so that they still merge.
    static var asksByWeek: Self {
        Self(
            key: "asks_by_week",
            meaning:
                "asks by the UTC week they came in, keyed by the week's Monday (`2026-03-02`); only weeks with asks",
            write: { result, _ in
                .object(
                    result.tally.asksByWeek.keys.sorted().map { week in
                        (
                            SimulationReport.date(ofDay: SimulationTally.monday(ofWeek: week)),
                            .int(result.tally.asksByWeek[week]!)
                        )
                    })
            },
            read: { reader, node, result in
                let weeks = node["asks_by_week"] == nil ? [] : reader.entries(node, "asks_by_week")
                for entry in weeks {
                    guard let date = entry.key.scalar.flatMap({ Timestamp(rfc3339: $0.text + "T00:00:00Z") }),
                        SimulationTally.monday(ofWeek: SimulationTally.week(of: date)) == SimulationTally.day(of: date)
                    else {
                        reader.problems.append(
                            .error(
                                "asks_by_week is keyed by the Monday of each week, 2026-01-05", at: entry.key.location))
                        continue
                    }
                    result.tally.asksByWeek[SimulationTally.week(of: date), default: 0] += reader.int(entry)
                }
            })
    }

    /// Days from first seen to first ask: the percentiles, and the people by day they add up from.
    static var daysToFirstAsk: Self {
        Self(
            key: "days_to_first_ask",
            meaning:
                "whole days from first seen to first ask: `p10`, `p50`, `p90` (`null` when nobody was asked) and `people_by_day`, the people first asked on each day",
            write: { result, _ in
                let tally = result.tally
                let percentiles = HeadlineRow.percentiles.map { name, quantile in
                    (name, tally.firstAskPercentile(quantile).map(JSONValue.int) ?? .null)
                }
                return .object(
                    percentiles + [
                        (
                            "people_by_day",
                            .object(
                                tally.firstAskDays.enumerated().compactMap {
                                    $0.element > 0 ? (String($0.offset), .int($0.element)) : nil
                                })
                        )
                    ])
            },
            read: { reader, node, result in
                for entry in reader.entries(reader.node(node, "days_to_first_ask"), "people_by_day") {
                    guard let day = entry.key.scalar.flatMap({ Int($0.text) }), (0...36_500).contains(day) else {
                        reader.problems.append(
                            .error("people_by_day is keyed by whole days, from 0", at: entry.key.location))
                        continue
                    }
                    result.tally.firstAsk(onDay: day, count: reader.int(entry))
                }
            })
    }

    /// Per blocker that blocked a trigger moment: the moments, and the people blocked at least once.
    static var blockedBy: Self {
        Self(
            key: "blocked_by",
            meaning:
                "by blocker (a guard's key, `responses`, `rollout`, `experiment`, `channel`, `trigger`, `enabled`): the trigger moments it blocked (`moments`) and the people blocked at least once (`people`); a moment counts under each blocker",
            write: { result, _ in
                .object(
                    Blocker.allCases.enumerated().compactMap { index, blocker in
                        let blocked = result.tally.blockedBy[index]
                        guard blocked.moments > 0 else { return nil }
                        return (
                            blocker.id, .object([("moments", .int(blocked.moments)), ("people", .int(blocked.people))])
                        )
                    })
            },
            read: { reader, node, result in
                for entry in reader.entries(node, "blocked_by") {
                    guard let id = entry.key.scalar?.text, let blocker = Blocker(id: id) else {
                        reader.problems.append(
                            .error("blocked_by names no blocker simulate knows", at: entry.key.location))
                        continue
                    }
                    result.tally.blockedBy[blocker.index] = SimulationTally.Blocked(
                        moments: reader.int(entry.value, "moments"), people: reader.int(entry.value, "people"))
                }
            })
    }

    /// People never asked, each once, by why: `never_reached` always, each blocker when it has people.
    static var neverAsked: Self {
        Self(
            key: "never_asked",
            meaning:
                "people never asked, each once, by why: `never_reached`, or the first blocker of their last moment whose count passed",
            write: { result, _ in
                .object(
                    SimulationTally.NeverAsked.ids.indices.compactMap { index in
                        index == SimulationTally.NeverAsked.neverReached || result.tally.neverAsked[index] > 0
                            ? (SimulationTally.NeverAsked.ids[index], .int(result.tally.neverAsked[index])) : nil
                    })
            },
            read: { reader, node, result in
                for entry in reader.entries(node, "never_asked") {
                    guard let id = entry.key.scalar?.text, let index = SimulationTally.NeverAsked.ids.firstIndex(of: id)
                    else {
                        reader.problems.append(
                            .error("never_asked names no reason simulate knows", at: entry.key.location))
                        continue
                    }
                    result.tally.neverAsked[index] = reader.int(entry)
                }
            })
    }

    /// Every setting of a policy or baseline read from a file, by its dotted path, as JSON.
    static var policySettings: Self {
        Self(
            key: "policy_settings",
            meaning:
                "every setting of the policy or baseline, `extends` resolved and defaults written out (as compiled), by its dotted path, its value as JSON text; the page shows those that differ between the two",
            write: { result, _ in
                result.settings.map { settings in .object(settings.map { ($0.path, .string($0.value)) }) }
            },
            read: { reader, node, result in
                guard node["policy_settings"] != nil else { return }
                result.settings = reader.entries(node, "policy_settings").compactMap { entry in
                    guard let path = entry.key.scalar?.text, let value = entry.value.string else { return nil }
                    return PolicySetting(path: path, value: value)
                }
            })
    }

    /// A time of the tally (`nil` written `null`), read back as it was written.
    static func time(
        _ key: String, _ meaning: String, _ field: WritableKeyPath<SimulationTally, Timestamp?> & Sendable
    ) -> Self {
        Self(
            key: key, meaning: meaning,
            write: { result, _ in result.tally[keyPath: field].map { .string($0.description) } ?? .null },
            read: { reader, node, result in result.tally[keyPath: field] = reader.time(node[key]) })
    }

    /// The earliest time of any line replayed; the earlier of two partitions'.
    static var earliest: Self {
        time(
            "earliest", "the earliest time of any line replayed, an install from before the export included", \.earliest
        )
    }

    /// Where observation starts; the earlier of two partitions' (which merge only when that changes
    /// no one's place, ``SimulationReport/checkStarts(_:_:since:)``).
    static var start: Self {
        time(
            "start",
            "where observation starts: `--since`, or the earliest line that is not an `install` before every other line of its person (the page marks a first week it starts in as partial); `null` when no line is such",
            \.start)
    }

    /// The latest time of any line replayed; the later of two partitions'.
    static var latest: Self {
        time(
            "latest", "the latest time of any line replayed: where observation ends unless `--until` says", \.latest)
    }

    /// Under `--within-days`: the horizon's cohort, those asked within it, and the counts by
    /// first-seen date they add up from; `null` without a horizon.
    static var withinDays: Self {
        Self(
            key: "within_days",
            meaning:
                "under `--within-days`: the cohort (`people`), those asked within the horizon (`asked`, `asked_percent`) and `by_first_seen`, the counts per first-seen date; `null` without",
            write: { result, context in
                guard let counts = context.horizon(result) else { return .null }
                let percent = counts.people == 0 ? 0 : Double(counts.asked) * 100 / Double(counts.people)
                return .object([
                    ("people", .int(counts.people)), ("asked", .int(counts.asked)),
                    ("asked_percent", .double((percent * 10).rounded() / 10)),
                    (
                        "by_first_seen",
                        .object(
                            result.tally.firstSeen.keys.sorted().map { day in
                                let seen = result.tally.firstSeen[day]!
                                return (
                                    SimulationReport.date(ofDay: day),
                                    .object([("people", .int(seen.people)), ("asked", .int(seen.asked))])
                                )
                            })
                    ),
                ])
            },
            read: { reader, node, result in
                let withinDays = reader.node(node, "within_days").flatMap { $0.mapping == nil ? nil : $0 }
                for entry in reader.entries(withinDays, "by_first_seen") {
                    guard let day = entry.key.scalar.flatMap({ Timestamp(rfc3339: $0.text + "T00:00:00Z") }) else {
                        reader.problems.append(
                            .error("by_first_seen is keyed by dates, 2026-01-05", at: entry.key.location))
                        continue
                    }
                    result.tally.firstSeen[SimulationTally.day(of: day)] = SimulationTally.FirstSeen(
                        people: reader.int(entry.value, "people"), asked: reader.int(entry.value, "asked"))
                }
            })
    }

    /// Under an experiment, each arm's result, the holdout first, each with its exposure counts
    /// (added up arm by arm by ``SimulationReport/PolicyResult/add(_:)``).
    static var arms: Self {
        Self(
            key: "arms",
            meaning:
                "an experiment's arms, the holdout first: each arm's whole result (its `name` the arm's, its triggers' rules its own)",
            write: { result, context in
                guard let arms = result.arms, !context.isArm else { return nil }
                var armContext = context
                armContext.isArm = true
                return .array(arms.map { $0.json(armContext) })
            },
            read: { reader, node, result in
                guard node["arms"] != nil else { return }
                result.arms = reader.list(node, "arms").compactMap { reader.policy($0) }
                result.experimentName = node["experiment"]?.string
            })
    }
}
