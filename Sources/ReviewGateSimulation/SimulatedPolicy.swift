import ReviewGate

/// A policy under simulation, with what a replay looks up on every moment worked out once.
public struct SimulatedPolicy: Sendable {
    /// The policy.
    public let policy: Policy
    /// Where it was read from, for the report.
    public let path: String
    /// The OS's own quota, whatever the policy says: StoreKit's 3 in 365 days on iOS; `nil` on
    /// Android, whose Play quota is not published.
    public let osQuota: AskLimit?

    /// Prepares `policy`, read from `path`.
    public init(_ policy: Policy, path: String) {
        self.policy = policy
        self.path = path
        osQuota = policy.app.platform == .ios ? .storeKit : nil
    }

    /// A trigger's count rule as the policy writes it: `at_least 4`.
    public func rule(ofTrigger index: Int) -> String {
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
