@_spi(ReviewGateTools) import ReviewGate

/// One ask a replay made, for `--asks FILE`: who, when, which trigger, under which policy.
package struct AskRecord: Sendable, Hashable {
    /// The person.
    package var person: String
    /// When.
    package var time: Timestamp
    /// The trigger that allowed it.
    package var trigger: String?
    /// The policy's name.
    package var policy: String
    /// The policy's digest, when known.
    package var digest: String?
    /// Whether the OS would have dropped it (past its quota).
    package var pastOSQuota: Bool
    /// Under an experiment (Semantics §13), the person's arm; `nil` for a policy without one.
    package var arm: String? = nil
    /// Under `--vary` (Semantics §10), the variant's name; `nil` for the policy as written.
    package var variant: String? = nil

    /// The record as one JSON line.
    package var jsonLine: String {
        JSONWriter(pretty: false).string(
            .object(
                [
                    ("person", .string(person)), ("time", .string(time.description)), ("trigger", .string(trigger)),
                    ("policy", .string(policy)), ("policy_digest", .string(digest)),
                    ("past_os_quota", .bool(pastOSQuota)),
                ] + (arm.map { [("arm", JSONValue.string($0))] } ?? [])
                    + (variant.map { [("variant", JSONValue.string($0))] } ?? [])))
    }
}
