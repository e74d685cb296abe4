import ReviewGate

extension SimulationReport {
    /// The report as JSON (README, "Simulating a policy", shows the shape): every count, and the
    /// people by day of their first ask, so that reports of partitions merge exactly.
    public var json: JSONValue {
        .object([
            ("reviewgate_simulation", .int(Self.formatVersion)),
            (
                "input",
                .object([
                    ("sources", .array(input.sources.map(JSONValue.string))), ("lines", .int(input.lines)),
                    ("events", .int(input.events)), ("skipped", .int(input.skipped)),
                ])
            ),
            ("policy", policy.json),
            ("baseline", baseline?.json ?? .null),
        ])
    }
}

extension SimulationReport.PolicyResult {
    /// One policy's result as JSON.
    var json: JSONValue {
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
        return .object([
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
        ])
    }
}
