@_spi(ReviewGateTools) import ReviewGate

/// A policy under simulation, with what a replay looks up on every moment worked out once.
public struct SimulatedPolicy: Sendable {
    /// The policy.
    package let policy: Policy
    /// Where it was read from, for the report.
    package let path: String
    /// The OS's own quota, whatever the policy says: StoreKit's 3 in 365 days on iOS; `nil` on
    /// Android, whose Play quota is not published.
    package let osQuota: AskLimit?

    /// The policy as loaded, which ``replica()`` compiles and decodes again; `nil` when only the
    /// policy was given.
    private let loaded: PolicyLoader.Result?

    /// Prepares `policy`, read from `path`. Every job of a run shares it; one made from the loaded policy gives every job but the first a copy.
    public init(_ policy: Policy, path: String) {
        self.policy = policy
        self.path = path
        osQuota = policy.app.platform == .ios ? .storeKit : nil
        loaded = nil
    }

    /// Prepares a loaded policy, read from `path`, so that each job of a run on several cores gets
    /// a copy of its own (``replica()``).
    @_spi(ReviewGateTools) public init(_ loaded: PolicyLoader.Result, path: String) {
        policy = loaded.policy
        self.path = path
        osQuota = loaded.policy.app.platform == .ios ? .storeKit : nil
        self.loaded = loaded
    }

    /// The same policy in storage of its own, decoded again from its compiled form: a job on
    /// another core that replays it then retains and releases only its own strings and arrays
    /// (one shared by two cores has its count changed by both at once, which costs both dearly).
    /// Itself when it was made from a policy alone.
    package func replica() -> SimulatedPolicy {
        // Compiled only here, for a run on several cores; the digest is put back after decoding,
        // so any well-formed one will do.
        guard let loaded else { return self }
        let text = CompiledPolicy(loaded).text(digest: "sha256:" + String(repeating: "0", count: 64))
        guard var copy = try? CompiledPolicy.load(Array(text.utf8), file: path) else { return self }
        copy.digest = policy.digest
        return SimulatedPolicy(copy, path: path, osQuota: osQuota)
    }

    private init(_ policy: Policy, path: String, osQuota: AskLimit?) {
        self.policy = policy
        self.path = path
        self.osQuota = osQuota
        loaded = nil
    }

    /// A trigger's count rule as the policy writes it: `at_least 4`.
    package func rule(ofTrigger index: Int) -> String {
        let trigger = policy.triggers[index]
        let rule: String =
            switch trigger.count.value {
            case .atLeast(let count): "at_least \(count)"
            case .exactly(let count): "exactly \(count)"
            case .every(let count): "every \(count)"
            }
        return trigger.within.map { "\(rule) within \($0.value)" } ?? rule
    }
}
