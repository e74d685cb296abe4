@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// A policy under simulation, with what a replay looks up on every moment worked out once.
public struct SimulatedPolicy: Sendable {
    /// The policy.
    package private(set) var policy: Policy
    /// Where it was read from, for the report.
    package let path: String
    /// The OS's own quota, whatever the policy says: StoreKit's 3 in 365 days on iOS; `nil` on
    /// Android, whose Play quota is not published.
    package let osQuota: AskLimit?

    /// Under `--vary` (Semantics §10), the settings that make this variant of the policy as written.
    package var variant: Variant?

    /// Under `--version-key` (Semantics §10), the version key the policy is replayed with, whatever its
    /// `app.version_key` says; `nil` for its own.
    package private(set) var versionKey: VersionKey?

    /// The policy as loaded, which ``replica()`` compiles and decodes again; `nil` when only the
    /// policy was given.
    private let loaded: PolicyLoader.Result?

    /// Every setting of the policy as loaded, `extends` resolved and defaults written out (the
    /// compiled policy's), each by its dotted path in the policy language and its value as JSON
    /// (`guards.min_install_age`: `"3d"`), in the order written; `nil` when only the policy was given.
    /// What the report's page compares between two policies.
    package var settings: [PolicySetting]? {
        loaded.map { PolicySetting.flattened(CompiledPolicy($0).canonical.policy) }
    }

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
        // Compiled only here, for a run on several cores, with the digest that loading checks; the
        // policy's own (which the caller may have hashed otherwise) is put back after decoding.
        guard let loaded else { return self }
        let compiled = CompiledPolicy(loaded)
        let text = compiled.text(digest: compiled.digest)
        guard var copy = try? CompiledPolicy.load(Array(text.utf8), file: path) else { return self }
        copy.digest = policy.digest
        var replica = SimulatedPolicy(copy, path: path, osQuota: osQuota)
        replica.variant = variant
        return versionKey.map { replica.replaying(versionKey: $0) } ?? replica
    }

    /// The policy replayed as if its `app.version_key` (and its arms') were `key` (`--version-key`).
    package func replaying(versionKey key: VersionKey) -> SimulatedPolicy {
        var replayed = self
        replayed.versionKey = key
        replayed.policy = policy.withVersionKey(key)
        return replayed
    }

    private init(_ policy: Policy, path: String, osQuota: AskLimit?) {
        self.policy = policy
        self.path = path
        self.osQuota = osQuota
        loaded = nil
    }

    /// A trigger's count rule as the policy writes it: `at_least 4`.
    package func rule(ofTrigger index: Int) -> String {
        Self.rule(of: policy.triggers[index])
    }

    /// A trigger's count rule as a policy writes it: `at_least 4`, `exactly 1 within 7d`.
    package static func rule(of trigger: Trigger) -> String {
        let rule: String =
            switch trigger.count.value {
            case .atLeast(let count): "at_least \(count)"
            case .exactly(let count): "exactly \(count)"
            case .every(let count): "every \(count)"
            }
        return trigger.within.map { "\(rule) within \($0.value)" } ?? rule
    }
}

/// The settings that make a variant of a policy (`--vary PATH=V`, Semantics §10), in the order of the
/// `--vary` options.
package struct Variant: Sendable, Hashable {
    /// One setting: the path as written on the command line and the value as written.
    package struct Setting: Sendable, Hashable {
        /// `guards.cooldown`, `triggers."app.open".at_least`.
        package var path: String
        /// `7d`, `{count: 2, per: 30d}`, `null`.
        package var value: String

        /// `PATH=V`.
        package var text: String { "\(path)=\(value)" }
    }

    /// The settings, one per `--vary`.
    package var settings: [Setting]

    /// `guards.cooldown=7d, triggers.process_completed.at_least=3`: how the report names it.
    package var name: String {
        settings.map(\.text).joined(separator: ", ")
    }
}

extension Policy {
    /// The policy with `app.version_key` set to `key`, in its experiment's arms too.
    package func withVersionKey(_ key: VersionKey) -> Policy {
        var policy = self
        policy.app.versionKey = key
        if var experiment = policy.experiment {
            for index in experiment.arms.indices { experiment.arms[index].policy.app.versionKey = key }
            policy.experiment = experiment
        }
        return policy
    }
}
