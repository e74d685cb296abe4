@_spi(ReviewGateTools) import ReviewGate

/// A decision as the JSON object of Semantics §5 (`evaluate --format json`).
package enum JSONExplanation {
    /// `experiment` (Semantics §13): the arm, the bucket and whether this is the exposure; only for a
    /// policy with an experiment, so that other decisions' JSON is unchanged.
    private static func experiment(_ decision: Decision) -> [(key: String, value: JSONValue)] {
        guard let experiment = decision.experiment else { return [] }
        return [
            (
                "experiment",
                .object([
                    ("name", .string(experiment.name)), ("arm", .string(experiment.arm)),
                    ("version", .int(experiment.version)), ("bucket", experiment.bucket.map(JSONValue.int) ?? .null),
                    ("exposure", .bool(experiment.isExposure)),
                ])
            )
        ]
    }

    /// A moment's JSON value, a decision's and an arbitration's alike: `channel` off production
    /// only (Semantics §16.1), so that production's output stays byte for byte as before.
    package static func moment(_ moment: Moment) -> JSONValue {
        .object(
            [
                ("event", .string(moment.event)), ("trigger", .string(moment.trigger)),
                ("scene", .string(moment.scene)), ("source", .string(moment.source.rawValue)),
            ] + (moment.channel == .production ? [] : [("channel", .string(moment.channel.rawValue))]))
    }

    /// The decision's JSON value, keys in the order Semantics §5 shows.
    package static func value(_ decision: Decision, policy: Policy) -> JSONValue {
        let moment = decision.moment
        return .object(
            [
                ("policy", .string(policy.name)),
                ("decision", .string(decision.outcome.rawValue)),
                ("now", .string(moment.now.description)),
                ("moment", JSONExplanation.moment(moment)),
                ("trigger", .string(decision.trigger)),
                ("blocked_by", .array(decision.blockedBy.map { JSONValue.string($0.id) })),
                ("checks", .array(decision.checks.map { check(of: $0, decision: decision, policy: policy) })),
                ("next_eligible_at", .string(decision.nextEligibleAt?.description)),
                ("needs", .array(decision.needs.map(need))),
                (
                    "presentation",
                    .object([
                        ("delay_seconds", seconds(decision.presentation(under: policy).delay)),
                        ("require_same_scene", .bool(decision.presentation(under: policy).requireSameScene)),
                    ])
                ),
                ("write_review_url", .string(policy.writeReviewURL)),
            ] + experiment(decision))
    }

    /// The JSON text, indented, without a trailing newline.
    package static func render(_ decision: Decision, policy: Policy) -> String {
        JSONWriter(pretty: true).string(value(decision, policy: policy))
    }

    private static func check(of check: Check, decision: Decision, policy: Policy) -> JSONValue {
        let description = CheckDescription(check, of: decision, policy: policy)
        var members: [(key: String, value: JSONValue)] = [("id", .string(check.id.blocker.id))]
        if case .trigger(let part) = check.id {
            members.append(("trigger", .string(check.trigger)))
            members.append(("part", .string(part.rawValue)))
        }
        members += [
            ("passed", .bool(check.passed)),
            ("observed", .string(description.observed)),
            ("required", .string(description.required)),
            ("message", .string(description.message)),
        ]
        if let at = check.passesAt { members.append(("passes_at", .string(at.description))) }
        if let entry = check.entry {
            // The entry of a list that applied (Semantics §14.3): `index` from 0, as the pointer counts.
            members.append(
                (
                    "entry",
                    .object([
                        ("setting", .string(entry.setting)), ("index", .int(entry.index)),
                        ("pointer", .string(entry.pointer)), ("value", .string(entry.value)),
                        ("time", .int(entry.time)),
                    ])
                ))
        }
        members.append(("source", source(check.location)))
        return .object(members)
    }

    static func source(_ location: SourceLocation?) -> JSONValue {
        guard let location else { return .null }
        return .object([
            ("file", .string(location.file)), ("line", .int(location.line)), ("column", .int(location.column)),
        ])
    }

    private static func need(_ need: Need) -> JSONValue {
        if let days = need.activeDaysWithin {
            // Days of use (Semantics §14.2): how many more, and the window.
            return .object([("active_days", need.more.map(JSONValue.int) ?? .null), ("within", .string("\(days)d"))])
        }
        var members: [(key: String, value: JSONValue)] = [("event", .string(need.event))]
        members.append(("more", need.more.map(JSONValue.int) ?? .null))
        if need.afterNextAsk {
            members.append(("after_next_ask", .bool(true)))
        } else if need.more == nil {
            members.append(("never", .bool(true)))
        }
        members.append(("trigger", .string(need.trigger)))
        return .object(members)
    }

    private static func seconds(_ span: TimeSpan) -> JSONValue {
        // Int(exactly:): on a 32-bit watch an Int holds 68 years of seconds, and a duration may be 100.
        span.nanoseconds % 1_000_000_000 == 0
            ? Int(exactly: span.seconds).map(JSONValue.int) ?? .double(Double(span.seconds))
            : .double(Double(span.nanoseconds) / 1e9)
    }
}
