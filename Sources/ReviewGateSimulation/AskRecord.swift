import ReviewGate

/// One ask a replay made, for `--asks FILE`: who, when, which trigger, under which policy.
public struct AskRecord: Sendable, Hashable {
    /// The person.
    public var person: String
    /// When.
    public var time: Timestamp
    /// The trigger that allowed it.
    public var trigger: String?
    /// The policy's name.
    public var policy: String
    /// The policy's digest, when known.
    public var digest: String?
    /// Whether the OS would have dropped it (past its quota).
    public var pastOSQuota: Bool

    /// The record as one JSON line.
    public var jsonLine: String {
        JSONWriter(pretty: false).string(
            .object([
                ("person", .string(person)), ("time", .string(time.description)), ("trigger", .string(trigger)),
                ("policy", .string(policy)), ("policy_digest", .string(digest)),
                ("past_os_quota", .bool(pastOSQuota)),
            ]))
    }
}
